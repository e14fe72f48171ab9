"""A round's question and reveal as plain embeds (bot/looks/embeds.py), and the words they share.

bot/ui/round.py sends them as discord.Embed; the deck editor's preview (bot/looks/preview.py, drawn
by bot/web) shows the same text, in the language being spoken.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime
from pathlib import Path

from bot.bank.images import is_url
from bot.bank.models import Kind, Question
from bot.locales import _, exact, fixed, n_, number
from bot.looks.discord_limits import EMBED_DESCRIPTION, EMBED_TITLE, FIELD_VALUE
from bot.looks.embeds import Look, fit
from bot.looks.match import match_lines, match_reveal_lines
from bot.looks.order import HOW_TO_ORDER, order_reveal_lines
from bot.looks.text import clip, letter, mention, stamp
from bot.looks.text import percent as share  # part of whole, — of nothing
from bot.quiz import PlayerResult, Reveal
from bot.quiz.standings import place_mark, top
from bot.quiz.teams import TEAM_MARKS, TEAM_NAMES, TeamResult, mean_text
from bot.rounds.cards import QuestionCard, RevealCard


def team_name(team: int) -> str:
    """A team's mark and name, in the language spoken."""
    return f"{TEAM_MARKS[team]} {_(TEAM_NAMES[team])}"


def _tenths(value: float) -> str:
    """Seconds to one decimal, as the language writes them (1.5 in English, 1,5 in French)."""
    return fixed(value)


def _choice_lines(question: Question, order: Sequence[int]) -> str:
    return "\n".join(
        f"**{letter(slot)}**  {question.choices[original]}" for slot, original in enumerate(order)
    )


def _letters(slots: frozenset[int]) -> str:
    return " + ".join(letter(slot) for slot in sorted(slots))


def multi_lines(reveal: Reveal) -> str:
    """A multi question's reveal: the right set, how many picked exactly it, the wrong set picked most."""
    lines = [
        _(
            "**Right set:** {letters} — picked exactly by {right} of {answered}",
            letters=_letters(reveal.right_slots),
            right=number(reveal.right),
            answered=number(reveal.answered),
        )
    ]
    if reveal.top_wrong_set is not None:
        slots, count = reveal.top_wrong_set
        lines.append(
            n_(
                "Most chosen wrong set: {letters} ({n} member)",
                "Most chosen wrong set: {letters} ({n} members)",
                count,
                letters=_letters(slots),
            )
        )
    return "\n".join(lines)


def number_of(index: int, total: int) -> str:
    return _("Question {number} of {total}", number=number(index + 1), total=number(total))


def image_name(question: Question, index: int) -> str:
    """The attachment's name: plain letters only, since Discord resolves attachment:// by it."""
    return f"question-{index + 1}{Path(question.image or '').suffix.lower()}"


def formula_name(index: int) -> str:
    """The attachment the question's formulas are drawn in (bot/looks/formula_pictures.py)."""
    return f"formulas-{index + 1}.png"


def _image(question: Question, index: int, formulas: bool) -> str | None:
    """The embed's one image: the question's own picture, else its formulas' when they were uploaded."""
    if question.image is None:
        return f"attachment://{formula_name(index)}" if formulas else None
    return question.image if is_url(question.image) else f"attachment://{image_name(question, index)}"


def how_to_answer(question: Question) -> str | None:
    """What a typed question tells members to press (None: its choices or menu say it)."""
    if question.kind is Kind.CLOZE:
        return _("Fill in every blank with the **Answer** button.")
    if question.kind is Kind.ORDER:
        return _(HOW_TO_ORDER)
    if question.kind is Kind.MATCH:  # its items, and the button that pairs them
        return match_lines(question)
    if question.typed:
        return _("Type your answer with the **Answer** button.")
    return None


