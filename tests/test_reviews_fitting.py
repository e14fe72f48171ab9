"""fsrs parameters fitted to each member: the training items from hand-written review histories, who is
fitted on what, the optimizer on tiny data, and the weekly refit through a fake shelf and a hand clock."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

import pytest
from fsrs.scheduler import DEFAULT_PARAMETERS, LOWER_BOUNDS_PARAMETERS, UPPER_BOUNDS_PARAMETERS

from bot.locales import speaking
from bot.quiz.clock import SystemClock
from bot.reviews.fitting import (
    FIT_REVIEWS,
    Choice,
    Population,
    Source,
    TrainingItem,
    choose,
    training_items,
)
from bot.reviews.optimizer import evaluate, fit_weights, within_bounds
from bot.reviews.refit import LAST_REFIT, Refitted, WeeklyRefit, refit
from bot.store import MemberParameters, PastReview, ReviewCount, ServerParameters
from bot.ui.fitted import parameters_line
from tests.test_round_service import HandClock

T0 = datetime(2026, 11, 2, 9, 0, tzinfo=UTC)
ALICE, BOB, CAROL, DAN = 1, 2, 3, 4


def at(days: float = 0, minutes: float = 0) -> datetime:
    return T0 + timedelta(days=days, minutes=minutes)


def test_each_question_of_each_member_gives_one_item_per_review_after_the_first() -> None:
    reviews = [
        # Given out of order: each question's reviews are taken oldest first.
        PastReview(ALICE, "capitals", "zw", True, at(days=7, minutes=60)),
        PastReview(ALICE, "capitals", "zw", True, at()),
        PastReview(ALICE, "capitals", "zw", False, at(days=2, minutes=60)),
        PastReview(ALICE, "capitals", "zw", True, at(days=2)),
        # A miss and its retry ten minutes later: a same-day step, no item until a day has passed.
        PastReview(ALICE, "capitals", "fr", False, at()),
        PastReview(ALICE, "capitals", "fr", True, at(minutes=10)),
        PastReview(ALICE, "capitals", "fr", True, at(days=1, minutes=15)),  # a day after the retry
        # Bob's answer to the same question is his own history, not Alice's.
        PastReview(BOB, "capitals", "zw", False, at(days=1)),
        # Bob meets it again in a mixed deck's round: the same question, of its own deck.
        PastReview(BOB, "capitals+rivers", "capitals/zw", True, at(days=4)),
        # ...and right after a Hint: Hard, as the round rated it.
        PastReview(BOB, "capitals", "zw", True, at(days=9), hinted=True),
    ]
    assert training_items(reviews) == [
        ((1, 0), (3, 0), (3, 1)),
        ((3, 0), (3, 2)),
        # The miss an hour after the second review is no item of its own; 2 days 1 hour to 7 days 1 hour: five whole days, as fsrs's scheduler counts them.
        ((3, 0), (3, 2), (1, 0), (3, 5)),
        ((1, 0), (3, 3)),
        ((1, 0), (3, 3), (2, 5)),
    ]


def test_a_naive_review_time_is_refused() -> None:
    with pytest.raises(ValueError, match="timezone-aware"):
        training_items([PastReview(ALICE, "capitals", "zw", True, datetime(2026, 11, 2, 9, 0))])


def test_enough_reviews_of_ones_own_else_the_home_servers_fit_else_the_defaults() -> None:
    fitted = {10: object()}
    assert choose(FIT_REVIEWS, 10, fitted) == Choice(Source.OWN)
    assert choose(FIT_REVIEWS, None, {}) == Choice(Source.OWN)
    assert choose(FIT_REVIEWS - 1, 10, fitted) == Choice(Source.SERVER, 10)
    assert choose(FIT_REVIEWS - 1, 11, fitted) == Choice(Source.DEFAULT)
    assert choose(FIT_REVIEWS - 1, None, fitted) == Choice(Source.DEFAULT)
    assert FIT_REVIEWS == 400


def test_the_population_totals_each_member_and_server_and_finds_each_members_home() -> None:
    counts = [
        ReviewCount(ALICE, None, 300),  # practice in direct messages: Alice's, no server's
        ReviewCount(ALICE, 20, 50),
        ReviewCount(ALICE, 10, 50),  # a tie: the lower id is her home, whatever the order
        ReviewCount(BOB, 20, 360),
        ReviewCount(CAROL, None, 5),
    ]
    population = Population.of(counts)
    assert population.members == {ALICE: 400, BOB: 360, CAROL: 5}
    assert population.homes == {ALICE: 10, BOB: 20}
    assert population.servers == {10: 50, 20: 410}
    assert population.fitted_servers() == [20]
    assert Population.of(reversed(counts)) == population


def test_too_few_items_keep_fsrs_defaults() -> None:
    items: list[TrainingItem] = [((3, 0), (3, 2)), ((1, 0), (3, 1)), ((3, 0), (3, 3), (1, 6))]
    assert fit_weights(items) == DEFAULT_PARAMETERS


def test_weights_are_kept_inside_the_schedulers_bounds() -> None:
    wild = [1000.0] * 4 + list(DEFAULT_PARAMETERS[4:20]) + [-1.0]
    kept = within_bounds(wild)
    assert kept[:4] == (100.0,) * 4 and kept[4:20] == DEFAULT_PARAMETERS[4:20] and kept[20] == 0.1


def forgetful_items(cards: int) -> list[TrainingItem]:
    """A member who forgets much faster than fsrs's defaults expect: most reviews after a week are misses."""
    rng = random.Random(7)
    items: list[TrainingItem] = []
    for _card in range(cards):
        steps = [(3, 0)]
        for gap in (1, 3, 7, 14):
            steps.append((3 if rng.random() < 0.9 ** (gap / 0.8) else 1, gap))
            items.append(tuple(steps))
    return items


