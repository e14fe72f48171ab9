"""A round's results as files, CSV and JSON, as every entrance hands them out (/quiz results in Discord, the
dashboard's downloads, `bvunzo results`): one writer, each answer a row, times in the server's zone with
its offset (the zone its calendar keeps; UTC until a moderator sets one)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bot.bank.models import Deck
from bot.results.result_rows import ResultRow, csv_bytes, json_bytes, round_rows
from bot.store import Answer, RoundRecord

if TYPE_CHECKING:
    import zoneinfo  # annotations only: the first results file loads it (tzdata), not the bot's start

    from bot.store import CalendarStore


@dataclass(frozen=True, slots=True)
class RoundFiles:
    """The rows, and each file written when it is read (a download of the CSV writes no JSON)."""

    rows: Sequence[ResultRow]
    kind: str  # the JSON's "kind" and "id": "round" 12, "assignment" 3, "qotd" 20261201 (its first day)
    ident: int
    options: Mapping[str, Any]

    @property
    def csv(self) -> bytes:
        return csv_bytes(self.rows)

    @property
    def json(self) -> bytes:
        return json_bytes(self.kind, self.ident, self.options, self.rows)


def round_files(
    record: RoundRecord,
    answers: Sequence[Answer],
    deck: Deck | None,
    names: Mapping[int, str],
    zone: zoneinfo.ZoneInfo,
    hints: Mapping[tuple[int, int], int],
    options: Mapping[str, Any],
) -> RoundFiles:
    """The round's rows, and the two files of them; `options` are what it was played with (the JSON's
    `options`: bot.rounds.stored.result_options)."""
    rows = round_rows(record, answers, deck, names, zone, hints)
    return RoundFiles(rows, "round", record.id, options)


async def server_zone(store: CalendarStore, guild_id: int) -> zoneinfo.ZoneInfo:
    """The zone the server's results files write times in: its calendar's (kept as IANA spells it, checked
    when a moderator set it), UTC until one is set or if the name is no longer known here."""
    import zoneinfo

    name = (await store.calendar_settings(guild_id)).timezone
    try:
        return zoneinfo.ZoneInfo(name)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return zoneinfo.ZoneInfo("UTC")
