"""A played round's figures for the people who teach: each member's rank and totals, the round's totals,
and how the answers to each question fell (who chose what, and who joined but did not answer).

Who joined a round is what the store knows of it: a member who answered a question, voted in a poll,
pressed Hint or was counted in a team (`Store.round_members`). Polls have no right answer: their votes
are shown as they fell, and count in nobody's points, right answers or accuracy.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from statistics import median

from bot.bank.models import Deck, Kind, Question
from bot.quiz.missed import closed_count
from bot.store import Answer, PollVote, RoundRecord

# Bars are drawn in steps of this many percent (one CSS class a step: the CSP allows no inline style).
BAR_STEP = 5


@dataclass(frozen=True, slots=True)
class MemberLine:
    """One member's line of the round's ranking."""

    user_id: int
    rank: int  # 1 for the most points; equal points share a rank (1, 1, 3), as the round's summary
    points: int
    right: int
    asked: int  # questions asked that have a right answer (polls are not)
    answered: int
    median_seconds: float | None  # of their answers; None for a member who answered nothing


@dataclass(frozen=True, slots=True)
class RoundTotals:
    members: int  # who joined
    answers: int  # answers to questions with a right answer
    right: int
    asked: int


@dataclass(frozen=True, slots=True)
class Bar:
    """One way a question was answered: a choice, right or wrong (typed answers), or not at all."""

    kind: str  # "choice", "right", "wrong" or "missing"
    label: str  # the choice's text ("" for the other kinds: the page names them)
    count: int
    step: int  # the bar's width: a share of the members who joined, in steps of BAR_STEP percent
    right: bool = False  # the right choice (or the right answers)


@dataclass(frozen=True, slots=True)
class Spread:
    """How the members who joined answered one question of the round."""

    number: int  # 1-based, as in the round
    asked: bool  # False for a question the round never reached (stopped early)
    bars: tuple[Bar, ...]
    missing: tuple[int, ...]  # who joined but did not answer it, by id


@dataclass(frozen=True, slots=True)
class RoundFigures:
    ranking: tuple[MemberLine, ...]
    totals: RoundTotals
    spreads: tuple[Spread, ...]


def asked_count(record: RoundRecord, answered: Iterable[int]) -> int:
    """How many of the round's questions were asked: all of a finished round's; of a stopped, interrupted
    or running one, those closed and any that has an answer."""
    if record.status == "finished":
        return len(record.question_ids)
    reached = max(answered, default=-1) + 1
    return min(len(record.question_ids), max(closed_count(record.current, record.revealed), reached))


def _question(deck: Deck | None, record: RoundRecord, index: int) -> Question | None:
    return deck.question(record.question_ids[index]) if deck is not None else None


def _polls(deck: Deck | None, record: RoundRecord) -> set[int]:
    found = (_question(deck, record, i) for i in range(len(record.question_ids)))
    return {i for i, q in enumerate(found) if q is not None and q.kind is Kind.POLL}


def figures(
    record: RoundRecord,
    deck: Deck | None,
    answers: Sequence[Answer],
    votes: Sequence[PollVote],
    members: Iterable[int],
) -> RoundFigures:
    """The round's ranking, totals and answer spreads, from what the store keeps of it."""
    joined = sorted(set(members) | {a.user_id for a in answers} | {v.user_id for v in votes})
    polls = _polls(deck, record)
    scored = [a for a in answers if a.question_index not in polls]
    asked = asked_count(record, [a.question_index for a in answers] + [v.question_index for v in votes])
    scored_asked = len([i for i in range(asked) if i not in polls])
    totals = RoundTotals(len(joined), len(scored), sum(a.right for a in scored), scored_asked)
    spreads = tuple(
        _spread(index, _question(deck, record, index), index < asked, answers, votes, joined)
        for index in range(len(record.question_ids))
    )
    return RoundFigures(ranking(joined, scored, scored_asked), totals, spreads)


def ranking(joined: Sequence[int], answers: Sequence[Answer], asked: int) -> tuple[MemberLine, ...]:
    """Every member who joined: most points first, then most right, then who finished earliest (as the
    round's summary orders them); a member who answered nothing comes after those tied with them."""
    theirs: dict[int, list[Answer]] = {user: [] for user in joined}
    for answer in answers:
        theirs.setdefault(answer.user_id, []).append(answer)

    def order(user: int) -> tuple[int, int, float, int]:
        given = theirs[user]
        last = max((a.answered_at.timestamp() for a in given), default=float("inf"))
        return (-sum(a.points for a in given), -sum(a.right for a in given), last, user)

    lines: list[MemberLine] = []
    for position, user in enumerate(sorted(theirs, key=order), start=1):
        given = theirs[user]
        points = sum(a.points for a in given)
        tied = bool(lines) and lines[-1].points == points
        lines.append(
            MemberLine(
                user_id=user,
                rank=lines[-1].rank if tied else position,
                points=points,
                right=sum(a.right for a in given),
                asked=asked,
                answered=len(given),
                median_seconds=median(a.ms for a in given) / 1000 if given else None,
            )
        )
    return tuple(lines)


def _step(count: int, whole: int) -> int:
    return round(count * 100 / whole / BAR_STEP) * BAR_STEP if whole else 0


def _spread(
    index: int,
    question: Question | None,
    asked: bool,
    answers: Sequence[Answer],
    votes: Sequence[PollVote],
    joined: Sequence[int],
) -> Spread:
    if question is not None and question.kind is Kind.POLL:
        chose = [v.choice for v in votes if v.question_index == index]
        who = {v.user_id for v in votes if v.question_index == index}
        given: list[Answer] = []
    else:
        given = [a for a in answers if a.question_index == index]
        chose = [a.choice for a in given if a.choice is not None]
        who = {a.user_id for a in given}
    missing = tuple(user for user in joined if user not in who) if asked else ()
    whole = len(joined)
    bars: list[Bar] = []
    if question is not None and not question.typed:
        for choice, text in enumerate(question.choices):
            count = chose.count(choice)
            bars.append(Bar("choice", text, count, _step(count, whole), question.is_right(choice)))
    else:
        right = sum(a.right for a in given)
        wrong = len(given) - right
        bars += [
            Bar("right", "", right, _step(right, whole), True),
            Bar("wrong", "", wrong, _step(wrong, whole)),
        ]
    if asked:
        bars.append(Bar("missing", "", len(missing), _step(len(missing), whole)))
    return Spread(index + 1, asked, tuple(bars), missing)
