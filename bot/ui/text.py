"""Text that fits Discord's limits: the plain helpers (bot/looks/text.py) and the fitting of a discord.Embed."""

from __future__ import annotations

from collections.abc import Sequence

import discord

# Discord's limits, imported here too because most renderers clip text with them.
from bot.looks.discord_limits import (
    AUTOCOMPLETE_CHOICES,
    BUTTON_LABEL,
    CHOICE_NAME,
    CONTENT,
    CUSTOM_ID,
    EMBED_DESCRIPTION,
    EMBED_FIELDS,
    EMBED_TITLE,
    EMBED_TOTAL,
    FIELD_NAME,
    FIELD_VALUE,
    FOOTER,
)
from bot.looks.embeds import Field, Look, fit, size
from bot.looks.text import (
    LANGUAGE_NAMES,
    LETTERS,
    clip,
    language_name,
    letter,
    mention,
    percent,
    score_words,
    seconds_text,
)

__all__ = [
    "AUTOCOMPLETE_CHOICES",
    "BUTTON_LABEL",
    "CHOICE_NAME",
    "CONTENT",
    "CUSTOM_ID",
    "EMBED_DESCRIPTION",
    "EMBED_FIELDS",
    "EMBED_TITLE",
    "EMBED_TOTAL",
    "FIELD_NAME",
    "FIELD_VALUE",
    "FOOTER",
    "LANGUAGE_NAMES",
    "LETTERS",
    "clip",
    "embed_of",
    "embed_size",
    "fit_together",
    "fit_total",
    "language_name",
    "letter",
    "look_of",
    "mention",
    "percent",
    "score_words",
    "seconds_text",
]


def look_of(embed: discord.Embed) -> Look:
    """`embed`'s text as plain data (bot/looks/embeds.py)."""
    fields = tuple(Field(f.name or "", f.value or "", bool(f.inline)) for f in embed.fields)
    return Look(
        title=embed.title or "",
        description=embed.description or "",
        fields=fields,
        footer=embed.footer.text or "",
        image=embed.image.url,
        author=embed.author.name or "",
    )


def embed_of(look: Look, colour: discord.Colour | None = None) -> discord.Embed:
    """The discord.Embed that shows `look` (empty parts left out, as Discord leaves them)."""
    embed = discord.Embed(title=look.title or None, description=look.description or None, colour=colour)
    for f in look.fields:
        embed.add_field(name=f.name, value=f.value, inline=f.inline)
    if look.image:
        embed.set_image(url=look.image)
    if look.footer:
        embed.set_footer(text=look.footer)
    return embed


def embed_size(embed: discord.Embed) -> int:
    """The characters of `embed` that count toward Discord's 6000 for all embeds of a message."""
    return size(look_of(embed))


def fit_total(embed: discord.Embed, first: Sequence[str] = (), limit: int = EMBED_TOTAL) -> discord.Embed:
    """`embed` within `limit` characters in all, by bot/looks/embeds.py's rule (changed in place)."""
    fitted = fit(look_of(embed), first, limit)
    if fitted == look_of(embed):
        return embed
    embed.clear_fields()
    for f in fitted.fields:
        embed.add_field(name=f.name, value=f.value, inline=f.inline)
    embed.description = fitted.description or None
    return embed


def fit_together(*embeds: discord.Embed) -> list[discord.Embed]:
    """Embeds sent in one message, within Discord's 6000 for all of them: the later ones give way."""
    room = EMBED_TOTAL
    for embed in embeds:
        fit_total(embed, limit=max(1, room))
        room -= embed_size(embed)
    return list(embeds)
