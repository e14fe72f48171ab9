"""The practice cog: /practice, and the desk its buttons reach (answers, next, original language)."""

from __future__ import annotations

import json
import logging
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.bank.models import Deck, Kind
from bot.errors import UserError
from bot.locales import N_, _, number, slash
from bot.quiz import (
    PracticeMode,
    PracticeSession,
    QuizError,
    choose_questions,
    due_by,
    is_leech,
    missed_in_round,
)
from bot.quiz.practice import MemoryState
from bot.rounds import reviewed_memories
from bot.store import PracticeRecord, RoundRecord
from bot.ui import replies
from bot.ui.desks import PRACTICE_DESK, GivenAnswer, TextAnswerForm
from bot.ui.practice import (
    feedback_embed,
    feedback_view,
    practice_question_embed,
    practice_question_view,
    practice_summary_embed,
    translation_embed,
)
from cogs.lookup import deck_choices, find_deck
from cogs.permissions import anywhere

if TYPE_CHECKING:
    from bot.discord.client import BvunzoBot

log = logging.getLogger(__name__)

# Sessions are saved at every step, so a restart loses none; one left alone this long is abandoned.
SESSION_LIFETIME = timedelta(hours=6)
ENDED = N_("This practice session has ended; start a new one with {cmd}.")
# The typed-answer form of practice has no round clock to follow; a member may think a while.
FORM_SECONDS = 900


@dataclass(slots=True)
class Practice:
    """A practice session in play, under the id its buttons carry (the store's)."""

    id: int
    session: PracticeSession
    saved_at: datetime


def _ensure_owner(user_id: int, interaction: discord.Interaction) -> None:
    if user_id != interaction.user.id:
        raise UserError(
            _("This practice belongs to someone else; start your own with {cmd}.", cmd=slash("practice"))
        )


def _state(session: PracticeSession) -> str:
    return json.dumps(session.to_dict(), separators=(",", ":"))


