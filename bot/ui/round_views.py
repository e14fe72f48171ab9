"""The buttons of a round's messages, built from engine state: questions, reveals, teams, the summary.

Plain buttons whose custom_ids (bot/ui/custom_ids.py) bring a click back to the DynamicItems of
cogs/quiz/_buttons.py and cogs/answers.py; a view here keeps nothing in memory.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from bot.bank.models import Kind, Question
from bot.locales import _, number
from bot.looks.discord_limits import BUTTON_LABEL
from bot.quiz import Reveal
from bot.quiz.teams import TEAM_MARKS, TEAM_NAMES
from bot.rounds.cards import QuestionCard, RevealCard
from bot.ui import custom_ids
from bot.ui.answers import ROUND_TAGS, answer_button, answer_buttons, answer_menu, type_answer_button
from bot.ui.flag_views import report_button
from bot.ui.text import clip, language_name, letter
from bot.ui.views import frozen_view


def _button(
    label: str,
    emoji: str,
    custom_id: str,
    *,
    style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    row: int | None = None,
) -> discord.ui.Button[Any]:
    """One of the round's own buttons (not an answer's): grey unless `style` says otherwise."""
    return discord.ui.Button(
        label=clip(label, BUTTON_LABEL), style=style, emoji=emoji, row=row, custom_id=custom_id
    )


def translate_button(round_id: int, index: int, label: str | None = None) -> discord.ui.Button[Any]:
    """Shows the member the question in their language, ephemerally."""
    return _button(label or _("Translate"), "🌐", custom_ids.TRANSLATE.make(round_id, index), row=1)


def reveal_button(round_id: int, index: int) -> discord.ui.Button[Any]:
    """On a question of an untimed round: a moderator reveals it."""
    return _button(_("Reveal (moderators)"), "⏭️", custom_ids.REVEAL.make(round_id, index), row=1)


def team_button(round_id: int, team: int) -> discord.ui.Button[Any]:
    return _button(
        _(TEAM_NAMES[team]),
        TEAM_MARKS[team],
        custom_ids.JOIN_TEAM.make(round_id, team),
        style=discord.ButtonStyle.primary,
    )


def balance_button(round_id: int) -> discord.ui.Button[Any]:
    return _button(_("Auto-balance (moderators)"), "⚖️", custom_ids.BALANCE_TEAMS.make(round_id), row=1)


def missed_button(round_id: int) -> discord.ui.Button[Any]:
    return _button(
        _("Practise what I missed"),
        "🔁",
        custom_ids.PRACTISE_MISSED.make(round_id),
        style=discord.ButtonStyle.success,
    )


def my_result_button(round_id: int) -> discord.ui.Button[Any]:
    """Tells the member who presses it their own place, points and misses, ephemerally."""
    return _button(_("My result"), "📋", custom_ids.MY_RESULT.make(round_id))


def teams_view(round_id: int, teams: int) -> discord.ui.View:
    return frozen_view(*(team_button(round_id, team) for team in range(teams)), balance_button(round_id))


def _translate(round_id: int, index: int, question: Question) -> list[discord.ui.Item[Any]]:
    others = [lang for lang in question.languages if lang != question.lang]
    if not others:
        return []
    label = _("Read in {language}", language=language_name(others[0])) if len(others) == 1 else None
    return [translate_button(round_id, index, label)]


def question_view(card: QuestionCard) -> discord.ui.View:
    """The answer buttons (disabled while the question is being read), a typed question's Hint when the
    round gives hints, and a moderators' Reveal when the round is untimed."""
    round_id, index, question = card.round_id, card.index, card.question
    reading = card.opens_at is not None
    items: list[discord.ui.Item[Any]] = [
        *answer_buttons(ROUND_TAGS, round_id, index, question, card.order, disabled=reading, hints=card.hints)
    ]
    if card.untimed:
        items.append(reveal_button(round_id, index))
    return frozen_view(*items, *_translate(round_id, index, question))


def reveal_view(card: RevealCard) -> discord.ui.View:
    """The answer buttons with their counts, and a Report-question button naming the card's `reported`:
    the deck and id the question has in its own deck (a mixed round's questions are named after the round's)."""
    round_id, index, question, order, reveal = (
        card.round_id,
        card.index,
        card.question,
        card.order,
        card.reveal,
    )
    items: list[discord.ui.Item[Any]]
    if question.typed or question.kind is Kind.ORDER:  # an order's right order: its reveal lists the rest
        answer = type_answer_button(
            ROUND_TAGS,
            round_id,
            index,
            label=_("Answer: {answer}", answer=question.answer_text),
            style=discord.ButtonStyle.success,
            disabled=True,
        )
        items = [answer]
    elif question.kind is Kind.MULTI:  # the menu, disabled: how many picked each choice, the right set picked
        menu = answer_menu(
            ROUND_TAGS, round_id, index, question, order, counts=reveal.counts, right=reveal.right_slots
        )
        items = [menu]
    else:
        items = _counted_buttons(round_id, index, order, reveal)
    report = [report_button(*card.reported)]  # "Report question"
    return frozen_view(*items, *_translate(round_id, index, question), *report)


def _counted_buttons(
    round_id: int, index: int, order: Sequence[int], reveal: Reveal
) -> list[discord.ui.Item[Any]]:
    """The answer buttons disabled, each with how many chose it, the right ones green."""
    items: list[discord.ui.Item[Any]] = []
    for slot in range(len(order)):
        right = slot in reveal.right_slots
        count = reveal.counts[slot] if slot < len(reveal.counts) else 0
        items.append(
            answer_button(
                ROUND_TAGS,
                round_id,
                index,
                slot,
                label=f"{letter(slot)} · {number(count)}",
                disabled=True,
                style=discord.ButtonStyle.success if right else discord.ButtonStyle.secondary,
            )
        )
    return items


def summary_view(round_id: int) -> discord.ui.View:
    return frozen_view(missed_button(round_id), my_result_button(round_id))
