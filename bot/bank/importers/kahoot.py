"""Kahoot's spreadsheet template: a question, up to four answers, a time limit and the right answers' numbers."""

from __future__ import annotations

from bot.bank import part_sizes
from bot.bank.importers import not_playable
from bot.bank.importers.drafts import DeckDraft, too_many
from bot.bank.importers.sheet_templates import Header, answer_numbers, cell, kahoot_header, picked
from bot.bank.importers.workbook import Rows
from bot.bank.problems import DeckError, Problem
from bot.locales import N_, _

# The template's column names as its header row writes them (lower-cased): matched, never shown.
ANSWERS = ("answer 1", "answer 2", "answer 3", "answer 4")
TIME_LIMIT = "time limit (sec)"  # i18n: not shown
CORRECT = "correct answer(s)"  # i18n: not shown
TIME_NOT_KEPT = N_(
    "the sheet's time limits are not kept: a round's seconds per question are chosen when it starts"
)


def read_kahoot(rows: Rows, source: str) -> DeckDraft:
    """Every filled row under the template's header drafted, set aside or left out with its row number.

    The template's numbered rows without a question are its empty slots, passed over without a word.
    """
    header = kahoot_header(rows)
    if header is None:
        raise DeckError(
            [
                Problem(
                    source,
                    0,
                    _(
                        "this is not Kahoot's spreadsheet template: no row names the columns `Question`, "
                        "`Answer 1` to `Answer 4`; download the template from Kahoot again and fill it in"
                    ),
                )
            ]
        )
    filled = [(n, cells) for n, cells in rows[header.index + 1 :] if _filled(header, cells)]
    if len(filled) > part_sizes.MAX_QUESTIONS_PER_DECK:
        raise too_many(source, len(filled))
    draft = DeckDraft(source)
    for number, cells in filled:
        _row(draft, header, number, cells)
    timed = header.names.get(TIME_LIMIT)
    if any(cell(cells, timed) for _n, cells in filled):
        draft.note(rows[header.index][0], _(TIME_NOT_KEPT))
    return draft


def _filled(header: Header, cells: tuple[str, ...]) -> bool:
    return any(cell(cells, header.names.get(name)) for name in ("question", *ANSWERS))


def _row(draft: DeckDraft, header: Header, number: int, cells: tuple[str, ...]) -> None:
    prompt = cell(cells, header.names.get("question"))
    answers = [cell(cells, header.names.get(name)) for name in ANSWERS]
    said = cell(cells, header.names.get(CORRECT))
    if not prompt:
        draft.skip(number, _("the row has answers but no question"))
        return
    right = answer_numbers(said, len(ANSWERS))
    if right is None:
        draft.skip(
            number,
            _(
                "the correct answer(s) cell holds `{said}`; give the number of the right answer, 1 to 4, or "
                "several separated by commas (`1,3`)",
                said=said,
            ),
        )
        return
    found = picked(answers, right)
    if found is None:
        draft.skip(number, _("a right answer's number names an empty answer cell"))
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