def timer_lines(opens_at: datetime | None, untimed: bool, deadline: datetime | None) -> list[str]:
    """When the question's buttons open, and what closes it (no timer, or when)."""
    lines = []
    if opens_at is not None:
        lines.append(_("Read it first: the buttons open {when}.", when=stamp(opens_at, "R")))
    if untimed:
        lines.append(
            _("No timer: revealed once every player has answered, or when a moderator presses Reveal.")
        )
    elif deadline is not None:
        lines.append(_("Closes {when}.", when=stamp(deadline, "R")))
    return lines


def question_look(card: QuestionCard, *, formulas: bool = False) -> Look:
    """The question while open (its reading time, or no timer, as its card says); `formulas` when its
    message carries its formulas' picture."""
    question = card.question
    body = question.shown_prompt
    told = how_to_answer(question)
    if told is not None:
        body += "\n\n" + told
    if not question.typed:
        body += "\n\n" + _choice_lines(question, card.order)
    if question.kind is Kind.MULTI:
        body += "\n\n" + _("Select all that apply, in the menu below.")
    for line in timer_lines(card.opens_at, card.untimed, card.deadline):
        body += "\n\n" + line
    so_far = n_("{n} answer so far", "{n} answers so far", card.answered)
    return Look(
        title=clip(number_of(card.index, card.total), EMBED_TITLE),
        description=clip(body, EMBED_DESCRIPTION),
        footer=clip(f"{card.deck_title} · {so_far}", 200),
        image=_image(question, card.index, formulas),
        colour="question",
    )


def typed_lines(question: Question, reveal: Reveal) -> str:
    """A typed question's answer at the reveal: the text or number (and the most given wrong number), or
    each blank of a cloze question with its first accepted answer and how many got it right."""
    if question.kind is Kind.MATCH:
        return match_reveal_lines(question, reveal)
    if question.kind is Kind.CLOZE:
        return "\n".join(
            _(
                "**({blank})** {answer} — {right} of {answered} right",
                blank=number(n),
                answer=accepted[0] if accepted else "",
                right=number(reveal.blanks_right[n - 1] if n <= len(reveal.blanks_right) else 0),
                answered=number(reveal.answered),
            )
            for n, accepted in enumerate(question.blanks, 1)
        )
    lines = _("**Answer:** {answer}", answer=question.answer_text)
    if reveal.top_wrong_number is not None:
        given = f"{exact(reveal.top_wrong_number)} {question.unit}".rstrip()
        lines += "\n" + _("Most given wrong number: {number}", number=given)
    return lines


def reveal_look(card: RevealCard, *, formulas: bool = False) -> Look:
    """The answer and how the channel answered; the card's `names` False keeps every player's name out
    of it (the round hides its standings until the end); its `standings` add the round's top lines so
    far; `formulas` when the message carries its formulas' picture."""
    question, reveal = card.question, card.reveal
    poll = question.kind is Kind.POLL
    lines = _reveal_lines(question, card.order, reveal)
    look = Look(
        title=clip(_reveal_title(card.index, card.total, poll=poll), EMBED_TITLE),
        description=clip(f"{question.shown_prompt}\n\n{lines}", EMBED_DESCRIPTION),
        image=_image(question, card.index, formulas),  # the reveal edits the same message: its uploads stay
        colour="reveal",
    )
    if question.explanation:
        look = look.with_field(_("Why"), clip(question.explanation, FIELD_VALUE))
    if question.suggested_by is not None:
        look = look.with_field(_("Suggested by"), mention(question.suggested_by))
    if card.names:
        look = _with_players(look, reveal, card.standings, card.teams)
    look = replace(look, footer=clip(f"{card.deck_title} · {_how_answered(reveal, poll=poll)}", 200))
    # The longest question with every field can pass Discord's 6000 in all: streaks give way first.
    return fit(look, first=(_("Streaks"), _("Hints used"), _("Fastest right answers")))


