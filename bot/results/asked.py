"""What a round, an assignment or a question of the day asked, read back from the versions it kept.

Every report, file and page of something played reads its questions here, never from today's deck: an
edit or a deleted deck changes what the next round asks, not what an earlier one did. Rounds played before
versions were kept are given theirs once, at the bot's start, from the decks as they are then
(give_snapshots); until then (a dashboard running alone) today's deck stands in, which is what they get.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Protocol

from bot.bank.models import Deck, Question
from bot.bank.versions import asked_deck, question_from, version_of
from bot.store import AssignmentRecord, GivenVersions, QotdDay, RoundRecord

if TYPE_CHECKING:
    from bot.store import Store

log = logging.getLogger(__name__)

SNAPSHOTS_PER_WRITE = 1_000


class Decks(Protocol):
    """Today's decks (bot.bank.Bank)."""

    def get(self, deck_id: str, guild_id: int | None) -> Deck | None: ...


def _today(bank: Decks, deck_id: str, question_id: str, guild_id: int) -> Question | None:
    deck = bank.get(deck_id, guild_id)
    return None if deck is None else deck.question(question_id)


def versions_asked(deck: Deck | None, question_ids: Sequence[str]) -> list[tuple[str, str] | None]:
    """(digest, JSON) of each question as `deck` has it today, in order; None where it has none."""
    found: list[tuple[str, str] | None] = []
    for question_id in question_ids:
        question = None if deck is None else deck.question(question_id)
        if question is None:
            found.append(None)
        else:
            version = version_of(question)
            found.append((version.digest, version.body))
    return found


async def _deck_of(
    store: Store, deck_id: str, question_ids: Sequence[str], digests: Sequence[str | None], today: Deck | None
) -> Deck:
    kept = await store.question_versions(d for d in digests if d)
    return asked_deck(deck_id, question_ids, digests, {d: v.body for d, v in kept.items()}, today=today)


async def round_deck(store: Store, bank: Decks, record: RoundRecord) -> Deck | None:
    """The round's questions as it asked them (named by the round's question ids); None only for a round
    not yet given its snapshot whose deck is gone."""
    today = bank.get(record.deck_id, record.guild_id)
    if not record.versions:
        return today
    return await _deck_of(store, record.deck_id, record.question_ids, record.versions, today)


async def assignment_deck(store: Store, bank: Decks, record: AssignmentRecord) -> Deck | None:
    """The assignment's questions as it asked them, as round_deck."""
    today = bank.get(record.deck_id, record.guild_id)
    digests = await store.assignment_versions(record.id)
    if digests is None:
        return today
    return await _deck_of(store, record.deck_id, record.question_ids, digests, today)


async def qotd_question(store: Store, bank: Decks, day: QotdDay) -> Question | None:
    """A day's question of the day as it was asked."""
    digest = await store.qotd_version(day.guild_id, day.day)
    if digest is not None:
        kept = await store.question_versions([digest])
        if digest in kept:
            return question_from(kept[digest].body, day.question_id)
    return _today(bank, day.deck_id, day.question_id, day.guild_id)


async def qotd_questions(
    store: Store, bank: Decks, days: Sequence[tuple[QotdDay, str | None]]
) -> list[Question | None]:
    """Several days' questions as they were asked, as qotd_question, each day given with its version's
    digest (as the dashboard's list of days reads it): one read of the versions for them all."""
    kept = await store.question_versions({digest for _day, digest in days if digest})
    return [
        question_from(kept[digest].body, day.question_id)
        if digest in kept
        else _today(bank, day.deck_id, day.question_id, day.guild_id)
        for day, digest in days
    ]


async def keep_assignment_versions(store: Store, record: AssignmentRecord, deck: Deck, now: datetime) -> None:
    """Keep what a new assignment asks (its questions as `deck` has them)."""
    await _give_assignment(store, record.id, deck, record.question_ids, now)