class PracticeCog(commands.Cog, name="Practice"):  # i18n: not shown
    def __init__(self, bot: BvunzoBot) -> None:
        self.bot = bot
        self.practices: dict[int, Practice] = {}

    async def cog_load(self) -> None:
        self.bot.owners.provide(PRACTICE_DESK, self)

    async def cog_unload(self) -> None:
        self.bot.owners.withdraw(PRACTICE_DESK, self)

    @app_commands.command(
        name="practice", description="Practise a deck alone, with feedback and spaced review"
    )
    @anywhere
    @app_commands.describe(
        deck="The deck to practise",
        count="How many questions (1-50)",
        mode="mixed: due then new; review: due; new: unseen; missed: last round's misses; learn: misses come back",
    )
    async def practice(
        self,
        interaction: discord.Interaction,
        deck: str | None = None,
        count: app_commands.Range[int, 1, 50] = 10,
        mode: Literal["mixed", "review", "new", "missed", "learn"] = "mixed",
    ) -> None:
        user_id = interaction.user.id
        now = self.bot.clock()
        missed: tuple[str, ...] = ()
        if mode == "missed":
            last = await self.bot.store.latest_round_played(user_id, interaction.guild_id)
            if last is None:
                raise UserError(_("You haven't answered in a round yet; play one, or use another mode."))
            if deck and deck != last.deck_id:
                raise UserError(
                    _("Your last round was of another deck; leave `deck` empty to practise its misses.")
                )
            chosen = find_deck(self.bot, last.deck_id, last.guild_id)
            missed = await self._missed_in(last, chosen, user_id) or ()
            if not missed:
                raise UserError(_("You got everything right in your last round. Nothing to practise there!"))
        else:
            if not deck:
                raise UserError(_("Choose a deck to practise ({cmd} lists them).", cmd=slash("decks")))
            chosen = find_deck(self.bot, deck, interaction.guild_id)
        memories = {
            q: MemoryState.of(m) for q, m in (await self.bot.store.memories(user_id, chosen.id)).items()
        }
        picked = choose_questions(
            chosen, memories, PracticeMode(mode), count, now, missed=missed, seed=secrets.randbits(32)
        )
        if not picked:
            raise UserError(await self._nothing_to_practise(user_id, chosen, mode))
        await self._begin(interaction, chosen, picked, until_learned=mode == "learn")

    @practice.autocomplete("deck")
    async def _deck_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return deck_choices(self.bot, interaction.guild_id, current)

    async def _nothing_to_practise(self, user_id: int, deck: Deck, mode: str) -> str:
        if mode == "new":
            return _(
                "You have seen every question of “{deck}”; try mode:review or mode:mixed.", deck=deck.title
            )
        next_due = await self.bot.store.next_due(user_id, deck.id)
        if next_due is None:
            return _("Nothing of “{deck}” is due: practise new questions first (mode:new).", deck=deck.title)
        when = f"<t:{int(next_due.timestamp())}:R>"
        return _(
            "Nothing of “{deck}” is due for review; the next one is due {when}.", deck=deck.title, when=when
        )

    async def _missed_in(self, record: RoundRecord, deck: Deck, user_id: int) -> tuple[str, ...] | None:
        """What the member missed in that round (`missed_in_round`); None if they did not play it."""
        answers = {
            a.question_index: a.right
            for a in await self.bot.store.round_answers(record.id)
            if a.user_id == user_id
        }
        if not answers:
            return None
        return missed_in_round(
            deck, record.question_ids, answers, current=record.current, revealed=record.revealed
        )

    async def start_missed(self, interaction: discord.Interaction, record: RoundRecord) -> None:
        """The round summary's button: practise what the clicker missed in that round."""
        deck = find_deck(self.bot, record.deck_id, record.guild_id)
        playable = await self._missed_in(record, deck, interaction.user.id)
        if playable is None:
            raise UserError(
                _(
                    "You didn't answer in that round, so there is nothing you missed; {cmd} plays its deck.",
                    cmd=slash("practice"),
                )
            )
        if not playable:
            raise UserError(_("You got every question of that round right. Nothing to practise!"))
        await self._begin(interaction, deck, playable)

    async def _language(self, interaction: discord.Interaction) -> str | None:
        chosen = await self.bot.store.member_language(interaction.user.id)
        return chosen or str(interaction.locale).split("-")[0].lower()

    async def _begin(
        self,
        interaction: discord.Interaction,
        deck: Deck,
        question_ids: list[str] | tuple[str, ...],
        *,
        until_learned: bool = False,
    ) -> None:
        now = self.bot.clock()
        await self._forget_abandoned(now)
        session = PracticeSession(
            user_id=interaction.user.id,
            deck=deck,
            question_ids=question_ids,
            seed=secrets.randbits(32),
            language=await self._language(interaction),
            guild_id=interaction.guild_id,
            until_learned=until_learned,
        )
        practice_id = await self.bot.store.start_practice(session.user_id, deck.id, _state(session), now)
        practice = self.practices[practice_id] = Practice(practice_id, session, now)
        embed, view = await self._question_screen(practice)
        await replies.send(interaction, embed=embed, view=view, ephemeral=True)

    async def _question_screen(self, practice: Practice) -> tuple[discord.Embed, discord.ui.View]:
        s = practice.session
        question = s.question
        # A leech (failed four times or more) is shown with its explanation first: study, then answer.
        kept = await self.bot.store.question_memories(s.deck.id, question.id, [s.user_id])
        memory = kept.get(s.user_id)
        failures = memory.lapses if memory is not None and is_leech(MemoryState.of(memory)) else 0
        embed = practice_question_embed(
            question,
            s.order,
            index=s.index,
            total=s.question_count,
            deck_title=s.deck.title,
            leech_failures=failures,
        )
        original = s.deck.question(question.id)
        original_lang = original.lang if original is not None else None
        return embed, practice_question_view(practice.id, s.index, question, s.order, original_lang)

    async def _find(self, interaction: discord.Interaction, practice_id: int, index: int) -> Practice:
        """The member's practice that button belongs to, on the question it shows; after a restart, from the store."""
        practice = self.practices.get(practice_id)
        if practice is None:
            record = await self.bot.store.practice(practice_id)
            if record is None:
                raise UserError(_(ENDED, cmd=slash("practice")))
            _ensure_owner(record.user_id, interaction)
            practice = await self._restore(record)
        else:
            _ensure_owner(practice.session.user_id, interaction)
        if practice.saved_at < self.bot.clock() - SESSION_LIFETIME:
            self.practices.pop(practice_id, None)  # abandoned: ended here as the store's sweep would
            await self.bot.store.end_practice(practice_id)
            raise UserError(_(ENDED, cmd=slash("practice")))
        if index != practice.session.index:
            raise UserError(_("That question has already moved on; use the latest practice message."))
        return practice

    async def _restore(self, record: PracticeRecord) -> Practice:
        """A session saved by an earlier run of the bot, as it was."""
        data = json.loads(record.state)
        deck = self.bot.bank.get(record.deck_id, PracticeSession.guild_of(data))
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
            await self.bot.store.end_practice(record.id)
            raise
        except (ValueError, KeyError, TypeError):
            log.warning(
                "practice %s could not be restored from %r", record.id, record.state[:200], exc_info=True
            )
            await self.bot.store.end_practice(record.id)
            raise UserError(_(ENDED, cmd=slash("practice"))) from None
        # Two clicks may restore it at once: both go on with the same session.
        return self.practices.setdefault(record.id, Practice(record.id, session, record.updated_at))

    async def _save(self, practice: Practice, now: datetime) -> None:
        await self.bot.store.save_practice(practice.id, _state(practice.session), now)
        practice.saved_at = now

    async def _forget_abandoned(self, now: datetime) -> None:
        cutoff = now - SESSION_LIFETIME
        for key in [k for k, p in self.practices.items() if p.saved_at < cutoff]:
            del self.practices[key]
        await self.bot.store.forget_practices_before(cutoff)

    # -- the answer desk (cogs/answers.py) -----------------------------------------------------------

    async def on_answer(self, interaction: discord.Interaction, given: GivenAnswer) -> None:
        practice = await self._find(interaction, given.play_id, given.index)
        s = practice.session
        now = self.bot.clock()
        result = s.answer(given.slot, text=given.text, now=now)
        question_id = s.question.id
        memories = await reviewed_memories(
            self.bot.store, s.deck.id, question_id, {s.user_id: result.right}, now
        )
        memory = memories[s.user_id]
        await self.bot.store.record_practice(
            s.user_id, s.guild_id, s.deck.id, question_id, result.right, now, memory
        )
        self.bot.telemetry.answer_recorded("practice")
        await self._save(practice, now)
        embed = feedback_embed(
            s.question,
            s.order,
            right=result.right,
            right_slots=result.right_slots,
            chosen=given.slot,
            typed=given.text,
            index=s.index,
            total=s.question_count,
            next_due=memory.due,
            comes_back=result.comes_back,
        )
        last = s.index + 1 >= s.question_count
        view = feedback_view(practice.id, s.index, s.deck.id, question_id, last=last)
        await replies.edit(interaction, embed=embed, view=view)

    async def text_answer_form(
        self, interaction: discord.Interaction, practice_id: int, index: int
    ) -> TextAnswerForm:
        practice = await self._find(interaction, practice_id, index)
        question = practice.session.question
        if question.kind is not Kind.TEXT:
            raise UserError(_("That question is answered with the letter buttons."))
        title = _("Practice question {number}", number=number(index + 1))
        return TextAnswerForm(title, question.prompt, FORM_SECONDS)

    # -- practice's own buttons ----------------------------------------------------------------------

    async def on_next(self, interaction: discord.Interaction, practice_id: int, index: int) -> None:
        practice = await self._find(interaction, practice_id, index)
        s = practice.session
        if not s.answered:
            raise UserError(_("Answer this question first."))
        now = self.bot.clock()
        if s.next():
            await self._save(practice, now)
            embed, view = await self._question_screen(practice)
            await replies.edit(interaction, embed=embed, view=view)
            return
        await self.bot.store.end_practice(practice_id)
        self.practices.pop(practice_id, None)
        due = await self.bot.store.due_count(s.user_id, due_by(now), s.deck.id)
        next_due = await self.bot.store.next_due(s.user_id, s.deck.id)
        passes = None
        if s.until_learned:  # each question in the words the member practised it in
            shown = {q.id: q.in_language(s.language) for q in s.deck.questions}
            passes = [(p, shown.get(p.question_id)) for p in s.passes()]
        embed = practice_summary_embed(
            s.deck.title, s.right_count, s.answered_count, due, next_due, passes=passes
        )
        await replies.edit(interaction, embed=embed, view=None)

    async def on_original(self, interaction: discord.Interaction, practice_id: int, index: int) -> None:
        practice = await self._find(interaction, practice_id, index)
        original = practice.session.deck.question(practice.session.question.id)
        assert original is not None
        embed = translation_embed(
            original, practice.session.order, original.lang, revealed=practice.session.answered
        )
        await replies.send(interaction, embed=embed, ephemeral=True)