def _reveal_lines(question: Question, order: Sequence[int], reveal: Reveal) -> str:
    """The right answer, and for choices how many picked each (a poll's share of the votes too)."""
    if question.typed:
        return typed_lines(question, reveal)
    if question.kind is Kind.ORDER:
        return order_reveal_lines(question, reveal)
    poll = question.kind is Kind.POLL
    marks = []
    for slot, original in enumerate(order):
        tick = "✅" if slot in reveal.right_slots else "▫️"
        count = reveal.counts[slot] if slot < len(reveal.counts) else 0
        part = f" ({share(count, reveal.answered)})" if poll else ""
        marks.append(f"{tick} **{letter(slot)}**  {question.choices[original]}  — {number(count)}{part}")
    lines = "\n".join(marks)
    if question.kind is Kind.MULTI:
        lines += "\n\n" + multi_lines(reveal)
    return lines


def _how_answered(reveal: Reveal, *, poll: bool) -> str:
    if poll:
        return n_("{n} vote", "{n} votes", reveal.answered)
    return _(
        "{right}/{answered} right ({share})",
        right=number(reveal.right),
        answered=number(reveal.answered),
        share=share(reveal.right, reveal.answered),
    )


def _reveal_title(index: int, total: int, *, poll: bool) -> str:
    # A poll has no answer to reveal: only how the votes fell.
    at, of = number(index + 1), number(total)
    if poll:
        return _("Question {number} of {total} — poll results", number=at, total=of)
    return _("Question {number} of {total} — answer", number=at, total=of)


def _with_players(
    look: Look, reveal: Reveal, standings: Sequence[PlayerResult], teams: Sequence[TeamResult]
) -> Look:
    """The fields that name players: the fastest, streaks, hints pressed, standings and teams."""
    if reveal.fastest:
        fastest = "\n".join(
            f"{mention(user)} " + _("{seconds} s", seconds=_tenths(ms / 1000)) for user, ms in reveal.fastest
        )
        look = look.with_field(_("Fastest right answers"), clip(fastest, FIELD_VALUE))
    if reveal.streaks:
        streaks = "\n".join(
            n_("🔥 {member} {n} in a row", "🔥 {member} {n} in a row", run, member=mention(user))
            for user, run in reveal.streaks
        )
        look = look.with_field(_("Streaks"), clip(streaks, FIELD_VALUE))
    if reveal.hinted:
        look = look.with_field(_("Hints used"), hinted_line(reveal.hinted, FIELD_VALUE))
    if standings:
        shown = [
            f"{place_mark(r.rank)} {mention(r.user_id)} — **{number(r.points)}**" for r in top(standings)
        ]
        look = look.with_field(_("Standings"), fit_lines(shown, FIELD_VALUE))
    if teams:
        look = look.with_field(_("Teams"), team_lines(teams))
    return look


def hinted_line(hinted: Sequence[tuple[int, int]], limit: int) -> str:
    """Who pressed Hint and how often, `💡 @alice (2), @bongani (1)`, as many as fit in `limit`."""
    shown = [f"{mention(user)} ({number(presses)})" for user, presses in hinted]
    return "💡 " + fit_lines(shown, limit, ", ", taken=2)


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


def fit_lines(lines: Sequence[str], limit: int, separator: str = "\n", *, taken: int = 0) -> str:
    """As many whole lines (or items joined by `separator`) as fit in `limit` after the `taken`
    characters before them, and how many were left out."""
    kept: list[str] = []
    size = taken
    for i, line in enumerate(lines):
        if size + len(line) + len(separator) > limit - 40:
            kept.append(n_("… and {n} more", "… and {n} more", len(lines) - i))
            break
        kept.append(line)
        size += len(line) + len(separator)
    return separator.join(kept)


def look_of(card: QuestionCard | RevealCard, *, formulas: bool = False) -> Look:
    """A question card's or a reveal card's embed, as plain text (`formulas`: its picture is attached)."""
    if isinstance(card, QuestionCard):
        return question_look(card, formulas=formulas)
    return reveal_look(card, formulas=formulas)
