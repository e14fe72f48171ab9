"""Achievements: the badges a member earns for learning, from the facts of their play (pure rules).

A badge rewards a habit a study group wants (turning up, getting things right, coming back to what one
missed), not only winning. `earned` says which badges a member's facts earn; which of those are new is the
store's to say (each badge is kept once per member and server: bot/achievements/service.py).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum

from bot.locales import N_
from bot.quiz.round import PlayerResult, Verdict

# A perfect round is every question of a round of at least this many answered right: one lucky answer
# to a one-question round is not a perfect round.
PERFECT_FROM = 3
# The quickest right answer to a question counts when at least this many members answered it.
QUICKEST_AMONG = 2
STREAK_WEEK = 7


class Achievement(StrEnum):
    """Each badge, by the key the store keeps it under (never renamed: kept rows name it)."""

    FIRST_ROUND = "first_round"
    PERFECT_ROUND = "perfect_round"
    RIGHT_10 = "right_10"
    RIGHT_100 = "right_100"
    RIGHT_1000 = "right_1000"
    QUICKEST = "quickest"
    COMEBACK = "comeback"
    QOTD_WEEK = "qotd_week"


# The order badges are shown in (/stats, a round's summary): the order of the enum.
ORDER = tuple(Achievement)

NAMES: Mapping[Achievement, str] = {
    Achievement.FIRST_ROUND: N_("First round"),
    Achievement.PERFECT_ROUND: N_("Perfect round"),
    Achievement.RIGHT_10: N_("10 right"),
    Achievement.RIGHT_100: N_("100 right"),
    Achievement.RIGHT_1000: N_("1,000 right"),
    Achievement.QUICKEST: N_("Quick draw"),
    Achievement.COMEBACK: N_("Comeback"),
    Achievement.QOTD_WEEK: N_("Week of questions"),
}

MEANINGS: Mapping[Achievement, str] = {
    Achievement.FIRST_ROUND: N_("Played a first round."),
    Achievement.PERFECT_ROUND: N_("Answered every question of a round of 3 or more right."),
    Achievement.RIGHT_10: N_("Gave 10 right answers in rounds."),
    Achievement.RIGHT_100: N_("Gave 100 right answers in rounds."),
    Achievement.RIGHT_1000: N_("Gave 1,000 right answers in rounds."),
    Achievement.QUICKEST: N_("Gave the quickest right answer to a question two or more answered."),
    Achievement.COMEBACK: N_("Got a question right after missing it before."),
    Achievement.QOTD_WEEK: N_("Answered the question of the day 7 days in a row."),
}

_RIGHT_COUNTS = ((10, Achievement.RIGHT_10), (100, Achievement.RIGHT_100), (1000, Achievement.RIGHT_1000))


@dataclass(frozen=True, slots=True)
class Facts:
    """What a member has done in one server, as far as badges care; all zero/False: nothing yet."""

    rounds: int = 0  # rounds they answered in
    right: int = 0  # right answers in rounds, all time
    perfect_round: bool = False  # a round of PERFECT_FROM or more questions, every one answered right
    quickest: bool = False  # the quickest right answer to a question QUICKEST_AMONG or more answered
    comeback: bool = False  # right on a question they had answered wrong before
    qotd_streak: int = 0  # days in a row they answered the question of the day


@dataclass(frozen=True, slots=True)
class RoundBadges:
    """One member's badges newly earned in a round, in the order they are shown."""

    user_id: int
    badges: tuple[Achievement, ...]


def earned(facts: Facts) -> frozenset[Achievement]:
    """Every badge these facts earn (those kept already included: the store keeps each once)."""
    found = {badge for count, badge in _RIGHT_COUNTS if facts.right >= count}
    flags = (
        (facts.rounds >= 1, Achievement.FIRST_ROUND),
        (facts.perfect_round, Achievement.PERFECT_ROUND),
        (facts.quickest, Achievement.QUICKEST),
        (facts.comeback, Achievement.COMEBACK),
        (facts.qotd_streak >= STREAK_WEEK, Achievement.QOTD_WEEK),
    )
    found.update(badge for holds, badge in flags if holds)
    return frozenset(found)


def in_order(badges: Iterable[str]) -> tuple[Achievement, ...]:
    """The badges known to this version, in the order they are shown; an unknown key is left out."""
    known = {str(badge) for badge in badges}
    return tuple(badge for badge in ORDER if badge.value in known)


def perfect_players(scores: Iterable[PlayerResult], questions: int) -> frozenset[int]:
    """Who answered every one of a round's `questions` (polls left out) right, in a round long enough."""
    if questions < PERFECT_FROM:
        return frozenset()
    return frozenset(s.user_id for s in scores if s.answered == questions and s.right == questions)


def quickest_players(questions: Iterable[Mapping[int, Verdict]]) -> frozenset[int]:
    """Who gave the quickest right answer to a question enough members answered (ties: each of them)."""
    found: set[int] = set()
    for answers in questions:
        if len(answers) < QUICKEST_AMONG:
            continue
        rights = [verdict for verdict in answers.values() if verdict.right]
        if rights:
            best = min(verdict.ms for verdict in rights)
            found.update(verdict.user_id for verdict in rights if verdict.ms == best)
    return frozenset(found)
