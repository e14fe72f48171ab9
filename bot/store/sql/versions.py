"""The versions of questions as asked (bot/bank/versions.py), as both engines keep them, and first tries."""

from __future__ import annotations

import json
from collections.abc import Sequence

from bot.store.records import VersionRecord
from bot.store.sql.rows import Columns
from bot.store.sql.statement import sql

# A version is kept once: its first sighting stays.
KEEP_VERSION = sql(
    "INSERT INTO question_versions (digest, body, first_seen_at) VALUES (:digest, :body, :at) "
    "ON CONFLICT (digest) DO NOTHING"
)
VERSION_COLUMNS = Columns(VersionRecord, "digest, body, first_seen_at")

ASSIGNMENT_VERSIONS = sql("SELECT versions FROM assignments WHERE id = :assignment")
SET_ASSIGNMENT_VERSIONS = sql(
    "UPDATE assignments SET versions = :versions WHERE id = :id AND versions IS NULL"
)
ASSIGNMENTS_WITHOUT_VERSIONS = sql(
    "SELECT id, guild_id, deck_id, question_ids FROM assignments WHERE versions IS NULL ORDER BY id"
)
QOTD_VERSION = sql("SELECT version FROM qotd_days WHERE guild_id = :guild AND day = :day")
SET_QOTD_VERSION = sql(
    "UPDATE qotd_days SET version = :version WHERE guild_id = :guild AND day = :day AND version IS NULL"
)
QOTD_DAYS_WITHOUT_VERSION = sql(
    "SELECT guild_id, day, deck_id, question_id FROM qotd_days WHERE version IS NULL ORDER BY guild_id, day"
)

# Item analysis: one range of the primary key (guild_id, deck_id, ...), read in its order (no sort).
FIRST_TRIES = sql(
    "SELECT user_id, question_id, correct, choice, version FROM first_tries "
    "WHERE guild_id = :guild AND deck_id = :deck ORDER BY question_id, version, user_id"
)
# First tries from before versions were kept ('') take the version the start-up gave from today's deck:
# copied under it (a try already there stays), then the old rows go.
UNVERSIONED_TRIES = sql("SELECT DISTINCT guild_id, deck_id, question_id FROM first_tries WHERE version = ''")
COPY_TRIES_TO_VERSION = sql(
    "INSERT INTO first_tries (guild_id, deck_id, question_id, version, user_id, correct, choice, answered_at) "
    "SELECT guild_id, deck_id, question_id, :version, user_id, correct, choice, answered_at FROM first_tries "
    "WHERE guild_id = :guild AND deck_id = :deck AND question_id = :question AND version = '' "
    "ON CONFLICT DO NOTHING"
)
DROP_UNVERSIONED_TRIES = sql(
    "DELETE FROM first_tries WHERE guild_id = :guild AND deck_id = :deck AND question_id = :question "
    "AND version = ''"
)


def digests_json(digests: Sequence[str | None]) -> str:
    return json.dumps(list(digests))


def digests_of(text: str | None) -> tuple[str | None, ...] | None:
    """A stored list of digests; None while none was given."""
    return None if text is None else tuple(json.loads(text))


VERSIONS = sql(
    f"SELECT {VERSION_COLUMNS.text} FROM question_versions WHERE digest IN (:digests)",
    lists={"digests": "text"},
)
