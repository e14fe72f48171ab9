"""The question of the day's and the assignments' side of the shared answer components (cogs/answers.py).

Every kind a round plays is answered in the calendar with the round's own pieces: a multi question's menu,
the typed-answer button and its form (bot/ui/answers.py `answer_buttons`, under the calendar's tags).
These mixins make the two calendar cogs AnswerDesks: a `GivenAnswer` becomes the service's `Given`,
judged there by the engine. A kind added to the rounds' components reaches the calendar with no change
here, as long as its answer is a slot, a text or a set of slots (an order question: its picker, by its
form; the order shown is the day's or the member's).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from bot.calendar.kinds import Given
from bot.errors import UserError
from bot.locales import _, number
from bot.ui.desks import GivenAnswer, TextAnswerForm
from bot.ui.order_picker import answer_form, takes_form

if TYPE_CHECKING:
    from bot.calendar.assignment_service import Answered, Assignments
    from bot.calendar.qotd_service import QotdService

FORM_SECONDS = 600.0  # how long a typed-answer form stays open (the answer is judged when it is sent)


def given_of(given: GivenAnswer) -> Given:
    return Given(slot=given.slot, text=given.text, slots=given.slots)


def no_hints() -> UserError:
    """A Hint the calendar never shows (a forged click): refused, nothing kept."""
    return UserError(_("That button isn't one this question has; nothing was recorded."))


class QotdAnswering:
    """The question of the day as an AnswerDesk: the play is the day of the clicking server."""

    service: QotdService

    async def locked_in_reply(
        self, interaction: discord.Interaction[Any], guild_id: int, day: int, given: Given
    ) -> None:
        raise NotImplementedError  # the cog's (cogs/calendar/_qotd.py): the reply once an answer is kept

    async def on_answer(self, interaction: discord.Interaction[Any], given: GivenAnswer) -> None:
        if interaction.guild_id is None:
            raise UserError(_("That question of the day belongs to another server; nothing was recorded."))
        await self.locked_in_reply(interaction, interaction.guild_id, given.play_id, given_of(given))

    async def text_answer_form(
        self, interaction: discord.Interaction[Any], play_id: int, index: int
    ) -> TextAnswerForm:
        shown = await self.service.asked(interaction.guild_id or 0, play_id)
        question = shown.question
        if not takes_form(question):
            raise UserError(_("That question is answered with the letter buttons."))
        title = _("Question of the day")
        return answer_form(title, question, shown.order, FORM_SECONDS)

    async def on_hint(self, interaction: discord.Interaction[Any], play_id: int, index: int) -> None:
        raise no_hints()


class AssignmentAnswering:
    """Assignments as an AnswerDesk: the play is the member's attempt, the question its index."""

    service: Assignments

    async def show_answered(self, interaction: discord.Interaction[Any], answered: Answered) -> None:
        raise NotImplementedError  # the cog's (cogs/calendar/_assign.py): the feedback and what comes next

    async def on_answer(self, interaction: discord.Interaction[Any], given: GivenAnswer) -> None:
        answered = await self.service.answer_given(
            interaction.guild_id, given.play_id, given.index, given_of(given), interaction.user.id
        )
        await self.show_answered(interaction, answered)

    async def text_answer_form(
        self, interaction: discord.Interaction[Any], play_id: int, index: int
    ) -> TextAnswerForm:
        asking = await self.service.asking_at(interaction.guild_id, play_id, index, interaction.user.id)
        question = asking.question
        if not takes_form(question):
            raise UserError(_("That question is answered with the letter buttons."))
        title = _("Assignment question {number}", number=number(index + 1))
        return answer_form(title, question, asking.order, FORM_SECONDS)

    async def on_hint(self, interaction: discord.Interaction[Any], play_id: int, index: int) -> None:
        raise no_hints()
