"""Achievements: the badges a member earns for learning, from the facts of their play (pure rules).

A badge rewards a habit a study group wants (turning up, getting things right, coming back to what one
missed), not only winning. `earned` says which badges a member's facts earn; which of those are new is the
store's to say (each badge is kept once per member and server: bot/achievements/service.py).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import timedelta
from enum import StrEnum

from bot.locales import N_
from bot.quiz.learned import Mastery
from bot.quiz.round import PlayerResult, Verdict

# A perfect round is every question of a round of at least this many answered right: one lucky answer
# to a one-question round is not a perfect round.
PERFECT_FROM = 3
# The quickest right answer to a question counts when at least this many members answered it.
QUICKEST_AMONG = 2
STREAK_WEEK = 7
STREAK_MONTH = 30
STREAK_100 = 100
# Reviewer: this many practice answers (each one a review) in the server in the REVIEW_WEEK ending now.
REVIEWS_IN_WEEK = 50
REVIEW_WEEK = timedelta(days=7)
# A deck is mastered when every one of its questions is learned (the mastery /stats shows), in a deck of
# at least this many questions: learning a two-question deck is not yet a deck mastered.
MASTERED_FROM = 5


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
    QOTD_MONTH = "qotd_month"
    QOTD_100 = "qotd_100"
    REVIEWER = "reviewer"
    DECK_MASTERED = "deck_mastered"
    SUGGESTION_APPROVED = "suggestion_approved"


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
    Achievement.QOTD_MONTH: N_("Month of questions"),
    Achievement.QOTD_100: N_("100 days of questions"),
    Achievement.REVIEWER: N_("Reviewer"),
    Achievement.DECK_MASTERED: N_("Deck mastered"),
    Achievement.SUGGESTION_APPROVED: N_("First suggestion approved"),
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
    Achievement.QOTD_MONTH: N_("Answered the question of the day 30 days in a row."),
    Achievement.QOTD_100: N_("Answered the question of the day 100 days in a row."),
    Achievement.REVIEWER: N_("Practised 50 questions in this server within 7 days."),
    Achievement.DECK_MASTERED: N_(
        "Had every question of a deck of 5 or more learned at once (the mastery the stats show)."
    ),
    Achievement.SUGGESTION_APPROVED: N_("Suggested a question that a moderator approved into a deck."),
}

_RIGHT_COUNTS = ((10, Achievement.RIGHT_10), (100, Achievement.RIGHT_100), (1000, Achievement.RIGHT_1000))
_STREAKS = (
    (STREAK_WEEK, Achievement.QOTD_WEEK),
    (STREAK_MONTH, Achievement.QOTD_MONTH),
    (STREAK_100, Achievement.QOTD_100),
)


@dataclass(frozen=True, slots=True)
class Facts:
    """What a member has done in one server, as far as badges care; all zero/False: nothing yet."""

    rounds: int = 0  # rounds they answered in
    right: int = 0  # right answers in rounds, all time
    perfect_round: bool = False  # a round of PERFECT_FROM or more questions, every one answered right
    quickest: bool = False  # the quickest right answer to a question QUICKEST_AMONG or more answered
    comeback: bool = False  # right on a question they had answered wrong before
    qotd_streak: int = 0  # days in a row they answered the question of the day
    reviews_in_week: int = 0  # practice answers in the server in the REVIEW_WEEK ending now
    deck_mastered: bool = False  # every question of a deck of MASTERED_FROM or more learned (is_mastered)
    suggestion_approved: bool = False  # a moderator approved a question they suggested


@dataclass(frozen=True, slots=True)
class RoundBadges:
    """One member's badges newly earned in a round, in the order they are shown."""

    user_id: int
    badges: tuple[Achievement, ...]


def earned(facts: Facts) -> frozenset[Achievement]:
    """Every badge these facts earn (those kept already included: the store keeps each once)."""
    found = {badge for count, badge in _RIGHT_COUNTS if facts.right >= count}
    found.update(badge for days, badge in _STREAKS if facts.qotd_streak >= days)
    flags = (
        (facts.rounds >= 1, Achievement.FIRST_ROUND),
        (facts.perfect_round, Achievement.PERFECT_ROUND),
        (facts.quickest, Achievement.QUICKEST),
        (facts.comeback, Achievement.COMEBACK),
        (facts.reviews_in_week >= REVIEWS_IN_WEEK, Achievement.REVIEWER),
        (facts.deck_mastered, Achievement.DECK_MASTERED),
        (facts.suggestion_approved, Achievement.SUGGESTION_APPROVED),
    )
    found.update(badge for holds, badge in flags if holds)
    return frozenset(found)


def in_order(badges: Iterable[str]) -> tuple[Achievement, ...]:
    """The badges known to this version, in the order they are shown; an unknown key is left out."""
    known = {str(badge) for badge in badges}
    return tuple(badge for badge in ORDER if badge.value in known)


def is_mastered(mastery: Mastery) -> bool:
    """Every question of the deck learned, at the mastery /stats shows, in a deck of MASTERED_FROM or more."""
    return mastery.questions >= MASTERED_FROM and mastery.learned == mastery.questions


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