def test_a_fit_to_a_forgetful_member_predicts_them_better_than_the_defaults() -> None:
    items = forgetful_items(150)  # 600 items: a fraction of a second
    weights = fit_weights(items)
    assert weights != DEFAULT_PARAMETERS
    assert all(
        low <= w <= high
        for w, low, high in zip(weights, LOWER_BOUNDS_PARAMETERS, UPPER_BOUNDS_PARAMETERS, strict=True)
    )
    assert evaluate(weights, items)[0] < evaluate(DEFAULT_PARAMETERS, items)[0]


@dataclass
class Shelf:
    """Reviews, fits and meta in memory (the store's contract tests hold the real ones to the same)."""

    reviews: list[tuple[int | None, PastReview]] = field(default_factory=list)  # (server, review)
    servers: dict[int, ServerParameters] = field(default_factory=dict)
    members: dict[int, MemberParameters] = field(default_factory=dict)
    meta: dict[str, str] = field(default_factory=dict)

    async def review_counts(self) -> list[ReviewCount]:
        counted: dict[tuple[int, int | None], int] = {}
        for guild, past in self.reviews:
            counted[past.user_id, guild] = counted.get((past.user_id, guild), 0) + 1
        return [ReviewCount(user, guild, n) for (user, guild), n in counted.items()]

    async def member_reviews(self, user_id: int, limit: int) -> list[PastReview]:
        return [past for _guild, past in self.reviews if past.user_id == user_id][-limit:]

    async def server_reviews(self, guild_id: int, limit: int) -> list[PastReview]:
        return [past for guild, past in self.reviews if guild == guild_id][-limit:]

    async def save_server_parameters(self, parameters: ServerParameters) -> None:
        self.servers[parameters.guild_id] = parameters

    async def keep_member_parameters(
        self, kept: Sequence[MemberParameters], forgotten: Sequence[int] = ()
    ) -> None:
        self.members.update({parameters.user_id: parameters for parameters in kept})
        for user_id in forgotten:
            self.members.pop(user_id, None)

    async def get_meta(self, key: str) -> str | None:
        return self.meta.get(key)

    async def set_meta(self, key: str, value: str) -> None:
        self.meta[key] = value


def answered(shelf: Shelf, user: int, guild: int | None, questions: int, times: int) -> None:
    """`questions` questions answered right `times` times each, a day apart."""
    for q in range(questions):
        for day in range(times):
            shelf.reviews.append((guild, PastReview(user, "deck", f"q{q}", True, at(days=day))))


def counting_fit(items: Sequence[TrainingItem]) -> tuple[float, ...]:
    """Weights that say how many items they were fitted to (w0, in hundreds): who was fitted on what."""
    return (len(items) / 100, *DEFAULT_PARAMETERS[1:])


def population() -> Shelf:
    shelf = Shelf()
    answered(shelf, ALICE, 10, questions=100, times=4)  # 400 reviews, 300 items: her own
    answered(shelf, BOB, 10, questions=5, times=2)  # 10 reviews at home (5 items), 6 elsewhere
    answered(shelf, BOB, 20, questions=3, times=2)
    answered(shelf, CAROL, 20, questions=10, times=2)  # server 20 has 26 reviews: too few for a fit
    # Dan was on server 10's fit last week; his reviews were since deleted but for three in DMs.
    answered(shelf, DAN, None, questions=1, times=3)
    shelf.members[DAN] = MemberParameters(DAN, DEFAULT_PARAMETERS, 400, at(days=-7), guild_id=10)
    return shelf


