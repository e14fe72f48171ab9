"""Practice as both engines keep it: practice answers, each member's memory of a question, practice sessions."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.store.records import Memory, PracticeRecord
from bot.store.sql.statement import sql
from bot.store.sql.times import from_ms, from_ms_or_none, to_ms

MEMORY_COLUMNS = "user_id, deck_id, question_id, card, due, reviews, lapses, last_review"
MEMORY_NAMES = tuple(MEMORY_COLUMNS.split(", "))


def memory_row(memory: Memory) -> tuple[Any, ...]:
    """A memory as a row: MEMORY_COLUMNS, in their order (SAVE_MEMORY's parameters)."""
    return (
        memory.user_id,
        memory.deck_id,
        memory.question_id,
        memory.card,
        to_ms(memory.due),
        memory.reviews,
        memory.lapses,
        None if memory.last_review is None else to_ms(memory.last_review),
    )


def memory_record(row: Sequence[Any]) -> Memory:
    return Memory(
        user_id=row[0],
        deck_id=row[1],
        question_id=row[2],
        card=row[3],
        due=from_ms(row[4]),
        reviews=row[5],
        lapses=row[6],
        last_review=from_ms_or_none(row[7]),
    )


# The columns of a practice answer's row, in their order (record_practice's parameters).
PRACTICE_COLUMNS = "user_id, guild_id, deck_id, question_id, correct, answered_at"
PRACTICE_NAMES = tuple(PRACTICE_COLUMNS.split(", "))


def practice_record(row: Sequence[Any]) -> PracticeRecord:
    return PracticeRecord(id=row[0], user_id=row[1], deck_id=row[2], state=row[3], updated_at=from_ms(row[4]))


# Both take their rows as they are (the parameters are the columns, in order).
SAVE_MEMORY = sql(
    f"INSERT INTO memories ({MEMORY_COLUMNS}) VALUES ({', '.join(':' + n for n in MEMORY_NAMES)}) "
    "ON CONFLICT (user_id, deck_id, question_id) DO UPDATE SET card = excluded.card, due = excluded.due, "
    "reviews = excluded.reviews, lapses = excluded.lapses, last_review = excluded.last_review"
)
INSERT_PRACTICE_ANSWER = sql(
    f"INSERT INTO practice_answers ({PRACTICE_COLUMNS}) VALUES ({', '.join(':' + n for n in PRACTICE_NAMES)})"
)
MEMORIES = sql(f"SELECT {MEMORY_COLUMNS} FROM memories WHERE user_id = :user AND deck_id = :deck")
DUE_COUNT = sql("SELECT COUNT(*) FROM memories WHERE user_id = :user AND due <= :now")
DUE_COUNT_IN_DECK = sql(
    "SELECT COUNT(*) FROM memories WHERE user_id = :user AND due <= :now AND deck_id = :deck"
)
NEXT_DUE = sql("SELECT min(due) FROM memories WHERE user_id = :user")
NEXT_DUE_IN_DECK = sql("SELECT min(due) FROM memories WHERE user_id = :user AND deck_id = :deck")

# Practice sessions: the id comes from the table (AUTOINCREMENT, or a sequence), never given twice.
START_PRACTICE = sql(
    "INSERT INTO practices (user_id, deck_id, state, started_at, updated_at) "
    "VALUES (:user, :deck, :state, :at, :at) RETURNING id"
)
# An ended or forgotten session stays gone: nothing is written.
SAVE_PRACTICE = sql("UPDATE practices SET state = :state, updated_at = :at WHERE id = :id")
PRACTICE = sql("SELECT id, user_id, deck_id, state, updated_at FROM practices WHERE id = :id")
END_PRACTICE = sql("DELETE FROM practices WHERE id = :id")
FORGET_PRACTICES_BEFORE = sql("DELETE FROM practices WHERE updated_at < :moment")
# What each of `users` remembers of one question (those who met it before).
QUESTION_MEMORIES = sql(
    f"SELECT {MEMORY_COLUMNS} FROM memories WHERE deck_id = :deck AND question_id = :question "
    "AND user_id IN (:users)",
    lists={"users": "bigint"},
)
