"""Practice on screen: a question for one member and its buttons, the feedback on their answer, the summary."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

import discord

from bot.bank.models import Kind, Question, typed_words
from bot.locales import _, n_, number, p_, percent, slash
from bot.looks.match import match_lines
from bot.looks.order import HOW_TO_ORDER, order_feedback
from bot.looks.text import stamp
from bot.quiz import Passes
from bot.ui import custom_ids
from bot.ui.answers import PRACTICE_TAGS, answer_buttons
from bot.ui.flag_views import report_button
from bot.ui.text import (
    BUTTON_LABEL,
    EMBED_DESCRIPTION,
    FIELD_VALUE,
    clip,
    language_name,
    letter,
)
from bot.ui.views import frozen_view

if TYPE_CHECKING:
    from fractions import Fraction

PRACTICE_COLOUR = discord.Colour.teal()


def _choices(
    question: Question,
    order: Sequence[int],
    right: frozenset[int] = frozenset(),
    chosen: int | None = None,
    picked: Sequence[int] = (),
) -> str:
    lines = []
    for slot, original in enumerate(order):
        mark = ""
        if right:
            mark = "✅ " if slot in right else ("❌ " if slot == chosen or slot in picked else "▫️ ")
        lines.append(f"{mark}**{letter(slot)}**  {question.choices[original]}")
    return "\n".join(lines)


def practice_question_embed(
    question: Question,
    order: Sequence[int],
    *,
    index: int,
    total: int,
    deck_title: str,
    leech_failures: int = 0,
) -> discord.Embed:
    embed = discord.Embed(
        title=clip(
            _(
                "Practice {number} of {total} — {deck}",
                number=number(index + 1),
                total=number(total),
                deck=deck_title,
            ),
            256,
        ),
        description=clip(_practice_body(question, order), EMBED_DESCRIPTION),
        colour=PRACTICE_COLOUR,
    )
    if leech_failures and question.explanation:
        embed.add_field(
            name=n_(
                "You have missed this one {n} time: read this first",
                "You have missed this one {n} times: read this first",
                leech_failures,
            ),
            value=clip(question.explanation, FIELD_VALUE),
            inline=False,
        )
    embed.set_footer(text=_("Only you can see this · {language}", language=language_name(question.lang)))
    return embed


def _practice_body(question: Question, order: Sequence[int]) -> str:
    """The prompt, then its choices, pairs or how to answer it."""
    body = question.shown_prompt + "\n\n"
    if question.kind is Kind.MATCH:
        body += match_lines(question)
    else:
        body += _("Answer with the **Answer** button.") if question.typed else _choices(question, order)
    if question.kind is Kind.MULTI:
        body += "\n\n" + _("Select all that apply, in the menu below.")
    elif question.kind is Kind.ORDER:
        body += "\n\n" + _(HOW_TO_ORDER)
    return body


def _parts_share(question: Question, share: Fraction) -> str:
    """Feedback on a cloze or match answer: the blanks or pairs right and the share of the points."""
    parts = len(question.blanks) if question.kind is Kind.CLOZE else len(question.pairs)
    values = {"right": number(int(share * parts)), "percent": percent(float(share))}
    if question.kind is Kind.CLOZE:
        return n_(
            "{right} of {n} blank right: {percent} of the points.",
            "{right} of {n} blanks right: {percent} of the points.",
            parts,
            **values,
        )
    return n_(
        "{right} of {n} pair right: {percent} of the points.",
        "{right} of {n} pairs right: {percent} of the points.",
        parts,
        **values,
    )


def feedback_embed(
    question: Question,
    order: Sequence[int],
    *,
    right: bool,
    right_slots: frozenset[int],
    chosen: int | None,
    typed: str | None,
    index: int,
    total: int,
    next_due: datetime | None,
    comes_back: bool = False,
    picked: Sequence[int] = (),
    share: Fraction | None = None,
) -> discord.Embed:
    """How a practice answer went; `picked` and `share`: a multi question's slots and the share they earn."""
    body = _feedback_body(question, order, right_slots, chosen, typed, picked, share)
    where = {"number": number(index + 1), "total": number(total)}
    embed = discord.Embed(
        title=_("✅ Right — {number} of {total}", **where)
        if right
        else _("❌ Not quite — {number} of {total}", **where),
        description=clip(body, EMBED_DESCRIPTION),
        colour=discord.Colour.green() if right else discord.Colour.red(),
    )
    if question.explanation:
        embed.add_field(name=_("Why"), value=clip(question.explanation, FIELD_VALUE), inline=False)
    if comes_back:
        embed.add_field(
            name=_("Again later"),
            value=_("This question comes back later in this session, until you get it right twice in a row."),
            inline=False,
        )
    if next_due is not None:
        embed.set_footer(text=_("Next review of this question"))
        embed.timestamp = next_due
    return embed


def _feedback_body(
    question: Question,
    order: Sequence[int],
    right_slots: frozenset[int],
    chosen: int | None,
    typed: str | None,
    picked: Sequence[int],
    share: Fraction | None,
) -> str:
    """The question with the answer given and the right one, and the share of the points it earned."""
    if question.typed:
        answered = _(
            "You answered “{typed}”.\n**Answer:** {answer}",
            typed=clip(typed_words(question, typed), 200),
            answer=question.answer_text,
        )
        body = f"{question.shown_prompt}\n\n{answered}"
    elif question.kind is Kind.ORDER:
        body = order_feedback(question, order, picked, float(share or 0))
    else:
        body = f"{question.prompt}\n\n{_choices(question, order, right_slots, chosen, picked)}"
    if question.kind is Kind.ORDER:
        pass
    elif share is not None and question.kind in (Kind.CLOZE, Kind.MATCH):
        body += "\n\n" + _parts_share(question, share)
    elif share is not None:
        body += "\n\n" + _(
            "You picked {letters}: {percent} of the points.",
            letters=", ".join(letter(slot) for slot in sorted(picked)),
            percent=percent(float(share)),
        )
    return body