async def test_a_refit_fits_the_servers_and_members_with_enough_and_keeps_the_rule() -> None:
    shelf = population()
    now = at(days=30)
    assert await refit(shelf, now, fit=counting_fit) == Refitted(servers=1, own=1, server_fits=1, defaults=2)
    server = ServerParameters(10, (3.05, *DEFAULT_PARAMETERS[1:]), 410, now)
    assert shelf.servers == {10: server}
    assert shelf.members == {
        ALICE: MemberParameters(ALICE, (3.0, *DEFAULT_PARAMETERS[1:]), 400, now),
        BOB: MemberParameters(BOB, server.parameters, 410, now, guild_id=10),
    }


async def test_a_failed_fit_keeps_the_parameters_before_and_the_others_go_on() -> None:
    shelf = population()
    before = MemberParameters(ALICE, DEFAULT_PARAMETERS, 380, at(days=-7))
    shelf.members[ALICE] = before

    def failing_for_alice(items: Sequence[TrainingItem]) -> tuple[float, ...]:
        if len(items) == 300:
            raise ValueError("the optimizer refused")
        return counting_fit(items)

    done = await refit(shelf, at(days=30), fit=failing_for_alice)
    assert done == Refitted(servers=1, own=0, server_fits=1, defaults=2)
    assert shelf.members[ALICE] == before and shelf.members[BOB].guild_id == 10


async def test_the_weekly_refit_runs_at_start_then_each_week_on_its_clock_across_a_restart() -> None:
    shelf = population()
    clock = HandClock(at(days=30))
    weekly = WeeklyRefit(shelf, clock, fit=counting_fit)
    weekly.start()
    try:
        await asyncio.wait_for(weekly.passed(1), 10)  # never refitted before: at once
        assert shelf.meta[LAST_REFIT] == at(days=30).isoformat()
        answered(shelf, CAROL, 20, questions=200, times=2)  # Carol now has 420 reviews of her own
        clock.advance(timedelta(days=6).total_seconds())
        assert await weekly.refit_if_due() is None  # six days on: not yet
        assert CAROL not in shelf.members
        clock.advance(timedelta(days=1).total_seconds())
        await asyncio.wait_for(weekly.passed(2), 10)
        assert shelf.members[CAROL].guild_id is None and shelf.members[CAROL].fitted_at == at(days=37)
    finally:
        await weekly.stop()
    # Restarted an hour later: the week is counted from the last refit, kept in the store.
    clock.advance(timedelta(hours=1).total_seconds())
    assert await WeeklyRefit(shelf, clock, fit=counting_fit).refit_if_due() is None


def test_stats_says_whose_parameters_schedule_the_member() -> None:
    own = MemberParameters(ALICE, DEFAULT_PARAMETERS, 512, datetime(2026, 11, 30, 4, 0, tzinfo=UTC))
    servers = MemberParameters(BOB, DEFAULT_PARAMETERS, 1_000, datetime(2026, 11, 30, 4, 0, tzinfo=UTC), 10)
    with speaking("en"):
        assert parameters_line(own) == "Own: fitted to 512 reviews on November 30, 2026"
        assert parameters_line(servers) == "The server's: fitted to 1,000 reviews on November 30, 2026"
        assert parameters_line(None) == "The defaults: too few reviews yet to fit one"
    with speaking("fr"):
        assert parameters_line(own) == "Personnel : ajusté sur 512 révisions le 30 novembre 2026"
    with speaking("sn"):
        assert (
            parameters_line(own) == "Hwake chaihwo: hwakagadziriswa nekudzokorora 512 musi wa 2026 Mbudzi 30"
        )
    with speaking("pt-BR"):
        assert parameters_line(None) == "A padrão: ainda há poucas revisões para ajustar uma"


class CountingShelf(Shelf):
    """A shelf that counts how often the refit asks when it last ran."""

    asked = 0

    async def get_meta(self, key: str) -> str | None:
        self.asked += 1
        await asyncio.sleep(0.001)  # as a database's read takes a moment, in which the clock moves on
        return await super().get_meta(key)


async def test_on_a_clock_that_moves_by_itself_the_loop_refits_once_then_sleeps() -> None:
    # The defect: "due now" was the clock read again, a moment later than the loop's own reading, so on
    # the system clock nothing was ever due and the next refit was always now: the loop spun on the store
    # at 100% CPU from the bot's start.
    shelf = CountingShelf()
    weekly = WeeklyRefit(shelf, SystemClock(), fit=counting_fit)
    weekly.start()
    try:
        await asyncio.wait_for(weekly.passed(1), 10)
        asked = shelf.asked
        await asyncio.sleep(0.2)
        assert shelf.asked == asked  # asleep until next week, not asking again
        assert weekly.passes == 1
    finally:
        await weekly.stop()
