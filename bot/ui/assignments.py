"""Embeds of an assignment: its message with progress, each private question, feedback, the summary, results."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

import discord

from bot.bank.models import Question
from bot.calendar.assignments import MemberResult, QuestionResult
from bot.ui.text import EMBED_DESCRIPTION, EMBED_TITLE, FIELD_VALUE, clip, letter, mention, percent, plural

ASSIGNMENT_COLOUR = discord.Colour.dark_teal()
RIGHT_COLOUR = discord.Colour.green()
WRONG_COLOUR = discord.Colour.red()


def _stamp(moment: datetime, style: str) -> str:
    return f"<t:{int(moment.timestamp())}:{style}>"


def progress_line(started: int, finished: int, due: datetime, closed: bool) -> str:
    state = "closed" if closed else f"due {_stamp(due, 'R')} ({_stamp(due, 'F')})"
    return f"{finished} of {started} who started have finished; {state}."


def assignment_embed(
    ident: int, deck_title: str, count: int, attempts: int, late: str, progress: str
) -> discord.Embed:
    late_text = "late answers are marked late" if late == "allow" else "no answers after the due time"
    body = (
        f"{plural(count, 'question')} from “{deck_title}”, the same for everyone, played privately: press "
        f"**Start**. {plural(attempts, 'attempt')} each (the best counts); {late_text}.\n\n{progress}"
    )
    return discord.Embed(
        title=clip(f"Assignment #{ident}: {deck_title}", EMBED_TITLE),
        description=clip(body, EMBED_DESCRIPTION),
        colour=ASSIGNMENT_COLOUR,
    )


def assignment_question_embed(
    ident: int, question: Question, order: Sequence[int], index: int, total: int
) -> discord.Embed:
    lines = "\n".join(
        f"**{letter(slot)}**  {question.choices[original]}" for slot, original in enumerate(order)
    )
    return discord.Embed(
        title=clip(f"Assignment #{ident} · question {index + 1} of {total}", EMBED_TITLE),
        description=clip(f"{question.prompt}\n\n{lines}", EMBED_DESCRIPTION),
        colour=ASSIGNMENT_COLOUR,
    )


def feedback_embed(question: Question, order: Sequence[int], chose: int, right: bool) -> discord.Embed:
    answer = ", ".join(
        f"{letter(slot)} ({question.choices[original]})"
        for slot, original in enumerate(order)
        if original in question.answers
    )
    title = f"Right: {letter(order.index(chose))}" if right else f"Not quite: the answer is {answer}"
    embed = discord.Embed(title=clip(title, EMBED_TITLE), colour=RIGHT_COLOUR if right else WRONG_COLOUR)
    if question.explanation:
        embed.description = clip(question.explanation, EMBED_DESCRIPTION)
    return embed


def attempt_summary_embed(
    ident: int, right: int, total: int, number: int, most: int, late: bool
) -> discord.Embed:
    more = f" You have {plural(most - number, 'attempt')} left; the best counts." if number < most else ""
    late_text = " Finished after the due time: marked late." if late else ""
    return discord.Embed(
        title=clip(f"Assignment #{ident}: {right}/{total} right", EMBED_TITLE),
        description=f"Attempt {number} of {most} is in.{late_text}{more}",
        colour=ASSIGNMENT_COLOUR,
    )


def _minutes(ms: int) -> str:
    seconds = ms // 1000
    return f"{seconds // 60}:{seconds % 60:02d}"


def results_embed(
    ident: int,
    total: int,
    members: Sequence[MemberResult],
    questions: Sequence[QuestionResult],
    prompts: Sequence[str],
    wrong_texts: Sequence[str | None],
) -> discord.Embed:
    member_lines = [
        f"{mention(m.user_id)} — **{m.right}**/{total} ({m.right}/{m.answered} answered) · "
        f"{plural(m.attempts, 'attempt')} · {_minutes(m.spent_ms)}"
        + (" · finished" if m.finished else " · unfinished")
        + (" · late" if m.late else "")
        for m in members
    ]
    question_lines = [
        f"**{q.index + 1}.** {clip(prompts[q.index], 60)} — {q.right}/{q.answered} ({percent(q.right, q.answered)})"
        + (f"; most chosen wrong: {clip(wrong_texts[q.index] or '', 40)}" if wrong_texts[q.index] else "")
        for q in questions
    ]
    embed = discord.Embed(
        title=clip(f"Assignment #{ident}: results", EMBED_TITLE),
        description=clip("\n".join(member_lines) or "Nobody has started it yet.", EMBED_DESCRIPTION),
        colour=ASSIGNMENT_COLOUR,
    )
    embed.add_field(
        name="Per question", value=clip("\n".join(question_lines) or "—", FIELD_VALUE), inline=False
    )
    embed.set_footer(text="Every row is in the attached CSV (opens in Excel) and JSON.")
    return embed
