"""Which questions work: each question's difficulty, discrimination and wrong choices, from first tries.

Classical item analysis, computed over every member's first try at each question of one deck in one
server (their later tries are practice, not a measure):

- difficulty: the share of members right on their first try (1.0: everybody knew it);
- discrimination: the point-biserial correlation between getting this question right and the
  member's score on the deck's *other* questions (the "corrected" item-rest correlation: the question's
  own answer is left out of the score it is compared with, or it would correlate with itself). Members
  answer different subsets of a deck (a round plays a few questions), so that score is the share of
  the other questions they answered that they got right; a member who answered no other question has
  no score and is left out of discrimination and the groups;
- the upper-lower index beside it: the share right among the strongest 27% minus among the weakest
  27%, ranked by that same score (Kelley's groups);
- each choice's share overall, among the strongest and among the weakest: a wrong choice the strongest
  pick more than the weakest points at a wrong key or an unclear question.

A question whose discrimination is under 0.2 (negative included) is marked. Figures resting on fewer
than MIN_MEMBERS members are not given: the page says "not enough answers yet".
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from bot.locales import N_

MIN_MEMBERS = 10
WEAK_DISCRIMINATION = 0.2
GROUP_SHARE = 0.27
# Marked for the catalog; shown as `_(NOT_ENOUGH)` in the reader's language.
NOT_ENOUGH = N_("not enough answers yet")


class FirstTry(Protocol):
    """One member's first answer to one question (bot.store.FirstTry)."""

    @property
    def user_id(self) -> int: ...
    @property
    def question_id(self) -> str: ...
    @property
    def correct(self) -> bool: ...
    @property
    def choice(self) -> int | None: ...
    @property
    def version(self) -> str: ...


@dataclass(frozen=True, slots=True)
class ItemQuestion:
    """What the analysis needs to know of a question: its choices (0 for typed answers) and right ones."""

    id: str
    choices: int
    answers: frozenset[int]
    # The digest of the question's version today (bot/bank/versions.py): an edited question starts afresh,
    # so only tries at this version count. "": every try counts.
    version: str = ""


@dataclass(frozen=True, slots=True)
class ChoiceShare:
    """How often one choice was picked, as shares of the members in each group (None: not enough)."""

    choice: int
    right: bool
    overall: float | None
    strongest: float | None
    weakest: float | None

    @property
    def draws_the_strong(self) -> bool:
        """A wrong choice the strongest pick more often than the weakest: check its key and wording."""
        return (
            not self.right
            and self.strongest is not None
            and self.weakest is not None
            and self.strongest > self.weakest
        )


@dataclass(frozen=True, slots=True)
class ItemFigures:
    """One question's figures; every figure is None when too few members answered it."""

    question_id: str
    members: int  # who answered it (first tries)
    right: int  # of whom right on the first try
    scored: int  # of whom also answered another question of the deck (the discrimination's members)
    difficulty: float | None
    discrimination: float | None  # point-biserial with the rest score
    upper_lower: float | None  # share right among the strongest 27% minus among the weakest 27%
    group_size: int  # members in each of the strongest and weakest groups
    choices: tuple[ChoiceShare, ...]

    @property
    def enough(self) -> bool:
        return self.difficulty is not None

    @property
    def weak(self) -> bool:
        """Marked: it does not tell those who know from those who do not (under 0.2, or negative)."""
        return self.discrimination is not None and self.discrimination < WEAK_DISCRIMINATION


def analyse(questions: Sequence[ItemQuestion], tries: Iterable[FirstTry]) -> list[ItemFigures]:
    """The figures of each question, in the deck's order. A member's second try at a question, tries
    at another version of it than today's (it was edited since), and tries at questions the deck no longer
    has, are ignored."""
    wanted = {q.id: q.version for q in questions}
    by_question: dict[str, dict[int, FirstTry]] = {q.id: {} for q in questions}
    for attempt in tries:
        version = wanted.get(attempt.question_id)
        # A try from before versions were kept ('') counts for today's version, as its round's snapshot does.
        if version is not None and (not version or attempt.version in ("", version)):
            by_question[attempt.question_id].setdefault(attempt.user_id, attempt)
    # Each member's first tries over the whole deck: right ones and all, so that the score on the
    # other questions is (right − this one) / (answered − 1) without walking their answers again.
    totals: dict[int, list[int]] = {}
    for answers in by_question.values():
        for user, attempt in answers.items():
            total = totals.setdefault(user, [0, 0])
            total[0] += attempt.correct
            total[1] += 1
    return [_figures(question, by_question[question.id], totals) for question in questions]


