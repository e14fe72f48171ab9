"""Moodle's embedded answers (its `cloze` question type): `{1:SHORTANSWER:=Harare~=Salisbury}`, read and written.

Each blank is `{weight:KIND:answers}`: the answers split by `~`, a right one marked `=` or `%100%` (another
grade `%50%`, none 0%), its feedback after `#`, and `\\` escaping `}`, `#`, `~`, `/`, `"` and itself.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

EMBEDDED = re.compile(r"\{(\d*):([A-Z_]+):((?:\\.|[^\\}])*)\}")
# The kinds whose blank is one answer, typed or picked from one list: a cloze question types each one.
_TYPED = {"SHORTANSWER", "SA", "MW", "SHORTANSWER_C", "SAC", "MWC"}
_NUMERICAL = {"NUMERICAL", "NM"}
_PICKED = {"MULTICHOICE", "MC", "MULTICHOICE_V", "MCV", "MULTICHOICE_H", "MCH", "MULTICHOICE_S", "MCS",
           "MULTICHOICE_VS", "MCVS", "MULTICHOICE_HS", "MCHS"}  # fmt: skip
_OPTION = re.compile(r"(?:\\.|[^\\~])+")
_FEEDBACK = re.compile(r"(?<!\\)#")
_ESCAPE = re.compile(r"\\(.)")
_SPECIAL = re.compile(r'([\\}#~/"*])')


def embedded_blanks(text: str) -> tuple[list[tuple[str, ...]], bool]:
    """Each blank's right answers, in order, and whether every blank is of a kind a cloze question types."""
    blanks: list[tuple[str, ...]] = []
    typed = True
    for _weight, kind, body in EMBEDDED.findall(text):
        typed = typed and kind in _TYPED | _NUMERICAL | _PICKED
        right = []
        for option in _OPTION.findall(body):
            words = _right_words(option)
            if words is not None:
                right.append(words.split(":")[0].strip() if kind in _NUMERICAL else words)
        blanks.append(tuple(dict.fromkeys(r for r in right if r)))
    return blanks, typed


def _right_words(option: str) -> str | None:
    """An answer's words when it is marked right (`=` or `%100%`), its feedback and escapes taken off."""
    for mark in ("=", "%100%"):
        if option.startswith(mark):
            words = _FEEDBACK.split(option[len(mark) :], maxsplit=1)[0]
            return _ESCAPE.sub(r"\1", words).strip()
    return None


def embedded_blank(answers: Iterable[str]) -> str:
    """One blank of typed answers, each right: `{1:SHORTANSWER:=Harare~=Salisbury}` (case ignored)."""
    return "{1:SHORTANSWER:" + "~".join("=" + _SPECIAL.sub(r"\\\1", a) for a in answers) + "}"
