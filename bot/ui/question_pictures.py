"""The picture uploaded for a server deck's question on a practice message or the question of the day: the
embed's image, uploaded with it as a round's question messages upload theirs (bot/ui/round_cards.py)."""

from __future__ import annotations

import io
from typing import Any

import discord

from bot.bank.models import Question
from bot.decks.pictures import DeckPictures
from bot.looks.round import image_name
from bot.ui.formula_files import formula_files


def picture_file(embed: discord.Embed, question: Question, index: int, stored: bytes) -> discord.File:
    """`stored` (the question's uploaded picture) as `embed`'s image (set here), and the file to upload."""
    name = image_name(question, index)
    embed.set_image(url=f"attachment://{name}")
    return discord.File(io.BytesIO(stored), filename=name)


async def question_files(
    embed: discord.Embed,
    question: Question,
    index: int,
    *,
    guild_id: int | None,
    pictures: DeckPictures,
    explanation: bool,
) -> list[discord.File]:
    """The question's uploaded picture as `embed`'s image, else its formulas' picture, else nothing."""
    stored = await pictures.posted(guild_id, question)
    if stored is not None:
        return [picture_file(embed, question, index, stored)]
    return await formula_files(embed, question, index, explanation=explanation)


def with_picture(
    content: dict[str, Any], question: Question, index: int, stored: bytes | None, *, upload: bool
) -> dict[str, Any]:
    """A message's content (an embed, or a Components V2 view) showing the question's uploaded picture,
    `stored` (nothing changed when None): with the file to upload (`upload`), or pointing at the one the
    message carries already (an edit keeps its attachments)."""
    if stored is None:
        return content
    name = image_name(question, index)
    url = f"attachment://{name}"
    embed, view = content.get("embed"), content.get("view")
    if isinstance(embed, discord.Embed):
        embed.set_image(url=url)
    elif isinstance(view, discord.ui.LayoutView):
        view.add_item(discord.ui.MediaGallery(discord.MediaGalleryItem(url)))
    if upload:
        content["file"] = discord.File(io.BytesIO(stored), filename=name)
    return content
