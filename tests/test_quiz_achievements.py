"""The badges' rules (bot/quiz/achievements.py), the achievements service's awarding with a fake store, and a
reply's line of new badges."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import UTC, datetime, timedelta

import discord

from bot.achievements import award_approval, award_practice, award_round, award_streak, badges_in, badges_of
from bot.bank.loader import load_deck_text
from bot.bank.models import Deck
from bot.quiz import Mastery
from bot.quiz.achievements import Achievement as A
from bot.quiz.achievements import Facts, RoundBadges, earned, in_order, is_mastered
from bot.quiz.practice import MemoryState, review
from bot.quiz.round import RoundState
from bot.store import EarnedAchievement, Memory, RoundProgress
from bot.ui.achievements import add_new_badges
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
    assert earned(Facts(qotd_streak=29)) == {A.QOTD_WEEK}
    assert earned(Facts(qotd_streak=30)) == {A.QOTD_WEEK, A.QOTD_MONTH}
    assert earned(Facts(qotd_streak=99)) == {A.QOTD_WEEK, A.QOTD_MONTH}
    assert earned(Facts(qotd_streak=100)) == {A.QOTD_WEEK, A.QOTD_MONTH, A.QOTD_100}
    assert earned(Facts(reviews_in_week=49)) == frozenset()
    assert earned(Facts(reviews_in_week=50)) == {A.REVIEWER}
    assert earned(Facts(deck_mastered=True, suggestion_approved=True)) == {
        A.DECK_MASTERED,
        A.SUGGESTION_APPROVED,
    }


def test_a_deck_is_mastered_with_every_question_learned_in_a_deck_of_five_or_more() -> None:
    assert is_mastered(Mastery(questions=5, learned=5, due=0, seen=5))
    assert not is_mastered(Mastery(questions=5, learned=4, due=1, seen=5))
    assert not is_mastered(Mastery(questions=4, learned=4, due=0, seen=4))  # too small a deck
    assert not is_mastered(Mastery(questions=0, learned=0, due=0, seen=0))


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

    async def achievements_in(self, user_id: int, guild_ids: Sequence[int]) -> list[EarnedAchievement]:
        return [e for (g, u, _), e in self.kept.items() if u == user_id and g in guild_ids]


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


async def test_a_longer_streak_earns_the_month_then_the_hundred_days_once() -> None:
    book = FakeBook({})
    assert await award_streak(book, GUILD, ALICE, 6, NOW) == ()
    assert await award_streak(book, GUILD, ALICE, 30, NOW) == (A.QOTD_WEEK, A.QOTD_MONTH)  # the week missed
    assert await award_streak(book, GUILD, ALICE, 31, NOW) == ()
    assert await award_streak(book, GUILD, ALICE, 100, NOW) == (A.QOTD_100,)
    assert await award_streak(book, GUILD, ALICE, 100, NOW) == ()


FIVE = load_deck_text(
    "id: five\ntitle: Five\nquestions:\n"
    + "".join(f"  - {{id: q{n}, prompt: 'Q{n}?', choices: ['yes', 'no'], answer: 0}}\n" for n in range(5)),
    "five.yaml",
)


class FakePracticeBook(FakeBook):
    """And the member's practice: answers kept at their times, memories by question, a retention."""

    def __init__(self) -> None:
        super().__init__({})
        self.practised: list[datetime] = []
        self.memory: dict[str, Memory] = {}
        self.retention: float | None = None
        self.counts_asked = 0

    def practise(self, deck: Deck, question_id: str, right: bool, at: datetime) -> None:
        self.practised.append(at)
        kept = self.memory.get(question_id)
        state = review(None if kept is None else MemoryState.of(kept), right, at)
        self.memory[question_id] = Memory.from_state(ALICE, deck.id, question_id, state)

    async def practice_count_since(self, guild_id: int, user_id: int, since: datetime) -> int:
        self.counts_asked += 1
        return sum(at >= since for at in self.practised)

    async def memories(self, user_id: int, deck_id: str) -> dict[str, Memory]:
        return dict(self.memory)

    async def member_retention(self, user_id: int) -> float | None:
        return self.retention


