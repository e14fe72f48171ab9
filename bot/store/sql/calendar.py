"""The calendar's statements, written once for both engines: settings, schedules, occurrences, champions."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from bot.store.calendar_records import CalendarSettings, NewSchedule, OccurrenceRecord, ScheduleRecord
from bot.store.sql.rows import FLAG, TIME, Columns
from bot.store.sql.shards import sharded
from bot.store.sql.statement import sql
from bot.store.sql.times import from_ms

SCHEDULE_COLUMNS = Columns(
    ScheduleRecord,
    "id, guild_id, channel_id, deck_id, at, repeat, days, questions, seconds, mode, announce_minutes, "
    "ping_role_id, created_by, created_at, next_at, announced, last_result, last_at",
)
# A new schedule's row: when its runner first looks at it (wake_at), not yet announced.
NEW_SCHEDULE_COLUMNS = Columns(
    NewSchedule,
    "guild_id, channel_id, deck_id, at, repeat, days, questions, seconds, mode, announce_minutes, "
    "ping_role_id, created_by, created_at, next_at, wake_at, announced",
    kept={"wake_at": TIME, "announced": FLAG},
)
CALENDAR_SETTING_COLUMNS = Columns(
    CalendarSettings,
    "guild_id, timezone, champion_role_id, champion_period, champion_count, champion_problem, champion_next_at",
)
OCCURRENCE_COLUMNS = Columns(
    OccurrenceRecord,
    "key_id, occurrence_at, outcome, round_id, detail, claimed_at",
    fields={"key_id": "schedule_id"},
)


def pending_occurrence(row: Sequence[Any]) -> tuple[ScheduleRecord, datetime]:
    """A row of PENDING_OCCURRENCES: the schedule and its occurrence still without a round."""
    return SCHEDULE_COLUMNS.record(row[1:]), from_ms(row[0])


SETTINGS = sql(f"SELECT {CALENDAR_SETTING_COLUMNS.text} FROM calendar_settings WHERE guild_id = :guild")
# A row of CALENDAR_SETTING_COLUMNS.
SAVE_SETTINGS = sql(CALENDAR_SETTING_COLUMNS.saving("calendar_settings", "guild_id"))
# A row of NEW_SCHEDULE_COLUMNS.
ADD_SCHEDULE = sql(f"{NEW_SCHEDULE_COLUMNS.inserting('schedules')} RETURNING {SCHEDULE_COLUMNS.text}")
SCHEDULE = sql(f"SELECT {SCHEDULE_COLUMNS.text} FROM schedules WHERE id = :schedule AND removed = 0")
GUILD_SCHEDULES = sql(
    f"SELECT {SCHEDULE_COLUMNS.text} FROM schedules WHERE guild_id = :guild AND removed = 0 ORDER BY id"
)
REMOVE_SCHEDULE = sql(
    "UPDATE schedules SET removed = 1, wake_at = NULL WHERE id = :schedule AND guild_id = :guild AND removed = 0"
)
NOTE_RESULT = sql("UPDATE schedules SET last_result = :result, last_at = :at WHERE id = :schedule")
CLAIM_OCCURRENCE = sql(
    "INSERT INTO calendar_claims (kind, key_id, occurrence_at, claimed_at) VALUES (:kind, :key, :occurrence, :now) "
    "ON CONFLICT (kind, key_id, occurrence_at) DO NOTHING"
)
CLAIM_ROUND = sql(
    "INSERT INTO calendar_claims (kind, key_id, occurrence_at, claimed_at, outcome, detail) "
    "VALUES ('round', :schedule, :occurrence, :now, :outcome, :detail) "
    "ON CONFLICT (kind, key_id, occurrence_at) DO NOTHING"
)
MOVE_CLAIMED = sql(
    "UPDATE schedules SET next_at = :next, wake_at = :wake, announced = :announced "
    "WHERE id = :schedule AND removed = 0 AND next_at = :was"
)
SETTLE_CLAIM = sql(
    "UPDATE calendar_claims SET outcome = :outcome, detail = :detail "
    "WHERE kind = 'round' AND key_id = :schedule AND occurrence_at = :occurrence AND outcome = 'pending'"
)
# An announcement is claimed pending and settled done once posted; a pending claim older than `stale`
# (its claimer died before posting) is taken again, by one caller.
CLAIM_ANNOUNCEMENT = sql(
    "INSERT INTO calendar_claims (kind, key_id, occurrence_at, claimed_at, outcome) "
    "VALUES ('announce', :schedule, :occurrence, :now, 'pending') ON CONFLICT (kind, key_id, occurrence_at) "
    "DO UPDATE SET claimed_at = excluded.claimed_at "
    "WHERE calendar_claims.outcome = 'pending' AND calendar_claims.claimed_at <= :stale"
)
SETTLE_ANNOUNCEMENT = sql(
    "UPDATE calendar_claims SET outcome = 'done' "
    "WHERE kind = 'announce' AND key_id = :schedule AND occurrence_at = :occurrence AND outcome = 'pending'"
)
SCHEDULE_OCCURRENCES = sql(
    f"SELECT {OCCURRENCE_COLUMNS.text} FROM calendar_claims WHERE kind = 'round' AND key_id = :schedule "
    "ORDER BY occurrence_at DESC LIMIT :limit"
)
MOVE_CHAMPION = sql(
    "UPDATE calendar_settings SET champion_next_at = :next, champion_problem = :problem "
    "WHERE guild_id = :guild AND champion_next_at = :was"
)
# A period's top members in the server's own days: round points between two instants, ordered as the
# boards are (points, right answers, who got there first, member id).
PERIOD_TOP = sql(
    "SELECT user_id, SUM(points) AS total FROM answers "
    "WHERE guild_id = :guild AND answered_at >= :start AND answered_at < :end "
    "GROUP BY user_id ORDER BY total DESC, SUM(correct) DESC, MAX(answered_at), user_id LIMIT :limit"
)
CHAMPIONS = sql(
    "SELECT user_id FROM champions WHERE guild_id = :guild AND period_end = "
    "(SELECT MAX(period_end) FROM champions WHERE guild_id = :guild) ORDER BY user_id"
)
# A row: guild_id, period_end, user_id.
SAVE_CHAMPION = sql(
    "INSERT INTO champions (guild_id, period_end, user_id) VALUES (:guild, :period_end, :user) "
    "ON CONFLICT DO NOTHING"
)

DUE_SCHEDULES = sharded(
    f"SELECT {SCHEDULE_COLUMNS.text} FROM schedules "
    "WHERE wake_at IS NOT NULL AND removed = 0 AND wake_at <= :now{shards} ORDER BY wake_at, id LIMIT :limit",
    "guild_id",
)
_MOVE_SCHEDULE = (
    "UPDATE schedules SET next_at = :next, wake_at = :wake, announced = :announced{result} "
    "WHERE id = :schedule AND removed = 0 AND next_at IS NOT DISTINCT FROM :was"
)
MOVE_SCHEDULE = sql(_MOVE_SCHEDULE.format(result=""))
MOVE_SCHEDULE_NOTING = sql(_MOVE_SCHEDULE.format(result=", last_result = :result, last_at = :result_at"))
# Claimed occurrences whose round was never created (the claimer died between the two).
PENDING_OCCURRENCES = sharded(
    f"SELECT c.occurrence_at, {SCHEDULE_COLUMNS.text} FROM calendar_claims c JOIN schedules s ON s.id = c.key_id "
    "WHERE c.kind = 'round' AND c.outcome = 'pending' AND c.occurrence_at >= :since "
    "AND c.claimed_at <= :claimed_by AND s.removed = 0{shards} ORDER BY c.occurrence_at, s.id LIMIT :limit",
    "s.guild_id",
)
DUE_CHAMPIONS = sharded(
    f"SELECT {CALENDAR_SETTING_COLUMNS.text} FROM calendar_settings "
    "WHERE champion_next_at IS NOT NULL AND champion_next_at <= :now{shards} "
    "ORDER BY champion_next_at LIMIT :limit",
    "guild_id",
)
# The round's creation takes the claim: a second creation for the occurrence finds no pending claim.
TAKE_CLAIM = sql(
    "UPDATE calendar_claims SET outcome = 'started', round_id = :round "
    "WHERE kind = 'round' AND key_id = :schedule AND occurrence_at = :occurrence AND outcome = 'pending'"
)
