"""The question of the day's runner: posts each server's question once a day and reveals it once, on the clock."""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Protocol

from bot.calendar.guarded import each_held, guarded
from bot.calendar.pace import Pace
from bot.calendar.post_failures import PostFailed, next_try
from bot.calendar.qotd import FEW_LEFT, closes_at, day_number, next_question, unused_count
from bot.calendar.repeats import Rule, parse_time
from bot.calendar.zones import local_day, zone_or_utc
from bot.store import QotdDay, QotdSettings, Shards

if TYPE_CHECKING:
    from bot.store import CalendarStore

log = logging.getLogger(__name__)

BATCH = 500
# A day claimed (or a try taken) is due again this long after, unless its post is kept or its failure is: a
# process that dies between the claim and the post leaves the day to the next tick after its restart, or to
# another process, and never to two at once.
GRACE = timedelta(seconds=30)


class QotdPort(Protocol):
    def holds(self, guild_id: int) -> bool: ...

    def question_ids(self, guild_id: int, deck_id: str) -> Sequence[str] | None:
        """The deck's questions a question of the day can ask (choices); None when the deck is gone."""

    async def post_question(self, day: QotdDay, unused: int) -> int:
        """Post the day's question; its message id. PostFailed with the reason when it could not be posted."""

    async def reveal(self, day: QotdDay) -> None:
        """Edit the day's message into its reveal, and count its answers as reviews."""


def daily_rule(settings: QotdSettings) -> Rule:
    return Rule(parse_time(settings.at), "daily")


class QotdRunner:
    def __init__(
        self, store: CalendarStore, port: QotdPort, clock: Callable[[], datetime], *, shards: Shards = None
    ) -> None:
        self.store = store
        self.shards = shards  # this process's shards: filtered in the query, before its LIMIT
        self.port = port
        self.clock = clock
        self.pace = Pace()

    async def tick(self, now: datetime) -> int:
        """Reveal what closed, then post what is due; returns how many servers it acted for."""
        acted = 0
        for day in await self.store.qotd_days_to_reveal(now, BATCH, self.shards):
            if self.port.holds(day.guild_id):
                acted += 1
                await self.reveal(day, now)
        acted += await each_held(
            await self.store.due_qotds(now, BATCH, self.shards),
            lambda settings: settings.guild_id,
            self.port.holds,
            lambda settings: self._post(settings, now),
            log,
            "the question of the day of server %s failed",  # i18n: not shown (a log line)
        )
        return acted + await each_held(
            await self.store.qotd_days_to_retry(now, BATCH),
            lambda retry: retry[0].guild_id,
            self.port.holds,
            lambda retry: self._post_again(*retry, now),
            log,
            "posting the question of the day of server %s again failed",  # i18n: not shown (a log line)
        )

    async def reveal(self, day: QotdDay, now: datetime) -> bool:
        """Reveal the day's question once (whoever else tries); False when it already was."""
        if not await self.store.reveal_qotd_day(day.guild_id, day.day, now):
            return False
        await self.pace.wait()
        await guarded(
            self.port.reveal(day),
            log,
            "revealing the question of the day %s of server %s failed",  # i18n: not shown (a log line)
            day.day,
            day.guild_id,
        )
        return True

    async def _post(self, settings: QotdSettings, now: datetime) -> None:
        occurrence = settings.next_at
        if occurrence is None:
            return
        zone_name = (await self.store.calendar_settings(settings.guild_id)).timezone
        zone = zone_or_utc(zone_name)
        rule = daily_rule(settings)
        latest, following = occurrence, rule.next_after(occurrence, zone)
        while following <= now:  # down for days: only today's question is still worth posting
            latest, following = following, rule.next_after(following, zone)
        closing = closes_at(latest, rule, zone)
        if now < closing:
            await self._post_day(settings, latest, closing, zone_day=day_number(local_day(latest, zone)))
        else:
            log.info("server %s: the question of the day of %s was missed", settings.guild_id, latest.date())
        await self.store.move_qotd(settings.guild_id, occurrence, following)

    async def _send(self, day: QotdDay, unused: int, held: datetime) -> None:
        """Post the day's claimed question, whose try is due at `held`; a refusal is kept with the day (shown
        in /qotd status), and trouble that passes is tried again at the next minute while the day is open."""
        await self.pace.wait()
        # Take the try just before the post (the wait may have been long): due again a grace later, so a
        # crash before the message id is kept leaves a try due; False when another process took it.
        if not await self.store.claim_qotd_retry(day.guild_id, day.day, held, self.clock() + GRACE):
            return
        try:
            message_id = await self.port.post_question(day, unused)
        except PostFailed as failed:
            now = self.clock()
            again = next_try(failed.problem, now, day.closes_at)
            log.warning(
                "server %s: the question of the day of %s was not posted (%s); %s",
                day.guild_id,
                day.day,
                failed.problem,
                f"trying again at {again.isoformat()}" if again else "not trying again",
            )
            await self.store.qotd_post_failed(day.guild_id, day.day, failed.problem, again)
            return
        await self.store.set_qotd_message(day.guild_id, day.day, message_id)

    async def _post_again(self, day: QotdDay, retry_at: datetime, now: datetime) -> None:
        if now >= day.closes_at:
            return  # closed meanwhile
        ids = self.port.question_ids(day.guild_id, day.deck_id) or []
        asked = await self.store.qotd_history(day.guild_id, day.deck_id)
        await self._send(day, unused_count(ids, [*asked, day.question_id]), retry_at)

    async def _post_day(
        self, settings: QotdSettings, at: datetime, closing: datetime, *, zone_day: int
    ) -> None:
        ids = self.port.question_ids(settings.guild_id, settings.deck_id)
        if not ids:
            log.warning(
                "server %s: the question of the day's deck %s is gone or has no choice questions",
                settings.guild_id,
                settings.deck_id,
            )
            return
        asked = await self.store.qotd_history(settings.guild_id, settings.deck_id)
        seed = settings.guild_id ^ zone_day
        pick = next_question(ids, asked, seed)
        day = QotdDay(
            guild_id=settings.guild_id,
            day=zone_day,
            channel_id=settings.channel_id,
            deck_id=settings.deck_id,
            question_id=pick.question_id,
            seed=seed % (2**31),
            message_id=None,
            posted_at=at,
            closes_at=closing,
        )
        lease = self.clock() + GRACE
        if not await self.store.claim_qotd_day(day, lease):
            return  # another process, or this one before a restart, has the day
        await self._send(day, pick.unused_after, lease)
        if pick.unused_after <= FEW_LEFT:
            log.info(
                "server %s: %d unused questions left in %s", day.guild_id, pick.unused_after, day.deck_id
            )
