"""/leaderboard and /stats: the server's board with pages, and one member's record."""

from __future__ import annotations

import io
import re
from datetime import datetime
from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.bank.models import Question
from bot.errors import UserError
from bot.locales import _, slash, speaking
from bot.quiz import Mastery, Misses, deck_mastery, due_by, leeches
from bot.quiz.practice import MemoryState
from bot.store import Period
from bot.ui import custom_ids as ids
from bot.ui import replies
from bot.ui.boards import PAGE_SIZE, leaderboard_embed, page_count, page_view, stats_embed
from bot.ui.calendar_desks import QOTD_DESK
from bot.ui.desks import BOARD_DESK, BoardDesk, find_desk, unavailable
from cogs.charts import ChartPainter
from cogs.guard import guarded
from cogs.lookup import deck_choices, find_deck
from cogs.permissions import anywhere, guild_id_of, server_only, server_with_bot
from cogs.preferences import retention_of

if TYPE_CHECKING:
    from bot.discord.client import BvunzoBot

PERIODS: tuple[Period, ...] = ("all", "month", "week", "today")
# No server has this id: its round stats are empty, its practice counts are the member's everywhere.
NO_SERVER = 0


class PageButton(discord.ui.DynamicItem[discord.ui.Item[Any]], template=ids.BOARD_PAGE.pattern):
    """Another page of a leaderboard (bot/ui/boards.py page_view)."""

    def __init__(self, item: discord.ui.Item[Any], desk: BoardDesk | None, match: re.Match[str]) -> None:
        super().__init__(item)
        self.desk = desk
        self.period: Period = match["period"]  # type: ignore[assignment]  # the template allows only these
        self.page, self.deck_id = int(match["page"]), match["deck"] or None

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PageButton:
        desk = await find_desk(interaction, BOARD_DESK)
        return cls(item, desk, match)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        if self.desk is not None:  # else the member was told, in from_custom_id
            work = self.desk.show_board(interaction, self.period, self.deck_id, self.page, edit=True)
            await guarded(interaction, work, edits=True)


