"""/deck export's work: the deck written by the bank's export table off the event loop, attached to the reply."""

from __future__ import annotations

import asyncio
import io
from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.bank.models import Deck
from bot.locales import _, n_
from bot.ui import replies

if TYPE_CHECKING:
    from bot.bank.exports import Exported

# Discord takes files of up to 25 MiB on a message (less where the limit every interaction carries,
# `attachment_size_limit`, is lower); an export attaches one file of the ten a message may hold.
MAX_FILE_BYTES = 25 * 1024 * 1024

# /deck export's `format` option: the keys of the bank's EXPORT_FORMATS (a unit test holds them equal).
EXPORTS = [
    app_commands.Choice(name="YAML (our deck format)", value="yaml"),
    app_commands.Choice(name="CSV (for a spreadsheet)", value="csv"),
    app_commands.Choice(name="Moodle GIFT (.gift)", value="gift"),
    app_commands.Choice(name="Moodle XML (.xml)", value="moodle-xml"),
    app_commands.Choice(name="Anki package (.apkg)", value="anki"),
]


def export_reply(deck: Deck, fmt: str, exported: Exported, limit: int) -> tuple[str, bytes | None]:
    """What the reply says, and the file it attaches (None when the file is past `limit` bytes)."""
    from bot.bank.exports import EXPORT_FORMATS  # the writers (and xml, html) on the first export only

    chosen = EXPORT_FORMATS[fmt]
    if len(exported.data) > min(limit, MAX_FILE_BYTES):
        too_big = _(
            "The {format} file of `{deck}` is larger than Discord lets a bot attach; export it with "
            "`bvunzo export` instead.",
            format=chosen.label,
            deck=deck.id,
        )
        return too_big, None
    said = n_(
        "The deck `{deck}` ({n} question) as {format}.",
        "The deck `{deck}` ({n} questions) as {format}.",
        len(deck.questions),
        deck=deck.id,
        format=chosen.label,
    )
    return "\n".join((said, *exported.notes)), exported.data


async def send_export(interaction: discord.Interaction, deck: Deck, fmt: str) -> None:
    """The deck as a file in the format `fmt`, ephemerally, with what the format could not hold."""
    from bot.bank.exports import EXPORT_FORMATS

    # Off the event loop: a large deck takes a while (the reply defers itself past 2 s meanwhile).
    exported = await asyncio.to_thread(EXPORT_FORMATS[fmt].write, deck)
    said, data = export_reply(deck, fmt, exported, interaction.filesize_limit)
    if data is None:
        await replies.send(interaction, said, ephemeral=True)
        return
    upload = discord.File(io.BytesIO(data), filename=EXPORT_FORMATS[fmt].filename(deck))
    await replies.send(interaction, said, file=upload, ephemeral=True)
