"""Embeds of an assignment: its message with progress, each private question, feedback, the summary, results."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

import discord

from bot.bank.models import Question

# Worded beside their rules (a member reads them as refusals); shown from here too.
from bot.calendar.assignment_service import attempts_used, too_few_questions, was_due  # noqa: F401
from bot.calendar.assignments import MemberResult, QuestionResult
from bot.calendar.kinds import lettered
from bot.locales import _, n_, number, p_
from bot.looks.text import stamp
from bot.ui.qotd import asked_text, share
from bot.ui.text import EMBED_DESCRIPTION, EMBED_TITLE, FIELD_VALUE, clip, letter, mention

ASSIGNMENT_COLOUR = discord.Colour.dark_teal()
RIGHT_COLOUR = discord.Colour.green()
WRONG_COLOUR = discord.Colour.red()


def progress_line(started: int, finished: int, due: datetime, closed: bool, late: int = 0) -> str:
    """`finished`: members who finished an attempt in time; `late`: those who finished only after it."""
    line = _progress(started, finished, due, closed)
    if late:
        line += " " + n_(
            "{n} more finished only after the due time.", "{n} more finished only after the due time.", late
        )
    return line


def _progress(started: int, finished: int, due: datetime, closed: bool) -> str:
    if closed:
        return n_(
            "{finished} of {n} who started have finished; closed.",
            "{finished} of {n} who started have finished; closed.",
            started,
            finished=number(finished),
        )
    return n_(
        "{finished} of {n} who started have finished; due {relative} ({time}).",
        "{finished} of {n} who started have finished; due {relative} ({time}).",
        started,
        finished=number(finished),
        relative=stamp(due, "R"),
        time=stamp(due, "F"),
    )


def assignment_embed(
    ident: int, deck_title: str, count: int, attempts: int, late: str, progress: str
) -> discord.Embed:
    what = n_(
        "{n} question from “{deck}”, the same for everyone, played privately: press **Start**.",
        "{n} questions from “{deck}”, the same for everyone, played privately: press **Start**.",
        count,
        deck=deck_title,
    )
    if late == "allow":
        tries = n_(
            "{n} attempt each (the best counts); late answers are marked late.",
            "{n} attempts each (the best counts); late answers are marked late.",
            attempts,
        )
    else:
        tries = n_(
            "{n} attempt each (the best counts); no answers after the due time.",
            "{n} attempts each (the best counts); no answers after the due time.",
            attempts,
        )
    body = f"{what} {tries}\n\n{progress}"
    return discord.Embed(
        title=clip(_("Assignment #{id}: {deck}", id=ident, deck=deck_title), EMBED_TITLE),
        description=clip(body, EMBED_DESCRIPTION),
        colour=ASSIGNMENT_COLOUR,
    )


def assignment_question_embed(
    ident: int, question: Question, order: Sequence[int], index: int, total: int
) -> discord.Embed:
    return discord.Embed(
        title=clip(
            _(
                "Assignment #{id} · question {index} of {total}",
                id=ident,
                index=number(index + 1),
                total=number(total),
            ),
            EMBED_TITLE,
        ),
        description=clip(asked_text(question, order), EMBED_DESCRIPTION),
        colour=ASSIGNMENT_COLOUR,
    )


def right_answer_words(question: Question, order: Sequence[int]) -> str:
    """The right answer as the member reads it: its letters in their order with each choice's words, or
    (a typed question) the answer in words."""
    if not lettered(question):
        return question.answer_text
    return ", ".join(
        f"{letter(slot)} ({question.choices[original]})"
        for slot, original in enumerate(order)
        if original in question.answers
    )


def feedback_embed(question: Question, order: Sequence[int], said: str, right: bool) -> discord.Embed:
    """`said`: what the member gave, as they read it back (a letter, the letters picked, their words)."""
    title = (
        _("Right: {letter}", letter=said)
        if right
        else _("Not quite: the answer is {answer}", answer=right_answer_words(question, order))
    )
    embed = discord.Embed(title=clip(title, EMBED_TITLE), colour=RIGHT_COLOUR if right else WRONG_COLOUR)
    if question.explanation:
        embed.description = clip(question.explanation, EMBED_DESCRIPTION)
    return embed


def _standing(mine: MemberResult, total: int) -> str:
    """What the member's score is: their best attempt in time, and their best late one if it did better."""
    late = None
    if mine.late_right is not None and (mine.late or mine.late_right > mine.right):
        late = _(
            "Your best late attempt: {right}/{total}.", right=number(mine.late_right), total=number(total)
        )
    if mine.late:
        return _(
            "Nothing was done in time; your best late attempt: {right}/{total}.",
            right=number(mine.late_right or 0),
            total=number(total),
        )
    said = _(
        "Your score, your best attempt in time: {right}/{total}.",
        right=number(mine.right),
        total=number(total),
    )
    return said if late is None else f"{said} {late}"


