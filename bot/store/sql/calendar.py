"""The calendar's statements, written once for both engines: settings, schedules, occurrences, champions."""

from __future__ import annotations

from bot.store.calendar_records import (
    CALENDAR_SETTING_COLUMNS,
    NEW_SCHEDULE_COLUMNS,
    OCCURRENCE_COLUMNS,
    SCHEDULE_COLUMNS,
)
from bot.store.sql.shards import sharded
from bot.store.sql.statement import named, sql

_UPDATES = ", ".join(f"{c} = excluded.{c}" for c in CALENDAR_SETTING_COLUMNS.split(", "))

SETTINGS = sql(f"SELECT {CALENDAR_SETTING_COLUMNS} FROM calendar_settings WHERE guild_id = :guild")
# A row in calendar_settings_row's order: guild_id, then CALENDAR_SETTING_COLUMNS.
SAVE_SETTINGS = sql(
    f"INSERT INTO calendar_settings (guild_id, {CALENDAR_SETTING_COLUMNS}) "
    f"VALUES (:guild_id, {named(CALENDAR_SETTING_COLUMNS)}) ON CONFLICT (guild_id) DO UPDATE SET {_UPDATES}"
)
# A row in new_schedule_row's order.
ADD_SCHEDULE = sql(
    f"INSERT INTO schedules ({NEW_SCHEDULE_COLUMNS}) VALUES ({named(NEW_SCHEDULE_COLUMNS)}) "
    f"RETURNING {SCHEDULE_COLUMNS}"
)
SCHEDULE = sql(f"SELECT {SCHEDULE_COLUMNS} FROM schedules WHERE id = :schedule AND removed = 0")
GUILD_SCHEDULES = sql(
    f"SELECT {SCHEDULE_COLUMNS} FROM schedules WHERE guild_id = :guild AND removed = 0 ORDER BY id"
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
    "UPDATE schedules SET next_at = :next, wake_at = :wake, announced = 0 "
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
    f"SELECT {OCCURRENCE_COLUMNS} FROM calendar_claims WHERE kind = 'round' AND key_id = :schedule "
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
    f"SELECT {SCHEDULE_COLUMNS} FROM schedules "
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
    f"SELECT c.occurrence_at, {SCHEDULE_COLUMNS} FROM calendar_claims c JOIN schedules s ON s.id = c.key_id "
    "WHERE c.kind = 'round' AND c.outcome = 'pending' AND c.occurrence_at >= :since "
    "AND c.claimed_at <= :claimed_by AND s.removed = 0{shards} ORDER BY c.occurrence_at, s.id LIMIT :limit",
    "s.guild_id",
)
DUE_CHAMPIONS = sharded(
    f"SELECT guild_id, {CALENDAR_SETTING_COLUMNS} FROM calendar_settings "
    "WHERE champion_next_at IS NOT NULL AND champion_next_at <= :now{shards} "
    "ORDER BY champion_next_at LIMIT :limit",
    "guild_id",
)
# The round's creation takes the claim: a second creation for the occurrence finds no pending claim.
TAKE_CLAIM = sql(
    "UPDATE calendar_claims SET outcome = 'started', round_id = :round "
    "WHERE kind = 'round' AND key_id = :schedule AND occurrence_at = :occurrence AND outcome = 'pending'"
)
