"""Round answers as both engines keep them: the row of an answer, and the statements that add and read one."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.store.records import Answer
from bot.store.sql.statement import sql
from bot.store.sql.times import from_ms, to_ms

ANSWER_COLUMNS = (
    "guild_id, round_id, question_index, question_id, deck_id, user_id, choice, text, correct, ms, points, "
    "answered_at"
)
ANSWER_NAMES = tuple(ANSWER_COLUMNS.split(", "))

# An answer as a row: ANSWER_COLUMNS, in their order.
AnswerRow = tuple[Any, ...]

# The single-row statements take the row as it is (their parameters are ANSWER_COLUMNS, in order).
INSERT_ANSWER = sql(
    f"INSERT INTO answers ({ANSWER_COLUMNS}) VALUES ({', '.join(':' + n for n in ANSWER_NAMES)}) "
    "ON CONFLICT (round_id, question_index, user_id) DO NOTHING"
)
PREVIOUS_ANSWER = sql(
    f"SELECT {ANSWER_COLUMNS} FROM answers "
    "WHERE round_id = :round_id AND question_index = :question_index AND user_id = :user_id"
)
ROUND_ANSWERS = sql(f"SELECT {ANSWER_COLUMNS} FROM answers WHERE round_id = :round ORDER BY answered_at, id")
QUESTION_ANSWERS = sql(
    f"SELECT {ANSWER_COLUMNS} FROM answers WHERE round_id = :round AND question_index = :question "
    "ORDER BY answered_at, id"
)


def answer_row(answer: Answer) -> AnswerRow:
    return (
        answer.guild_id,
        answer.round_id,
        answer.question_index,
        answer.question_id,
        answer.deck_id,
        answer.user_id,
        answer.choice,
        answer.text,
        int(answer.right),
        answer.ms,
        answer.points,
        to_ms(answer.answered_at),
    )


def answer_record(row: Sequence[Any]) -> Answer:
    return Answer(
        guild_id=row[0],
        round_id=row[1],
        question_index=row[2],
        question_id=row[3],
        deck_id=row[4],
        user_id=row[5],
        choice=row[6],
        text=row[7],
        right=bool(row[8]),
        ms=row[9],
        points=row[10],
        answered_at=from_ms(row[11]),
    )


def answer_key(row: AnswerRow) -> tuple[int, int, int]:
    """What the UNIQUE constraint holds once: the round, the question's index, the member
    (PREVIOUS_ANSWER's parameters, in order)."""
    return (row[1], row[2], row[5])