def attempt_summary_embed(
    ident: int, right: int, total: int, attempt: int, most: int, late: bool, mine: MemberResult | None = None
) -> discord.Embed:
    said = [_("Attempt {number} of {most} is in.", number=number(attempt), most=number(most))]
    if late:
        said.append(_("Finished after the due time: marked late."))
    if mine is not None:
        said.append(_standing(mine, total))
    if attempt < most:
        said.append(
            n_(
                "You have {n} attempt left; the best counts.",
                "You have {n} attempts left; the best counts.",
                most - attempt,
            )
        )
    return discord.Embed(
        title=clip(
            _("Assignment #{id}: {right}/{total} right", id=ident, right=number(right), total=number(total)),
            EMBED_TITLE,
        ),
        description=" ".join(said),
        colour=ASSIGNMENT_COLOUR,
    )


def _minutes(ms: int) -> str:
    seconds = ms // 1000
    return f"{seconds // 60}:{seconds % 60:02d}"


def _member_line(m: MemberResult, total: int) -> str:
    line = _(
        "{member} — **{right}**/{total} ({right}/{answered} answered)",
        member=mention(m.user_id),
        right=number(m.right),
        total=number(total),
        answered=number(m.answered),
    )
    parts = [line, n_("{n} attempt", "{n} attempts", m.attempts), _minutes(m.spent_ms)]
    if not m.late:
        parts.append(
            p_("assignment result", "finished") if m.finished else p_("assignment result", "unfinished")
        )
    if m.late_right is not None:
        parts.append(
            _(
                "late: best {right}/{total} ({right}/{answered} answered)",
                right=number(m.late_right),
                total=number(total),
                answered=number(m.late_answered or 0),
            )
        )
    return " · ".join(parts)


def results_embed(
    ident: int,
    total: int,
    members: Sequence[MemberResult],
    questions: Sequence[QuestionResult],
    prompts: Sequence[str],
    wrong_texts: Sequence[str | None],
) -> discord.Embed:
    member_lines = [_member_line(m, total) for m in members]
    question_lines = [
        _(
            "**{index}.** {prompt} — {right}/{answered} ({share})",
            index=number(q.index + 1),
            prompt=clip(prompts[q.index], 60),
            right=number(q.right),
            answered=number(q.answered),
            share=share(q.right, q.answered),
        )
        + (
            _("; most chosen wrong: {choice}", choice=clip(wrong_texts[q.index] or "", 40))
            if wrong_texts[q.index]
            else ""
        )
        for q in questions
    ]
    embed = discord.Embed(
        title=clip(_("Assignment #{id}: results", id=ident), EMBED_TITLE),
        description=clip("\n".join(member_lines) or _("Nobody has started it yet."), EMBED_DESCRIPTION),
        colour=ASSIGNMENT_COLOUR,
    )
    embed.add_field(
        name=_("Per question"), value=clip("\n".join(question_lines) or "—", FIELD_VALUE), inline=False
    )
    embed.set_footer(text=_("Every row is in the attached CSV (opens in Excel) and JSON."))
    return embed


def posted(ident: int, count: int, due: datetime) -> str:
    """What the moderator who posted an assignment reads."""
    return n_(
        "Assignment #{id} posted: {n} question, due {time} ({relative}).",
        "Assignment #{id} posted: {n} questions, due {time} ({relative}).",
        count,
        id=ident,
        time=stamp(due, "F"),
        relative=stamp(due, "R"),
    )
