"""Embeds of a round in a channel: the intro, each question, its reveal and the final summary.

Written in the language being spoken: the channel port renders them inside the server's language
(cogs/quiz/_channel.py); "My result" is the member's own reply, in theirs.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from pathlib import Path

import discord
from babel import numbers

from bot.bank.images import is_url
from bot.bank.models import Deck, Kind, Question
from bot.locales import _, language, n_, number, percent, slash
from bot.quiz import PlayerResult, Reveal
from bot.quiz.standings import ordinal, place_mark, podium, top
from bot.quiz.teams import TEAM_MARKS, TEAM_NAMES, TeamResult, mean_text
from bot.ui.text import EMBED_DESCRIPTION, EMBED_TITLE, FIELD_VALUE, clip, fit_total, letter, mention

QUESTION_COLOUR = discord.Colour.blurple()
REVEAL_COLOUR = discord.Colour.green()
END_COLOUR = discord.Colour.gold()


def share(part: int, whole: int) -> str:
    """`part` of `whole` as a whole percentage, as the language writes it (— of nothing)."""
    return percent(part / whole) if whole else "—"


def team_name(team: int) -> str:
    """A team's mark and name, in the language spoken."""
    return f"{TEAM_MARKS[team]} {_(TEAM_NAMES[team])}"


def place_text(rank: int) -> str:
    """A place as the language writes it: 1st, 2nd (English); 1er, 2e (French); 1º (Portuguese); 1 (Shona)."""
    code = language()
    if code == "fr":
        return "1er" if rank == 1 else f"{number(rank)}e"
    if code == "pt-BR":
        return f"{number(rank)}º"
    if code == "sn":
        return number(rank)
    return ordinal(rank)


def _tenths(value: float) -> str:
    """Seconds to one decimal, as the language writes them (1.5 in English, 1,5 in French)."""
    return numbers.format_decimal(value, format="#,##0.0", locale=language().replace("-", "_"))


def _timing(seconds: int, untimed: bool, reading: int) -> str:
    if untimed and reading:
        return _("no timer, {reading} s to read each before the buttons open", reading=number(reading))
    if untimed:
        return _("no timer")
    if reading:
        return _(
            "{seconds} s each, {reading} s to read each before the buttons open",
            seconds=number(seconds),
            reading=number(reading),
        )
    return _("{seconds} s each", seconds=number(seconds))


def intro_embed(
    deck: Deck,
    questions: int,
    seconds: int,
    mode: str,
    started_by: int | None,
    *,
    untimed: bool = False,
    reading: int = 0,
) -> discord.Embed:
    how = (
        _("faster right answers earn more (50–100 points)")
        if mode == "speed"
        else _("100 points per right answer")
    )
    # A list of what the round is: its questions, their time, how they score.
    plays = _(
        "{questions}, {timing} — {scoring}.",
        questions=n_("{n} question", "{n} questions", questions),
        timing=_timing(seconds, untimed, reading),
        scoring=how,
    )
    by = (
        _("Started automatically. Answer with the buttons; your first click counts.")
        if started_by is None
        else _(
            "Started by {member}. Answer with the buttons; your first click counts.",
            member=mention(started_by),
        )
    )
    embed = discord.Embed(
        title=clip(_("Quiz: {deck}", deck=deck.title), EMBED_TITLE),
        description=clip(f"{plays}\n{by}", EMBED_DESCRIPTION),
        colour=QUESTION_COLOUR,
    )
    if deck.description:
        embed.add_field(name=_("About this deck"), value=clip(deck.description, FIELD_VALUE), inline=False)
    return embed


def _choice_lines(question: Question, order: Sequence[int]) -> str:
    return "\n".join(
        f"**{letter(slot)}**  {question.choices[original]}" for slot, original in enumerate(order)
    )


def question_embed(
    question: Question,
    order: Sequence[int],
    *,
    index: int,
    total: int,
    deadline: datetime | None,
    answered: int,
    deck_title: str,
    opens_at: datetime | None = None,
    untimed: bool = False,
) -> discord.Embed:
    """The question; `opens_at` while it is in its reading time; `untimed` when no timer closes it."""
    body = question.prompt
    if question.kind is Kind.TEXT:
        body += "\n\n" + _("Type your answer with the **Answer** button.")
    else:
        body += "\n\n" + _choice_lines(question, order)
    if opens_at is not None:
        when = f"<t:{int(opens_at.timestamp())}:R>"
        body += "\n\n" + _("Read it first: the buttons open {when}.", when=when)
    if untimed:
        body += "\n\n" + _(
            "No timer: revealed once every player has answered, or when a moderator presses Reveal."
        )
    elif deadline is not None:
        closes = f"<t:{int(deadline.timestamp())}:R>"
        body += "\n\n" + _("Closes {when}.", when=closes)
    embed = discord.Embed(
        title=clip(_number_of(index, total), EMBED_TITLE),
        description=clip(body, EMBED_DESCRIPTION),
        colour=QUESTION_COLOUR,
    )
    so_far = n_("{n} answer so far", "{n} answers so far", answered)
    embed.set_footer(text=clip(f"{deck_title} · {so_far}", 200))
    _show_image(embed, question, index)
    return embed


