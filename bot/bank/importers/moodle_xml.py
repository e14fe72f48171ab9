"""Moodle XML (`<quiz>` of `<question type="…">`), as Moodle's question bank exports it, read into Moodle's kinds."""

from __future__ import annotations

import re
from typing import Any

from bot.bank.embedded_answers import EMBEDDED, embedded_blanks
from bot.bank.importers import moodle_items as moodle
from bot.bank.importers.drafts import DeckDraft
from bot.bank.importers.html_text import html_images, html_to_text, looks_like_html
from bot.bank.importers.moodle_drafts import add_items
from bot.bank.importers.xml_tree import Element, read_root
from bot.locales import N_, _

_LOOKS_XML = re.compile(r"\A\s*(<\?xml|<!DOCTYPE\s+quiz|<quiz[\s>])", re.IGNORECASE)
_PLUGIN_FILE = re.compile(r"@@PLUGINFILE@@/([^\"'\s<>]+)")
_ESCAPED_STAR = re.compile(r"\\\*")
_GAP = re.compile(r"\[\[(\d+)\]\]")
_NOT_MOODLE = N_(
    "this XML is not a Moodle quiz: its first element is `<{tag}>`, not `<quiz>`; export the questions from "
    "Moodle's question bank as Moodle XML"
)


def looks_like_moodle_xml(text: str) -> bool:
    return _LOOKS_XML.match(text) is not None


def read_moodle_xml(text: str, source: str) -> DeckDraft:
    return add_items(DeckDraft(source), parse_moodle_xml(text, source))


def parse_moodle_xml(text: str, source: str) -> moodle.Items:
    """Every `<question>` of a Moodle XML file in Moodle's kinds; DeckError when it is not one."""
    root = read_root(text, source, "quiz", _NOT_MOODLE)
    read, tags = moodle.Items(), tuple[str, ...]()
    for element in root.every("question"):
        kind = element.attrs.get("type", "").strip().lower()
        if kind == "category":
            tags = _category(_words(element.child("category")))
            continue
        question = _question(element, kind, tags)
        if isinstance(question, moodle.Broken):
            read.broken.append(question)
        else:
            read.items.append(question)
    return read


def _category(path: str) -> tuple[str, ...]:
    """`$course$/top/Biology/Cells` as the tags `Biology`, `Cells` (`//` is a slash inside a name)."""
    return moodle.topic_tags(p.replace("\0", "/") for p in path.replace("//", "\0").split("/"))


def _words(element: Element | None, default: str = "html") -> str:
    """The `<text>` of a text element as plain words, read in its `format` (HTML unless it says otherwise)."""
    if element is None:
        return ""
    inner = element.child("text")
    raw = (inner.text if inner is not None else element.text).strip()
    fmt = element.attrs.get("format", default)
    if fmt == "html" or (fmt == "moodle_auto_format" and looks_like_html(raw)):
        return html_to_text(raw)
    return raw


def _images(element: Element | None) -> tuple[str, ...]:
    """The files a text shows: its `<file>` elements and `@@PLUGINFILE@@` addresses, by name."""
    if element is None:
        return ()
    raw = element.child("text")
    names = [f.attrs.get("name", "") or _("an embedded file") for f in element.every("file")]
    if raw is not None:
        names += _PLUGIN_FILE.findall(raw.text)
        if any(src.startswith("data:") for src in html_images(raw.text)):
            names.append(_("an embedded image"))
    return tuple(dict.fromkeys(names))


def _picture(element: Element | None) -> str:
    """The first image the text shows from an https:// address (one a round can show as the question's)."""
    raw = element.child("text") if element is not None else None
    shown = html_images(raw.text) if raw is not None and "<img" in raw.text.lower() else []
    return next((src for src in shown if src.startswith("https://")), "")


def _common(element: Element, tags: tuple[str, ...]) -> dict[str, Any]:
    own = element.child("tags")
    written = tuple(_words(t, "plain_text") for t in own.every("tag")) if own is not None else ()
    text = element.child("questiontext")
    return {
        "line": element.line,
        "name": _words(element.child("name"), "plain_text"),
        "prompt": _words(text),
        "explanation": _words(element.child("generalfeedback")),
        "tags": tags + written,
        "images": _images(text),
        "picture": _picture(text),
    }


def _answers(element: Element) -> tuple[moodle.Answer, ...]:
    return tuple(
        moodle.Answer(_words(a, "moodle_auto_format"), _fraction(a), _words(a.child("feedback")))
        for a in element.every("answer")
    )


def _fraction(answer: Element) -> float:
    try:
        return float(answer.attrs.get("fraction", "0"))
    except ValueError:
        return 0.0