def passes_lines(passes: Sequence[tuple[Passes, Question | None]]) -> list[str]:
    """Until learned: the questions that took more than one pass, most passes first, then the rest in one line."""
    lines = []
    repeated = sorted((p for p in passes if p[0].passes > 1 or not p[0].learned), key=lambda p: -p[0].passes)
    for item, question in repeated:
        prompt = clip(question.prompt, 70) if question else item.question_id
        if item.learned:
            line = n_("{prompt} — {n} pass", "{prompt} — {n} passes", item.passes, prompt=prompt)
        else:
            line = n_(
                "{prompt} — {n} pass · not learned yet",
                "{prompt} — {n} passes · not learned yet",
                item.passes,
                prompt=prompt,
            )
        lines.append(line)
    first_time = sum(1 for p, _q in passes if p.passes == 1 and p.learned)
    if first_time:
        lines.append(
            n_("{n} question right the first time", "{n} questions right the first time", first_time)
        )
    return lines


def practice_summary_embed(
    deck_title: str,
    right: int,
    answered: int,
    due: int,
    next_due: datetime | None,
    *,
    passes: Sequence[tuple[Passes, Question | None]] | None = None,
) -> discord.Embed:
    share = percent(right / answered) if answered else "—"
    text = _(
        "You got **{right} of {answered}** right ({percent}).",
        right=number(right),
        answered=number(answered),
        percent=share,
    )
    if passes is not None:
        text = _until_learned_text(answered, passes)
    if due:
        text += "\n" + n_(
            "{n} question is due for review now: {cmd} mode:review.",
            "{n} questions are due for review now: {cmd} mode:review.",
            due,
            cmd=slash("practice"),
        )
    elif next_due is not None:
        text += "\n" + _("Your next review is due {when}.", when=stamp(next_due, "R"))
    return discord.Embed(
        title=clip(_("Practice done — {deck}", deck=deck_title), 256),
        description=clip(text, EMBED_DESCRIPTION),
        colour=PRACTICE_COLOUR,
    )


def _until_learned_text(answered: int, passes: Sequence[tuple[Passes, Question | None]]) -> str:
    """A session until learned: how many it learned in how many answers, and the passes each took."""
    learned = sum(1 for p, _q in passes if p.learned)
    return (
        n_(
            "You learned **{learned} of {total}** questions in {n} answer.",
            "You learned **{learned} of {total}** questions in {n} answers.",
            answered,
            learned=number(learned),
            total=number(len(passes)),
        )
        + "\n\n"
        + _("**Passes each needed**")
        + "\n"
        + "\n".join(passes_lines(passes))
        + "\n"
    )


def translation_target(question: Question, wanted: str | None, locale: str) -> str:
    """The language a translate button shows: the reader's, if the question has it; else another one."""
    others = [lang for lang in question.languages if lang != question.lang]
    reader = [code for code in (wanted, locale.split("-", maxsplit=1)[0].lower()) if code]
    return next((code for code in reader if code in others), others[0] if others else question.lang)


def translation_embed(
    question: Question, order: Sequence[int], language: str, *, revealed: bool
) -> discord.Embed:
    """The question in `language` (the original's words where it has no such translation)."""
    shown = question.in_language(language)
    body = shown.shown_prompt
    if shown.kind is Kind.MATCH:  # its pairs in that language
        body += "\n\n" + match_lines(shown)
    elif not shown.typed:
        body += "\n\n" + _choices(shown, order)
    embed = discord.Embed(
        title=clip(_("In {language}", language=language_name(shown.lang)), 256),
        description=clip(body, EMBED_DESCRIPTION),
        colour=PRACTICE_COLOUR,
    )
    if revealed and shown.explanation:
        embed.add_field(name=_("Why"), value=clip(shown.explanation, FIELD_VALUE), inline=False)
    return embed


def step_button(
    practice_id: int, index: int, *, label: str, original: bool = False
) -> discord.ui.Button[Any]:
    """On to the next question (pn), or see this one in its original language (po)."""
    return discord.ui.Button(
        label=clip(label, BUTTON_LABEL),
        style=discord.ButtonStyle.secondary if original else discord.ButtonStyle.success,
        row=1 if original else 0,
        custom_id=custom_ids.PRACTICE_STEP.make(practice_id, index, tag="po" if original else "pn"),
    )


def practice_question_view(
    practice_id: int,
    index: int,
    question: Question,
    order: Sequence[int],
    original_lang: str | None,
    *,
    hints: bool = False,
) -> discord.ui.View:
    """The answer buttons of a practice question (a typed one's Hint when `hints`); "See in ..." when it is
    shown translated from `original_lang`."""
    items: list[discord.ui.Item[Any]] = list(
        answer_buttons(PRACTICE_TAGS, practice_id, index, question, order, hints=hints)
    )
    if original_lang is not None and original_lang != question.lang:
        label = _("See in {language}", language=language_name(original_lang))
        items.append(step_button(practice_id, index, label=label, original=True))
    return frozen_view(*items)


def feedback_view(
    practice_id: int, index: int, deck_id: str, question_id: str, *, last: bool
) -> discord.ui.View:
    """Next (Finish after the last question), and Report question naming it in its deck."""
    return frozen_view(
        step_button(practice_id, index, label=p_("button", "Finish") if last else p_("button", "Next")),
        report_button(deck_id, question_id, row=0),
    )
