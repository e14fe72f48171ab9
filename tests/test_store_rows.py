"""A record's columns (bot/store/sql/rows.py): one description turns a row into its record and back."""

from __future__ import annotations

from dataclasses import dataclass, fields
from datetime import UTC, datetime

import pytest

from bot.quiz.practice import MemoryState, review
from bot.store import Memory
from bot.store.sql.rows import FLAG, IDS, TIME, TIME_OR_NONE, Columns


@dataclass(frozen=True, slots=True)
class _Kept:
    guild_id: int
    question_ids: tuple[str, ...]
    right: bool
    at: datetime
    ended_at: datetime | None
    note: str = ""


_COLUMNS = Columns(
    _Kept,
    "guild_id, question_ids, correct, at, ended_at",
    fields={"correct": "right"},
    kept={"question_ids": IDS, "correct": FLAG, "at": TIME, "ended_at": TIME_OR_NONE},
)
_AT = datetime(2026, 3, 1, 12, 30, tzinfo=UTC)


def test_a_record_goes_in_as_its_columns_kept_values_and_comes_back_whole() -> None:
    record = _Kept(7, ("q1", "q2"), True, _AT, None)
    row = _COLUMNS.row(record)
    assert row == (7, '["q1", "q2"]', 1, 1_772_368_200_000, None)
    assert _COLUMNS.record(row) == record


def test_values_name_each_column_and_given_values_fill_what_the_record_lacks() -> None:
    record = _Kept(7, (), False, _AT, _AT)
    assert _COLUMNS.values(record, ended_at=None) == {
        "guild_id": 7,
        "question_ids": "[]",
        "correct": 0,
        "at": 1_772_368_200_000,
        "ended_at": None,
    }
    assert _COLUMNS.record((7, "[]", 0, 0, None), note="given").note == "given"
    assert _COLUMNS.named == ":guild_id, :question_ids, :correct, :at, :ended_at"


def test_columns_in_another_order_than_the_records_fields_fill_each_field_by_its_name() -> None:
    shuffled = Columns(_Kept, "ended_at, correct, guild_id, at, question_ids", fields={"correct": "right"})
    found = shuffled.record((None, 1, 7, 1_772_368_200_000, '["q1"]'))
    assert found == _Kept(7, ("q1",), True, _AT, None)


def test_a_row_of_other_columns_is_refused() -> None:
    with pytest.raises(ValueError, match="has 5 values, not 4"):
        _COLUMNS.record((7, "[]", 0, 0))


def test_a_conversion_for_a_column_that_is_not_there_is_a_bug_found_at_import() -> None:
    with pytest.raises(ValueError, match="right"):
        Columns(_Kept, "guild_id, correct", kept={"right": FLAG})


def test_inserting_takes_a_row_of_the_columns_as_it_is() -> None:
    assert _COLUMNS.inserting("kept") == (
        "INSERT INTO kept (guild_id, question_ids, correct, at, ended_at) "
        "VALUES (:guild_id, :question_ids, :correct, :at, :ended_at)"
    )


def test_saving_writes_every_column_but_the_keys_over_the_row_of_the_same_key() -> None:
    assert _COLUMNS.saving("kept", "guild_id, at") == (
        "INSERT INTO kept (guild_id, question_ids, correct, at, ended_at) "
        "VALUES (:guild_id, :question_ids, :correct, :at, :ended_at) ON CONFLICT (guild_id, at) "
        "DO UPDATE SET question_ids = excluded.question_ids, correct = excluded.correct, "
        "ended_at = excluded.ended_at"
    )
    with pytest.raises(ValueError, match="not among the columns"):
        _COLUMNS.saving("kept", "guild_id, right")


def test_a_memory_holds_the_practice_engines_state_field_for_field() -> None:
    # Memory.from_state and MemoryState.of copy by field name (neither side imports the other): they must agree.
    assert [f.name for f in fields(Memory)] == ["user_id", "deck_id", "question_id"] + [
        f.name for f in fields(MemoryState)
    ]
    state = review(None, True, _AT, question_key="deck/q1")
    memory = Memory.from_state(5, "deck", "q1", state)
    assert (memory.user_id, memory.question_id, memory.due, memory.reviews) == (5, "q1", state.due, 1)
    assert MemoryState.of(memory) == state
