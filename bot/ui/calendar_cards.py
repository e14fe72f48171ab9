"""The question of the day and an assignment's message as Components V2 cards, when the server's card
style is "cards" (bot/store/records.py): the classic embed and its buttons in one card of the deck's
accent colour (bot/ui/round_layout.py's embed_card), a lettered question's choices a section each with
its button beside it. A message keeps the style it was posted in: its edits (the reveal, the progress)
ask Discord which one that is (cogs/calendar/_port.py)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, datetime
from typing import Any

import discord
from discord import ui

from bot.bank.models import Question
from bot.calendar.kinds import Way, way_of
from bot.ui.qotd import choice_lines, counted_lines, qotd_embed, qotd_reveal_embed
from bot.ui.round_layout import accent_of, embed_card
from bot.ui.views import frozen_view


def qotd_card(
    question: Question,
    order: Sequence[int],
    on: date,
    closes: datetime,
    deck_title: str,
    items: Sequence[ui.Item[Any]],
) -> ui.LayoutView:
    """The day's question as a card: a lettered choice's button beside it, the others' menu or form
    button in a row."""
    sectioned = way_of(question) is Way.BUTTONS
    embed = qotd_embed(question, order, on, closes, deck_title, listed=not sectioned)
    return _card(embed, items, deck_title, choice_lines(question, order) if sectioned else [])


def qotd_reveal_card(
    question: Question,
    order: Sequence[int],
    on: date,
    counts: Sequence[int],
    right: int,
    answered: int,
    deck_title: str,
    items: Sequence[ui.Item[Any]],
) -> ui.LayoutView:
    """The same card revealed: each lettered choice ticked when right with its count, its button
    (disabled, counted, the right ones green) beside it."""
    sectioned = way_of(question) is Way.BUTTONS
    embed = qotd_reveal_embed(
        question, order, on, counts, right, deck_title, answered=answered, listed=not sectioned
    )
    return _card(embed, items, deck_title, counted_lines(question, order, counts) if sectioned else [])


def assignment_card(embed: discord.Embed, items: Sequence[ui.Item[Any]], deck_title: str) -> ui.LayoutView:
    """The assignment's message as a card: what it asks, how it is going, its Start button."""
    return _card(embed, items, deck_title, [])


def _card(
    embed: discord.Embed, items: Sequence[ui.Item[Any]], deck_title: str, lines: Sequence[str]
) -> ui.LayoutView:
    """`embed` as a card: the first items beside `lines` (a section each), the rest in rows."""
    choices = list(zip(lines, items, strict=False))
    rest = frozen_view(*items[len(choices) :])
    return embed_card(embed, rest, accent_of(deck_title), choices)
