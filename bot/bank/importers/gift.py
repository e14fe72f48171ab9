"""Moodle's GIFT text format: questions between blank lines, answers in `{…}`, read into Moodle's kinds.

The rules are GIFT's as Moodle's documentation gives them: `//` comment lines, `::title::`, `[html]`,
`[markdown]`, `[plain]` and `[moodle]` text formats, `=` right and `~` wrong answers with `%50%` grades
and `#` feedback, `####` general feedback, `{T}`/`{F}`, `{#…}` numbers, `->` pairs, text after the
answers making a missing word, `\\` escapes and `$CATEGORY:` lines.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from bot.bank.importers import moodle_items as moodle
from bot.bank.importers.drafts import DeckDraft
from bot.bank.importers.html_text import html_images, html_to_text, looks_like_html
from bot.bank.importers.moodle_drafts import add_items
from bot.locales import _

# `\=` and its kin stand for the character itself: each becomes a private-use character while the marks
# are read, and the character again in the words kept.
_ESCAPED = "\\:#={}~n"
_PRIVATE = 0xE000
_ESCAPE = re.compile(r"\\([\\:#={}~n])")
# Where a missing word's answers stood, while its words are read: `_____` in a choice, `{{1}}` in a cloze.
_BLANK = chr(_PRIVATE + len(_ESCAPED))
_DROP = dict.fromkeys(range(_PRIVATE, _PRIVATE + len(_ESCAPED) + 1))  # never in a file's own words
_RESTORE = {_PRIVATE + i: ("\n" if c == "n" else c) for i, c in enumerate(_ESCAPED)}
_FORMAT = re.compile(r"\[(html|moodle|plain|markdown)\]", re.IGNORECASE)
_TRUE_FALSE = re.compile(r"(T|TRUE|F|FALSE)\s*(?:#([^#]*))?(?:#(.*))?", re.IGNORECASE | re.DOTALL)
_WEIGHT = re.compile(r"%(-?\d+(?:\.\d+)?)%")
_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
# `{#` only before a number: Markdown's heading anchors (`## Cells {#cells}`) are no GIFT. A line's
# indent is `[ \t]*`, never `\s*`: that would run on over every blank line after each line start, which
# makes a file of blank lines cost the square of its length.
_LOOKS_GIFT = re.compile(
    r"\{\s*(?:[=~]|#\s*[-+=.\d]|(?:T|F|TRUE|FALSE)\s*[#}])|^[ \t]*::[^:\n]+::|^[ \t]*\$CATEGORY:",
    re.MULTILINE | re.IGNORECASE,
)


def looks_like_gift(text: str) -> bool:
    """Whether a text is written in GIFT: an answer block `{=…}`, `{~…}`, `{#…}`, `{T}`, a `::title::`."""
    return _LOOKS_GIFT.search(text[:100_000]) is not None


def read_gift(text: str, source: str) -> DeckDraft:
    return add_items(DeckDraft(source), parse_gift(text))


def parse_gift(text: str) -> moodle.Items:
    """Every question of a GIFT file in Moodle's kinds, with the line it starts on."""
    marked = _ESCAPE.sub(lambda m: chr(_PRIVATE + _ESCAPED.index(m[1])), text.translate(_DROP))
    read, tags = moodle.Items(), tuple[str, ...]()
    for start, block in _blocks(marked):
        line, words = start, block.strip()
        if words.upper().startswith("$CATEGORY:"):
            first, _newline, words = words.partition("\n")
            tags = _category(first.split(":", 1)[1])
            line = start + 1
            if not words.strip():
                continue
        question = _question(line, words.strip(), tags)
        if isinstance(question, moodle.Broken):
            read.broken.append(question)
        else:
            read.items.append(question)
    return read


def _blocks(text: str) -> list[tuple[int, str]]:
    """Runs of lines between blank lines, `//` comment lines dropped, each with the line it starts on."""
    blocks: list[tuple[int, str]] = []
    start, lines = 0, list[str]()
    for number, line in enumerate(text.split("\n"), 1):
        if line.lstrip().startswith("//"):
            continue
        if line.strip():
            start = start if lines else number
            lines.append(line)
        elif lines:
            blocks.append((start, "\n".join(lines)))
            lines = []
    if lines:
        blocks.append((start, "\n".join(lines)))
    return blocks


def _category(path: str) -> tuple[str, ...]:
    """`$course$/top/Biology/Cells` as the tags `Biology`, `Cells`: the places Moodle adds are not topics."""
    return moodle.topic_tags(_plain(p) for p in path.split("/"))


def _plain(text: str) -> str:
    return text.translate(_RESTORE)


def _words(text: str, fmt: str) -> str:
    """The words a card shows: escapes read, HTML as text (Moodle's own format may hold HTML too)."""
    text = _plain(text).strip()
    if fmt == "html" or (fmt == "moodle" and looks_like_html(text)):
        return html_to_text(text)
    return text


