"""Blackboard's `FIB_PLUS` (fill in multiple blanks) drafted as a cloze question.

Blackboard's upload guidelines write it `FIB_PLUS TAB question text TAB variable1 TAB answer1 TAB answer2
TAB TAB variable2 TAB answer3`: the question marks each blank with its variable in brackets (`[x]`), and
each variable is followed by its accepted answers, an empty field closing the list. The blanks are
numbered in the order the question shows them, as a cloze prompt numbers its `{{n}}`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from bot.bank.cloze import MAX_BLANKS, too_many_blanks
from bot.bank.importers.drafts import DeckDraft
from bot.bank.importers.moodle_drafts import distinct_answers
from bot.locales import _

__all__ = ["add_blanks"]

# A variable in the question text: a name in brackets (`[capital]`, `[x]`); brackets holding anything
# that is no variable of the line stay as the words they are.
_VARIABLE = re.compile(r"\[([^\[\]\n]{1,60})\]")


def _variables(fields: Sequence[str]) -> list[list[str]]:
    """The fields after the question, one list per variable: its name, then its answers."""
    groups: list[list[str]] = [[]]
    for field in fields:
        if field.strip():
            groups[-1].append(field.strip())
        elif groups[-1]:
            groups.append([])
    return [group for group in groups if group]


def _problem(variables: list[list[str]], prompt: str) -> str | None:
    """Why the line makes no cloze question, or None."""
    if not variables:
        return _(
            "a FIB_PLUS line gives each variable of the question, its accepted answers, then an empty field"
        )
    names = [group[0] for group in variables]
    for group in variables:
        if len(group) < 2:
            return _("the variable `{name}` has no accepted answer after it", name=group[0][:40])
        if names.count(group[0]) > 1:
            return _("the variable `{name}` is listed twice", name=group[0][:40])
    shown = [mark.group(1).strip() for mark in _VARIABLE.finditer(prompt)]
    for name in names:
        if name not in shown:
            return _("the question text has no `[{name}]` for its variable `{name}`", name=name[:40])
        if shown.count(name) > 1:
            return _("the variable `[{name}]` is in the question more than once", name=name[:40])
    return None


def add_blanks(draft: DeckDraft, line: int, prompt: str, fields: Sequence[str]) -> None:
    """`FIB_PLUS`: each `[variable]` of `prompt` a blank accepting the answers `fields` list for it."""
    variables = _variables(fields)
    problem = _problem(variables, prompt)
    if problem is not None:
        draft.skip(line, problem)
        return
    if len(variables) > MAX_BLANKS:
        draft.set_apart(line, too_many_blanks(len(variables)))
        return
    answers = {group[0]: distinct_answers(group[1:]) for group in variables}
    blanks: list[list[str]] = []

    def blank(mark: re.Match[str]) -> str:
        name = mark.group(1).strip()
        if name not in answers:
            return mark.group(0)
        blanks.append(answers[name])
        return f"{{{{{len(blanks)}}}}}"

    cloze = _VARIABLE.sub(blank, prompt)
    draft.add(line, type="cloze", prompt=cloze, blanks=blanks)
