"""A question as members will see it, for the deck editor's preview: the round's own cards and buttons.

Built from the round's cards (bot/rounds/cards.py) and their looks (bot/looks/round.py), the same
text bot/ui/round_cards.py sends to Discord, with no discord.py: bot/web draws it as HTML."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from bot.bank.models import Deck, Kind, Question
from bot.locales import _, p_
from bot.looks.discord_limits import BUTTON_LABEL
from bot.looks.embeds import Look
from bot.looks.round import look_of
from bot.looks.text import clip, language_name, letter
from bot.quiz import Reveal
from bot.rounds.cards import QuestionCard, RevealCard

PREVIEW_SECONDS = 20


@dataclass(frozen=True, slots=True)
class PreviewButton:
    """A button as Discord draws it: its label, style ("primary", "secondary", "success") and state."""

    label: str
    style: str
    disabled: bool = False
    emoji: str = ""


@dataclass(frozen=True, slots=True)
class PreviewMessage:
    """One message of a round: its embed's text (as bot/ui sends it) and its buttons."""

    embed: Look
    buttons: tuple[PreviewButton, ...]


@dataclass(frozen=True, slots=True)
class Preview:
    question: PreviewMessage  # as it is asked
    reveal: PreviewMessage  # as it is revealed, before anyone answered
    languages: tuple[str, ...]  # the languages a member can read it in


def _translate_buttons(question: Question) -> list[PreviewButton]:
    # As the round's question_view labels it (cogs/quiz/_buttons.py).
    others = [lang for lang in question.languages if lang != question.lang]
    if not others:
        return []
    label = (
        _("Read in {language}", language=language_name(others[0]))
        if len(others) == 1
        else p_("button", "Translate")
    )
    return [PreviewButton(clip(label, BUTTON_LABEL), "secondary", emoji="🌐")]


def preview(question: Question, deck: Deck, now: datetime, *, lang: str | None = None) -> Preview:
    """The question and its reveal as the first question of a round of `deck`, the choices in the
    author's order (a round shuffles them), in `lang` where the question has that translation."""
    shown = question.in_language(lang)
    order = tuple(range(len(shown.choices)))
    asked = QuestionCard(
        round_id=0,
        index=0,
        total=1,
        question=shown,
        order=order,
        deck_title=deck.title,
        deadline=now + timedelta(seconds=PREVIEW_SECONDS),
        answered=0,
        opens_at=None,
        untimed=False,
    )
    ask, told = _answer_buttons(shown, order)
    translate = _translate_buttons(question)
    return Preview(
        question=PreviewMessage(look_of(asked), (*ask, *translate)),
        reveal=PreviewMessage(
            look_of(_unanswered_reveal(shown, order, deck)),
            (*told, *translate, PreviewButton(_("Report question"), "secondary", emoji="🚩")),
        ),
        languages=question.languages,
    )


def _unanswered_reveal(shown: Question, order: tuple[int, ...], deck: Deck) -> RevealCard:
    """The reveal of a question no one answered."""
    nobody = Reveal(
        question_index=0,
        right_slots=frozenset(shown.answers),
        counts=tuple(0 for _ in order),
        fastest=(),
        answered=0,
        right=0,
    )
    return RevealCard(
        round_id=0,
        index=0,
        total=1,
        question=shown,
        order=order,
        reveal=nobody,
        deck_title=deck.title,
        names=True,
        standings=(),
        teams=(),
        reported=(deck.id, shown.id),
    )


def _answer_buttons(
    shown: Question, order: tuple[int, ...]
) -> tuple[list[PreviewButton], list[PreviewButton]]:
    """(the buttons a member answers with, the same at the reveal showing the right answer)."""
    if shown.typed or shown.kind is Kind.ORDER:  # an order's Answer opens its picker
        ask = [PreviewButton(p_("button", "Answer"), "primary", emoji="✍️")]
        told = [
            PreviewButton(
                clip(_("Answer: {answer}", answer=shown.answer_text), BUTTON_LABEL),
                "success",
                disabled=True,
                emoji="✍️",
            )
        ]
    elif shown.kind is Kind.MULTI:  # Discord shows a select menu: drawn as one wide control, its right set
        ask = [PreviewButton(clip(_("Pick every right choice") + " ▾", BUTTON_LABEL), "secondary")]
        right = " + ".join(letter(slot) for slot, original in enumerate(order) if original in shown.answers)
        told = [PreviewButton(clip(right + " ▾", BUTTON_LABEL), "success", disabled=True)]
    else:
        ask = [PreviewButton(letter(slot), "primary") for slot in order]
        told = [
            PreviewButton(
                f"{letter(slot)} · 0", "success" if slot in shown.answers else "secondary", disabled=True
            )
            for slot in order
        ]
    return ask, told
