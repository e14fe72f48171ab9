"""QTI 1.2 (`<questestinterop>`), as Canvas exports its quizzes, read into the Moodle readers' kinds.

Canvas names each item's kind in `<qtimetadata>` (`question_type`); the right answers are the
`<varequal>` of the `<respcondition>` that sets the score (100 for a whole answer). The kinds are those
of bot/bank/importers/moodle_items.py, so bot/bank/importers/moodle_drafts.py drafts them and sets
aside, each with its sentence, what a round cannot play yet.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from bot.bank.importers import qti_kinds
from bot.bank.importers.html_text import html_images
from bot.bank.importers.moodle_items import Broken, Item, Items
from bot.bank.importers.qti_kinds import words
from bot.bank.importers.xml_tree import Element, read_root
from bot.locales import N_, _

_LOOKS_QTI = re.compile(
    r"\A\s*(<\?xml[^>]*>\s*)?(<!--.*?-->\s*)*(<!DOCTYPE\s+questestinterop[\s>\[]|<questestinterop[\s>/])",
    re.DOTALL,
)
_NOT_QTI = N_(
    "this XML is not a QTI quiz: its first element is `<{tag}>`, not `<questestinterop>`; export the quiz from "
    "Canvas (Settings, Export Course Content, Quiz)"
)


def looks_like_qti(text: str) -> bool:
    """Whether the text is XML whose root is `<questestinterop>` (looked for in its first few KiB)."""
    return _LOOKS_QTI.match(text[:4096]) is not None


@dataclass(slots=True)
class Assessment:
    """One QTI document: its assessment's title and its items in the Moodle readers' kinds."""

    title: str
    read: Items


def parse_qti(text: str, source: str) -> Assessment:
    """Every `<item>` of a QTI 1.2 document; DeckError when it is not one."""
    root = read_root(text, source, "questestinterop", _NOT_QTI)
    assessment = root.first("assessment")
    title = assessment.attrs.get("title", "").strip() if assessment is not None else ""
    read = Items()
    for element in root.descendants("item"):
        item = _item(element)
        if isinstance(item, Broken):
            read.broken.append(item)
        else:
            read.items.append(item)
    return Assessment(title, read)


def _metadata(element: Element) -> dict[str, str]:
    fields = {}
    for field in element.descendants("qtimetadatafield"):
        label, entry = field.child("fieldlabel"), field.child("fieldentry")
        if label is not None and entry is not None:
            fields[label.text.strip()] = entry.text.strip()
    return fields


def _feedback(element: Element) -> dict[str, str]:
    return {f.attrs.get("ident", ""): words(f) for f in element.every("itemfeedback")}


def _common(element: Element) -> dict[str, Any]:
    presentation = element.child("presentation")
    material = presentation.first("material") if presentation is not None else None
    mattext = material.first("mattext") if material is not None else None
    raw = mattext.text if mattext is not None else ""
    shown = html_images(raw) if "<img" in raw.lower() else []
    shown += (
        [m.attrs.get("uri", "") for m in material.descendants("matimage")] if material is not None else []
    )
    feedback = _feedback(element)
    return {
        "line": element.line,
        "name": element.attrs.get("title", "").strip(),
        "prompt": words(material),
        "explanation": feedback.get("general_fb") or feedback.get("correct_fb", ""),
        "images": tuple(s or _("an embedded image") for s in shown if not s.startswith("https://")),
        "picture": next((s for s in shown if s.startswith("https://")), ""),
    }


def _item(element: Element) -> Item | Broken:
    kind = _metadata(element).get("question_type", "") or qti_kinds.guess_kind(element)
    return qti_kinds.read_kind(element, kind, _common(element), _feedback(element))
