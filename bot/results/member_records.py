"""The boards and a member's record read back, for /leaderboard, /stats, /mistakes and the dashboard alike:
a page of a server's board with the viewer's own line, a member's points, mastery, leeches and due reviews,
and the questions they miss most."""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from bot.achievements import badges_of
from bot.bank.models import Deck, Question
from bot.quiz import (
    DEFAULT_RETENTION,
    Mastery,
    MemoryState,
    Misses,
    deck_mastery,
    due_by,
    leeches,
    most_missed,
)
from bot.quiz.achievements import Achievement
from bot.store import Board, BoardLine, GroupWeek, MemberParameters, MemberStats, Period

if TYPE_CHECKING:
    from bot.store import Store


@dataclass(frozen=True, slots=True)
class BoardPage:
    board: Board
    page: int  # from 0; the last one when the page asked for is past the end
    pages: int
    viewer_line: BoardLine | None  # the viewer's own line, on this page or not; None: no answer in the period


@dataclass(frozen=True, slots=True)
class DeckMastery:
    deck: Deck
    mastery: Mastery
    missed: bool  # the member has missed one of its questions (so /mistakes has something)


@dataclass(frozen=True, slots=True)
class Memories:
    """The member's mastery of each deck they have met, and their leeches in them, most failed first."""

    decks: list[DeckMastery]
    leeches: list[tuple[Deck, Question, Misses]]

    @property
    def learned(self) -> int:
        return sum(d.mastery.learned for d in self.decks)


@dataclass(frozen=True, slots=True)
class MemberRecord:
    stats: MemberStats
    due: int  # reviews due now, in every deck
    retention: float
    memories: Memories
    badges: tuple[Achievement, ...] = ()  # earned in this server, in the order they are shown
    parameters: MemberParameters | None = None  # the fsrs parameters fitted to them (None: the defaults)


class Records:
    """The answers and memories the store keeps, read back as the boards and a member's record."""

    def __init__(self, store: Store) -> None:
        self.store = store

    async def board_page(
        self,
        guild_id: int,
        period: Period,
        now: datetime,
        *,
        deck_id: str | None,
        page: int,
        size: int,
        viewer: int | None = None,
    ) -> BoardPage:
        """Page `page` (from 0) of the server's board for the period holding `now`, `size` lines a page."""
        store = self.store
        board = await store.leaderboard(
            guild_id, period, now, deck_id=deck_id, offset=page * size, limit=size
        )
        pages = max(1, -(-board.total // size))
        if page >= pages and board.total:
            page = pages - 1
            board = await store.leaderboard(
                guild_id, period, now, deck_id=deck_id, offset=page * size, limit=size
            )
        mine = None
        if viewer is not None:
            mine = next((line for line in board.lines if line.user_id == viewer), None)
            if mine is None:
                mine = await store.member_rank(guild_id, viewer, period, now, deck_id=deck_id)
        return BoardPage(board, page, pages, mine)

    async def group_weeks(self, guild_id: int, now: datetime) -> tuple[GroupWeek, ...]:
        """The server's last weeks of round answers, oldest first: how many, how many right, and how many
        members took part (the server's home on the dashboard)."""
        return await self.store.group_weeks(guild_id, now)

    async def servers_played(
        self, user_id: int, among: Collection[int], now: datetime
    ) -> list[tuple[int, MemberStats]]:
        """The member's stats in each server of `among` where they have answered in a round."""
        played = [g for g in await self.store.member_guilds(user_id) if g in among]
        return [(guild_id, await self.store.member_stats(guild_id, user_id, now)) for guild_id in played]

    async def due_now(self, user_id: int, now: datetime) -> int:
        """How many of the member's reviews are due now, in every deck (learning ahead, as practice does)."""
        return await self.store.due_count(user_id, due_by(now))

    async def retention_of(self, user_id: int) -> float:
        """The member's desired retention (/preferences), or fsrs's default."""
        return await self.store.member_retention(user_id) or DEFAULT_RETENTION

    async def memory_states(self, user_id: int, deck_id: str) -> dict[str, MemoryState]:
        """The member's memory of each question of the deck they have met, by question id."""
        return {q: MemoryState.of(m) for q, m in (await self.store.memories(user_id, deck_id)).items()}

    async def missed_most(self, user_id: int, deck: Deck, count: int) -> list[tuple[Question, Misses]]:
        """The member's `count` most missed questions of the deck, most missed first (those it still has)."""
        memories = await self.memory_states(user_id, deck.id)
        missed: list[tuple[Question, Misses]] = []
        for misses in most_missed(memories, len(memories)):
            question = deck.question(misses.question_id)
            if question is not None:  # the deck may have dropped a question since
                missed.append((question, misses))
        return missed[:count]

    async def memories_of(
        self, user_id: int, decks: Iterable[Deck], now: datetime, retention: float
    ) -> Memories:
        """The member's mastery of each deck of `decks` they have met, and their leeches in them."""
        found: list[DeckMastery] = []
        their_leeches: list[tuple[Deck, Question, Misses]] = []
        for deck in decks:
            memories = await self.memory_states(user_id, deck.id)
            if not memories:
                continue
            mastery = deck_mastery([q.id for q in deck.questions], memories, now, desired_retention=retention)
            if mastery.seen:
                found.append(DeckMastery(deck, mastery, missed=bool(most_missed(memories, 1))))
            for leech in leeches(memories):
                question = deck.question(leech.question_id)
                if question is not None:
                    their_leeches.append((deck, question, leech))
        their_leeches.sort(key=lambda item: -item[2].failures)
        return Memories(found, their_leeches)

    async def member_record(
        self, guild_id: int, user_id: int, decks: Iterable[Deck], now: datetime
    ) -> MemberRecord:
        """What /stats shows: round answers in this server (none in the server 0), practice anywhere."""
        stats = await self.store.member_stats(guild_id, user_id, now)
        due = await self.due_now(user_id, now)
        retention = await self.retention_of(user_id)
        memories = await self.memories_of(user_id, decks, now, retention)
        badges = await badges_of(self.store, guild_id, user_id)
        fitted = (await self.store.member_parameters([user_id])).get(user_id)
        return MemberRecord(stats, due, retention, memories, badges, fitted)
