"""Kahoot's spreadsheet template: a question, up to four answers, a time limit and the right answers' numbers."""

from __future__ import annotations

from bot.bank.importers import not_playable
from bot.bank.importers.drafts import DeckDraft
from bot.bank.importers.sheet_drafts import SheetTemplate, draft_sheet, right_answers
from bot.bank.importers.sheet_templates import Header, cell, kahoot_header
from bot.bank.importers.workbook import Rows
from bot.locales import N_, _

# The template's column names as its header row writes them (lower-cased): matched, never shown.
ANSWERS = ("answer 1", "answer 2", "answer 3", "answer 4")
TIME_LIMIT = "time limit (sec)"  # i18n: not shown
CORRECT = "correct answer(s)"  # i18n: not shown


def read_kahoot(rows: Rows, source: str) -> DeckDraft:
    """Every filled row under the template's header drafted, set aside or left out with its row number.

    The template's numbered rows without a question are its empty slots, passed over without a word.
    """
    return draft_sheet(rows, source, kahoot_header(rows), _KAHOOT)


def _filled(header: Header, rows: Rows) -> Rows:
    names = [header.names.get(name) for name in ("question", *ANSWERS)]
    return [(n, cells) for n, cells in rows[header.index + 1 :] if any(cell(cells, c) for c in names)]


def _row(draft: DeckDraft, header: Header, number: int, cells: tuple[str, ...]) -> None:
    prompt = cell(cells, header.names.get("question"))
    answers = [cell(cells, header.names.get(name)) for name in ANSWERS]
    said = cell(cells, header.names.get(CORRECT))
    if not prompt:
        draft.skip(number, _("the row has answers but no question"))
        return
    found = right_answers(draft, number, said, answers, _KAHOOT)
    if found is None:
        return
    choices = found.choices
    if len(found.right) > 1:  # Kahoot scores any one of them: a choice question with several right answers
        if len(found.right) >= len(choices):
            draft.set_apart(number, _(not_playable.SEVERAL))
            return
        draft.add(number, prompt=prompt, choices=choices, answer=found.right)
        return
    if sorted(choice.casefold() for choice in choices) == ["false", "true"]:
        draft.add(
            number, type="truefalse", prompt=prompt, answer=choices[found.right[0]].casefold() == "true"
        )
        return
    draft.add(number, prompt=prompt, choices=choices, answer=found.right[0])


_KAHOOT = SheetTemplate(
    N_(
        "this is not Kahoot's spreadsheet template: no row names the columns `Question`, `Answer 1` to `Answer 4`; "
        "download the template from Kahoot again and fill it in"
    ),
    N_(
        "the correct answer(s) cell holds `{said}`; give the number of the right answer, 1 to 4, or several "
        "separated by commas (`1,3`)"
    ),
    N_("a right answer's number names an empty answer cell"),
    _filled,
    _row,
    TIME_LIMIT,
)
