"""A round's cards (bot/rounds/cards.py) as Discord messages: their embeds (bot/ui/round.py) and buttons.

The round service decides what a message says; this is how it looks. bot/discord/round_channel.py sends
it, rendered inside the server's language: a card's own sentences (`Sentence`) are written then.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord

from bot.looks.formula_pictures import FormulaPicture
from bot.looks.round import look_of
from bot.rounds.cards import Card, IntroCard, Notice, QuestionCard, RevealCard, SummaryCard, TeamsCard
from bot.ui import round as render
from bot.ui.achievements import add_round_badges
from bot.ui.round_layout import layout_of, summary_layout
from bot.ui.round_views import question_view, reveal_view, summary_view, teams_view
from bot.ui.text import embed_of


def content_of(card: Card, *, formulas: bool = False, cards: bool = False) -> dict[str, Any]:
    """What a message showing `card` sends: its embed or text, and its buttons (`formulas`: the
    message carries the question's formulas' picture); `cards`: a question, its reveal and the summary
    as Components V2 cards (bot/ui/round_layout.py), the intro, teams and notices as they are."""
    if cards:
        card_message = layout_of(card, formulas=formulas)
        if card_message is not None:
            return card_message
        if isinstance(card, SummaryCard):
            classic = _summary(card)
            return {"view": summary_layout(classic["embed"], classic.get("view"))}
    match card:
        case Notice(text=text):
            return {"content": str(text)}
        case IntroCard():
            return {"embed": _intro_embed(card)}
        case TeamsCard():
            return {"embed": render.teams_embed(card.teams), "view": teams_view(card.round_id, card.teams)}
        case QuestionCard():
            return _question(card, formulas)
        case RevealCard():
            return _reveal(card, formulas)
        case SummaryCard():
            return _summary(card)
    raise TypeError(f"no message for {card!r}")


def _intro_embed(card: IntroCard) -> discord.Embed:
    options = card.options
    return render.intro_embed(
        card.deck,
        card.questions,
        options.seconds,
        options.mode,
        card.started_by,
        untimed=options.untimed,
        reading=options.reading_seconds,
    )


def _question(card: QuestionCard, formulas: bool) -> dict[str, Any]:
    embed = embed_of(look_of(card, formulas=formulas), render.QUESTION_COLOUR)
    return {"embed": embed, "view": question_view(card)}


def _reveal(card: RevealCard, formulas: bool) -> dict[str, Any]:
    embed = embed_of(look_of(card, formulas=formulas), render.REVEAL_COLOUR)
    return {"embed": embed, "view": reveal_view(card)}


def _summary(card: SummaryCard) -> dict[str, Any]:
    embed = render.summary_embed(
        card.deck,
        card.scores,
        questions_played=card.questions_played,
        note=None if card.note is None else str(card.note),
        round_id=card.round_id,
        podium_size=card.podium,
        teams=card.teams,
    )
    add_round_badges(embed, card.badges)
    # Its buttons when someone played: nobody to practise or look up otherwise.
    return {"embed": embed, "view": summary_view(card.round_id)} if card.buttons else {"embed": embed}


def files_of(
    card: Card, picture: FormulaPicture | None = None, stored: bytes | None = None
) -> Callable[[], list[discord.File]]:
    """The files a card's message uploads, opened anew for each try: a question's own image (`stored`:
    the bytes of the picture uploaded for it), then its formulas' picture (shown as the embed's image
    when the question has none of its own)."""
    if not isinstance(card, QuestionCard):
        return list
    question, index = card.question, card.index

    def files() -> list[discord.File]:
        image = render.question_file(question, index, stored)
        drawn = None if picture is None else render.formula_file(picture, index)
        return [f for f in (image, drawn) if f is not None]

    return files