def _number_of(index: int, total: int) -> str:
    return _("Question {number} of {total}", number=number(index + 1), total=number(total))


def _image_name(question: Question, index: int) -> str:
    """The attachment's name: plain letters only, since Discord resolves attachment:// by it."""
    return f"question-{index + 1}{Path(question.image or '').suffix.lower()}"


def _show_image(embed: discord.Embed, question: Question, index: int) -> None:
    if question.image is None:
        return
    url = question.image if is_url(question.image) else f"attachment://{_image_name(question, index)}"
    embed.set_image(url=url)


def question_file(question: Question, index: int) -> discord.File | None:
    """The image file a question's message uploads (None for no image or an https one)."""
    if question.image is None or is_url(question.image):
        return None
    return discord.File(question.image, filename=_image_name(question, index))


def reveal_embed(
    question: Question,
    order: Sequence[int],
    reveal: Reveal,
    *,
    index: int,
    total: int,
    deck_title: str,
    names: bool = True,
    standings: Sequence[PlayerResult] = (),
    teams: Sequence[TeamResult] = (),
) -> discord.Embed:
    """The answer and how the channel answered; `names` False keeps every player's name out of it
    (the round hides its standings until the end); `standings` adds the round's top lines so far."""
    poll = question.kind is Kind.POLL
    if question.kind is Kind.TEXT:
        lines = _("**Answer:** {answer}", answer=question.answer_text)
    else:
        marks = []
        for slot, original in enumerate(order):
            tick = "✅" if slot in reveal.right_slots else "▫️"
            count = reveal.counts[slot] if slot < len(reveal.counts) else 0
            part = f" ({share(count, reveal.answered)})" if poll else ""
            marks.append(f"{tick} **{letter(slot)}**  {question.choices[original]}  — {number(count)}{part}")
        lines = "\n".join(marks)
    # A poll has no answer to reveal: only how the votes fell.
    at, of = number(index + 1), number(total)
    title = (
        _("Question {number} of {total} — poll results", number=at, total=of)
        if poll
        else _("Question {number} of {total} — answer", number=at, total=of)
    )
    embed = discord.Embed(
        title=clip(title, EMBED_TITLE),
        description=clip(f"{question.prompt}\n\n{lines}", EMBED_DESCRIPTION),
        colour=REVEAL_COLOUR,
    )
    if question.explanation:
        embed.add_field(name=_("Why"), value=clip(question.explanation, FIELD_VALUE), inline=False)
    _show_image(embed, question, index)  # the reveal edits the same message: its upload stays
    if question.suggested_by is not None:
        embed.add_field(name=_("Suggested by"), value=mention(question.suggested_by), inline=False)
    if names and reveal.fastest:
        fastest = "\n".join(
            f"{mention(user)} " + _("{seconds} s", seconds=_tenths(ms / 1000)) for user, ms in reveal.fastest
        )
        embed.add_field(name=_("Fastest right answers"), value=clip(fastest, FIELD_VALUE), inline=False)
    if names and reveal.streaks:
        streaks = "\n".join(
            n_("🔥 {member} {n} in a row", "🔥 {member} {n} in a row", run, member=mention(user))
            for user, run in reveal.streaks
        )
        embed.add_field(name=_("Streaks"), value=clip(streaks, FIELD_VALUE), inline=False)
    if names and standings:
        shown = [
            f"{place_mark(r.rank)} {mention(r.user_id)} — **{number(r.points)}**" for r in top(standings)
        ]
        embed.add_field(name=_("Standings"), value=_fit_lines(shown, FIELD_VALUE), inline=False)
    if names and teams:
        embed.add_field(name=_("Teams"), value=team_lines(teams), inline=False)
    how = (
        n_("{n} vote", "{n} votes", reveal.answered)
        if poll
        else _(
            "{right}/{answered} right ({share})",
            right=number(reveal.right),
            answered=number(reveal.answered),
            share=share(reveal.right, reveal.answered),
        )
    )
    embed.set_footer(text=clip(f"{deck_title} · {how}", 200))
    # The longest question with every field can pass Discord's 6000 in all: streaks give way first.
    return fit_total(embed, first=(_("Streaks"), _("Fastest right answers")))


