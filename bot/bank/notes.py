"""A member's message read as a question to suggest: its first sentence the prompt, the rest the explanation.

Pure text work: the message command (cogs/decks/_notes.py) gives the message's text and the room the
suggestion form has, and fills the form with what comes back; the member corrects it there.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

ELLIPSIS = "…"
# Words whose full stop ends no sentence, compared without their dots and case: "e.g.", "i.e.", "Dr.".
ABBREVIATIONS = frozenset(
    {"eg", "ie", "etc", "cf", "vs", "dr", "mr", "mrs", "ms", "st", "no", "nos", "approx"}  # i18n: not shown
)
# A sentence ends at a line break, or at ., ? or ! (repeated, and with closing quotes or brackets after
# them) followed by a space or the text's end; a dot inside a word (a URL, 3.14) ends nothing.
_END = re.compile(r"\n|[.?!]+[\"'”’)\]]*(?=\s|$)")
_WORD_BEFORE = re.compile(r"(\S+)$")


@dataclass(frozen=True, slots=True)
class Draft:
    """What a message gives the suggestion form: `clipped` when some of its text did not fit."""

    prompt: str
    explanation: str
    clipped: bool


def _ends_nothing(text: str, end: re.Match[str]) -> bool:
    """A lone full stop after an abbreviation or an initial ("e.g.", "J. Moyo") ends no sentence."""
    if end.group() != ".":
        return False
    word = _WORD_BEFORE.search(text, 0, end.start())
    if word is None:
        return False
    bare = word.group(1).replace(".", "").casefold()
    return bare in ABBREVIATIONS or (len(bare) == 1 and bare.isalpha())


def split_first_sentence(text: str) -> tuple[str, str]:
    """The text's first sentence (its end mark kept) and the rest, both stripped."""
    text = text.strip()
    for end in _END.finditer(text):
        if _ends_nothing(text, end):
            continue
        return text[: end.end()].strip(), text[end.end() :].strip()
    return text, ""


def _fit(text: str, room: int) -> str:
    """`text` in `room` characters: cut at a space when one is near the end, marked with an ellipsis."""
    if len(text) <= room:
        return text
    cut = text[: room - 1]
    space = cut.rfind(" ")
    if not text[room - 1].isspace() and space > room // 2:  # else the cut falls between words already
        cut = cut[:space]
    return cut.rstrip() + ELLIPSIS


def draft_from(text: str, prompt_room: int, explanation_room: int) -> Draft | None:
    """The form's prompt and explanation from a message's text, each within its room; None: no text."""
    prompt, rest = split_first_sentence(text)
    if not prompt:
        return None
    fitted_prompt, fitted_rest = _fit(prompt, prompt_room), _fit(rest, explanation_room)
    clipped = (fitted_prompt, fitted_rest) != (prompt, rest)
    return Draft(fitted_prompt, fitted_rest, clipped)
