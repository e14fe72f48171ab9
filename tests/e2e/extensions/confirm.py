"""A test-only extension with a confirmation prompt of the usual shape: a small View held in memory.

Bvunzo's own prompts are DynamicItems (they survive a restart); this one is the pattern STYLE.md describes
(interaction_check, stop(), on_timeout), which an extension may still use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.discord.cogs import Cog

if TYPE_CHECKING:
    from bot.discord.client import BvunzoBot


class Confirmation(discord.ui.View):
    def __init__(self, owner_id: int, asked: discord.Interaction[Any]) -> None:
        super().__init__(timeout=600)
        self.owner_id, self.asked = owner_id, asked
        self.confirmed: bool | None = None

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        if interaction.user.id == self.owner_id:
            return True
        await interaction.response.send_message("Only the member who asked can answer this.", ephemeral=True)
        return False

    @discord.ui.button(label="Yes", style=discord.ButtonStyle.danger)
    async def yes(self, interaction: discord.Interaction[Any], button: discord.ui.Button[Any]) -> None:
        self.confirmed = True
        await interaction.response.edit_message(content="Done.", view=None)
        self.stop()

    @discord.ui.button(label="No", style=discord.ButtonStyle.secondary)
    async def no(self, interaction: discord.Interaction[Any], button: discord.ui.Button[Any]) -> None:
        # Stops before answering: the view has left discord.py's store before its answer is sent.
        self.confirmed = False
        self.stop()
        await interaction.response.edit_message(content="Nothing was changed.", view=None)

    async def on_timeout(self) -> None:
        await self.asked.edit_original_response(content="No answer in time; nothing was changed.", view=None)


class Prompts(Cog):
    @app_commands.command(name="confirm", description="Asks for a confirmation (tests only)")
    async def confirm(self, interaction: discord.Interaction) -> None:
        view = Confirmation(interaction.user.id, interaction)
        await interaction.response.send_message("Really?", view=view)  # in the channel: others see it


async def setup(bot: BvunzoBot) -> None:
    await bot.add_cog(Prompts())
