"""The practice service: which questions a session plays, the sessions in play, their answers and their end.

Whoever asks (the /practice command, a round summary's button) gets decisions and data back; how they look
is theirs. Every step is saved in the store, so a session survives a restart; the bot's clock is injected.
"""

from __future__ import annotations

import json
import logging
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Protocol

from bot.achievements import award_practice
from bot.bank.models import Deck, Question
from bot.errors import UserError
from bot.locales import N_, _, slash
from bot.looks.text import stamp
from bot.quiz import (
    PracticeMode,
    PracticeResult,
    PracticeSession,
    QuizError,
    choose_questions,
    due_by,
    is_leech,
    missed_in_round,
)
from bot.quiz.achievements import Achievement
from bot.quiz.errors import NoHintError
from bot.quiz.hints import Hint
from bot.quiz.practice import MemoryState
from bot.quiz.until_learned import Passes
from bot.reviews import Reviews, reviewed_memories
from bot.store import Memory, PracticeAnswer, PracticeRecord, RoundRecord
from bot.store.records import DEFAULT_CARD_STYLE

if TYPE_CHECKING:
    from bot.store import Store

log = logging.getLogger(__name__)

# Sessions are saved at every step, so a restart loses none; one left alone this long is abandoned.
SESSION_LIFETIME = timedelta(hours=6)
ENDED = N_("This practice session has ended; start a new one with {cmd}.")


class Decks(Protocol):
    """Today's decks (bot.bank.Bank)."""

    def get(self, deck_id: str, guild_id: int | None) -> Deck | None: ...


# How a deck a member named is found: the deck, or a UserError saying there is none (cogs/lookup.find_deck).
FindDeck = Callable[[str, int | None], Deck]


@dataclass(slots=True)
class Practice:
    """A practice session in play, under the id its buttons carry (the store's)."""

    id: int
    session: PracticeSession
    saved_at: datetime


@dataclass(frozen=True, slots=True)
class Answered:
    """One answer judged and saved: the engine's feedback and the member's memory of the question now."""

    result: PracticeResult
    memory: Memory
    last: bool  # the session's last question (until learned, none came back)
    badges: tuple[Achievement, ...] = ()  # newly earned with this answer (Reviewer, Deck mastered)


@dataclass(frozen=True, slots=True)
class Summary:
    """A finished session: how it went, and what is due for the member in its deck."""

    deck_title: str
    right: int
    answered: int
    due: int
    next_due: datetime | None
    passes: list[tuple[Passes, Question | None]] | None  # a learn session's passes, in the member's words


def _state(session: PracticeSession) -> str:
    return json.dumps(session.to_dict(), separators=(",", ":"))


def _ensure_owner(owner_id: int, user_id: int) -> None:
    if owner_id != user_id:
        raise UserError(
            _("This practice belongs to someone else; start your own with {cmd}.", cmd=slash("practice"))
        )