def _question(element: Element, kind: str, tags: tuple[str, ...]) -> moodle.Item | moodle.Broken:
    fields = _common(element, tags)
    if kind == "multichoice":
        single = (_words(element.child("single"), "plain_text").lower() or "true") in ("true", "1")
        return moodle.Choice(**fields, answers=_answers(element), single=single)
    if kind == "truefalse":
        return _true_false(element, fields)
    if kind == "shortanswer":
        return moodle.ShortAnswer(**fields, answers=_typed_answers(element))
    if kind == "numerical":
        return _numerical(element, fields)
    if kind == "matching":
        return _matching(element, fields)
    if kind == "ordering":
        return _ordering(element, fields)
    if kind in ("gapselect", "ddwtos"):
        return _gaps(element, fields, "selectoption" if kind == "gapselect" else "dragbox")
    if kind in ("multianswer", "cloze"):
        return _embedded(fields)
    if kind == "essay":
        return moodle.Essay(**fields)
    if kind == "description":
        return moodle.Description(**fields)
    return moodle.Other(**fields, kind=kind or "?")


def _typed_answers(element: Element) -> tuple[moodle.Answer, ...]:
    """A short answer's answers: `\\*` is a literal `*`; one with a bare `*` (Moodle's wildcard, which
    matches what we cannot) is left out."""
    kept = []
    for answer in _answers(element):
        if "*" in _ESCAPED_STAR.sub("", answer.text):
            continue
        kept.append(moodle.Answer(answer.text.replace("\\*", "*"), answer.weight, answer.feedback))
    return tuple(kept)


def _true_false(element: Element, fields: dict[str, Any]) -> moodle.Item | moodle.Broken:
    right = next((a for a in _answers(element) if a.weight >= 100), None)
    if right is None or right.text.lower() not in ("true", "false"):
        return moodle.Broken(
            fields["line"], _("a true/false question marks neither `true` nor `false` right (100%)")
        )
    wrong = next((a for a in _answers(element) if a is not right), None)
    return moodle.TrueFalse(
        **fields,
        answer=right.text.lower() == "true",
        right_feedback=right.feedback,
        wrong_feedback=wrong.feedback if wrong else "",
    )


def _numerical(element: Element, fields: dict[str, Any]) -> moodle.Item | moodle.Broken:
    answers: list[moodle.NumberAnswer] = []
    for answer in element.every("answer"):
        words = _words(answer, "moodle_auto_format")
        if words == "*":
            continue  # any other number: only feedback for a wrong one
        try:
            value = float(words)
            tolerance = float(_words(answer.child("tolerance"), "plain_text") or 0)
        except ValueError:
            return moodle.Broken(
                fields["line"], _("the answer `{words}` of a numerical question is not a number", words=words)
            )
        answers.append(
            moodle.NumberAnswer(value, tolerance, _fraction(answer), _words(answer.child("feedback")))
        )
    units = element.child("units")
    first = units.child("unit") if units is not None else None
    unit = _words(first.child("unit_name"), "plain_text") if first is not None else ""
    return moodle.Numeric(**fields, answers=tuple(answers), unit=unit)


def _matching(element: Element, fields: dict[str, Any]) -> moodle.Item:
    pairs, extra = [], []
    for sub in element.every("subquestion"):
        left, right = _words(sub), _words(sub.child("answer"), "plain_text")
        if left:
            pairs.append((left, right))
        elif right:
            extra.append(right)
    return moodle.Matching(**fields, pairs=tuple(pairs), extra=tuple(extra))


def _ordering(element: Element, fields: dict[str, Any]) -> moodle.Item:
    # The plugin writes the items in their right order, each with its position as its `fraction`.
    answers = sorted(element.every("answer"), key=_fraction)
    return moodle.Ordering(**fields, items=tuple(_words(a, "moodle_auto_format") for a in answers))


def _gaps(element: Element, fields: dict[str, Any], option: str) -> moodle.Item:
    """`[[1]]` in the text is a blank whose right answer is the first option; the options are the words offered.

    Moodle drags or selects the words; a cloze question has each blank's right word typed.
    """
    offered = tuple(_words(o, "plain_text") for o in element.every(option))
    numbers = [int(n) for n in _GAP.findall(fields["prompt"])]
    blanks = tuple((offered[n - 1],) if 0 < n <= len(offered) else () for n in numbers)
    counter = iter(range(1, len(numbers) + 1))
    prompt = _GAP.sub(lambda _m: "{{" + str(next(counter)) + "}}", fields["prompt"])
    return moodle.Gaps(**{**fields, "prompt": prompt}, blanks=blanks, offered=offered, marked=bool(numbers))


def _embedded(fields: dict[str, Any]) -> moodle.Item:
    """Moodle's embedded answers `{1:SHORTANSWER:=Harare~%50%Bulawayo}`: each right answer of each blank.

    A blank whose kind is typed (short answer, numerical) or picked from one list (multichoice) keeps its
    answers at 100% (a number without its `:tolerance`); one of another kind (boxes to tick) leaves the
    question unmarked, to be set aside.
    """
    blanks, marked = embedded_blanks(fields["prompt"])
    counter = iter(range(1, len(blanks) + 1))
    prompt = EMBEDDED.sub(lambda _m: "{{" + str(next(counter)) + "}}", fields["prompt"])
    return moodle.Gaps(**{**fields, "prompt": prompt}, blanks=tuple(blanks), marked=marked and bool(blanks))
