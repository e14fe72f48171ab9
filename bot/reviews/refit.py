"""The weekly refit: each server's and each member's fsrs parameters fitted again to their reviews.

Run by the process holding shard 0 (members are everyone's, not a shard's), once a week on the injected
clock: when it last ran is kept in the store (meta), so a restart waits out the rest of the week. Each fit
runs in a worker thread (asyncio.to_thread), never on the event loop. Who is fitted on what is
bot/reviews/fitting.py's rule; reviews are scheduled with what is kept here (bot/reviews/service.py).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Protocol

from bot.host.background import BackgroundLoop
from bot.quiz.clock import Clock
from bot.reviews.fitting import Population, Source, TrainingItem, choose, training_items
from bot.reviews.optimizer import fit_weights
from bot.store import MemberParameters, PastReview, ReviewCount, ServerParameters, StoreError

log = logging.getLogger(__name__)

REFIT_EVERY = timedelta(days=7)
# After a failed refit (the database away...), the next try.
RETRY_AFTER = timedelta(hours=1)
# A fit takes at most this many of the newest reviews: the optimizer's items of a big server's reviews are
# kept in memory at once (a few hundred bytes each), and a server's fit this size takes seconds.
MOST_REVIEWS = 100_000
# The meta key of the last refit's time (ISO 8601).
LAST_REFIT = "fsrs_refit_at"

Fitter = Callable[[Sequence[TrainingItem]], tuple[float, ...]]


class RefitShelf(Protocol):
    """The part of the store the refit reads and writes (the whole `Store` is one)."""

    async def review_counts(self) -> list[ReviewCount]: ...

    async def member_reviews(self, user_id: int, limit: int) -> list[PastReview]: ...

    async def server_reviews(self, guild_id: int, limit: int) -> list[PastReview]: ...

    async def save_server_parameters(self, parameters: ServerParameters) -> None: ...

    async def keep_member_parameters(
        self, kept: Sequence[MemberParameters], forgotten: Sequence[int] = ()
    ) -> None: ...

    async def get_meta(self, key: str) -> str | None: ...

    async def set_meta(self, key: str, value: str) -> None: ...


@dataclass(frozen=True, slots=True)
class Refitted:
    """What one refit did: servers fitted, members fitted on their own, on a server's, left at defaults."""

    servers: int
    own: int
    server_fits: int
    defaults: int


async def _fitted(fit: Fitter, reviews: Sequence[PastReview], whose: str) -> tuple[float, ...] | None:
    """The weights fitted to the reviews, in a worker thread; None (logged) when the optimizer failed: the
    parameters kept before stay."""
    try:
        return await asyncio.to_thread(lambda: fit(training_items(reviews)))
    except Exception:
        log.exception("fitting fsrs parameters to %s failed; keeping the ones before", whose)
        return None


async def refit(shelf: RefitShelf, now: datetime, *, fit: Fitter = fit_weights) -> Refitted:
    """Fit every server and member with enough reviews at `now`; every member's parameters kept at once."""
    population = Population.of(await shelf.review_counts())
    servers: dict[int, ServerParameters] = {}
    for guild_id in population.fitted_servers():
        reviewed = await shelf.server_reviews(guild_id, MOST_REVIEWS)
        weights = await _fitted(fit, reviewed, f"server {guild_id}")  # i18n: not shown (a log line)
        if weights is None:
            continue
        fitted_to = min(population.servers[guild_id], MOST_REVIEWS)
        servers[guild_id] = ServerParameters(guild_id, weights, fitted_to, now)
        await shelf.save_server_parameters(servers[guild_id])
    kept: list[MemberParameters] = []
    forgotten: list[int] = []
    for user_id, reviews in sorted(population.members.items()):
        choice = choose(reviews, population.homes.get(user_id), servers)
        if choice.source is Source.OWN:
            theirs = await shelf.member_reviews(user_id, MOST_REVIEWS)
            weights = await _fitted(fit, theirs, f"member {user_id}")  # i18n: not shown (a log line)
            if weights is not None:
                kept.append(MemberParameters(user_id, weights, min(reviews, MOST_REVIEWS), now))
        elif choice.guild_id is not None:
            server = servers[choice.guild_id]
            kept.append(MemberParameters(user_id, server.parameters, server.reviews, now, choice.guild_id))
        else:
            forgotten.append(user_id)
    await shelf.keep_member_parameters(kept, forgotten)
    own = sum(1 for parameters in kept if parameters.guild_id is None)
    return Refitted(len(servers), own, len(kept) - own, len(forgotten))


class WeeklyRefit(BackgroundLoop):
    """Refits once every REFIT_EVERY on its clock; `passes` counts the refits it made."""

    task_name = "bvunzo-fsrs-refit"

    def __init__(
        self, shelf: RefitShelf, clock: Clock, *, every: timedelta = REFIT_EVERY, fit: Fitter = fit_weights
    ) -> None:
        self.shelf = shelf
        self.clock = clock
        self.every = every
        self.fit = fit
        self.passes = 0
        self._pass_made = asyncio.Condition()

    async def next_refit(self) -> datetime | None:
        """When the next refit is due: a week after the last one; None when there never was one (due now).

        Never "now" as a time: a clock that moves by itself would be past it by the next reading, and the
        loop would find nothing due and nothing to wait for, and spin.
        """
        last = await self.shelf.get_meta(LAST_REFIT)
        return None if last is None else datetime.fromisoformat(last) + self.every

    async def refit_if_due(self) -> Refitted | None:
        """Refit when one is due; what it did, or None when none was due."""
        now = self.clock()
        due = await self.next_refit()
        if due is not None and now < due:
            return None
        done = await refit(self.shelf, now, fit=self.fit)
        await self.shelf.set_meta(LAST_REFIT, now.isoformat())
        log.info(
            "fsrs parameters refitted: %d servers; %d members on their own, %d on their server's, %d on the defaults",
            *(done.servers, done.own, done.server_fits, done.defaults),
        )
        async with self._pass_made:
            self.passes += 1
            self._pass_made.notify_all()
        return done

    async def passed(self, count: int) -> None:
        """Return once `count` refits were made (a test's way to know the loop did its work)."""
        async with self._pass_made:
            await self._pass_made.wait_for(lambda: self.passes >= count)

    async def _run(self) -> None:
        while True:
            try:
                await self.refit_if_due()
                wake = await self.next_refit() or self.clock() + RETRY_AFTER  # None: the refit kept no time
            except StoreError as exc:
                log.warning("the fsrs refit could not reach the database (%s); trying again later", exc)
                wake = self.clock() + RETRY_AFTER
            except Exception:
                log.exception("the fsrs refit failed; trying again later")
                wake = self.clock() + RETRY_AFTER
            await self.clock.sleep_until(wake)
