"""What every importer produces: questions in our format with the line they came from, then one check."""

from __future__ import annotations

import bisect
import dataclasses
import re
from dataclasses import dataclass, field
from typing import Any

from bot.bank import part_sizes
from bot.bank.ids import question_id
from bot.bank.importers.columns import ColumnGuess
from bot.bank.models import Deck
from bot.bank.problems import DeckError, Problem
from bot.bank.reader import read_stored_deck
from bot.bank.writer import deck_header, question_yaml
from bot.locales import N_, _, n_

# "already used on line 12" names a line of the YAML made here: it is turned into the file's line.
# How the reader's sentences name another line ("first on line 3"), in the task's language: the line of
# the deck the importer wrote, put back as the line of the file it read.
ON_LINE = N_("on line {line}")


def _on_line() -> re.Pattern[str]:
    before, _placeholder, after = _(ON_LINE).partition("{line}")
    return re.compile(re.escape(before) + r"(\d+)" + re.escape(after))


@dataclass(slots=True)
class QuestionDraft:
    """One question read from a file, as a mapping of our YAML keys, and the line it starts on."""

    line: int
    fields: dict[str, Any]


@dataclass(slots=True)
class DeckDraft:
    """A deck an importer read: its questions, and those it could not read with their reasons."""

    source: str
    title: str = ""
    description: str = ""
    language: str = "en"
    questions: list[QuestionDraft] = field(default_factory=list)
    left_out: list[Problem] = field(default_factory=list)
    # Items that are not broken questions but not playable ones either (an essay, a translated AUTHOR
    # key): reported like the left out, but not counted against the file's broken share.
    set_aside: list[Problem] = field(default_factory=list)
    notes: list[Problem] = field(default_factory=list)  # things ignored that the author should know
    columns: ColumnGuess | None = None  # a spreadsheet's columns, as read or guessed
    card_separator: str | None = None  # flash cards: what stood between term and definition

    def skip(self, line: int, reason: str) -> None:
        self.left_out.append(Problem(self.source, line, reason))

    def set_apart(self, line: int, reason: str) -> None:
        self.set_aside.append(Problem(self.source, line, reason))

    def note(self, line: int, message: str) -> None:
        self.notes.append(Problem(self.source, line, message))

    def add(self, line: int, **fields: Any) -> None:
        self.questions.append(
            QuestionDraft(line, {k: v for k, v in fields.items() if v not in (None, "", [])})
        )


@dataclass(frozen=True, slots=True)
class Imported:
    """An imported deck: the YAML text it is kept as, the deck it loads to, what was left out and why."""

    text: str
    deck: Deck
    left_out: tuple[Problem, ...]
    notes: tuple[Problem, ...]
    columns: ColumnGuess | None = None
    set_aside: tuple[Problem, ...] = ()


class NothingPlayable(DeckError):
    """No question of the file could be kept; `columns` says how a sheet was read, so it can be corrected."""

    def __init__(self, problems: list[Problem], columns: ColumnGuess | None) -> None:
        super().__init__(problems)
        self.columns = columns


def _clip(text: str, limit: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def too_many(source: str, count: int) -> DeckError:
    """The refusal of a file with more questions than a deck may hold, whatever they are."""
    return DeckError(
        [
            Problem(
                source,
                0,
                n_(
                    "the file has {n} question; at most {most} fit in one deck, so split it into several files",
                    "the file has {n} questions; at most {most} fit in one deck, so split it into several files",
                    count,
                    n=count,
                    most=part_sizes.MAX_QUESTIONS_PER_DECK,
                ),
            )
        ]
    )


def finish(draft: DeckDraft, deck_id: str, *, guild_id: int | None = None) -> Imported:
    """Check every drafted question with the deck validator; broken ones are left out with their line.

    DeckError when nothing can be played, or the file holds more questions than a deck may.
    """
    if len(draft.questions) > part_sizes.MAX_QUESTIONS_PER_DECK:
        raise too_many(draft.source, len(draft.questions))
    title = _clip(draft.title, part_sizes.MAX_DECK_TITLE_LENGTH) or deck_id
    description = _clip(draft.description, part_sizes.MAX_DECK_DESCRIPTION_LENGTH)
    header = deck_header(deck_id, title, description, draft.language, ())
    chunks, starts = _question_chunks(draft, first_line=header.count("\n") + 1)
    left_out = list(draft.left_out)
    broken: set[int] = set()
    checked: Deck | None = None
    if chunks:
        checked, broken = _check_chunks(draft, header, chunks, starts, left_out)
    kept = [chunk for i, chunk in enumerate(chunks) if i not in broken]
    left_out.sort(key=lambda p: p.line)
    if not kept:
        reasons = sorted([*left_out, *draft.set_aside], key=lambda p: p.line)
        raise NothingPlayable(
            reasons or [Problem(draft.source, 0, _("the file holds no questions"))], draft.columns
        )
    text = header + "".join(kept)
    if checked is not None and not broken:
        # Every question passed: the deck just read is this text's, so a second reading is not needed.
        deck = dataclasses.replace(checked, guild_id=guild_id)
    else:
        deck = read_stored_deck(text, draft.source, guild_id=guild_id)
    return Imported(
        text=text,
        deck=deck,
        left_out=tuple(left_out),
        notes=tuple(draft.notes),
        columns=draft.columns,
        set_aside=tuple(draft.set_aside),
    )


def _question_chunks(draft: DeckDraft, first_line: int) -> tuple[list[str], list[int]]:
    """Each question's YAML (an id given to those without one) and the line of the deck it starts on."""
    taken = {str(q.fields["id"]) for q in draft.questions if "id" in q.fields}
    chunks: list[str] = []
    starts: list[int] = []
    line = first_line
    for question in draft.questions:
        if "id" not in question.fields:
            question.fields = {
                "id": question_id(str(question.fields.get("prompt", "")), taken),
                **question.fields,
            }
        chunk = question_yaml(question.fields)
        starts.append(line)
        chunks.append(chunk)
        line += chunk.count("\n")
    return chunks, starts


def _check_chunks(
    draft: DeckDraft, header: str, chunks: list[str], starts: list[int], left_out: list[Problem]
) -> tuple[Deck | None, set[int]]:
    """The deck read from every question (None if it cannot be), and the indices of the broken ones,
    whose problems join `left_out` at the file's lines."""
    try:
        checked = read_stored_deck(header + "".join(chunks), draft.source, guild_id=None, keep_valid=True)
        problems = list(checked.left_out)
    except DeckError as exc:
        checked, problems = None, exc.problems
    on_line = _on_line()
    broken: set[int] = set()
    for problem in problems:
        index = bisect.bisect_right(starts, problem.line) - 1
        if index < 0:  # not a question's problem: the deck itself cannot be made
            raise DeckError([Problem(draft.source, 0, problem.message)])
        broken.add(index)
        message = on_line.sub(
            lambda m: _(
                ON_LINE, line=draft.questions[max(0, bisect.bisect_right(starts, int(m[1])) - 1)].line
            ),
            problem.message,
        )
        left_out.append(Problem(draft.source, draft.questions[index].line, message))
    return checked, broken
