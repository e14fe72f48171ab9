"""Fitted fsrs parameters as both engines keep them, and the reviews they are fitted to."""

from __future__ import annotations

import json

from bot.store.fitting_records import MemberParameters, PastReview, ReviewCount, ServerParameters
from bot.store.sql.rows import Columns, Kept
from bot.store.sql.statement import sql


def _weights(text: str) -> tuple[float, ...]:
    return tuple(float(weight) for weight in json.loads(text))


def _weights_text(weights: tuple[float, ...]) -> str:
    return json.dumps(list(weights))


WEIGHTS = Kept(_weights, _weights_text)  # fsrs's weights, kept as a JSON list
REVIEW_COLUMNS = Columns(
    PastReview,
    "user_id, deck_id, question_id, correct, answered_at, hinted",
    fields={"correct": "right", "answered_at": "at"},
)
REVIEW_COUNT_COLUMNS = Columns(ReviewCount, "user_id, guild_id, reviews")
SERVER_COLUMNS = Columns(
    ServerParameters, "guild_id, parameters, reviews, fitted_at", kept={"parameters": WEIGHTS}
)
MEMBER_COLUMNS = Columns(
    MemberParameters, "user_id, parameters, reviews, fitted_at, guild_id", kept={"parameters": WEIGHTS}
)

# A member's reviews: their answers in rounds, in practice, to the question of the day and in assignments
# (those two keep the deck on their day's and their assignment's row).
# A round's answer after a press of Hint is hinted (rated Hard when right, as its review was).
_REVIEWS = (
    "SELECT a.user_id, a.guild_id, a.deck_id, a.question_id, a.correct, a.answered_at, "
    "CASE WHEN h.hints IS NULL THEN 0 ELSE 1 END AS hinted FROM answers a LEFT JOIN round_hints h "
    "ON h.round_id = a.round_id AND h.question_index = a.question_index AND h.user_id = a.user_id "
    "UNION ALL SELECT user_id, guild_id, deck_id, question_id, correct, answered_at, 0 FROM practice_answers "
    "UNION ALL SELECT q.user_id, q.guild_id, d.deck_id, d.question_id, q.correct, q.answered_at, 0 "
    "FROM qotd_answers q JOIN qotd_days d ON d.guild_id = q.guild_id AND d.day = q.day "
    "UNION ALL SELECT t.user_id, s.guild_id, s.deck_id, w.question_id, w.correct, w.answered_at, 0 "
    "FROM assignment_answers w JOIN assignment_attempts t ON t.id = w.attempt_id "
    "JOIN assignments s ON s.id = t.assignment_id"
)
REVIEW_COUNTS = sql(
    f"SELECT user_id, guild_id, COUNT(*) FROM ({_REVIEWS}) AS reviews GROUP BY user_id, guild_id"
)
# The newest `limit` reviews (the caller puts them oldest first): a fit's memory and time stay bounded.
MEMBER_REVIEWS = sql(
    f"SELECT {REVIEW_COLUMNS.text} FROM ({_REVIEWS}) AS reviews WHERE user_id = :user "
    "ORDER BY answered_at DESC LIMIT :limit"
)
SERVER_REVIEWS = sql(
    f"SELECT {REVIEW_COLUMNS.text} FROM ({_REVIEWS}) AS reviews WHERE guild_id = :guild "
    "ORDER BY answered_at DESC LIMIT :limit"
)
SAVE_SERVER_PARAMETERS = sql(SERVER_COLUMNS.saving("server_fsrs_parameters", "guild_id"))
SERVER_PARAMETERS = sql(f"SELECT {SERVER_COLUMNS.text} FROM server_fsrs_parameters WHERE guild_id = :guild")
SAVE_MEMBER_PARAMETERS = sql(MEMBER_COLUMNS.saving("member_fsrs_parameters", "user_id"))
FORGET_MEMBER_PARAMETERS = sql("DELETE FROM member_fsrs_parameters WHERE user_id = :user")
MEMBERS_PARAMETERS = sql(
    f"SELECT {MEMBER_COLUMNS.text} FROM member_fsrs_parameters WHERE user_id IN (:users)",
    lists={"users": "bigint"},
)