async def test_fifty_practice_answers_within_a_week_earn_the_reviewer_badge() -> None:
    book = FakePracticeBook()
    for n in range(49):  # one an hour: 49 in two days
        book.practise(FIVE, "q0", n % 2 == 0, NOW + timedelta(hours=n))
    assert await award_practice(book, GUILD, ALICE, FIVE, False, NOW + timedelta(hours=48)) == ()
    late = NOW + timedelta(days=10)  # the 50th answer, once the first 49 have left the week
    for n in range(49):
        book.practise(FIVE, "q0", False, late + timedelta(minutes=n))
    assert await award_practice(book, GUILD, ALICE, FIVE, False, late + timedelta(minutes=48)) == ()
    book.practise(FIVE, "q0", False, late + timedelta(minutes=49))  # 50 within the week
    assert await award_practice(book, GUILD, ALICE, FIVE, False, late + timedelta(minutes=49)) == (
        A.REVIEWER,
    )
    asked = book.counts_asked
    assert await award_practice(book, GUILD, ALICE, FIVE, False, late + timedelta(minutes=50)) == ()
    assert book.counts_asked == asked  # kept already: the week is not counted again


async def test_a_deck_is_mastered_by_the_right_answer_that_learns_its_last_question() -> None:
    book = FakePracticeBook()
    for n in range(4):
        book.practise(FIVE, f"q{n}", True, NOW)
        assert await award_practice(book, GUILD, ALICE, FIVE, True, NOW) == ()
    book.practise(FIVE, "q4", False, NOW)  # missed: relearning, not learned
    assert await award_practice(book, GUILD, ALICE, FIVE, False, NOW) == ()
    later = NOW + timedelta(minutes=10)
    book.practise(FIVE, "q4", True, later)
    assert await award_practice(book, GUILD, ALICE, FIVE, True, later) == (A.DECK_MASTERED,)
    assert await badges_of(book, GUILD, ALICE) == (A.DECK_MASTERED,)
    # Months later the memories have faded below the member's retention: no longer mastered, kept anyway.
    assert await award_practice(book, GUILD, ALICE, FIVE, True, later + timedelta(days=400)) == ()
    assert await badges_of(book, GUILD, ALICE) == (A.DECK_MASTERED,)


async def test_mastery_is_judged_at_the_members_own_retention() -> None:
    book = FakePracticeBook()
    for n in range(5):
        book.practise(FIVE, f"q{n}", True, NOW)
    book.retention = 0.97
    two_days = NOW + timedelta(days=2)  # recall has fallen below 97% but not below 90%
    assert await award_practice(book, GUILD, ALICE, FIVE, True, two_days) == ()
    book.retention = None
    assert await award_practice(book, GUILD, ALICE, FIVE, True, two_days) == (A.DECK_MASTERED,)


async def test_the_first_approved_suggestion_earns_its_author_a_badge_once_per_server() -> None:
    book = FakeBook({})
    assert await award_approval(book, GUILD, BOB, NOW) == (A.SUGGESTION_APPROVED,)
    assert await award_approval(book, GUILD, BOB, NOW) == ()
    assert await award_approval(book, GUILD + 1, BOB, NOW) == (A.SUGGESTION_APPROVED,)
    assert await badges_in(book, BOB, [GUILD + 2, GUILD + 1, GUILD]) == [
        (GUILD + 1, (A.SUGGESTION_APPROVED,)),
        (GUILD, (A.SUGGESTION_APPROVED,)),
    ]


def test_a_practice_answers_feedback_gets_one_line_of_its_new_badges() -> None:
    embed = discord.Embed(title="Right!")
    add_new_badges(embed, ())
    assert embed.fields == []
    add_new_badges(embed, (A.REVIEWER, A.DECK_MASTERED))
    assert [(f.name, f.value) for f in embed.fields] == [("New badges", "🏅 Reviewer · 🏅 Deck mastered")]
