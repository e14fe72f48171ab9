"""The practice cog: /practice, and the desk its buttons reach (answers, next, original language).

The rules live in the practice service (bot/practice): this cog parses, asks it and renders its answers.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

import discord
from discord import app_commands

from bot.bank.models import Deck
from bot.discord.cogs import Cog
from bot.errors import UserError
from bot.locales import _, number
from bot.practice import Practice, PracticeSessions
from bot.quiz import PracticeMode
from bot.store import RoundRecord
from bot.ui import replies
from bot.ui.achievements import add_new_badges
from bot.ui.answers import hint_reply
from bot.ui.desks import PRACTICE_DESK, GivenAnswer, TextAnswerForm
from bot.ui.order_picker import answer_form, takes_form
from bot.ui.practice import (
    feedback_embed,
    feedback_view,
    practice_question_embed,
    practice_question_view,
    practice_summary_embed,
    translation_embed,
)
from bot.ui.practice_cards import cleared_picker, in_cards, next_in_cards, practice_screen
from bot.ui.question_pictures import question_files
from cogs.lookup import deck_choices, find_deck
from cogs.permissions import anywhere

if TYPE_CHECKING:
    from bot.discord.client import BvunzoBot

# The typed-answer form of practice has no round clock to follow; a member may think a while.
FORM_SECONDS = 900


class PracticeCog(Cog, name="Practice"):  # i18n: not shown
    def __init__(self, bot: BvunzoBot) -> None:
        self.bot = bot
        self.sessions = PracticeSessions(
            bot.store, bot.bank, lambda deck_id, guild_id: find_deck(bot, deck_id, guild_id), bot.clock
        )

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
        chosen, picked = await self.sessions.choose(
            interaction.user.id, interaction.guild_id, deck, count, PracticeMode(mode)
        )
        await self._begin(interaction, chosen, picked, until_learned=mode == "learn")

    @practice.autocomplete("deck")
    async def _deck_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return deck_choices(self.bot, interaction.guild_id, current)

    async def start_missed(self, interaction: discord.Interaction, record: RoundRecord) -> None:
        """The round summary's button: practise what the clicker missed in that round."""
        deck, playable = await self.sessions.round_misses(record, interaction.user.id)
        await self._begin(interaction, deck, playable)

    async def _begin(
        self,
        interaction: discord.Interaction,
        deck: Deck,
        question_ids: list[str] | tuple[str, ...],
        *,
        until_learned: bool = False,
    ) -> None:
        user_id = interaction.user.id
        language = await self.sessions.language_of(user_id, str(interaction.locale))
        practice = await self.sessions.begin(
            user_id, interaction.guild_id, deck, question_ids, language=language, until_learned=until_learned
        )
        embed, view, files = await self._question_screen(practice)
        shown = practice_screen(
            embed, view, deck.title, cards=await self.sessions.cards_on(interaction.guild_id)
        )
        await replies.send(interaction, **shown, files=files, ephemeral=True)

    async def _question_screen(
        self, practice: Practice
    ) -> tuple[discord.Embed, discord.ui.View, list[discord.File]]:
        s = practice.session
        question = s.question
        embed = practice_question_embed(
            question,
            s.order,
            index=s.index,
            total=s.question_count,
            deck_title=s.deck.title,
            leech_failures=await self.sessions.leech_failures(practice),
        )
        original = s.deck.question(question.id)
        original_lang = original.lang if original is not None else None
        hints = await self.sessions.hints_on(s.guild_id)
        view = practice_question_view(practice.id, s.index, question, s.order, original_lang, hints=hints)
        files = await question_files(
            embed, question, s.index, guild_id=s.deck.guild_id, pictures=self.bot.pictures, explanation=False
        )
        return embed, view, files

    async def _find(self, interaction: discord.Interaction, practice_id: int, index: int) -> Practice:
        return await self.sessions.find(interaction.user.id, practice_id, index)

    # -- the answer desk (cogs/answers.py) -----------------------------------------------------------

    async def on_answer(self, interaction: discord.Interaction, given: GivenAnswer) -> None:
        practice = await self._find(interaction, given.play_id, given.index)
        answered = await self.sessions.answer(practice, given.slot, given.text, given.slots)
        self.bot.telemetry.answer_recorded("practice")
        result, s = answered.result, practice.session
        embed = feedback_embed(
            s.question,
            s.order,
            right=result.right,
            right_slots=result.right_slots,
            chosen=given.slot,
            typed=given.text,
            index=s.index,
            total=s.question_count,
            next_due=answered.memory.due,
            comes_back=result.comes_back,
            picked=result.slots,
            share=result.share,
        )
        add_new_badges(embed, answered.badges)
        view = feedback_view(practice.id, s.index, s.deck.id, result.question_id, last=answered.last)
        files = await question_files(
            embed, s.question, s.index, guild_id=s.deck.guild_id, pictures=self.bot.pictures, explanation=True
        )
        cards = await next_in_cards(interaction, lambda: self.sessions.cards_on(interaction.guild_id))
        shown = cleared_picker(interaction, practice_screen(embed, view, s.deck.title, cards=cards))
        await replies.edit(interaction, **shown, attachments=files)

    async def text_answer_form(
        self, interaction: discord.Interaction, practice_id: int, index: int
    ) -> TextAnswerForm:
        practice = await self._find(interaction, practice_id, index)
        question = practice.session.question
        if not takes_form(question):
            raise UserError(_("That question is answered with the letter buttons."))
        title = _("Practice question {number}", number=number(index + 1))
        return answer_form(title, question, practice.session.order, FORM_SECONDS)

    async def on_hint(self, interaction: discord.Interaction, play_id: int, index: int) -> None:
        practice = await self._find(interaction, play_id, index)
        hint = await self.sessions.hint(practice)
        own = hint.presses == 1 and bool(practice.session.question.hint)
        await replies.send(interaction, hint_reply(hint, own), ephemeral=True)

    # -- practice's own buttons ----------------------------------------------------------------------

    async def on_next(self, interaction: discord.Interaction, practice_id: int, index: int) -> None:
        practice = await self._find(interaction, practice_id, index)
        summary = await self.sessions.next(practice)
        if summary is None:
            embed, view, files = await self._question_screen(practice)
            shown = practice_screen(embed, view, practice.session.deck.title, cards=in_cards(interaction))
            await replies.edit(interaction, **shown, attachments=files)  # the last one's go
            return
        embed = practice_summary_embed(
            summary.deck_title,
            summary.right,
            summary.answered,
            summary.due,
            summary.next_due,
            passes=summary.passes,
        )
        shown = practice_screen(embed, None, summary.deck_title, cards=in_cards(interaction))
        await replies.edit(interaction, **shown, attachments=[])

    async def on_original(self, interaction: discord.Interaction, practice_id: int, index: int) -> None:
        practice = await self._find(interaction, practice_id, index)
        original = practice.session.deck.question(practice.session.question.id)
        assert original is not None
        embed = translation_embed(
            original, practice.session.order, original.lang, revealed=practice.session.answered
        )
        await replies.send(interaction, embed=embed, ephemeral=True)
