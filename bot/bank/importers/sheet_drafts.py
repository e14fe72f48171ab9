"""What the quiz sites' spreadsheet templates (Kahoot's, Wayground's) draft alike: the sheet, and a row's right answers."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from bot.bank import part_sizes
from bot.bank.importers.drafts import DeckDraft, too_many
from bot.bank.importers.sheet_templates import Header, Picked, answer_numbers, cell, picked
from bot.bank.importers.workbook import Rows
from bot.bank.problems import DeckError, Problem
from bot.locales import N_, _

TIME_NOT_KEPT = N_(
    "the sheet's time limits are not kept: a round's seconds per question are chosen when it starts"
)


@dataclass(frozen=True, slots=True)
class SheetTemplate:
    """One site's template: what a sheet without its header is told, what a row whose right-answer cell numbers
    no answer is told (a sentence with `{said}`) and one whose number names an empty cell, which rows under the
    header are questions, how a row is drafted, and the name of its time column (a round's seconds are chosen
    when it starts)."""

    not_it: str
    not_numbers: str
    empty: str
    body: Callable[[Header, Rows], Rows]
    row: Callable[[DeckDraft, Header, int, tuple[str, ...]], None]
    time_column: str


def draft_sheet(rows: Rows, source: str, header: Header | None, template: SheetTemplate) -> DeckDraft:
    """Every question row under the template's header drafted, set aside or left out with its row number."""
    if header is None:
        raise DeckError([Problem(source, 0, _(template.not_it))])
    body = template.body(header, rows)
    if len(body) > part_sizes.MAX_QUESTIONS_PER_DECK:
        raise too_many(source, len(body))
    draft = DeckDraft(source)
    for number, cells in body:
        template.row(draft, header, number, cells)
    timed = header.names.get(template.time_column)
    if any(cell(cells, timed) for _n, cells in body):
        draft.note(rows[header.index][0], _(TIME_NOT_KEPT))
    return draft


def right_answers(
    draft: DeckDraft, number: int, said: str, cells: Sequence[str], template: SheetTemplate
) -> Picked | None:
    """The filled `cells` as choices with the right ones the cell `said` numbers (from 1), or None with the row
    skipped as the template says."""
    right = answer_numbers(said, len(cells))
    if right is None:
        draft.skip(number, _(template.not_numbers, said=said))
        return None
    found = picked(cells, right)
    if found is None:
        draft.skip(number, _(template.empty))
    return found
