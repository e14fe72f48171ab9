"""What /quiz start checks of the channel before asking the round service, and what it tells the moderator."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.bank.mixed import mix
from bot.bank.models import Deck
from bot.discord.round_port import CANNOT_POST, CANNOT_THREAD, NO_CHANNEL, NOT_A_TEXT_CHANNEL
from bot.errors import UserError
from bot.locales import _, n_
from bot.rounds import RoundOptions
from bot.store import RoundRecord


def starting(record: RoundRecord, decks: Sequence[Deck], options: RoundOptions) -> str:
    """What the moderator who started a round is told."""
    only = options.only
    count = len(record.question_ids)
    values = {"deck": mix(decks).title, "filter": only.describe(), "channel": f"<#{record.channel_id}>"}
    in_thread = record.parent_channel_id is not None
    if only.active and in_thread:
        return n_(
            "Starting a round of {n} question from “{deck}” matching {filter} in {channel}.",
            "Starting a round of {n} questions from “{deck}” matching {filter} in {channel}.",
            count,
            **values,
        )
    if only.active:
        return n_(
            "Starting a round of {n} question from “{deck}” matching {filter}.",
            "Starting a round of {n} questions from “{deck}” matching {filter}.",
            count,
            **values,
        )
    if in_thread:
        return n_(
            "Starting a round of {n} question from “{deck}” in {channel}.",
            "Starting a round of {n} questions from “{deck}” in {channel}.",
            count,
            **values,
        )
    return n_(
        "Starting a round of {n} question from “{deck}”.",
        "Starting a round of {n} questions from “{deck}”.",
        count,
        **values,
    )


def ensure_may_post(interaction: discord.Interaction, *, thread: bool) -> None:
    """What the interaction says of the channel, before the service asks the port (its cache may lag)."""
    can = interaction.app_permissions
    # A value of 0 means Discord (or an emulator) did not say; then the round's own posts will tell.
    if can.value and not (can.view_channel and can.send_messages and can.embed_links):
        raise UserError(_(CANNOT_POST))
    if not isinstance(interaction.channel, discord.abc.Messageable) or interaction.channel_id is None:
        raise UserError(_(NO_CHANNEL))
    if thread:
        if not isinstance(interaction.channel, discord.TextChannel):
            raise UserError(_(NOT_A_TEXT_CHANNEL))
        if can.value and not (can.create_public_threads and can.send_messages_in_threads):
            raise UserError(_(CANNOT_THREAD))
