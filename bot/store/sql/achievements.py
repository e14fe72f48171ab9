"""Achievements as both engines keep them: a badge's row, keeping it once, and the facts badges need."""

from __future__ import annotations

from bot.store.records import EarnedAchievement, RoundProgress
from bot.store.sql.rows import Columns
from bot.store.sql.statement import sql

ACHIEVEMENT_COLUMNS = Columns(EarnedAchievement, "guild_id, user_id, achievement, earned_at, round_id")
# `right` is a word of SQL (RIGHT JOIN): its column is `rights`.
PROGRESS_COLUMNS = Columns(RoundProgress, "user_id, rounds, rights, comeback", fields={"rights": "right"})

# A badge kept already stays as it was (its first earning): the statement changes no row then, which is
# how the store tells a new badge from one kept before, whoever (a retry, another shard) tried first.
KEEP_ACHIEVEMENT = sql(
    f"{ACHIEVEMENT_COLUMNS.inserting('member_achievements')} "
    "ON CONFLICT (guild_id, user_id, achievement) DO NOTHING"
)
MEMBER_ACHIEVEMENTS = sql(
    f"SELECT {ACHIEVEMENT_COLUMNS.text} FROM member_achievements "
    "WHERE guild_id = :guild AND user_id = :user ORDER BY earned_at, achievement"
)
# The member's badges in several servers at once (the dashboard's member page): one read, the key's
# (guild_id, user_id) prefix looked up once per server.
ACHIEVEMENTS_IN = sql(
    f"SELECT {ACHIEVEMENT_COLUMNS.text} FROM member_achievements "
    "WHERE guild_id IN (:guilds) AND user_id = :user ORDER BY earned_at, achievement",
    lists={"guilds": "bigint"},
)
# Each member who answered in the round: their rounds and right answers in the server, and whether one of
# their right answers in the round is to a question they had answered wrong before (in a round, any deck's
# copy of the question: its deck and id).
ROUND_PROGRESS = sql(
    "SELECT a.user_id, COUNT(DISTINCT a.round_id), SUM(a.correct), MAX(CASE WHEN a.round_id = :round "
    "AND a.correct = 1 AND EXISTS (SELECT 1 FROM answers b WHERE b.guild_id = a.guild_id "
    "AND b.user_id = a.user_id AND b.deck_id = a.deck_id AND b.question_id = a.question_id "
    "AND b.correct = 0 AND b.answered_at < a.answered_at) THEN 1 ELSE 0 END) "
    "FROM answers a WHERE a.guild_id = :guild "
    "AND a.user_id IN (SELECT user_id FROM answers WHERE round_id = :round) "
    "GROUP BY a.user_id ORDER BY a.user_id"
)
