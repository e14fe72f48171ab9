"""Round answers as both engines keep them: the row of an answer, and the statements that add and read one."""

from __future__ import annotations

from typing import Any

from bot.store.records import Answer
from bot.store.sql.rows import Columns
from bot.store.sql.statement import sql

ANSWER_COLUMNS = Columns(
    Answer,
    "guild_id, round_id, question_index, question_id, deck_id, user_id, choice, text, correct, ms, points, "
    "answered_at",
    fields={"correct": "right"},
)

# An answer as a row: ANSWER_COLUMNS, in their order.
AnswerRow = tuple[Any, ...]

# The single-row statements take the row as it is (their parameters are ANSWER_COLUMNS, in order).
INSERT_ANSWER = sql(
    f"{ANSWER_COLUMNS.inserting('answers')} ON CONFLICT (round_id, question_index, user_id) DO NOTHING"
)
PREVIOUS_ANSWER = sql(
    f"SELECT {ANSWER_COLUMNS.text} FROM answers "
    "WHERE round_id = :round_id AND question_index = :question_index AND user_id = :user_id"
)
ROUND_ANSWERS = sql(
    f"SELECT {ANSWER_COLUMNS.text} FROM answers WHERE round_id = :round ORDER BY answered_at, id"
)
QUESTION_ANSWERS = sql(
    f"SELECT {ANSWER_COLUMNS.text} FROM answers WHERE round_id = :round AND question_index = :question "
    "ORDER BY answered_at, id"
)


def answer_key(row: AnswerRow) -> tuple[int, int, int]:
    """What the UNIQUE constraint holds once: the round, the question's index, the member
    (PREVIOUS_ANSWER's parameters, in order)."""
    return (row[1], row[2], row[5])