class BoardsCog(commands.Cog, name="Boards"):  # i18n: not shown (the cog's name in code)
    def __init__(self, bot: BvunzoBot) -> None:
        self.bot = bot
        self.painter = ChartPainter()

    async def cog_load(self) -> None:
        self.bot.owners.provide(BOARD_DESK, self)

    async def cog_unload(self) -> None:
        self.bot.owners.withdraw(BOARD_DESK, self)
        self.painter.close()

    async def shut_down(self) -> None:
        self.painter.close()

    @replies.answered_publicly
    @app_commands.command(name="leaderboard", description="This server's quiz leaderboard")
    @app_commands.describe(
        period="Which answers count (default: all time)",
        deck="Only this deck",
        board="rounds (default), or qotd: right answers to the question of the day, with streaks",
    )
    @server_only
    async def leaderboard(
        self,
        interaction: discord.Interaction,
        period: Literal["all", "month", "week", "today"] = "all",
        deck: str | None = None,
        board: Literal["rounds", "qotd"] = "rounds",
    ) -> None:
        if board == "qotd":
            qotd = self.bot.owners.get(QOTD_DESK)  # cogs/calendar/_qotd.py
            if qotd is None:
                raise UserError(unavailable(QOTD_DESK))
            # The whole channel reads the board: the server's language (a refusal is still the member's).
            with speaking(await self.bot.languages.server(interaction.guild_id)):
                await qotd.show_board(interaction)
            return
        deck_id = find_deck(self.bot, deck, interaction.guild_id).id if deck else None
        await self.show_board(interaction, period, deck_id, 0, edit=False)

    @leaderboard.autocomplete("deck")
    async def _deck_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return deck_choices(self.bot, interaction.guild_id, current)

    async def show_board(
        self, interaction: discord.Interaction, period: Period, deck_id: str | None, page: int, *, edit: bool
    ) -> None:
        """The board, or another page of it, in the server's language: the whole channel reads it."""
        guild_id = guild_id_of(interaction)  # refused in the member's own language
        with speaking(await self.bot.languages.server(guild_id)):
            await self._show_board(interaction, guild_id, period, deck_id, page, edit=edit)

    async def _show_board(
        self,
        interaction: discord.Interaction,
        guild_id: int,
        period: Period,
        deck_id: str | None,
        page: int,
        *,
        edit: bool,
    ) -> None:
        now = self.bot.clock()
        store = self.bot.store
        board = await store.leaderboard(
            guild_id, period, now, deck_id=deck_id, offset=page * PAGE_SIZE, limit=PAGE_SIZE
        )
        pages = page_count(board.total)
        if page >= pages and board.total:
            page = pages - 1
            board = await store.leaderboard(
                guild_id, period, now, deck_id=deck_id, offset=page * PAGE_SIZE, limit=PAGE_SIZE
            )
        viewer = interaction.user.id
        mine = next((line for line in board.lines if line.user_id == viewer), None)
        if mine is None:
            mine = await store.member_rank(guild_id, viewer, period, now, deck_id=deck_id)
        deck = self.bot.bank.get(deck_id, guild_id) if deck_id else None
        embed = leaderboard_embed(
            board,
            period=period,
            deck_title=deck.title if deck else deck_id,
            page=page,
            viewer=viewer,
            viewer_line=mine,
        )
        view = page_view(period, page, pages, deck_id)
        mentions = discord.AllowedMentions.none()
        if edit:
            await replies.edit(interaction, embed=embed, view=view, allowed_mentions=mentions)
        else:
            await replies.send(interaction, embed=embed, view=view, allowed_mentions=mentions)

    @replies.answered_publicly
    @app_commands.command(name="stats", description="A member's points, accuracy and practice")
    @app_commands.describe(member="Whose stats (default: yours; outside a server with Bvunzo, only yours)")
    @anywhere
    async def stats(
        self,
        interaction: discord.Interaction,
        # A user, not only a member: someone who has left the server still has their history here.
        member: discord.Member | discord.User | None = None,
    ) -> None:
        # In a DM or a server without the bot there are no rounds: practice and mastery only, and one's own.
        guild_id = server_with_bot(interaction)
        who = member or interaction.user
        if guild_id is None and who.id != interaction.user.id:
            raise UserError(
                _(
                    "Outside a server with Bvunzo, {cmd} shows only your own; leave `member` empty.",
                    cmd=slash("stats"),
                )
            )
        if who.bot:
            raise UserError(_("Bots don't play; pick a member."))
        now = self.bot.clock()
        stats = await self.bot.store.member_stats(guild_id or NO_SERVER, who.id, now)
        due = await self.bot.store.due_count(who.id, due_by(now))
        retention = await retention_of(self.bot, who.id)
        mastery, leeches = await self._mastery(who.id, guild_id, now, retention)
        learned = sum(m.learned for _title, m in mastery)
        embed = stats_embed(
            who.id,
            who.display_name,
            stats,
            learned=learned,
            due=due,
            mastery=mastery,
            retention=retention,
            leeches=leeches,
            rounds=guild_id is not None,
        )
        qotd = self.bot.owners.get(QOTD_DESK)  # cogs/calendar: the daily streak, when it is loaded
        daily = None if guild_id is None or qotd is None else await qotd.stats_line(guild_id, who.id)
        if daily is not None:
            embed.add_field(name=_("Question of the day"), value=daily, inline=False)
        weeks = stats.weeks if guild_id is not None else ()  # the chart is of round points
        if not self.painter.ready(weeks):
            await replies.defer(interaction)  # drawing the chart may take a moment
        chart = await self.painter.weekly(weeks)
        files = []
        if chart is not None:
            embed.set_image(url="attachment://weeks.png")
            files.append(discord.File(io.BytesIO(chart), filename="weeks.png"))
        quiet = discord.AllowedMentions.none()
        await replies.send(interaction, embed=embed, files=files, allowed_mentions=quiet)

    async def _mastery(
        self, user_id: int, guild_id: int | None, now: datetime, retention: float
    ) -> tuple[list[tuple[str, Mastery]], list[tuple[Question, Misses]]]:
        """The member's mastery of each deck they can play here and have met, and their leeches in them."""
        found: list[tuple[str, Mastery]] = []
        their_leeches: list[tuple[Question, Misses]] = []
        for deck in self.bot.bank.decks_for(guild_id):
            memories = {
                q: MemoryState.of(m) for q, m in (await self.bot.store.memories(user_id, deck.id)).items()
            }
            mastery = deck_mastery([q.id for q in deck.questions], memories, now, desired_retention=retention)
            if mastery.seen:
                found.append((deck.title, mastery))
            for leech in leeches(memories):
                question = deck.question(leech.question_id)
                if question is not None:
                    their_leeches.append((question, leech))
        their_leeches.sort(key=lambda pair: -pair[1].failures)
        return found, their_leeches


async def setup(bot: BvunzoBot) -> None:
    await bot.add_cog(BoardsCog(bot))
    bot.add_dynamic_items(PageButton)
