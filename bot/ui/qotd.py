"""Embeds of the question of the day: the question, its reveal, /qotd status and its board."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, datetime

import discord

from bot.bank.models import Kind, Question
from bot.calendar.kinds import lettered
from bot.calendar.post_failures import PASSING
from bot.calendar.qotd import Streak
from bot.locales import _, day, day_and_month, n_, number, slash
from bot.looks.order import HOW_TO_ORDER
from bot.looks.round import how_to_answer
from bot.looks.text import percent as share  # part of whole, — of nothing
from bot.looks.text import stamp
from bot.quiz.achievements import Achievement
from bot.store import QotdBoardLine
from bot.ui.achievements import new_badges_line
from bot.ui.round import REVEAL_COLOUR
from bot.ui.text import (
    EMBED_DESCRIPTION,
    EMBED_TITLE,
    FIELD_VALUE,
    FOOTER,
    clip,
    letter,
    mention,
)

QOTD_COLOUR = discord.Colour.teal()  # revealed, it takes a round's REVEAL_COLOUR


def _channel(channel_id: int) -> str:
    return f"<#{channel_id}>"


def days_in_a_row(days: int) -> str:
    return n_("{n} day in a row", "{n} days in a row", days)


def choice_lines(question: Question, order: Sequence[int]) -> list[str]:
    """Each lettered choice as the message lists it, in the member's order."""
    return [f"**{letter(slot)}**  {question.choices[original]}" for slot, original in enumerate(order)]


def asked_text(question: Question, order: Sequence[int], *, listed: bool = True) -> str:
    """The question as a calendar message asks it: its prompt (a cloze one's blanks drawn), and its
    lettered choices when its kind has them (not `listed`: a card shows them in its sections); an order
    question's items, lettered in the order shown; and what to press or pick, as a round's question says
    (a match question's items with it, a multi question's "select all")."""
    if question.kind is Kind.ORDER:
        lines = "\n".join(choice_lines(question, order))
        return f"{question.shown_prompt}\n\n{lines}\n\n{_(HOW_TO_ORDER)}"
    if not lettered(question):
        told = how_to_answer(question)
        return question.shown_prompt if told is None else f"{question.shown_prompt}\n\n{told}"
    asked = question.shown_prompt
    if listed:
        asked += "\n\n" + "\n".join(choice_lines(question, order))
    if question.kind is Kind.MULTI:
        asked += "\n\n" + _("Select all that apply, in the menu below.")
    return asked


def qotd_embed(
    question: Question,
    order: Sequence[int],
    on: date,
    closes: datetime,
    deck_title: str,
    *,
    listed: bool = True,
) -> discord.Embed:
    """The day's question; not `listed`: without its lettered choices (a card's sections hold them)."""
    until = _("Open until {time} ({relative}).", time=stamp(closes, "F"), relative=stamp(closes, "R"))
    asked = asked_text(question, order, listed=listed)
    embed = discord.Embed(
        title=clip(_("Question of the day · {date}", date=day(on)), EMBED_TITLE),
        description=clip(f"{asked}\n\n{until}", EMBED_DESCRIPTION),
        colour=QOTD_COLOUR,
    )
    embed.set_footer(text=clip(_("{deck} · answer once; your daily streak counts", deck=deck_title), FOOTER))
    return embed


def qotd_reveal_embed(
    question: Question,
    order: Sequence[int],
    on: date,
    counts: Sequence[int],
    right: int,
    deck_title: str,
    answered: int | None = None,
    *,
    listed: bool = True,
) -> discord.Embed:
    """`right` of `answered` got it right (`answered` by default: the sum of the counts, one per member
    when each chose one letter); not `listed`: without the counted choices (a card's sections hold them)."""
    answered = sum(counts) if answered is None else answered
    body = question.shown_prompt
    if listed or not lettered(question):
        body += "\n\n" + _revealed(question, order, counts)
    embed = discord.Embed(
        title=clip(_("Question of the day · {date} — answer", date=day(on)), EMBED_TITLE),
        description=clip(body, EMBED_DESCRIPTION),
        colour=REVEAL_COLOUR,
    )
    if question.explanation:
        embed.add_field(name=_("Why"), value=clip(question.explanation, FIELD_VALUE), inline=False)
    got = _(
        "{deck} · {right}/{answered} got it right ({share})",
        deck=deck_title,
        right=number(right),
        answered=number(answered),
        share=share(right, answered),
    )
    embed.set_footer(text=clip(got, FOOTER))
    return embed


def _revealed(question: Question, order: Sequence[int], counts: Sequence[int]) -> str:
    """The reveal's answer: each lettered choice ticked when right with how many chose it, or a typed
    question's right answer in words."""
    if not lettered(question):
        return _("The answer: {answer}", answer=question.answer_text)
    return "\n".join(counted_lines(question, order, counts))