def _question(line: int, text: str, tags: tuple[str, ...]) -> moodle.Item | moodle.Broken:
    name = ""
    if text.startswith("::") and (end := text.find("::", 2)) >= 0:
        name, text = _plain(text[2:end]).strip(), text[end + 2 :].strip()
    fmt = "moodle"
    if found := _FORMAT.match(text):
        fmt, text = found[1].lower(), text[found.end() :]
    opened = text.find("{")
    shown = html_images(_plain(text)) if "<" in text else []
    if opened < 0:
        return moodle.Description(line=line, name=name, prompt=_words(text, fmt), tags=tags)
    closed = text.find("}", opened)
    if closed < 0:
        return moodle.Broken(line, _("the answers opened with `{` are never closed with `}`"))
    after = text[closed + 1 :]
    blank = bool(after.strip())
    prompt = text[:opened] + (_BLANK + after if blank else "")
    inside, _marks, general = text[opened + 1 : closed].partition("####")
    fields: dict[str, Any] = {
        "line": line,
        "name": name,
        "prompt": _words(prompt, fmt),
        "explanation": _words(general, fmt),
        "tags": tags,
        "images": tuple(src for src in shown if not src.startswith("https://")),
        "picture": next((src for src in shown if src.startswith("https://")), ""),
    }
    item = _answers(fields, inside.strip(), fmt, blank)
    if isinstance(item, moodle.Broken) or _BLANK not in item.prompt:
        return item
    return replace(item, prompt=item.prompt.replace(_BLANK, "_____"))  # a missing word to pick


def _answers(fields: dict[str, Any], body: str, fmt: str, blank: bool) -> moodle.Item | moodle.Broken:
    """The question the answer block makes: its kind told by its marks, as Moodle tells it."""
    if not body:
        return moodle.Essay(**fields)
    if body.startswith("#"):
        return _numeric(fields, body[1:].strip())
    if tf := _TRUE_FALSE.fullmatch(body):
        return moodle.TrueFalse(
            **fields,
            answer=tf[1][0].upper() == "T",
            wrong_feedback=_words(tf[2] or "", fmt),
            right_feedback=_words(tf[3] or "", fmt),
        )
    parts = re.split(r"(?=[=~])", body)
    if parts[0].strip() or len(parts) < 2:
        return moodle.Broken(fields["line"], _("each answer in `{…}` starts with `=` (right) or `~` (wrong)"))
    marked = [(part[0], *_weighed(part[1:])) for part in parts[1:]]
    if any(mark == "~" for mark, *_rest in marked):
        answers = tuple(moodle.Answer(_words(t, fmt), _grade(m, w), _words(f, fmt)) for m, w, t, f in marked)
        single = any(m == "=" for m, *_r in marked)
        return moodle.Choice(**fields, answers=answers, single=single, blank=blank)
    if any("->" in t for _m, _w, t, _f in marked):
        pairs = [t.split("->", 1) for _m, _w, t, _f in marked]
        matched = tuple((_words(p[0], fmt), _words(p[1], fmt)) for p in pairs if len(p) == 2)
        return moodle.Matching(**fields, pairs=matched)
    answers = tuple(moodle.Answer(_words(t, fmt), _grade(m, w), _words(f, fmt)) for m, w, t, f in marked)
    if blank:  # a missing word typed: the one blank of a cloze question, its right answers accepted
        right = tuple(a.text for a in answers if a.weight >= 100)
        return moodle.Gaps(
            **{**fields, "prompt": fields["prompt"].replace(_BLANK, "{{1}}")}, blanks=(right,), marked=True
        )
    return moodle.ShortAnswer(**fields, answers=answers)


def _weighed(text: str) -> tuple[float | None, str, str]:
    """An answer after its mark: its `%grade%` (None when it has none), its words and its `#` feedback."""
    weight = None
    if found := _WEIGHT.match(text.lstrip()):
        weight, text = float(found[1]), text.lstrip()[found.end() :]
    words, _hash, feedback = text.partition("#")
    return weight, words.strip(), feedback.strip()


def _grade(mark: str, weight: float | None) -> float:
    if weight is not None:
        return weight
    return 100.0 if mark == "=" else 0.0


def _numeric(fields: dict[str, Any], body: str) -> moodle.Item | moodle.Broken:
    """`{#3.14:0.01}`, `{#1..5}` or several graded answers `{#=1822:0 =%50%1821:2}`."""
    if not body:
        return moodle.Broken(fields["line"], _("a numeric question `{#…}` gives no number"))
    parts = re.split(r"(?==)", body) if body.startswith("=") else ["=" + body]
    answers: list[moodle.NumberAnswer] = []
    for part in parts:
        if not part.strip():
            continue
        weight, words, feedback = _weighed(part[1:])
        number = _number(_plain(words))
        if number is None:
            return moodle.Broken(
                fields["line"], _("`{words}` in `{{#…}}` is not a number", words=_plain(words))
            )
        answers.append(
            moodle.NumberAnswer(number[0], number[1], 100.0 if weight is None else weight, _plain(feedback))
        )
    return moodle.Numeric(**fields, answers=tuple(answers))


def _number(words: str) -> tuple[float, float] | None:
    """A number and its tolerance: `3.14:0.01`, the range `1..5`, or `42` exactly."""
    low, dots, high = words.partition("..")
    if dots:
        if _NUMBER.fullmatch(low.strip()) and _NUMBER.fullmatch(high.strip()):
            a, b = float(low), float(high)
            return (a + b) / 2, abs(b - a) / 2
        return None
    value, _colon, tolerance = words.partition(":")
    if not _NUMBER.fullmatch(value.strip()) or (tolerance and not _NUMBER.fullmatch(tolerance.strip())):
        return None
    return float(value), float(tolerance) if tolerance else 0.0
