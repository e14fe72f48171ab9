"""Turning an uploaded file's bytes into text: size first, then UTF-8/UTF-16, else the detected code page."""

from __future__ import annotations

import codecs
from dataclasses import dataclass

from bot.bank.part_sizes import MAX_EXPORT_BYTES, size_problem
from bot.bank.problems import DeckError, Problem
from bot.locales import N_, _


@dataclass(frozen=True, slots=True)
class Decoded:
    """A file's text and the encoding it was read in, named as a person would say it."""

    text: str
    encoding: str


# charset-normalizer's codec names, as the program that saved the file calls them (names, not words,
# but for DOS's code pages: those are marked, and written in the reader's language where they are shown).
_SPOKEN = {
    **{f"cp{page}": f"Windows-{page}" for page in (1250, 1251, 1252, 1253, 1254, 1257)},  # i18n: not shown
    "latin_1": "Latin-1 (ISO-8859-1)",  # i18n: not shown
    "iso8859_15": "Latin-9 (ISO-8859-15)",  # i18n: not shown
    "mac_roman": "Mac Roman",  # i18n: not shown
    "cp850": N_("DOS code page 850"),
    "cp437": N_("DOS code page 437"),
}


def decode(data: bytes, source: str) -> Decoded:
    """The file's text; DeckError when it is too large (for a platform's export: a text format is held to
    the smaller cap once known, by the caller) or not text in any encoding we can tell.

    Spreadsheets save UTF-8 with or without a byte-order mark, and Excel's "Unicode text" is UTF-16
    with one; UTF-16 without a mark is recognised by its zero bytes. Anything else (Excel's CSV on
    Windows is Windows-1252) is left to charset-normalizer, and the reply names what it chose.
    """
    problem = size_problem(len(data), source, MAX_EXPORT_BYTES)
    if problem is not None:
        raise DeckError([problem])
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return _decode(data, "utf-16", "UTF-16", source)
    if data.startswith(codecs.BOM_UTF8):
        return _decode(data[len(codecs.BOM_UTF8) :], "utf-8", "UTF-8", source)
    head = data[:400]
    if len(head) >= 4 and head.count(0) * 3 >= len(head):
        # Mostly ASCII text in UTF-16: every other byte is zero, after the character (LE) or before.
        le = head[1::2].count(0) >= head[::2].count(0)
        return _decode(data, "utf-16-le" if le else "utf-16-be", "UTF-16", source)
    try:
        return Decoded(_clean(data.decode("utf-8")), "UTF-8")
    except UnicodeDecodeError as exc:
        first_bad = exc.start
    return _detected(data, first_bad, source)


def _detected(data: bytes, first_bad: int, source: str) -> Decoded:
    import charset_normalizer  # here: only a file that is not UTF-8 needs it, and the bot seldom meets one

    best = charset_normalizer.from_bytes(data).best()
    line = data.count(b"\n", 0, first_bad) + 1
    if best is None or best.encoding in ("utf_8", "ascii"):
        raise DeckError(
            [
                Problem(
                    source,
                    line,
                    _(
                        "the file is not text in any encoding Bvunzo can tell (a spreadsheet file such as .xlsx "
                        "must be saved as CSV first); save or export it as CSV UTF-8"
                    ),
                )
            ]
        )
    encoding = best.encoding
    if "cp1252" in best.could_be_from_charset:
        # Short files read the same in several code pages; Windows-1252 is the one Excel writes, and
        # naming it is what the teacher recognises.
        encoding = "cp1252"
    name = _SPOKEN.get(encoding, encoding.replace("_", "-").upper())
    return _decode(data, encoding, name, source)


def _decode(data: bytes, encoding: str, name: str, source: str) -> Decoded:
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise DeckError(
            [
                Problem(
                    source,
                    line,
                    _(
                        "the file is not valid {encoding} text; save or export it as CSV UTF-8",
                        encoding=_(name),
                    ),
                )
            ]
        ) from exc
    return Decoded(_clean(text), name)


def _clean(text: str) -> str:
    # Windows and old Mac line ends become plain ones; a stray BOM inside (files glued together) is
    # dropped, and NUL characters, which no question holds, go too.
    return text.replace("\r\n", "\n").replace("\r", "\n").replace("\ufeff", "").replace("\x00", "")
