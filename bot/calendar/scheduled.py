"""Scheduled rounds: what the runner does with a claimed occurrence, through the round service and a channel port.

The runner (bot/calendar/runner.py) decides when; this module acts: it announces a round, starts it
with the round service (bot/rounds) and tells moderators why one was skipped. Discord is reached only
through `ScheduleChannels`, whose discord.py side is bot/discord/calendar_channels.py, injected at
start-up: no cog is on a scheduled round's path.
"""

from __future__ import annotations

import logging
from datetime import datetime
from typing import TYPE_CHECKING, Protocol

from bot.bank.models import Deck
from bot.calendar.runner import SkippedOccurrence
from bot.locales import _
from bot.looks.text import clip
from bot.rounds import CannotPostHere, ChannelBusy, RoundRefused, RoundService, ShuttingDown
from bot.rounds.stored import default_options
from bot.store import ScheduleRecord

if TYPE_CHECKING:
    from bot.store import Store

log = logging.getLogger(__name__)


class ScheduleChannels(Protocol):
    """What a scheduled round needs of Discord besides its own posts (those go through the round service)."""

    @property
    def closing(self) -> bool:
        """Whether the process is shutting down."""
        ...

    def holds(self, guild_id: int) -> bool:
        """Whether this process serves the server (its shard is ours)."""
        ...

    def cannot_post(self, channel_id: int) -> str | None:
        """Why a scheduled round cannot post in the channel, as its moderators read it; None: it can."""
        ...

    async def deck(self, guild_id: int, deck_id: str, *, fresh: bool) -> Deck | None:
        """The server's deck (brought up to date with the store first when `fresh`); None when gone."""
        ...

    async def announce(self, schedule: ScheduleRecord, title: str, starts_at: datetime) -> None:
        """Post in the schedule's channel that its round of `title` starts at `starts_at`."""
        ...

    async def tell_moderators(self, schedule: ScheduleRecord, sentence: str) -> None:
        """Say in the schedule's channel why an occurrence was skipped; never raises for Discord's trouble."""
        ...


class ScheduledRounds:
    """The runner's CalendarPort: rounds started by the round service, words posted through the channels."""

    def __init__(self, store: Store, rounds: RoundService, channels: ScheduleChannels) -> None:
        self.store = store
        self.rounds = rounds
        self.channels = channels

    def holds(self, guild_id: int) -> bool:
        return self.channels.holds(guild_id)

    async def announce(self, schedule: ScheduleRecord, starts_at: datetime) -> None:
        problem = self.channels.cannot_post(schedule.channel_id)
        if problem is not None:
            log.info("schedule %s not announced: %s", schedule.id, problem)
            return
        deck = await self.channels.deck(schedule.guild_id, schedule.deck_id, fresh=False)
        await self.channels.announce(schedule, deck.title if deck else schedule.deck_id, starts_at)

    async def start_round(self, schedule: ScheduleRecord, occurrence: datetime) -> str:
        if self.channels.closing:
            raise SkippedOccurrence(_("Bvunzo was restarting"))
        # No interaction brought the server's decks up to date: a deck edited on the web plays as edited.
        deck = await self.channels.deck(schedule.guild_id, schedule.deck_id, fresh=True)
        if deck is None:
            raise SkippedOccurrence(
                _("the deck “{deck}” is no longer in this server", deck=clip(schedule.deck_id, 60))
            )
        # Read once: the round's options and its pause both come from these settings.
        settings = await self.store.guild_settings(schedule.guild_id)
        options = default_options(settings).but(
            questions=schedule.questions, seconds=schedule.seconds, mode=schedule.mode
        )
        try:
            # The round service checks the channel (once) before it stores anything.
            record = await self.rounds.start(
                guild_id=schedule.guild_id,
                channel_id=schedule.channel_id,
                decks=[deck],
                options=options,
                started_by=None,
                occurrence=(schedule.id, occurrence),
                settings=settings,
            )
        except CannotPostHere as exc:
            # Worded for the schedule's moderators, not for a member starting a round by hand.
            reason = self.channels.cannot_post(schedule.channel_id) or exc.sentence.rstrip(".")
            raise SkippedOccurrence(reason) from exc
        except ShuttingDown as exc:
            raise SkippedOccurrence(_("Bvunzo was restarting")) from exc
        except ChannelBusy as exc:
            raise SkippedOccurrence(_("a round was already running in this channel")) from exc
        except RoundRefused as exc:
            raise SkippedOccurrence(exc.sentence.rstrip(".")) from exc
        return _("started round {id}", id=record.id)

    async def tell_moderators(self, schedule: ScheduleRecord, sentence: str) -> None:
        await self.channels.tell_moderators(schedule, sentence)
