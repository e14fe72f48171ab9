"""Rounds as both engines keep them: a round's row, and the statements that start, move and end one."""

from __future__ import annotations

import json

from bot.store.records import NewRound, RoundRecord
from bot.store.sql.rows import IDS_OR_EMPTY, Columns
from bot.store.sql.statement import sql

ROUND_COLUMNS = Columns(
    RoundRecord,
    "id, guild_id, channel_id, deck_id, started_by, question_ids, seconds, mode, seed, status, current, "
    "posted_at, message_id, revealed, intro_message_id, started_at, ended_at, end_reason, podium, standings, "
    "streak_bonus, reading_seconds, untimed, long_prompts, parent_channel_id, teams, versions, hints",
    kept={"versions": IDS_OR_EMPTY},
)
# The columns a new round is stored with: those of its options, and the digests of the versions it asks.
NEW_ROUND_COLUMNS = Columns(
    NewRound,
    "guild_id, channel_id, deck_id, started_by, question_ids, seconds, mode, seed, started_at, podium, "
    "standings, streak_bonus, reading_seconds, untimed, long_prompts, parent_channel_id, teams, versions, hints",
)


def new_round_row(new: NewRound) -> tuple[object, ...]:
    """The row a round starts as (NEW_ROUND_COLUMNS, in order); ValueError for a round without questions."""
    if not new.question_ids:
        raise ValueError("a round needs at least one question")
    versions = json.dumps([digest for digest, _body in new.asked]) if new.asked else None
    return NEW_ROUND_COLUMNS.row(new, versions=versions)


# Takes new_round_row as it is (its parameters are NEW_ROUND_COLUMNS, in order). A second running round
# in one channel is refused by the partial unique index rounds_one_running_per_channel.
START_ROUND = sql(f"{NEW_ROUND_COLUMNS.inserting('rounds')} RETURNING {ROUND_COLUMNS.text}")
GET_ROUND = sql(f"SELECT {ROUND_COLUMNS.text} FROM rounds WHERE id = :round")
RUNNING_ROUND = sql(
    f"SELECT {ROUND_COLUMNS.text} FROM rounds WHERE channel_id = :channel AND status = 'running'"
)
RUNNING_ROUNDS = sql(f"SELECT {ROUND_COLUMNS.text} FROM rounds WHERE status = 'running' ORDER BY id")
# A member who switches team keeps their row, so their place in the join order.
SAVE_TEAM = sql(
    "INSERT INTO round_teams (round_id, user_id, team) VALUES (:round, :user, :team) "
    "ON CONFLICT (round_id, user_id) DO UPDATE SET team = excluded.team"
)
ROUND_TEAMS = sql("SELECT user_id, team FROM round_teams WHERE round_id = :round ORDER BY joined")
# A member's presses of Hint on a question only grow (two presses racing keep the higher).
SAVE_HINTS = sql(
    "INSERT INTO round_hints (round_id, question_index, user_id, hints) VALUES (:round, :index, :user, :hints) "
    "ON CONFLICT (round_id, question_index, user_id) DO UPDATE SET hints = excluded.hints "
    "WHERE round_hints.hints < excluded.hints"
)
ROUND_HINTS = sql(
    "SELECT question_index, user_id, hints FROM round_hints WHERE round_id = :round "
    "ORDER BY question_index, user_id"
)
# Everyone who joined a round: answered, voted in a poll, pressed Hint or was counted in a team.
ROUND_MEMBERS = sql(
    "SELECT user_id FROM answers WHERE round_id = :round "
    "UNION SELECT user_id FROM poll_votes WHERE round_id = :round "
    "UNION SELECT user_id FROM round_hints WHERE round_id = :round "
    "UNION SELECT user_id FROM round_teams WHERE round_id = :round ORDER BY 1"
)
SET_INTRO_MESSAGE = sql("UPDATE rounds SET intro_message_id = :message WHERE id = :round")
POST_CURRENT = sql(
    "UPDATE rounds SET current = :index, posted_at = :at, message_id = :message, revealed = 0 WHERE id = :round"
)
POST_QUESTION = sql(
    "INSERT INTO round_questions (round_id, idx, question_id, message_id, posted_at) "
    "VALUES (:round, :index, :question, :message, :at) ON CONFLICT (round_id, idx) DO UPDATE SET "
    "message_id = excluded.message_id, posted_at = excluded.posted_at, revealed_at = NULL"
)
REVEAL_CURRENT = sql("UPDATE rounds SET revealed = 1 WHERE id = :round AND current = :index")
# A second reveal keeps the first time.
REVEAL_QUESTION = sql(
    "UPDATE round_questions SET revealed_at = coalesce(revealed_at, :at) WHERE round_id = :round AND idx = :index"
)
# An ended round keeps its first ending.
FINISH_ROUND = sql(
    "UPDATE rounds SET status = :status, ended_at = :at, end_reason = :reason "
    "WHERE id = :round AND status = 'running'"
)
SET_ROUND_VERSIONS = sql("UPDATE rounds SET versions = :versions WHERE id = :id AND versions IS NULL")
ROUNDS_WITHOUT_VERSIONS = sql(f"SELECT {ROUND_COLUMNS.text} FROM rounds WHERE versions IS NULL ORDER BY id")
LAST_FINISHED_ROUND = sql(
    f"SELECT {ROUND_COLUMNS.text} FROM rounds WHERE channel_id = :channel AND status <> 'running' "
    "AND guild_id = :guild ORDER BY ended_at DESC, id DESC LIMIT 1"
)
# The round of the member's latest answer, anywhere or in one server: answers_by_member (user_id,
# guild_id, answered_at) serves both.
LATEST_ROUND_PLAYED = sql(
    f"SELECT {ROUND_COLUMNS.text} FROM rounds WHERE id = (SELECT round_id FROM answers WHERE user_id = :user "
    "ORDER BY answered_at DESC, id DESC LIMIT 1)"
)
LATEST_ROUND_PLAYED_HERE = sql(
    f"SELECT {ROUND_COLUMNS.text} FROM rounds WHERE id = (SELECT round_id FROM answers WHERE user_id = :user "
    "AND guild_id = :guild ORDER BY answered_at DESC, id DESC LIMIT 1)"
)
# Read in the transaction that posts a question: PostgreSQL's row lock makes another process posting
# this round's question wait for this one (SQLite's BEGIN IMMEDIATE already holds the whole file).
LOCKED_QUESTION_IDS = sql("SELECT question_ids FROM rounds WHERE id = :round FOR UPDATE")