def team_lines(teams: Sequence[TeamResult]) -> str:
    """One line per team: its place (shared on equal means), name, mean and what the mean is of."""
    return clip(
        "\n".join(
            f"{place_mark(t.rank)} {team_name(t.team)} — **{mean_text(t.mean)}** "
            + n_(
                "({n} point ÷ {members})",
                "({n} points ÷ {members})",
                t.points,
                members=n_("{n} member", "{n} members", t.members),
            )
            for t in teams
        ),
        FIELD_VALUE,
    )


def teams_embed(teams: int) -> discord.Embed:
    """The message a round of teams opens with: a button per team, and Auto-balance for moderators."""
    names = ", ".join(team_name(team) for team in range(teams))
    return discord.Embed(
        title=_("Pick a team"),
        description=_(
            "Teams: {names}. Press your team's button (you may switch until you first answer). "
            "Whoever answers without a team joins the smallest one. A team scores the mean of its "
            "members' points, so a small team is not behind for being small.",
            names=names,
        ),
        colour=QUESTION_COLOUR,
    )


def _score_line(mark: str, score: PlayerResult) -> str:
    return n_(
        "{mark} {member} — **{n}** point, {right}/{answered} right ({share})",
        "{mark} {member} — **{n}** points, {right}/{answered} right ({share})",
        score.points,
        mark=mark,
        member=mention(score.user_id),
        right=number(score.right),
        answered=number(score.answered),
        share=share(score.right, score.answered),
    )


def summary_embed(
    deck: Deck,
    scores: Sequence[PlayerResult],
    *,
    questions_played: int,
    note: str | None,
    round_id: int,
    podium_size: int = 3,
    teams: Sequence[TeamResult] = (),
) -> discord.Embed:
    """The podium (places from the engine's ranks: a tie shares its place and its medal), then everyone else."""
    if not scores:
        description = _("Nobody answered this time.")
    else:
        placed = podium(scores, podium_size)
        lines = [_("**Podium**"), *(_score_line(place_mark(s.rank), s) for s in placed)]
        rest = scores[len(placed) :]
        if rest:
            lines.append("")
            lines.extend(_score_line(f"{number(s.rank)}.", s) for s in rest)
        description = _fit_lines(lines, EMBED_DESCRIPTION - 200)
    if note:
        description = f"{note}\n\n{description}"
    embed = discord.Embed(
        title=clip(_("Round over: {deck}", deck=deck.title), EMBED_TITLE),
        description=clip(description, EMBED_DESCRIPTION),
        colour=END_COLOUR,
    )
    if teams:
        embed.add_field(name=_("Team podium"), value=team_lines(teams), inline=False)
    footer = n_(
        "Round {round} · {n} question played · {cmd} for the server's board",
        "Round {round} · {n} questions played · {cmd} for the server's board",
        questions_played,
        round=round_id,
        cmd=slash("leaderboard"),
    )
    embed.set_footer(text=clip(footer, 2048))
    return embed


def my_result_text(
    result: PlayerResult | None, scores: Sequence[PlayerResult], missed: Sequence[int], round_id: int
) -> str:
    """What "My result" tells one member: their place (shared or not), points, and the numbers (from 1)
    of the questions they missed."""
    if result is None:
        return _("You didn't answer in round {round}.", round=round_id)
    shared = sum(1 for s in scores if s.rank == result.rank) > 1
    values = {
        "round": round_id,
        "place": place_text(result.rank),
        "players": number(len(scores)),
        "right": number(result.right),
        "answered": number(result.answered),
    }
    if shared:
        text = n_(
            "Round {round}: you placed **{place}** (shared) of {players} with **{n}** point, {right}/{answered} right.",
            "Round {round}: you placed **{place}** (shared) of {players} with **{n}** points, {right}/{answered} right.",
            result.points,
            **values,
        )
    else:
        text = n_(
            "Round {round}: you placed **{place}** of {players} with **{n}** point, {right}/{answered} right.",
            "Round {round}: you placed **{place}** of {players} with **{n}** points, {right}/{answered} right.",
            result.points,
            **values,
        )
    if missed:
        listed = ", ".join(number(n) for n in missed)
        text += " " + n_(
            "You missed {n} question: {numbers}.",
            "You missed {n} questions: {numbers}.",
            len(missed),
            numbers=listed,
        )
    else:
        text += " " + _("You missed nothing.")
    return clip(text, 1800)


def _fit_lines(lines: Sequence[str], limit: int) -> str:
    """As many whole lines as fit, and how many were left out."""
    kept: list[str] = []
    size = 0
    for i, line in enumerate(lines):
        if size + len(line) + 1 > limit - 40:
            kept.append(n_("… and {n} more", "… and {n} more", len(lines) - i))
            break
        kept.append(line)
        size += len(line) + 1
    return "\n".join(kept)