class PracticeSessions:
    """The sessions of this process (a guild's live in the process whose shard holds it), kept in the store."""

    def __init__(
        self, store: Store, decks: Decks, find_deck: FindDeck, clock: Callable[[], datetime]
    ) -> None:
        self.store, self.decks, self.find_deck, self.clock = store, decks, find_deck, clock
        self.practices: dict[int, Practice] = {}

    # -- choosing ------------------------------------------------------------------------------------

    async def choose(
        self, user_id: int, guild_id: int | None, deck_name: str | None, count: int, mode: PracticeMode
    ) -> tuple[Deck, list[str]]:
        """The deck and questions a /practice of `mode` plays; UserError when there is nothing to play."""
        missed: tuple[str, ...] = ()
        if mode is PracticeMode.MISSED:
            deck, missed = await self._last_round_misses(user_id, guild_id, deck_name)
        elif not deck_name:
            raise UserError(_("Choose a deck to practise ({cmd} lists them).", cmd=slash("decks")))
        else:
            deck = self.find_deck(deck_name, guild_id)
        memories = {q: MemoryState.of(m) for q, m in (await self.store.memories(user_id, deck.id)).items()}
        now = self.clock()
        picked = choose_questions(deck, memories, mode, count, now, missed=missed, seed=secrets.randbits(32))
        if not picked:
            raise UserError(await self._nothing_to_practise(user_id, deck, mode))
        return deck, list(picked)

    async def _last_round_misses(
        self, user_id: int, guild_id: int | None, deck_name: str | None
    ) -> tuple[Deck, tuple[str, ...]]:
        last = await self.store.latest_round_played(user_id, guild_id)
        if last is None:
            raise UserError(_("You haven't answered in a round yet; play one, or use another mode."))
        if deck_name and deck_name != last.deck_id:
            raise UserError(
                _("Your last round was of another deck; leave `deck` empty to practise its misses.")
            )
        deck = self.find_deck(last.deck_id, last.guild_id)
        missed = await self._missed_in(last, deck, user_id)
        if not missed:
            raise UserError(_("You got everything right in your last round. Nothing to practise there!"))
        return deck, missed

    async def _nothing_to_practise(self, user_id: int, deck: Deck, mode: PracticeMode) -> str:
        if mode is PracticeMode.NEW:
            return _(
                "You have seen every question of “{deck}”; try mode:review or mode:mixed.", deck=deck.title
            )
        next_due = await self.store.next_due(user_id, deck.id)
        if next_due is None:
            return _("Nothing of “{deck}” is due: practise new questions first (mode:new).", deck=deck.title)
        when = stamp(next_due, "R")
        return _(
            "Nothing of “{deck}” is due for review; the next one is due {when}.", deck=deck.title, when=when
        )

    async def _missed_in(self, record: RoundRecord, deck: Deck, user_id: int) -> tuple[str, ...] | None:
        """What the member missed in that round (`missed_in_round`); None if they did not play it."""
        answers = {
            a.question_index: a.right
            for a in await self.store.round_answers(record.id)
            if a.user_id == user_id
        }
        if not answers:
            return None
        return missed_in_round(
            deck, record.question_ids, answers, current=record.current, revealed=record.revealed
        )

    async def round_misses(self, record: RoundRecord, user_id: int) -> tuple[Deck, tuple[str, ...]]:
        """A round summary's button: the deck and what the member missed in that round, or a UserError."""
        deck = self.find_deck(record.deck_id, record.guild_id)
        playable = await self._missed_in(record, deck, user_id)
        if playable is None:
            raise UserError(
                _(
                    "You didn't answer in that round, so there is nothing you missed; {cmd} plays its deck.",
                    cmd=slash("practice"),
                )
            )
        if not playable:
            raise UserError(_("You got every question of that round right. Nothing to practise!"))
        return deck, playable

    # -- playing -------------------------------------------------------------------------------------

    async def language_of(self, user_id: int, client_locale: str) -> str:
        """The language a session speaks: the member's choice, else their client's."""
        chosen = await self.store.member_language(user_id)
        return chosen or client_locale.split("-", maxsplit=1)[0].lower()

    async def begin(
        self,
        user_id: int,
        guild_id: int | None,
        deck: Deck,
        question_ids: Sequence[str],
        *,
        language: str | None,
        until_learned: bool = False,
    ) -> Practice:
        now = self.clock()
        await self._forget_abandoned(now)
        session = PracticeSession(
            user_id=user_id,
            deck=deck,
            question_ids=question_ids,
            seed=secrets.randbits(32),
            language=language,
            guild_id=guild_id,
            until_learned=until_learned,
        )
        practice_id = await self.store.start_practice(user_id, deck.id, _state(session), now)
        practice = self.practices[practice_id] = Practice(practice_id, session, now)
        return practice

    async def leech_failures(self, practice: Practice) -> int:
        """How often the member failed the current question, if it is a leech (failed four times or more:
        shown with its explanation first, to study, then answer); else 0."""
        s = practice.session
        kept = await self.store.question_memories(s.deck.id, s.question.id, [s.user_id])
        memory = kept.get(s.user_id)
        return memory.lapses if memory is not None and is_leech(MemoryState.of(memory)) else 0

    async def find(self, user_id: int, practice_id: int, index: int) -> Practice:
        """The member's practice a button belongs to, on the question it shows; after a restart, from the store."""
        practice = self.practices.get(practice_id)
        if practice is None:
            record = await self.store.practice(practice_id)
            if record is None:
                raise UserError(_(ENDED, cmd=slash("practice")))
            _ensure_owner(record.user_id, user_id)
            practice = await self._restore(record)
        else:
            _ensure_owner(practice.session.user_id, user_id)
        if practice.saved_at < self.clock() - SESSION_LIFETIME:
            self.practices.pop(practice_id, None)  # abandoned: ended here as the store's sweep would
            await self.store.end_practice(practice_id)
            raise UserError(_(ENDED, cmd=slash("practice")))
        if index != practice.session.index:
            raise UserError(_("That question has already moved on; use the latest practice message."))
        return practice

    async def _restore(self, record: PracticeRecord) -> Practice:
        """A session saved by an earlier run of the bot, as it was."""
        data = json.loads(record.state)
        deck = self.decks.get(record.deck_id, PracticeSession.guild_of(data))
        try:
            if deck is None:
                raise UserError(
                    _(
                        "This practice's deck is no longer available; start a new one with {cmd}.",
                        cmd=slash("practice"),
                    )
                )
            session = PracticeSession.from_dict(data, deck)
        except (UserError, QuizError):  # the deck, or one of its questions, is gone
            await self.store.end_practice(record.id)
            raise
        except (ValueError, KeyError, TypeError):
            log.warning(
                "practice %s could not be restored from %r", record.id, record.state[:200], exc_info=True
            )
            await self.store.end_practice(record.id)
            raise UserError(_(ENDED, cmd=slash("practice"))) from None
        # Two clicks may restore it at once: both go on with the same session.
        return self.practices.setdefault(record.id, Practice(record.id, session, record.updated_at))

    async def answer(
        self, practice: Practice, slot: int | None, text: str | None, slots: Sequence[int] | None = None
    ) -> Answered:
        """Judge the answer to the current question, move the member's memory of it and save both."""
        s = practice.session
        now = self.clock()
        result = s.answer(slot, text=text, now=now, slots=slots)
        question_id = result.question_id
        # A multi question's partial answer is remembered from half its points on, with gaps (Hard).
        reviews = Reviews(s.deck.id, question_id, now)
        reviews.add(s.user_id, result.right, result.share, hints=result.hints)
        memory = (await reviewed_memories(self.store, reviews))[s.user_id]
        await self.store.record_practice(
            PracticeAnswer(s.user_id, s.guild_id, s.deck.id, question_id, result.right, now), memory
        )
        await self._save(practice, now)
        badges = await self._badges(s, result.right, now)
        return Answered(result, memory, last=s.index + 1 >= s.question_count, badges=badges)

    async def _badges(self, s: PracticeSession, right: bool, now: datetime) -> tuple[Achievement, ...]:
        """The badges this answer newly earns in its server (none in a DM); none when the store fails:
        the answer is kept already, and the next one earns them again."""
        if s.guild_id is None:
            return ()
        try:
            return await award_practice(self.store, s.guild_id, s.user_id, s.deck, right, now)
        except Exception:
            log.exception("server %s: the practice badges of member %s were not kept", s.guild_id, s.user_id)
            return ()

    async def hints_on(self, guild_id: int | None) -> bool:
        """Whether practice offers Hint on typed questions: always in a DM, else as the server chose."""
        return guild_id is None or (await self.store.guild_settings(guild_id)).hints

    async def cards_on(self, guild_id: int | None) -> bool:
        """Whether practice started here shows its screens as Components V2 cards: as the server's rounds
        do (its card style); in a DM, or a server without the bot, the default style (cards)."""
        style = (
            DEFAULT_CARD_STYLE if guild_id is None else (await self.store.guild_settings(guild_id)).card_style
        )
        return style == "cards"

    async def hint(self, practice: Practice) -> Hint:
        """One press of Hint on the session's current question, saved with the session before it is shown."""
        s = practice.session
        if not await self.hints_on(s.guild_id):
            raise NoHintError
        hint = s.take_hint()
        await self._save(practice, self.clock())
        return hint

    async def next(self, practice: Practice) -> Summary | None:
        """On to the next question (None), or the session is over and ended: its summary."""
        s = practice.session
        if not s.answered:
            raise UserError(_("Answer this question first."))
        now = self.clock()
        if s.next():
            await self._save(practice, now)
            return None
        await self.store.end_practice(practice.id)
        self.practices.pop(practice.id, None)
        due = await self.store.due_count(s.user_id, due_by(now), s.deck.id)
        next_due = await self.store.next_due(s.user_id, s.deck.id)
        passes = None
        if s.until_learned:  # each question in the words the member practised it in
            shown = {q.id: q.in_language(s.language) for q in s.deck.questions}
            passes = [(p, shown.get(p.question_id)) for p in s.passes()]
        return Summary(s.deck.title, s.right_count, s.answered_count, due, next_due, passes)

    async def _save(self, practice: Practice, now: datetime) -> None:
        await self.store.save_practice(practice.id, _state(practice.session), now)
        practice.saved_at = now

    async def _forget_abandoned(self, now: datetime) -> None:
        cutoff = now - SESSION_LIFETIME
        for key in [k for k, p in self.practices.items() if p.saved_at < cutoff]:
            del self.practices[key]
        await self.store.forget_practices_before(cutoff)
