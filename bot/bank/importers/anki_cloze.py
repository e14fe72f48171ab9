"""Anki's cloze notes as cloze questions: each `{{cN::answer}}` (or `{{cN::answer::hint}}`) a blank.

The blanks are numbered `{{1}}`, `{{2}}`… in the order their numbers first come. Several deletions with
the same number are one blank, as Anki hides them on one card: the first is the blank, the later ones are
shown as that blank again (`____(1)`) and the words of each are accepted. A hint is shown after its blank,
in brackets, as Anki shows it in place of the blank.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.bank.cloze import MAX_BLANKS, shown_prompt
from bot.bank.importers.moodle_drafts import distinct_answers

DELETION = re.compile(r"\{\{c(\d+)::(.*?)(?:::(.*?))?\}\}", re.DOTALL)


@dataclass(frozen=True, slots=True)
class Cloze:
    """A cloze prompt with `{{1}}`… marks, each blank's accepted answers, and how many blanks Anki has."""

    prompt: str
    blanks: tuple[tuple[str, ...], ...]

    @property
    def fits(self) -> bool:
        return 0 < len(self.blanks) <= MAX_BLANKS


def read_cloze(text: str) -> Cloze:
    """The note's text with its deletions as blanks; no blanks when it holds no deletion."""
    order: dict[str, int] = {}  # Anki's number → the blank's, by first appearance
    answers: list[list[str]] = []

    def blank(deletion: re.Match[str]) -> str:
        words, hint = deletion[2].strip(), (deletion[3] or "").strip()
        after = f" [{hint}]" if hint else ""
        if deletion[1] in order:
            number = order[deletion[1]]
            answers[number - 1].append(words)
            return shown_prompt(f"{{{{{number}}}}}") + after
        order[deletion[1]] = number = len(order) + 1
        answers.append([words])
        return f"{{{{{number}}}}}{after}"

    prompt = DELETION.sub(blank, text)
    return Cloze(prompt, tuple(tuple(distinct_answers(a for a in each if a)) for each in answers))
