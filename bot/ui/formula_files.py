"""A question's formulas' picture on a practice message (a round's: bot/discord/round_channel.py)."""

from __future__ import annotations

import discord

from bot.bank.models import Question
from bot.looks.formula_pictures import PICTURES, shown_formulas
from bot.looks.round import formula_name
from bot.ui.round import formula_file


async def formula_files(
    embed: discord.Embed, question: Question, index: int, *, explanation: bool
) -> list[discord.File]:
    """The picture of the question's formulas as `embed`'s image (set here), or nothing: no formula, no
    matplotlib, or not drawn within the picture's patience (bot/looks/formula_pictures.py)."""
    picture = await PICTURES.picture(shown_formulas(question, explanation=explanation))
    if picture is None:
        return []
    embed.set_image(url=f"attachment://{formula_name(index)}")
    return [formula_file(picture, index)]
