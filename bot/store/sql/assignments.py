"""Assignments' statements, written once for both engines: assignments, attempts, their answers."""

from __future__ import annotations

from bot.store.assignment_records import (
    ASSIGNMENT_ANSWER_COLUMNS,
    ASSIGNMENT_COLUMNS,
    ATTEMPT_COLUMNS,
    NEW_ASSIGNMENT_COLUMNS,
)
from bot.store.sql.statement import named, sql

# A row in new_assignment_row's order.
ADD = sql(
    f"INSERT INTO assignments ({NEW_ASSIGNMENT_COLUMNS}) VALUES ({named(NEW_ASSIGNMENT_COLUMNS)}) "
    f"RETURNING {ASSIGNMENT_COLUMNS}"
)
SET_MESSAGE = sql("UPDATE assignments SET message_id = :message WHERE id = :assignment")
ASSIGNMENT = sql(f"SELECT {ASSIGNMENT_COLUMNS} FROM assignments WHERE id = :assignment")
GUILD_ASSIGNMENTS = sql(
    f"SELECT {ASSIGNMENT_COLUMNS} FROM assignments WHERE guild_id = :guild ORDER BY id DESC LIMIT 25"
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
    f"RETURNING {ATTEMPT_COLUMNS}"
)
ATTEMPT = sql(f"SELECT {ATTEMPT_COLUMNS} FROM assignment_attempts WHERE id = :attempt")
MEMBER_ATTEMPTS = sql(
    f"SELECT {ATTEMPT_COLUMNS} FROM assignment_attempts WHERE assignment_id = :assignment AND user_id = :user "
    "ORDER BY number"
)
ASSIGNMENT_ATTEMPTS = sql(
    f"SELECT {ATTEMPT_COLUMNS} FROM assignment_attempts WHERE assignment_id = :assignment ORDER BY id"
)
FINISH_ATTEMPT = sql(
    "UPDATE assignment_attempts SET finished_at = :at WHERE id = :attempt AND finished_at IS NULL"
)
ANSWER = sql(
    f"SELECT {ASSIGNMENT_ANSWER_COLUMNS} FROM assignment_answers "
    "WHERE attempt_id = :attempt AND question_index = :index"
)
# A row in assignment_answer_row's order; a second answer to the same question is not written.
ADD_ANSWER = sql(
    f"INSERT INTO assignment_answers ({ASSIGNMENT_ANSWER_COLUMNS}) VALUES ({named(ASSIGNMENT_ANSWER_COLUMNS)}) "
    "ON CONFLICT (attempt_id, question_index) DO NOTHING"
)
ATTEMPT_ANSWERS = sql(
    f"SELECT {ASSIGNMENT_ANSWER_COLUMNS} FROM assignment_answers WHERE attempt_id = :attempt "
    "ORDER BY question_index"
)
ASSIGNMENT_ANSWERS = sql(
    "SELECT a.attempt_id, a.question_index, a.question_id, a.choice, a.correct, a.ms, a.answered_at "
    "FROM assignment_answers a JOIN assignment_attempts t ON t.id = a.attempt_id "
    "WHERE t.assignment_id = :assignment ORDER BY a.attempt_id, a.question_index"
)
