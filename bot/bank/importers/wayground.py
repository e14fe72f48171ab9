"""Wayground's (formerly Quizizz) spreadsheet template: a question a row, its type, up to five options."""

from __future__ import annotations

from bot.bank.importers import not_playable
from bot.bank.importers.drafts import DeckDraft
from bot.bank.importers.moodle_drafts import distinct_answers
from bot.bank.importers.sheet_drafts import SheetTemplate, draft_sheet, right_answers
from bot.bank.importers.sheet_templates import Header, cell, name_of, wayground_header
from bot.bank.importers.workbook import Rows
from bot.locales import N_, _

# The template's own words, as its header row and its "Question Type" cells write them (lower-cased):
# matched against the file, never shown.
OPTIONS = tuple(f"option {n}" for n in range(1, 6))  # i18n: not shown
QUESTION_TEXT = "question text"  # i18n: not shown
QUESTION_TYPE = "question type"  # i18n: not shown
CORRECT = "correct answer"  # i18n: not shown
TIME = "time in seconds"  # i18n: not shown
EXPLANATION = "answer explanation"  # i18n: not shown
IMAGE = "image link"  # i18n: not shown
MULTIPLE_CHOICE = ("multiple choice", "checkbox")  # i18n: not shown
FILL_IN = ("fill-in-the-blank", "fill in the blank")  # i18n: not shown
OPEN_ENDED = ("open-ended", "open ended")  # i18n: not shown
# The template's second row says what each column holds ("Text of the question (required)").
_INSTRUCTIONS = "text of the question"  # i18n: not shown
_OPEN = N_("an open-ended question has no answer key to mark, so it was left out")


def read_wayground(rows: Rows, source: str) -> DeckDraft:
    """Every row under the header (and its row of instructions) drafted, set aside or left out."""
    return draft_sheet(rows, source, wayground_header(rows), _WAYGROUND)


def _body(header: Header, rows: Rows) -> Rows:
    column = header.names.get(QUESTION_TEXT)
    return [(n, cells) for n, cells in rows[header.index + 1 :] if not _instructions(cell(cells, column))]


def _instructions(text: str) -> bool:
    return name_of(text).startswith(_INSTRUCTIONS)


def _row(draft: DeckDraft, header: Header, number: int, cells: tuple[str, ...]) -> None:
    prompt = cell(cells, header.names.get(QUESTION_TEXT))
    kind = name_of(cell(cells, header.names.get(QUESTION_TYPE))) or MULTIPLE_CHOICE[0]
    options = [cell(cells, header.names.get(name)) for name in OPTIONS]
    extra = {
        "explanation": cell(cells, header.names.get(EXPLANATION)),
        "image": cell(cells, header.names.get(IMAGE)),
    }
    if not prompt:
        draft.skip(number, _("the row has no question text"))
    elif kind in MULTIPLE_CHOICE:
        said = cell(cells, header.names.get(CORRECT))
        _choice(draft, number, prompt, options, said, extra, ticked=kind == MULTIPLE_CHOICE[1])
    elif kind in FILL_IN:
        answers = distinct_answers(option for option in options if option)
        if not answers:
            draft.skip(number, _("a fill-in-the-blank row lists its accepted answers in the option columns"))
        else:
            draft.add(number, type="text", prompt=prompt, answers=answers, **extra)
    elif kind == "poll":
        draft.add(number, type="poll", prompt=prompt, choices=[o for o in options if o], **extra)
    elif kind in OPEN_ENDED:
        draft.set_apart(number, _(_OPEN))
    else:
        draft.set_apart(number, _(not_playable.OTHER_KIND, kind=cell(cells, header.names.get(QUESTION_TYPE))))


def _choice(
    draft: DeckDraft,
    number: int,
    prompt: str,
    options: list[str],
    said: str,
    extra: dict[str, str],
    *,
    ticked: bool,
) -> None:
    """One right option; a checkbox question's several right ones, all to tick, make a multi question."""
    found = right_answers(draft, number, said, options, _WAYGROUND)
    if found is None:
        return
    if len(found.right) > 1:
        if not (ticked and not_playable.multi_fits(len(found.choices), len(found.right))):
            draft.set_apart(number, _(not_playable.SEVERAL))
            return
        draft.add(number, type="multi", prompt=prompt, choices=found.choices, answer=found.right, **extra)
        return
    draft.add(number, prompt=prompt, choices=found.choices, answer=found.right[0], **extra)


_WAYGROUND = SheetTemplate(
    N_(
        "this is not Wayground's (Quizizz) spreadsheet template: no row names the columns `Question Text`, "
        "`Question Type`, `Option 1`; download the template again and fill it in"
    ),
    N_(
        "the correct answer cell holds `{said}`; give the number of the right option, 1 to 5 (a checkbox question: "
        "several, separated by commas)"
    ),
    N_("a right answer's number names an empty option cell"),
    _body,
    _row,
    TIME,
)
