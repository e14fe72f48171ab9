"""/leaderboard and /stats: the server's board with pages, and one member's record."""

from __future__ import annotations

import io
import re
from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands

from bot.discord.cogs import Cog
from bot.errors import UserError
from bot.locales import _, slash, speaking
from bot.results.member_records import Records
from bot.store import MemberStats, Period
from bot.ui import custom_ids as ids
from bot.ui import replies
from bot.ui.achievements import add_stats_badges
from bot.ui.boards import PAGE_SIZE, leaderboard_embed, page_view, stats_embed
from bot.ui.calendar_desks import QOTD_DESK
from bot.ui.desks import BOARD_DESK, BoardDesk, find_desk, unavailable
from bot.ui.fitted import add_stats_parameters
from cogs.charts import ChartPainter
from cogs.guard import guarded
from cogs.lookup import deck_choices, find_deck
from cogs.permissions import anywhere, guild_id_of, server_only, server_with_bot

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


class BoardsCog(Cog, name="Boards"):  # i18n: not shown (the cog's name in code)
    def __init__(self, bot: BvunzoBot) -> None:
        self.bot = bot
        self.records = Records(bot.store)
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
        shown = await self.records.board_page(
            guild_id,
            period,
            self.bot.clock(),
            deck_id=deck_id,
            page=page,
            size=PAGE_SIZE,
            viewer=interaction.user.id,
        )
        deck = self.bot.bank.get(deck_id, guild_id) if deck_id else None
        embed = leaderboard_embed(
            shown.board,
            period=period,
            deck_title=deck.title if deck else deck_id,
            page=shown.page,
            viewer=interaction.user.id,
            viewer_line=shown.viewer_line,
        )
        view = page_view(period, shown.page, shown.pages, deck_id)
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
        found = await self.records.member_record(
            guild_id or NO_SERVER, who.id, self.bot.bank.decks_for(guild_id), self.bot.clock()
        )
        embed = stats_embed(
            who.id,
            who.display_name,
            found.stats,
            learned=found.memories.learned,
            due=found.due,
            mastery=[(d.deck.title, d.mastery) for d in found.memories.decks],
            retention=found.retention,
            leeches=[(question, misses) for _deck, question, misses in found.memories.leeches],
            rounds=guild_id is not None,
        )
        add_stats_badges(embed, found.badges)
        add_stats_parameters(embed, found.parameters)
        await self._send_stats(interaction, embed, found.stats, guild_id, who.id)

    async def _send_stats(
        self,
        interaction: discord.Interaction,
        embed: discord.Embed,
        stats: MemberStats,
        guild_id: int | None,
        user_id: int,
    ) -> None:
        """The stats, with the daily streak of the question of the day and the chart of weekly points."""
        qotd = self.bot.owners.get(QOTD_DESK)  # cogs/calendar: the daily streak, when it is loaded
        daily = None if guild_id is None or qotd is None else await qotd.stats_line(guild_id, user_id)
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


async def setup(bot: BvunzoBot) -> None:
    await bot.add_cog(BoardsCog(bot))
    bot.add_dynamic_items(PageButton)
