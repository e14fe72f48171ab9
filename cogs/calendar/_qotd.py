"""/qotd set|off|status|reveal, the question of the day's answer buttons, and the runner's Discord side for it."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING

import aiohttp
import discord
from discord import app_commands
from discord.ext import commands

from bot.bank.models import Kind, Question
from bot.calendar.daily import daily_rule
from bot.calendar.post_failures import PostFailed
from bot.calendar.qotd import FEW_LEFT, Streak, daily_streak, day_of_number, unused_count
from bot.calendar.repeats import RuleError, parse_time
from bot.calendar.zones import zone_named
from bot.errors import UserError
from bot.locales import _, number, slash, speaking
from bot.quiz.practice import MemoryState
from bot.quiz.reviews import reviewed
from bot.quiz.shuffle import choice_order
from bot.results.asked import keep_qotd_version, qotd_question
from bot.store import Memory, QotdAnswer, QotdDay, QotdSettings
from bot.ui import replies
from bot.ui.calendar_desks import CALENDAR_DESK, QOTD_DESK
from bot.ui.desks import unavailable
from bot.ui.qotd import (
    days_in_a_row,
    locked_in,
    qotd_board_embed,
    qotd_embed,
    qotd_reveal_embed,
    qotd_set,
    questions_left,
    status_latest,
    status_next,
    status_unposted,
)
from bot.ui.text import clip, letter
from bot.ui.views import frozen_view
from cogs.calendar._port import post_problem_of, stamp
from cogs.calendar._qotd_buttons import QotdAnswerButton
from cogs.lookup import deck_choices, find_deck
from cogs.permissions import ensure_quiz_master, guild_id_of

if TYPE_CHECKING:
    from bot.discord.client import BvunzoBot

log = logging.getLogger(__name__)

# Kinds a question of the day can ask: one click on a lettered button, as in a round.
ASKABLE = (Kind.CHOICE, Kind.TRUEFALSE)


def askable(question: Question) -> bool:
    return question.kind in ASKABLE and bool(question.answers)


def order_of(day: QotdDay, question: Question) -> tuple[int, ...]:
    return choice_order(day.seed, 0, len(question.choices), question.kind)


class QotdCog(commands.Cog, name="Qotd"):  # i18n: not shown (the cog's own name)
    qotd = app_commands.Group(
        name="qotd",
        description="One question a day for the whole server",
        guild_only=True,
        allowed_installs=app_commands.AppInstallationType(guild=True, user=False),
        allowed_contexts=app_commands.AppCommandContext(guild=True, dm_channel=False, private_channel=False),
    )

    def __init__(self, bot: BvunzoBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.owners.provide(QOTD_DESK, self)

    async def cog_unload(self) -> None:
        self.bot.owners.withdraw(QOTD_DESK, self)

    # -- the runner's side (bot.calendar.daily.QotdPort) ----------------------------------------------

    def holds(self, guild_id: int) -> bool:
        return self.bot.holds_guild(guild_id)

    def question_ids(self, guild_id: int, deck_id: str) -> Sequence[str] | None:
        deck = self.bot.bank.get(deck_id, guild_id)
        return None if deck is None else [q.id for q in deck.questions if askable(q)]

    async def _question(self, day: QotdDay) -> tuple[Question, str] | None:
        deck = self.bot.bank.get(day.deck_id, day.guild_id)
        question = await qotd_question(self.bot.store, self.bot.bank, day)  # as the day asked it
        if question is None:
            return None
        return question, deck.title if deck is not None else day.deck_id

    async def post_question(self, day: QotdDay, unused: int) -> int:
        found = await self._question(day)
        if found is None:
            raise PostFailed("question_gone")
        channel = self.bot.get_channel(day.channel_id)
        if not isinstance(channel, discord.abc.Messageable):
            raise PostFailed("channel_gone")
        question, title = found
        await keep_qotd_version(self.bot.store, day, question, self.bot.clock())
        order = order_of(day, question)
        view = frozen_view(*(QotdAnswerButton(day.guild_id, day.day, slot) for slot in range(len(order))))
        with speaking(await self.bot.languages.server(day.guild_id)):  # the whole channel reads it
            embed = qotd_embed(question, order, day_of_number(day.day), day.closes_at, title)
        try:
            message = await channel.send(
                embed=embed,
                view=view,
                allowed_mentions=discord.AllowedMentions.none(),
            )
        except discord.HTTPException as exc:
            raise PostFailed(post_problem_of(exc)) from exc
        except (aiohttp.ClientError, TimeoutError, OSError) as exc:
            raise PostFailed("network") from exc
        return message.id

    async def reveal(self, day: QotdDay) -> None:
        found = await self._question(day)
        if found is None or day.message_id is None:
            return
        question, title = found
        order = order_of(day, question)
        answers = await self.bot.store.qotd_answers(day.guild_id, day.day)
        counts = [sum(1 for a in answers if a.choice == original) for original in order]
        right = sum(1 for a in answers if a.right)
        buttons = [
            QotdAnswerButton(
                day.guild_id,
                day.day,
                slot,
                label=f"{letter(slot)} · {number(counts[slot])}",
                disabled=True,
                style=discord.ButtonStyle.success
                if original in question.answers
                else discord.ButtonStyle.secondary,
            )
            for slot, original in enumerate(order)
        ]
        channel = self.bot.get_channel(day.channel_id)
        if isinstance(channel, discord.abc.Messageable):
            try:
                with speaking(await self.bot.languages.server(day.guild_id)):
                    embed = qotd_reveal_embed(question, order, day_of_number(day.day), counts, right, title)
                await channel.get_partial_message(day.message_id).edit(
                    embed=embed, view=frozen_view(*buttons)
                )
            except discord.HTTPException as exc:
                log.warning("server %s: the question of the day's reveal failed: %s", day.guild_id, exc)
        await self._review(day, answers)

    async def _review(self, day: QotdDay, answers: Sequence[QotdAnswer]) -> None:
        """Answers to the question of the day are reviews too, as a round's are at its reveal."""
        rights = {a.user_id: a.right for a in answers}
        if not rights:
            return
        try:
            kept = await self.bot.store.question_memories(day.deck_id, day.question_id, list(rights))
            before = {user_id: MemoryState.of(memory) for user_id, memory in kept.items()}
            retentions = await self.bot.store.member_retentions(list(rights))
            after = reviewed(
                f"{day.deck_id}/{day.question_id}", rights, before, self.bot.clock(), retentions=retentions
            )
            await self.bot.store.save_memories(
                [
                    Memory.from_state(user, day.deck_id, day.question_id, state)
                    for user, state in after.items()
                ]
            )
        except Exception:
            log.exception("server %s: the question of the day's reviews were not saved", day.guild_id)

    # -- answers --------------------------------------------------------------------------------------

    async def streak(self, guild_id: int, user_id: int, open_day: int | None = None) -> Streak:
        posted = [day_of_number(d) for d in await self.bot.store.qotd_posted_days(guild_id)]
        answered = {day_of_number(d) for d in await self.bot.store.member_qotd_days(guild_id, user_id)}
        return daily_streak(posted, answered, day_of_number(open_day) if open_day else None)

    async def answer(
        self, interaction: discord.Interaction, guild_id: int, day_number_: int, slot: int
    ) -> None:
        if interaction.guild_id != guild_id:
            raise UserError(_("That question of the day belongs to another server; nothing was recorded."))
        day = await self.bot.store.qotd_day(guild_id, day_number_)
        found = None if day is None else await self._question(day)
        if day is None or found is None:
            raise UserError(_("That question of the day is no longer known; nothing was recorded."))
        now = self.bot.clock()
        if day.revealed_at is not None or now >= day.closes_at:
            raise UserError(_("This question of the day is closed: the answer has been revealed."))
        question, _title = found
        order = order_of(day, question)
        if slot >= len(order):
            raise UserError(_("That button isn't one this question has; nothing was recorded."))
        original = order[slot]
        before = await self.bot.store.record_qotd_answer(
            QotdAnswer(guild_id, day.day, interaction.user.id, original, original in question.answers, now)
        )
        if before is not None:
            raise UserError(
                _(
                    "You already chose {letter}; answers can't be changed.",
                    letter=letter(order.index(before.choice)),
                )
            )
        run = await self.streak(guild_id, interaction.user.id, day.day)
        await replies.send(
            interaction,
            locked_in(letter(slot), run.current, stamp(day.closes_at, "R")),
            ephemeral=True,
        )

    # -- commands -------------------------------------------------------------------------------------

    @qotd.command(name="set", description="Post a question of the day in this channel, every day at a time")
    @app_commands.describe(deck="The deck its questions come from", time="HH:MM in the server's time zone")
    async def set_qotd(
        self, interaction: discord.Interaction, deck: str, time: app_commands.Range[str, 1, 10]
    ) -> None:
        guild_id = guild_id_of(interaction)
        ensure_quiz_master(
            interaction, await self.bot.store.guild_settings(guild_id), _("set the question of the day")
        )
        chosen = find_deck(self.bot, deck, guild_id)
        try:
            at = parse_time(time)
        except RuleError as exc:
            raise UserError(str(exc)) from exc
        ids = self.question_ids(guild_id, chosen.id) or []
        if not ids:
            raise UserError(
                _(
                    "“{deck}” has no questions with choices to ask; pick another deck.",
                    deck=clip(chosen.title, 80),
                )
            )
        if interaction.channel_id is None:
            raise UserError(_("Set the question of the day from the channel it should be posted in."))
        zone = (await self.bot.store.calendar_settings(guild_id)).timezone
        settings = QotdSettings(
            guild_id, interaction.channel_id, chosen.id, f"{at:%H:%M}", interaction.user.id, None
        )
        first = daily_rule(settings).next_after(self.bot.clock(), zone_named(zone))
        await self.bot.store.save_qotd_settings(
            QotdSettings(
                guild_id, interaction.channel_id, chosen.id, f"{at:%H:%M}", interaction.user.id, first
            )
        )
        await replies.send(
            interaction,
            qotd_set(clip(chosen.title, 80), f"{at:%H:%M}", zone, first),
            ephemeral=True,
        )

    @set_qotd.autocomplete("deck")
    async def _deck_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return deck_choices(self.bot, interaction.guild_id, current)

    @qotd.command(name="off", description="Stop posting the question of the day")
    async def off(self, interaction: discord.Interaction) -> None:
        guild_id = guild_id_of(interaction)
        ensure_quiz_master(
            interaction, await self.bot.store.guild_settings(guild_id), _("stop the question of the day")
        )
        current = await self.bot.store.qotd_settings(guild_id)
        if current is None or not current.enabled:
            raise UserError(
                _("The question of the day is already off; {cmd} starts it.", cmd=slash("qotd set"))
            )
        await self.bot.store.save_qotd_settings(
            QotdSettings(
                guild_id, current.channel_id, current.deck_id, current.at, current.set_by, None, enabled=False
            )
        )
        await replies.send(
            interaction,
            _(
                "The question of the day is off; today's question stays open until its time. Streaks are kept."
            ),
            ephemeral=True,
        )

    @qotd.command(name="status", description="The question of the day: where, when, and how today's is going")
    async def status(self, interaction: discord.Interaction) -> None:
        guild_id = guild_id_of(interaction)
        current = await self.bot.store.qotd_settings(guild_id)
        if current is None:
            raise UserError(
                _(
                    "This server has no question of the day; a moderator can start one with {cmd}.",
                    cmd=slash("qotd set"),
                )
            )
        deck = self.bot.bank.get(current.deck_id, guild_id)
        zone = (await self.bot.store.calendar_settings(guild_id)).timezone
        lines = []
        if current.enabled and current.next_at is not None:
            title = clip(deck.title if deck else current.deck_id, 80)
            lines.append(status_next(title, current.channel_id, current.at, zone, current.next_at))
        else:
            lines.append(_("The question of the day is off."))
        latest = await self.bot.store.latest_qotd_day(guild_id)
        problem = None if latest is None else await self.bot.store.qotd_post_problem(guild_id, latest.day)
        if latest is not None and problem is not None:
            lines.append(
                status_unposted(day_of_number(latest.day), problem, latest.closes_at, self.bot.clock())
            )
        elif latest is not None:
            answers = await self.bot.store.qotd_answers(guild_id, latest.day)
            lines.append(
                status_latest(day_of_number(latest.day), len(answers), latest.revealed_at, latest.closes_at)
            )
        ids = self.question_ids(guild_id, current.deck_id)
        if ids is None:
            lines.append(
                _("Its deck is gone: {cmd} another, or nothing will be posted.", cmd=slash("qotd set"))
            )
        else:
            left = unused_count(ids, await self.bot.store.qotd_history(guild_id, current.deck_id))
            lines.extend(questions_left(left, len(ids), few=left <= FEW_LEFT))
        run = await self.streak(
            guild_id, interaction.user.id, latest.day if latest and not latest.revealed_at else None
        )
        lines.append(
            _("Your streak: {days} (best {best}).", days=days_in_a_row(run.current), best=number(run.best))
        )
        await replies.send(interaction, "\n".join(lines), ephemeral=True)

    @qotd.command(name="reveal", description="Close today's question of the day now and show its answer")
    async def reveal_now(self, interaction: discord.Interaction) -> None:
        guild_id = guild_id_of(interaction)
        ensure_quiz_master(
            interaction, await self.bot.store.guild_settings(guild_id), _("reveal the question of the day")
        )
        latest = await self.bot.store.latest_qotd_day(guild_id)
        if latest is None or latest.revealed_at is not None:
            raise UserError(_("There is no open question of the day to reveal."))
        calendar = self.bot.owners.get(CALENDAR_DESK)  # cogs/calendar/_cog.py runs the reveals
        if calendar is None:
            raise UserError(unavailable(CALENDAR_DESK))
        revealed = await calendar.reveal_qotd(latest)
        await replies.send(
            interaction,
            _("Revealed: the answer is on the question's message.")
            if revealed
            else _("It was already revealed."),
            ephemeral=True,
        )

    # -- the board and /stats (cogs/boards.py asks) ---------------------------------------------------

    async def show_board(self, interaction: discord.Interaction) -> None:
        guild_id = guild_id_of(interaction)
        lines, total = await self.bot.store.qotd_board(guild_id)
        latest = await self.bot.store.latest_qotd_day(guild_id)
        open_day = latest.day if latest and latest.revealed_at is None else None
        streaks = {line.user_id: await self.streak(guild_id, line.user_id, open_day) for line in lines}
        mine = None
        with speaking(await self.bot.languages.server(guild_id)):  # the board is the channel's
            if all(line.user_id != interaction.user.id for line in lines):
                run = await self.streak(guild_id, interaction.user.id, open_day)
                days = await self.bot.store.member_qotd_days(guild_id, interaction.user.id)
                if days:
                    mine = _(
                        "You: {n} answered · {days}", n=number(len(days)), days=days_in_a_row(run.current)
                    )
            embed = qotd_board_embed(lines, streaks, total, mine)
        await replies.send(
            interaction,
            embed=embed,
            allowed_mentions=discord.AllowedMentions.none(),
        )

    async def stats_line(self, guild_id: int, user_id: int) -> str | None:
        days = await self.bot.store.member_qotd_days(guild_id, user_id)
        if not days:
            return None
        latest = await self.bot.store.latest_qotd_day(guild_id)
        run = await self.streak(guild_id, user_id, latest.day if latest and not latest.revealed_at else None)
        return _(
            "{days} (best {best}); {n} answered",
            days=days_in_a_row(run.current),
            best=number(run.best),
            n=number(len(days)),
        )
