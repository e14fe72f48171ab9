"""The rounds' desk (bot/ui/desks.py: RoundDesk): what a click on a round's message asks, translated for the service.

Each handler checks the round belongs to the clicker's server, asks the round service (or the engine
state of a round that ended), and answers in one ephemeral sentence.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from bot.bank.models import Kind, typed_words
from bot.errors import UserError
from bot.locales import _, number
from bot.quiz import MissingQuestionError, RoundState, choice_order
from bot.rounds import RoundService, RunningRound
from bot.rounds.server_settings import ServerSettings
from bot.store import RoundRecord
from bot.ui import replies
from bot.ui.answers import hint_reply
from bot.ui.desks import PRACTICE_DESK, GivenAnswer, TextAnswerForm, find_desk
from bot.ui.order_picker import answer_form, takes_form
from bot.ui.practice import translation_embed, translation_target
from bot.ui.round import my_result_text, team_name
from bot.ui.text import clip, letter
from cogs.quiz._steer import ensure_may_steer

if TYPE_CHECKING:
    from bot.discord.client import BvunzoBot

# How long the typed-answer form of an untimed question stays open: it has no deadline to go by.
UNTIMED_FORM_SECONDS = 15 * 60
# A form outlives its question by a little, so an answer typed at the last second still arrives.
FORM_GRACE_SECONDS = 30


class QuizDesk:
    """Serves ROUND_DESK for the quiz cog."""

    def __init__(self, bot: BvunzoBot, rounds: RoundService, settings: ServerSettings) -> None:
        self.bot = bot
        self.rounds = rounds
        self.settings = settings

    # -- finding the round --------------------------------------------------------------------------

    async def _owned_round(
        self, interaction: discord.Interaction[Any], round_id: int, *, running_ok: bool = True
    ) -> RoundRecord:
        record = await self.rounds.round_record(round_id)
        if record is None:
            raise UserError(_("This round has ended."))
        if record.guild_id != interaction.guild_id:
            raise UserError(_("That button doesn't belong to a round of this server; nothing was changed."))
        if not running_ok and record.status == "running":
            raise UserError(_("This round is still running; practise once it ends."))
        return record

    async def _live(self, interaction: discord.Interaction[Any], round_id: int) -> RunningRound:
        record = await self._owned_round(interaction, round_id)
        if record.status != "running":
            raise UserError(_("This round has ended."))
        running = self.rounds.running(round_id)
        if running is None:
            raise UserError(_("This round is resuming after a restart; try again in a moment."))
        return running

    # -- answers (the AnswerDesk part) ----------------------------------------------------------------

    async def on_answer(self, interaction: discord.Interaction[Any], given: GivenAnswer) -> None:
        running = await self._live(interaction, given.play_id)
        locked = await self.rounds.answer(
            given.play_id,
            interaction.user.id,
            given.index,
            slot=given.slot,
            text=given.text,
            slots=given.slots,
        )
        verdict = locked.verdict
        question = running.state.question(given.index)
        if (
            given.slots is not None and question.kind is not Kind.ORDER
        ):  # a multi question's set, as its letters
            said = _("Locked in: {answer}.", answer=", ".join(letter(slot) for slot in sorted(given.slots)))
        elif verdict.slot is not None:
            said = _("Locked in: {answer}.", answer=letter(verdict.slot))
        else:
            typed = typed_words(question, verdict.text)  # an order question's order, in words
            said = _("Locked in: “{answer}”.", answer=clip(typed, 100))
        placed = locked.placed_on
        if placed is not None:
            said += " " + _("You play for {team}, the smallest team.", team=team_name(placed))
        await replies.send(interaction, said, ephemeral=True)

    async def text_answer_form(
        self, interaction: discord.Interaction[Any], play_id: int, index: int
    ) -> TextAnswerForm:
        state = (await self._live(interaction, play_id)).state
        if state.current != index or not state.is_open:
            raise UserError(_("That question is closed."))
        question = state.question(index)
        if not takes_form(question):
            raise UserError(_("That question is answered with the letter buttons."))
        seconds = UNTIMED_FORM_SECONDS if state.untimed else state.seconds_for(index) + FORM_GRACE_SECONDS
        title = _("Question {number}", number=number(index + 1))
        return answer_form(title, question, state.order(index), seconds)

    async def on_hint(self, interaction: discord.Interaction[Any], play_id: int, index: int) -> None:
        running = await self._live(interaction, play_id)
        hint = await self.rounds.hint(play_id, interaction.user.id, index)
        own = hint.presses == 1 and bool(running.state.question(index).hint)
        await replies.send(interaction, hint_reply(hint, own), ephemeral=True)

    # -- the other buttons of a round ----------------------------------------------------------------

    async def on_team(self, interaction: discord.Interaction[Any], round_id: int, team: int) -> None:
        await self._live(interaction, round_id)
        await self.rounds.join_team(round_id, interaction.user.id, team)
        await replies.send(interaction, _("You play for {team}.", team=team_name(team)), ephemeral=True)

    async def on_balance(self, interaction: discord.Interaction[Any], round_id: int) -> None:
        running = await self._live(interaction, round_id)
        await ensure_may_steer(interaction, self.settings, running.record, _("balance the teams"))
        sizes = await self.rounds.balance_teams(round_id)
        shown = " · ".join(f"{team_name(team)} {number(size)}" for team, size in enumerate(sizes))
        await replies.send(interaction, _("Teams balanced: {teams}.", teams=shown), ephemeral=True)

    async def on_reveal(self, interaction: discord.Interaction[Any], round_id: int, index: int) -> None:
        running = await self._live(interaction, round_id)
        await ensure_may_steer(interaction, self.settings, running.record, _("reveal a question"))
        self.rounds.reveal(round_id, index)
        await replies.send(interaction, _("Revealing the question."), ephemeral=True)

    async def on_translate(self, interaction: discord.Interaction[Any], round_id: int, index: int) -> None:
        record = await self._owned_round(interaction, round_id)
        deck = await self.rounds.asked_deck(record)
        question = (
            deck.question(record.question_ids[index]) if deck and index < len(record.question_ids) else None
        )
        if question is None:
            raise UserError(_("This question is no longer available."))
        running = self.rounds.running(round_id)
        # A finished round's order comes from its seed, as it was shown.
        order = (
            running.state.order(index)
            if running
            else choice_order(record.seed, index, len(question.choices), question.kind)
        )
        wanted = await self.bot.languages.chosen(interaction.user.id)
        revealed = running is None or running.state.is_revealed(index)
        target = translation_target(question, wanted, str(interaction.locale))
        embed = translation_embed(question, order, target, revealed=revealed)
        await replies.send(interaction, embed=embed, ephemeral=True)

    async def on_my_result(self, interaction: discord.Interaction[Any], round_id: int) -> None:
        record = await self._owned_round(interaction, round_id)
        state = await self._state_of(record)
        scores = state.scores()
        mine = next((result for result in scores if result.user_id == interaction.user.id), None)
        missed = state.missed(interaction.user.id)
        numbers = [index + 1 for index, qid in enumerate(state.question_ids) if qid in missed]
        await replies.send(interaction, my_result_text(mine, scores, numbers, round_id), ephemeral=True)

    async def _state_of(self, record: RoundRecord) -> RoundState:
        running = self.rounds.running(record.id)
        if running is not None:
            return running.state
        deck = await self.rounds.asked_deck(record)
        try:
            if deck is None:
                raise MissingQuestionError(record.question_ids[0])
            return await self.rounds.restored(record, deck)
        except MissingQuestionError as exc:
            raise UserError(_("The deck of that round is no longer loaded.")) from exc

    async def on_practise_missed(self, interaction: discord.Interaction[Any], round_id: int) -> None:
        record = await self._owned_round(interaction, round_id, running_ok=False)
        practice = await find_desk(interaction, PRACTICE_DESK)
        if practice is not None:
            await practice.start_missed(interaction, record)
