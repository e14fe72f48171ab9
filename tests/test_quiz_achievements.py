"""The badges' rules (bot/quiz/achievements.py), and the round service's awarding with a fake store."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import UTC, datetime

from bot.achievements import award_round, badges_of
from bot.quiz.achievements import Achievement as A
from bot.quiz.achievements import Facts, RoundBadges, earned, in_order
from bot.quiz.round import RoundState
from bot.store import EarnedAchievement, RoundProgress
from tests.test_quiz_round import ALICE, BOB, Clock, new_round, play

GUILD = 55
NOW = datetime(2025, 3, 2, 9, 0, tzinfo=UTC)


def test_nothing_done_earns_nothing() -> None:
    assert earned(Facts()) == frozenset()


def test_each_fact_earns_its_badge() -> None:
    assert earned(Facts(rounds=1, right=9)) == {A.FIRST_ROUND}
    assert earned(Facts(rounds=2, right=10)) == {A.FIRST_ROUND, A.RIGHT_10}
    assert earned(Facts(rounds=30, right=1000)) == {A.FIRST_ROUND, A.RIGHT_10, A.RIGHT_100, A.RIGHT_1000}
    assert earned(Facts(rounds=1, perfect_round=True, quickest=True, comeback=True)) == {
        A.FIRST_ROUND,
        A.PERFECT_ROUND,
        A.QUICKEST,
        A.COMEBACK,
    }
    assert earned(Facts(qotd_streak=6)) == frozenset()
    assert earned(Facts(qotd_streak=7)) == {A.QOTD_WEEK}


def test_badges_are_shown_in_one_order_and_unknown_keys_are_left_out() -> None:
    assert in_order(["comeback", "first_round", "a_badge_from_a_newer_version"]) == (
        A.FIRST_ROUND,
        A.COMEBACK,
    )


class FakeBook:
    """The store as the service sees it: progress given by the test, badges kept once in a set."""

    def __init__(self, progress: Mapping[int, RoundProgress]) -> None:
        self.progress = progress
        self.kept: dict[tuple[int, int, str], EarnedAchievement] = {}

    async def round_progress(self, guild_id: int, round_id: int) -> Mapping[int, RoundProgress]:
        return self.progress

    async def keep_achievements(self, earned: Sequence[EarnedAchievement]) -> list[EarnedAchievement]:
        new = [e for e in earned if (e.guild_id, e.user_id, e.achievement) not in self.kept]
        self.kept.update({(e.guild_id, e.user_id, e.achievement): e for e in new})
        return new

    async def member_achievements(self, guild_id: int, user_id: int) -> list[EarnedAchievement]:
        return [e for (g, u, _), e in self.kept.items() if (g, u) == (guild_id, user_id)]


def _three_questions_alice_perfect_and_quickest() -> RoundState:
    clock = Clock()
    state = new_round()
    for index in range(3):
        state.open_question(index, clock.advance(5))
        play(state, ALICE, clock.advance(1))  # right, and first
        play(state, BOB, clock.advance(1), right=index != 0)  # wrong on the first question only
        state.reveal(clock.now)
    return state


async def test_a_round_awards_each_new_badge_once_across_a_repeat() -> None:
    state = _three_questions_alice_perfect_and_quickest()
    book = FakeBook({ALICE: RoundProgress(ALICE, 1, 3, False), BOB: RoundProgress(BOB, 4, 11, True)})

    first = await award_round(book, GUILD, state, NOW)

    assert first == (
        RoundBadges(ALICE, (A.FIRST_ROUND, A.PERFECT_ROUND, A.QUICKEST)),
        RoundBadges(BOB, (A.FIRST_ROUND, A.RIGHT_10, A.COMEBACK)),
    )
    assert await award_round(book, GUILD, state, NOW) == ()  # a retry, a restart: nothing new
    assert await badges_of(book, GUILD, ALICE) == (A.FIRST_ROUND, A.PERFECT_ROUND, A.QUICKEST)
    assert {e.round_id for e in book.kept.values()} == {7}


async def test_a_round_too_short_is_not_perfect_and_a_lone_answer_is_not_the_quickest() -> None:
    clock = Clock()
    state = new_round(("c1",))
    state.open_question(0, clock.now)
    play(state, ALICE, clock.advance(1))
    state.reveal(clock.now)
    book = FakeBook({ALICE: RoundProgress(ALICE, 1, 1, False)})

    assert await award_round(book, GUILD, state, NOW) == (RoundBadges(ALICE, (A.FIRST_ROUND,)),)
