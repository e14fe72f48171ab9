"""/leaderboard and /stats: the server's board with pages, and one member's record."""

from __future__ import annotations

import io
import re
from datetime import datetime
from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.errors import UserError
from bot.quiz import MemoryState, due_by, learned_count
from bot.store import Period
from bot.ui.boards import PAGE_SIZE, leaderboard_embed, page_count, stats_embed
from cogs.charts import ChartPainter
from cogs.guard import frozen_view, guarded
from cogs.lookup import deck_choices, find_deck
from cogs.permissions import guild_id_of

if TYPE_CHECKING:
    from bot.app import BvunzoBot

PERIODS: tuple[Period, ...] = ("all", "month", "week", "today")


class PageButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"bvz:1:lb:(?P<period>all|month|week|today):(?P<page>[0-9]{1,5}):(?P<dir>[pn]):(?P<deck>[A-Za-z0-9_-]{0,40})",
):
    def __init__(
        self, period: Period, page: int, direction: str, deck_id: str, *, disabled: bool = False
    ) -> None:
        super().__init__(
            discord.ui.Button(
                emoji="◀" if direction == "p" else "▶",
                style=discord.ButtonStyle.secondary,
                disabled=disabled,
                custom_id=f"bvz:1:lb:{period}:{page}:{direction}:{deck_id}",
            )
        )
        self.period, self.page, self.deck_id = period, page, deck_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PageButton:
        period: Period = match["period"]  # type: ignore[assignment]  # the template allows only these
        return cls(period, int(match["page"]), match["dir"], match["deck"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        cog: BoardsCog = interaction.client.get_cog("Boards")
        await guarded(
            interaction, cog.show_board(interaction, self.period, self.deck_id or None, self.page, edit=True)
        )


def page_view(period: Period, page: int, pages: int, deck_id: str | None) -> discord.ui.View:
    return frozen_view(
        PageButton(period, max(0, page - 1), "p", deck_id or "", disabled=page <= 0),
        PageButton(period, min(pages - 1, page + 1), "n", deck_id or "", disabled=page >= pages - 1),
    )


class BoardsCog(commands.Cog, name="Boards"):
    def __init__(self, bot: BvunzoBot) -> None:
        self.bot = bot
        self.painter = ChartPainter()

    async def cog_unload(self) -> None:
        self.painter.close()

    async def shut_down(self) -> None:
        self.painter.close()

    @app_commands.command(name="leaderboard", description="This server's quiz leaderboard")
    @app_commands.describe(period="Which answers count (default: all time)", deck="Only this deck")
    @app_commands.guild_only()
    async def leaderboard(
        self,
        interaction: discord.Interaction,
        period: Literal["all", "month", "week", "today"] = "all",
        deck: str | None = None,
    ) -> None:
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
        guild_id = guild_id_of(interaction)
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
            await interaction.response.edit_message(embed=embed, view=view, allowed_mentions=mentions)
        else:
            await interaction.response.send_message(embed=embed, view=view, allowed_mentions=mentions)

    @app_commands.command(name="stats", description="A member's points, accuracy and practice")
    @app_commands.describe(member="Whose stats (default: yours)")
    @app_commands.guild_only()
    async def stats(
        self,
        interaction: discord.Interaction,
        # A user, not only a member: someone who has left the server still has their history here.
        member: discord.Member | discord.User | None = None,
    ) -> None:
        guild_id = guild_id_of(interaction)
        who = member or interaction.user
        if who.bot:
            raise UserError("Bots don't play; pick a member.")
        now = self.bot.clock()
        stats = await self.bot.store.member_stats(guild_id, who.id, now)
        due = await self.bot.store.due_count(who.id, due_by(now))
        learned = await self._learned(who.id, guild_id, now)
        embed = stats_embed(who.id, who.display_name, stats, learned=learned, due=due)
        if not self.painter.ready(stats.weeks):
            await interaction.response.defer(thinking=True)  # drawing the chart may take a moment
        chart = await self.painter.weekly(stats.weeks)
        files = []
        if chart is not None:
            embed.set_image(url="attachment://weeks.png")
            files.append(discord.File(io.BytesIO(chart), filename="weeks.png"))
        quiet = discord.AllowedMentions.none()
        if interaction.response.is_done():
            await interaction.followup.send(embed=embed, files=files, allowed_mentions=quiet)
        else:
            await interaction.response.send_message(embed=embed, files=files, allowed_mentions=quiet)

    async def _learned(self, user_id: int, guild_id: int, now: datetime) -> int:
        """How many questions of this server's decks the member has learned (bot.quiz.is_learned says when)."""
        memories: list[MemoryState] = []
        for deck in self.bot.bank.decks_for(guild_id):
            memories.extend(m.as_state() for m in (await self.bot.store.memories(user_id, deck.id)).values())
        return learned_count(memories, now)


async def setup(bot: BvunzoBot) -> None:
    await bot.add_cog(BoardsCog(bot))
    bot.add_dynamic_items(PageButton)