def counted_lines(question: Question, order: Sequence[int], counts: Sequence[int]) -> list[str]:
    """Each lettered choice at the reveal: ticked when right, with how many chose it."""
    marks = []
    for slot, original in enumerate(order):
        tick = "✅" if original in question.answers else "▫️"
        marks.append(f"{tick} **{letter(slot)}**  {question.choices[original]}  — {number(counts[slot])}")
    return marks


def _board_line(line: QotdBoardLine, streak: Streak) -> str:
    text = _(
        "**{rank}.** {member} — **{right}** right of {answered}",
        rank=number(line.rank),
        member=mention(line.user_id),
        right=number(line.right),
        answered=number(line.answered),
    )
    return f"{text} · 🔥 {days_in_a_row(streak.current)}" if streak.current else text


def qotd_board_embed(
    lines: Sequence[QotdBoardLine], streaks: dict[int, Streak], total: int, viewer_line: str | None
) -> discord.Embed:
    if not lines:
        body = _("Nobody has answered a question of the day yet.")
    else:
        body = "\n".join(_board_line(line, streaks[line.user_id]) for line in lines)
    if viewer_line:
        body += f"\n\n{viewer_line}"
    embed = discord.Embed(
        title=_("Question of the day: right answers"),
        description=clip(body, EMBED_DESCRIPTION),
        colour=QOTD_COLOUR,
    )
    embed.set_footer(text=clip(n_("{n} member answered", "{n} members answered", total), FOOTER))
    return embed


def locked_in(letter_: str, streak: int, relative: str, badges: Sequence[Achievement] = ()) -> str:
    """What a member who answered the question of the day reads (only them), with any badge new now."""
    said = _(
        "Locked in: {letter}. {days}; the answer comes {relative}.",
        letter=letter_,
        days=days_in_a_row(streak),
        relative=relative,
    )
    return f"{said}\n{new_badges_line(badges)}" if badges else said


def qotd_set(deck_title: str, at: str, zone: str, first: datetime) -> str:
    return _(
        "The question of the day from “{deck}” is posted here daily at {time} ({zone}); the first {first} "
        "({relative}). Each is open until an hour before the next.",
        deck=deck_title,
        time=at,
        zone=zone,
        first=stamp(first, "F"),
        relative=stamp(first, "R"),
    )


def status_next(deck_title: str, channel_id: int, at: str, zone: str, next_at: datetime) -> str:
    return _(
        "From “{deck}” in {channel}, daily at {time} ({zone}); the next {next} ({relative}).",
        deck=deck_title,
        channel=_channel(channel_id),
        time=at,
        zone=zone,
        next=stamp(next_at, "F"),
        relative=stamp(next_at, "R"),
    )


def status_latest(on: date, answered: int, revealed: datetime | None, closes: datetime) -> str:
    if revealed is not None:
        return n_(
            "Latest: {date} — {n} answered, revealed.",
            "Latest: {date} — {n} answered, revealed.",
            answered,
            date=day_and_month(on),
        )
    return n_(
        "Latest: {date} — {n} answered, open until {relative}.",
        "Latest: {date} — {n} answered, open until {relative}.",
        answered,
        date=day_and_month(on),
        relative=stamp(closes, "R"),
    )


def post_problem(problem: str) -> str:
    """Why a question of the day was not posted, from its code (bot/calendar/post_failures.py)."""
    if problem == "channel_gone":
        return _("its channel is gone")
    if problem == "forbidden":
        return _(
            "Discord refused: Bvunzo may not post in that channel (View Channel, Send Messages, Embed Links)"
        )
    if problem == "question_gone":
        return _("its question is no longer in the deck")
    if problem == "discord_down":
        return _("Discord was failing (a server error)")
    if problem == "network":
        return _("Bvunzo could not reach Discord")
    return _("Discord refused the message")


def status_unposted(on: date, problem: str, closes: datetime, now: datetime) -> str:
    """/qotd status's line on a day whose question could not be posted."""
    why = post_problem(problem)
    if problem in PASSING and now < closes:
        return _(
            "{date}: the question was not posted yet ({why}); Bvunzo tries again each minute until {relative}.",
            date=day_and_month(on),
            why=why,
            relative=stamp(closes, "R"),
        )
    return _(
        "{date}: the question could not be posted ({why}); that day neither counts in streaks nor breaks them.",
        date=day_and_month(on),
        why=why,
    )


def questions_left(left: int, total: int, *, few: bool) -> list[str]:
    """/qotd status's lines on the deck's questions not yet asked."""
    lines = [
        n_(
            "{left} of {n} question not yet asked in this round of the deck.",
            "{left} of {n} questions not yet asked in this round of the deck.",
            total,
            left=number(left),
        )
    ]
    if few:
        lines.append(
            n_(
                "Only {n} remains: after it the deck starts over (or {cmd} another deck).",
                "Only {n} remain: after them the deck starts over (or {cmd} another deck).",
                left,
                cmd=slash("qotd set"),
            )
        )
    return lines
