"""/mistakes: the questions a member misses most, as files to keep (our YAML deck and CSV)."""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.discord.cogs import Cog
from bot.errors import UserError
from bot.locales import _, n_
from bot.looks.mistakes import SUFFIX, mistakes_csv, mistakes_yaml
from bot.results.member_records import Records
from bot.ui import replies
from cogs.lookup import deck_choices, find_deck
from cogs.permissions import anywhere

if TYPE_CHECKING:
    from bot.discord.client import BvunzoBot


class MistakesCog(Cog, name="Mistakes"):  # i18n: not shown (the cog's name in code)
    def __init__(self, bot: BvunzoBot) -> None:
        self.bot = bot
        self.records = Records(bot.store)

    @app_commands.command(
        name="mistakes", description="The questions you miss most, as a deck file and a CSV"
    )
    @anywhere
    @app_commands.describe(deck="The deck", count="How many questions at most (1-100)")
    async def mistakes(
        self, interaction: discord.Interaction, deck: str, count: app_commands.Range[int, 1, 100] = 25
    ) -> None:
        chosen = find_deck(self.bot, deck, interaction.guild_id)
        missed = await self.records.missed_most(interaction.user.id, chosen, count)
        if not missed:
            raise UserError(
                _("You haven't missed a question of “{deck}” yet: nothing to export.", deck=chosen.title)
            )
        name = chosen.id + SUFFIX
        now = self.bot.clock()
        files = [
            discord.File(io.BytesIO(mistakes_yaml(chosen, missed, now).encode()), f"{name}.yaml"),
            discord.File(io.BytesIO(mistakes_csv(chosen, missed, now).encode()), f"{name}.csv"),
        ]
        await replies.send(
            interaction,
            n_(
                "Your {n} most missed question of “{deck}”, most missed first: as a deck in Bvunzo's YAML "
                "and as CSV, for your notes or flashcards.",
                "Your {n} most missed questions of “{deck}”, most missed first: as a deck in Bvunzo's YAML "
                "and as CSV, for your notes or flashcards.",
                len(missed),
                deck=chosen.title,
            ),
            files=files,
            ephemeral=True,
        )

    @mistakes.autocomplete("deck")
    async def _deck_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return deck_choices(self.bot, interaction.guild_id, current)


async def setup(bot: BvunzoBot) -> None:
    await bot.add_cog(MistakesCog(bot))
