"""A round's cards as Discord messages: embeds from bot/ui, the buttons of cogs/quiz/_buttons.py."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import discord

from bot.bank.models import Kind, Question
from bot.quiz import Reveal
from bot.rounds import Card, IntroCard, Notice, QuestionCard, RevealCard, SummaryCard, TeamsCard
from bot.ui import round as render
from bot.ui.flags import report_button
from bot.ui.text import language_name, letter
from cogs.answers import ROUND, AnswerButton, TypeAnswerButton
from cogs.guard import frozen_view
from cogs.quiz._buttons import (
    BalanceButton,
    MissedButton,
    MyResultButton,
    RevealButton,
    TeamButton,
    TranslateButton,
)


def teams_view(round_id: int, teams: int) -> discord.ui.View:
    return frozen_view(*(TeamButton(round_id, team) for team in range(teams)), BalanceButton(round_id))


def _translate_item(round_id: int, index: int, question: Question) -> list[discord.ui.Item[Any]]:
    others = [lang for lang in question.languages if lang != question.lang]
    if not others:
        return []
    label = f"Read in {language_name(others[0])}" if len(others) == 1 else "Translate"
    return [TranslateButton(round_id, index, label)]


def question_view(
    round_id: int,
    index: int,
    question: Question,
    order: Sequence[int],
    *,
    reading: bool = False,
    untimed: bool = False,
) -> discord.ui.View:
    """The answer buttons (disabled while the question is `reading`), and a moderators' Reveal when `untimed`."""
    items: list[discord.ui.Item[Any]]
    if question.kind is Kind.TEXT:
        items = [TypeAnswerButton(ROUND, round_id, index, disabled=reading)]
    else:
        items = [AnswerButton(ROUND, round_id, index, slot, disabled=reading) for slot in range(len(order))]
    if untimed:
        items.append(RevealButton(round_id, index))
    return frozen_view(*items, *_translate_item(round_id, index, question))


def reveal_view(
    round_id: int,
    index: int,
    question: Question,
    order: Sequence[int],
    reveal: Reveal,
    reported: tuple[str, str] | None = None,
) -> discord.ui.View:
    """The answer buttons with their counts, and a Report-question button naming `reported`: the deck
    and id the question has in its own deck (a mixed round's questions are named after the round's)."""
    items: list[discord.ui.Item[Any]]
    if question.kind is Kind.TEXT:
        items = [
            TypeAnswerButton(
                ROUND,
                round_id,
                index,
                label=f"Answer: {question.answer_text}",
                disabled=True,
                style=discord.ButtonStyle.success,
            )
        ]
    else:
        items = []
        for slot in range(len(order)):
            right = slot in reveal.right_slots
            count = reveal.counts[slot] if slot < len(reveal.counts) else 0
            items.append(
                AnswerButton(
                    ROUND,
                    round_id,
                    index,
                    slot,
                    label=f"{letter(slot)} · {count}",
                    disabled=True,
                    style=discord.ButtonStyle.success if right else discord.ButtonStyle.secondary,
                )
            )
    report = [report_button(*reported)] if reported else []  # "Report question"
    return frozen_view(*items, *_translate_item(round_id, index, question), *report)


def summary_view(round_id: int) -> discord.ui.View:
    return frozen_view(MissedButton(round_id), MyResultButton(round_id))


def content_of(card: Card) -> dict[str, Any]:
    """What a message showing `card` sends: its embed or text, and its buttons."""
    match card:
        case Notice(text=text):
            return {"content": text}
        case IntroCard():
            return {"embed": _intro_embed(card)}
        case TeamsCard():
            return {"embed": render.teams_embed(card.teams), "view": teams_view(card.round_id, card.teams)}
        case QuestionCard():
            return _question(card)
        case RevealCard():
            return _reveal(card)
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


def _question(card: QuestionCard) -> dict[str, Any]:
    embed = render.question_embed(
        card.question,
        card.order,
        index=card.index,
        total=card.total,
        deadline=card.deadline,
        answered=card.answered,
        deck_title=card.deck_title,
        opens_at=card.opens_at,
        untimed=card.untimed,
    )
    reading = card.opens_at is not None
    view = question_view(
        card.round_id, card.index, card.question, card.order, reading=reading, untimed=card.untimed
    )
    return {"embed": embed, "view": view}


def _reveal(card: RevealCard) -> dict[str, Any]:
    embed = render.reveal_embed(
        card.question,
        card.order,
        card.reveal,
        index=card.index,
        total=card.total,
        deck_title=card.deck_title,
        names=card.names,
        standings=card.standings,
        teams=card.teams,
    )
    view = reveal_view(card.round_id, card.index, card.question, card.order, card.reveal, card.reported)
    return {"embed": embed, "view": view}


def _summary(card: SummaryCard) -> dict[str, Any]:
    embed = render.summary_embed(
        card.deck,
        card.scores,
        questions_played=card.questions_played,
        note=card.note,
        round_id=card.round_id,
        podium_size=card.podium,
        teams=card.teams,
    )
    # Its buttons when someone played: nobody to practise or look up otherwise.
    return {"embed": embed, "view": summary_view(card.round_id)} if card.buttons else {"embed": embed}


def file_of(card: Card) -> Callable[[], discord.File | None]:
    """The image a card's message uploads, opened anew for each try (None: no upload)."""
    if isinstance(card, QuestionCard):
        question, index = card.question, card.index
        return lambda: render.question_file(question, index)
    return lambda: None
