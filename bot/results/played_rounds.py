"""A server's rounds read back: the list, one round of this server's, and its answers with what it asked."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.bank.models import Deck
from bot.results.asked import Decks, round_deck
from bot.results.result_rows import pressed_hints
from bot.results.round_figures import RoundFigures, figures
from bot.results.round_files import server_zone
from bot.store import Answer, ReportLine, RoundFilter, RoundRecord

if TYPE_CHECKING:
    import zoneinfo

    from bot.store import Store


@dataclass(frozen=True, slots=True)
class PlayedRound:
    record: RoundRecord
    deck: (
        Deck | None
    )  # what it asked (bot/results/asked.py); None only for a gone deck never given its versions
    answers: list[Answer]
    hints: dict[tuple[int, int], int]  # presses of Hint by (question index, member id)


class PlayedRounds:
    """What every page and file of a played round reads, for the dashboard and whoever else asks."""

    def __init__(self, store: Store) -> None:
        self.store = store

    async def zone(self, guild_id: int) -> zoneinfo.ZoneInfo:
        """The zone the server's results files write times in (bot.results.round_files.server_zone)."""
        return await server_zone(self.store, guild_id)

    async def listed(
        self,
        guild_id: int,
        *,
        limit: int,
        before_id: int | None,
        only: RoundFilter = RoundFilter(),  # noqa: B008 (frozen: one shared value is safe)
    ) -> list[RoundRecord]:
        """The server's rounds `only` lets through, newest first, `limit` of them older than round
        `before_id` when given."""
        return await self.store.guild_rounds(guild_id, limit=limit, before_id=before_id, only=only)

    async def players(self, guild_id: int, *, limit: int) -> list[int]:
        """Members who have answered in the server's rounds (the latest to play first): the list's choice."""
        return await self.store.guild_players(guild_id, limit=limit)

    async def of_server(self, guild_id: int, round_id: int) -> RoundRecord | None:
        """Round `round_id` if it is this server's; None for another server's, or none."""
        record = await self.store.get_round(round_id)
        return record if record is not None and record.guild_id == guild_id else None

    async def played(self, record: RoundRecord, bank: Decks) -> PlayedRound:
        """The round with what it asked and every answer given in it."""
        deck = await round_deck(self.store, bank, record)
        answers = await self.store.round_answers(record.id)
        return PlayedRound(record, deck, answers, pressed_hints(await self.store.round_hints(record.id)))

    async def question_lines(self, record: RoundRecord) -> list[ReportLine]:
        """Per question of the round: answered, right, and the commonest wrong answer."""
        return await self.store.question_report(record.guild_id, round_id=record.id)

    async def figures(self, played: PlayedRound) -> RoundFigures:
        """The round's ranking, totals and answer spreads over everyone who joined it."""
        record = played.record
        votes = await self.store.round_votes(record.id)
        members = await self.store.round_members(record.id)
        return figures(record, played.deck, played.answers, votes, members)
