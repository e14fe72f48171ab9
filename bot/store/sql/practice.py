"""Practice as both engines keep it: practice answers, each member's memory of a question, practice sessions."""

from __future__ import annotations

from bot.store.records import Memory, PracticeAnswer, PracticeRecord
from bot.store.sql.rows import Columns
from bot.store.sql.statement import sql

MEMORY_COLUMNS = Columns(Memory, "user_id, deck_id, question_id, card, due, reviews, lapses, last_review")
PRACTICE_COLUMNS = Columns(
    PracticeAnswer,
    "user_id, guild_id, deck_id, question_id, correct, answered_at",
    fields={"correct": "right"},
)
SESSION_COLUMNS = Columns(PracticeRecord, "id, user_id, deck_id, state, updated_at")


# Both take their rows as they are (the parameters are the columns, in order).
SAVE_MEMORY = sql(MEMORY_COLUMNS.saving("memories", "user_id, deck_id, question_id"))
INSERT_PRACTICE_ANSWER = sql(PRACTICE_COLUMNS.inserting("practice_answers"))
MEMORIES = sql(f"SELECT {MEMORY_COLUMNS.text} FROM memories WHERE user_id = :user AND deck_id = :deck")
DUE_COUNT = sql("SELECT COUNT(*) FROM memories WHERE user_id = :user AND due <= :now")
DUE_COUNT_IN_DECK = sql(
    "SELECT COUNT(*) FROM memories WHERE user_id = :user AND due <= :now AND deck_id = :deck"
)
# A member's practice answers in one server since a moment (the Reviewer badge's week), through the
# index by member and time.
PRACTICE_COUNT_SINCE = sql(
    "SELECT COUNT(*) FROM practice_answers WHERE user_id = :user AND answered_at >= :since "
    "AND guild_id = :guild"
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
PRACTICE = sql(f"SELECT {SESSION_COLUMNS.text} FROM practices WHERE id = :id")
END_PRACTICE = sql("DELETE FROM practices WHERE id = :id")
FORGET_PRACTICES_BEFORE = sql("DELETE FROM practices WHERE updated_at < :moment")
# What each of `users` remembers of one question (those who met it before).
QUESTION_MEMORIES = sql(
    f"SELECT {MEMORY_COLUMNS.text} FROM memories WHERE deck_id = :deck AND question_id = :question "
    "AND user_id IN (:users)",
    lists={"users": "bigint"},
)
