"""A question as members will see it, for the deck editor's preview: the round's own embeds and buttons."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from bot.bank.models import Deck, Kind, Question
from bot.locales import _, p_
from bot.quiz import Reveal
from bot.ui.round import question_embed, reveal_embed
from bot.ui.text import BUTTON_LABEL, clip, language_name, letter

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
    """One message of a round: the embed as Discord receives it (Embed.to_dict) and its buttons."""

    embed: dict[str, Any]
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
    asked = question_embed(
        shown,
        order,
        index=0,
        total=1,
        deadline=now + timedelta(seconds=PREVIEW_SECONDS),
        answered=0,
        deck_title=deck.title,
    )
    nobody = Reveal(
        question_index=0,
        right_slots=frozenset(shown.answers),
        counts=tuple(0 for _ in order),
        fastest=(),
        answered=0,
        right=0,
    )
    revealed = reveal_embed(shown, order, nobody, index=0, total=1, deck_title=deck.title)
    if shown.kind is Kind.TEXT:
        ask = [PreviewButton(p_("button", "Answer"), "primary", emoji="✍️")]
        told = [
            PreviewButton(
                clip(_("Answer: {answer}", answer=shown.answer_text), BUTTON_LABEL),
                "success",
                disabled=True,
                emoji="✍️",
            )
        ]
    else:
        ask = [PreviewButton(letter(slot), "primary") for slot in order]
        told = [
            PreviewButton(
                f"{letter(slot)} · 0", "success" if slot in shown.answers else "secondary", disabled=True
            )
            for slot in order
        ]
    translate = _translate_buttons(question)
    return Preview(
        question=PreviewMessage(asked.to_dict(), (*ask, *translate)),  # type: ignore[arg-type]
        reveal=PreviewMessage(
            revealed.to_dict(),  # type: ignore[arg-type]
            (*told, *translate, PreviewButton(_("Report question"), "secondary", emoji="🚩")),
        ),
        languages=question.languages,
    )