def _figures(
    question: ItemQuestion, answered: Mapping[int, FirstTry], totals: Mapping[int, list[int]]
) -> ItemFigures:
    members = len(answered)
    right = sum(1 for a in answered.values() if a.correct)
    scored = _rest_scores(answered, totals)
    if members < MIN_MEMBERS:
        return ItemFigures(question.id, members, right, len(scored), None, None, None, 0, ())
    difficulty = right / members
    discrimination = upper_lower = None
    size = 0
    strongest: list[FirstTry] = []
    weakest: list[FirstTry] = []
    if len(scored) >= MIN_MEMBERS:
        discrimination = point_biserial([a.correct for _, _, a in scored], [r for r, _, _ in scored])
        size = max(1, round(GROUP_SHARE * len(scored)))
        strongest = [a for _, _, a in scored[:size]]
        weakest = [a for _, _, a in scored[-size:]]
        upper_lower = _share_right(strongest) - _share_right(weakest)
    choices = _choice_shares(question, answered, strongest, weakest, size)
    return ItemFigures(
        question.id, members, right, len(scored), difficulty, discrimination, upper_lower, size, choices
    )


def _rest_scores(
    answered: Mapping[int, FirstTry], totals: Mapping[int, list[int]]
) -> list[tuple[float, int, FirstTry]]:
    """(rest score, user, their try): ranked strongest first, equal scores by member id so that the
    groups come out the same on every page load. A member who answered nothing else has no score."""
    return sorted(
        (
            ((totals[user][0] - attempt.correct) / (totals[user][1] - 1), user, attempt)
            for user, attempt in answered.items()
            if totals[user][1] > 1
        ),
        key=lambda row: (-row[0], row[1]),
    )


def _choice_shares(
    question: ItemQuestion,
    answered: Mapping[int, FirstTry],
    strongest: Sequence[FirstTry],
    weakest: Sequence[FirstTry],
    size: int,
) -> tuple[ChoiceShare, ...]:
    """Each choice's share of all first tries, and of the strongest and weakest groups' (if any)."""
    overall = Counter(a.choice for a in answered.values())
    upper = Counter(a.choice for a in strongest)
    lower = Counter(a.choice for a in weakest)
    return tuple(
        ChoiceShare(
            choice=index,
            right=index in question.answers,
            overall=overall[index] / len(answered),
            strongest=upper[index] / size if strongest else None,
            weakest=lower[index] / size if weakest else None,
        )
        for index in range(question.choices)
    )


def _share_right(group: Sequence[FirstTry]) -> float:
    return sum(1 for a in group if a.correct) / len(group)


def point_biserial(right: Sequence[bool], scores: Sequence[float]) -> float | None:
    """(M1 − M0) / s · √(p·q): M1, M0 the mean score of those right and wrong, s the scores' population
    standard deviation, p the share right and q = 1 − p. None when everyone was right, everyone wrong,
    or every score is equal (there is nothing to correlate)."""
    n = len(right)
    ones = [s for r, s in zip(right, scores, strict=True) if r]
    zeros = [s for r, s in zip(right, scores, strict=True) if not r]
    if not ones or not zeros:
        return None
    mean = sum(scores) / n
    spread = math.sqrt(sum((s - mean) ** 2 for s in scores) / n)
    if spread == 0:
        return None
    p = len(ones) / n
    return (sum(ones) / len(ones) - sum(zeros) / len(zeros)) / spread * math.sqrt(p * (1 - p))


def edited(questions: Sequence[ItemQuestion], tries: Iterable[FirstTry]) -> set[str]:
    """The questions answered at a version other than today's: edited since those answers."""
    wanted = {q.id: q.version for q in questions if q.version}
    return {
        t.question_id
        for t in tries
        if t.question_id in wanted and t.version not in ("", wanted[t.question_id])
    }