async def keep_qotd_version(store: Store, day: QotdDay, question: Question, now: datetime) -> None:
    """Keep what a day's question of the day asks."""
    version = version_of(question)
    await store.set_qotd_version(day.guild_id, day.day, (version.digest, version.body), now)


async def _give_assignment(
    store: Store, assignment_id: int, deck: Deck | None, question_ids: Sequence[str], now: datetime
) -> None:
    found = versions_asked(deck, question_ids)
    digests = [v[0] if v else None for v in found]
    await store.set_assignment_versions(
        GivenVersions([(assignment_id, digests)], [v for v in found if v], now)
    )


async def keep_deck_versions(store: Store, decks: Iterable[Deck], now: datetime) -> None:
    """Keep today's version of each question of `decks` (a saved or loaded deck): the day a question's
    version was first seen is the day it was edited, which item analysis tells."""
    versions = {}
    for deck in decks:
        for question in deck.questions:
            version = version_of(question)
            versions[version.digest] = version.body
    await store.keep_versions(sorted(versions.items()), now)


@dataclass(frozen=True, slots=True)
class Snapshots:
    rounds: int
    assignments: int
    qotd_days: int
    first_tries: int  # questions whose first tries from before versions took today's version


async def give_snapshots(store: Store, bank: Decks, now: datetime) -> Snapshots:
    """Give what was played before versions were kept its questions from today's decks, once.

    A question (or deck) gone by now is left without a version: its reports say what its answers say.
    """
    given = Snapshots(
        await _give_rounds(store, bank, now),
        await _give_assignments(store, bank, now),
        await _give_qotd_days(store, bank, now),
        await _give_first_tries(store, bank, now),
    )
    if given.rounds or given.assignments or given.qotd_days or given.first_tries:
        log.info(
            "gave %d past rounds a snapshot of their questions from today's decks "
            "(and %d assignments, %d questions of the day; first tries of %d questions)",
            given.rounds,
            given.assignments,
            given.qotd_days,
            given.first_tries,
        )
    return given


async def _give_rounds(store: Store, bank: Decks, now: datetime) -> int:
    rounds = await store.rounds_without_versions()
    for first in range(0, len(rounds), SNAPSHOTS_PER_WRITE):  # a big history in a few transactions
        batch: list[tuple[int, Sequence[str | None]]] = []
        kept: dict[str, str] = {}
        for record in rounds[first : first + SNAPSHOTS_PER_WRITE]:
            found = versions_asked(bank.get(record.deck_id, record.guild_id), record.question_ids)
            batch.append((record.id, [v[0] if v else None for v in found]))
            kept.update(v for v in found if v)
        await store.set_round_versions(GivenVersions(batch, sorted(kept.items()), now))
    return len(rounds)


async def _give_assignments(store: Store, bank: Decks, now: datetime) -> int:
    assignments = await store.assignments_without_versions()
    for assignment_id, guild_id, deck_id, question_ids in assignments:
        await _give_assignment(store, assignment_id, bank.get(deck_id, guild_id), question_ids, now)
    return len(assignments)


async def _give_qotd_days(store: Store, bank: Decks, now: datetime) -> int:
    days = await store.qotd_days_without_version()
    for guild_id, day, deck_id, question_id in days:
        question = _today(bank, deck_id, question_id, guild_id)
        version = None if question is None else version_of(question)
        await store.set_qotd_version(
            guild_id, day, None if version is None else (version.digest, version.body), now
        )
    return len(days)


async def _give_first_tries(store: Store, bank: Decks, now: datetime) -> int:
    """First tries kept under no version: today's version of their question, where it still exists."""
    tries = await store.unversioned_first_tries()
    moved = 0
    for guild_id, deck_id, question_id in tries:
        question = _today(bank, deck_id, question_id, guild_id)  # answers name a question's own deck
        if question is None:
            continue  # stays under '': no version of it can be known; item analysis no longer lists it
        version = version_of(question)
        await store.keep_versions([(version.digest, version.body)], now)
        await store.version_first_tries(guild_id, deck_id, question_id, version.digest)
        moved += 1
    return moved
