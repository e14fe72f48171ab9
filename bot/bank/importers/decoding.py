"""Turning an uploaded file's bytes into text: size first, then UTF-8 (with or without BOM) or UTF-16."""

from __future__ import annotations

import codecs

from bot.bank.problems import DeckError, Problem
from bot.bank.safe_yaml import size_problem


def decode(data: bytes, source: str) -> str:
    """The file's text; DeckError when it is too large or in an encoding we do not read.

    Spreadsheets save UTF-8 with or without a byte-order mark, and Excel's "Unicode text" is UTF-16
    with one; UTF-16 without a mark is recognised by its zero bytes.
    """
    problem = size_problem(len(data), source)
    if problem is not None:
        raise DeckError([problem])
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return _decode(data, "utf-16", source)
    if data.startswith(codecs.BOM_UTF8):
        return _decode(data[len(codecs.BOM_UTF8) :], "utf-8", source)
    head = data[:400]
    if len(head) >= 4 and head.count(0) * 3 >= len(head):
        # Mostly ASCII text in UTF-16: every other byte is zero, after the character (LE) or before.
        odd_zeros = head[1::2].count(0)
        return _decode(data, "utf-16-le" if odd_zeros >= head[::2].count(0) else "utf-16-be", source)
    return _decode(data, "utf-8", source)


def _decode(data: bytes, encoding: str, source: str) -> str:
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise DeckError(
            [Problem(source, line, "the file is not UTF-8 or UTF-16 text; save or export it as UTF-8")]
        ) from exc
    # Windows line ends become plain ones; a stray BOM inside (files glued together) is dropped.
    return text.replace("\r\n", "\n").replace("\ufeff", "")
