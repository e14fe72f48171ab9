"""Embeds of a round in a channel: the intro, each question, its reveal and the final summary.

Written in the language being spoken: the channel port renders them inside the server's language
(bot/discord/round_channel.py); "My result" is the member's own reply, in theirs.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

import discord

from bot.bank.images import is_url
from bot.bank.models import Deck, Question
from bot.bank.pictures import picture_name
from bot.locales import _, language, n_, number, slash
from bot.looks.formula_pictures import FormulaPicture
from bot.looks.round import (
    fit_lines,
    formula_name,
    image_name,
    question_look,
    reveal_look,
    team_lines,
    team_name,
)
from bot.quiz import PlayerResult
from bot.quiz.standings import ordinal, place_mark, podium
from bot.quiz.teams import TeamResult
from bot.rounds.cards import QuestionCard, RevealCard
from bot.ui.text import EMBED_DESCRIPTION, EMBED_TITLE, FIELD_VALUE, clip, embed_of, mention, score_words

QUESTION_COLOUR = discord.Colour.blurple()
REVEAL_COLOUR = discord.Colour.green()
END_COLOUR = discord.Colour.gold()


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


def question_embed(card: QuestionCard) -> discord.Embed:
    """The question as it is asked (bot/looks/round.py's question_look)."""
    return embed_of(question_look(card), QUESTION_COLOUR)


def question_file(question: Question, index: int, stored: bytes | None = None) -> discord.File | None:
    """The image file a question's message uploads (None for no image or an https one): a file beside
    its deck, or `stored`, the bytes of the picture uploaded for it (bot/decks/pictures.py)."""
    if question.image is None or is_url(question.image):
        return None
    if picture_name(question.image) is not None:
        return (
            None if stored is None else discord.File(io.BytesIO(stored), filename=image_name(question, index))
        )
    return discord.File(question.image, filename=image_name(question, index))


def formula_file(picture: FormulaPicture, index: int) -> discord.File:
    """The PNG of a question's formulas, their sources as its alt text."""
    return discord.File(io.BytesIO(picture.png), filename=formula_name(index), description=picture.alt)


def reveal_embed(card: RevealCard) -> discord.Embed:
    """The question revealed (bot/looks/round.py's reveal_look)."""
    return embed_of(reveal_look(card), REVEAL_COLOUR)


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
        **score_words(score.user_id, score.right, score.answered),
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
        description = fit_lines(lines, EMBED_DESCRIPTION - 200)
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
