"""Assignments' statements, written once for both engines: assignments, attempts, their answers."""

from __future__ import annotations

from bot.store.assignment_records import AssignmentAnswer, AssignmentRecord, AttemptRecord, NewAssignment
from bot.store.sql.rows import LETTERED, Columns
from bot.store.sql.statement import sql

ASSIGNMENT_COLUMNS = Columns(
    AssignmentRecord,
    "id, guild_id, channel_id, message_id, deck_id, question_ids, seed, due_at, attempts, late, "
    "created_by, created_at, closed_at",
)
NEW_ASSIGNMENT_COLUMNS = Columns(
    NewAssignment,
    "guild_id, channel_id, deck_id, question_ids, seed, due_at, attempts, late, created_by, created_at",
)
ATTEMPT_COLUMNS = Columns(AttemptRecord, "id, assignment_id, user_id, number, started_at, finished_at")
ASSIGNMENT_ANSWER_COLUMNS = Columns(
    AssignmentAnswer,
    "attempt_id, question_index, question_id, choice, correct, ms, answered_at, text, points",
    fields={"correct": "right"},
    kept={"choice": LETTERED},
)

# A row of NEW_ASSIGNMENT_COLUMNS.
ADD = sql(f"{NEW_ASSIGNMENT_COLUMNS.inserting('assignments')} RETURNING {ASSIGNMENT_COLUMNS.text}")
SET_MESSAGE = sql("UPDATE assignments SET message_id = :message WHERE id = :assignment")
ASSIGNMENT = sql(f"SELECT {ASSIGNMENT_COLUMNS.text} FROM assignments WHERE id = :assignment")
GUILD_ASSIGNMENTS = sql(
    f"SELECT {ASSIGNMENT_COLUMNS.text} FROM assignments WHERE guild_id = :guild ORDER BY id DESC LIMIT 25"
)
CLOSE = sql(
    "UPDATE assignments SET closed_at = :at WHERE id = :assignment AND guild_id = :guild AND closed_at IS NULL"
)
COUNT_ATTEMPTS = sql(
    "SELECT COUNT(*) FROM assignment_attempts WHERE assignment_id = :assignment AND user_id = :user"
)
# Two Starts at once both count the same attempts: the unique number lets one of them in.
ADD_ATTEMPT = sql(
    "INSERT INTO assignment_attempts (assignment_id, user_id, number, started_at) "
    "VALUES (:assignment, :user, :number, :at) ON CONFLICT (assignment_id, user_id, number) DO NOTHING "
    f"RETURNING {ATTEMPT_COLUMNS.text}"
)
ATTEMPT = sql(f"SELECT {ATTEMPT_COLUMNS.text} FROM assignment_attempts WHERE id = :attempt")
MEMBER_ATTEMPTS = sql(
    f"SELECT {ATTEMPT_COLUMNS.text} FROM assignment_attempts WHERE assignment_id = :assignment AND user_id = :user "
    "ORDER BY number"
)
ASSIGNMENT_ATTEMPTS = sql(
    f"SELECT {ATTEMPT_COLUMNS.text} FROM assignment_attempts WHERE assignment_id = :assignment ORDER BY id"
)
FINISH_ATTEMPT = sql(
    "UPDATE assignment_attempts SET finished_at = :at WHERE id = :attempt AND finished_at IS NULL"
)
ANSWER = sql(
    f"SELECT {ASSIGNMENT_ANSWER_COLUMNS.text} FROM assignment_answers "
    "WHERE attempt_id = :attempt AND question_index = :index"
)
# A row of ASSIGNMENT_ANSWER_COLUMNS; a second answer to the same question is not written.
ADD_ANSWER = sql(
    f"{ASSIGNMENT_ANSWER_COLUMNS.inserting('assignment_answers')} "
    "ON CONFLICT (attempt_id, question_index) DO NOTHING"
)
ATTEMPT_ANSWERS = sql(
    f"SELECT {ASSIGNMENT_ANSWER_COLUMNS.text} FROM assignment_answers WHERE attempt_id = :attempt "
    "ORDER BY question_index"
)
ASSIGNMENT_ANSWERS = sql(
    "SELECT a.attempt_id, a.question_index, a.question_id, a.choice, a.correct, a.ms, a.answered_at, "
    "a.text, a.points "
    "FROM assignment_answers a JOIN assignment_attempts t ON t.id = a.attempt_id "
    "WHERE t.assignment_id = :assignment ORDER BY a.attempt_id, a.question_index"
)
