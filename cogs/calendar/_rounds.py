"""Starting a scheduled round with no interaction, until the round service (bot.round_service) takes it over."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from bot.bank.mixed import mix
from bot.bank.models import Deck
from bot.calendar.runner import SkippedOccurrence
from bot.quiz import EmptyDeckError, Mode, RoundState, plan_round
from bot.quiz.choosing import Filter, TooFewQuestionsError
from bot.store import NewRound, RoundAlreadyRunning, ScheduleRecord

if TYPE_CHECKING:
    from bot.app import BvunzoBot


async def start_scheduled(
    bot: BvunzoBot, schedule: ScheduleRecord, deck: Deck, channel: discord.abc.Messageable
) -> int:
    """Start the schedule's round in `channel` as /quiz start would; its round id. SkippedOccurrence when
    the quiz cannot start it."""
    quiz = bot.get_cog("Quiz")
    if quiz is None:
        raise SkippedOccurrence("the quiz part of Bvunzo was not loaded")
    settings = await bot.store.guild_settings(schedule.guild_id)
    running = getattr(quiz, "by_channel", {}).get(schedule.channel_id)
    if running is not None:
        raise SkippedOccurrence("a round was already running in this channel")
    chosen = mix([deck])
    only = Filter.parse(settings.tags, settings.difficulty)
    try:
        plan = plan_round(chosen, schedule.questions or settings.questions, only=only, exact=False)
    except (EmptyDeckError, TooFewQuestionsError) as exc:
        raise SkippedOccurrence(f"“{chosen.title}” has no questions to play") from exc
    assert bot.user is not None
    try:
        record = await bot.store.start_round(
            NewRound(
                guild_id=schedule.guild_id,
                channel_id=schedule.channel_id,
                deck_id=plan.deck_id,
                started_by=bot.user.id,
                question_ids=plan.question_ids,
                seconds=schedule.seconds or settings.seconds,
                mode=schedule.mode or settings.mode,
                seed=plan.seed,
                started_at=bot.clock(),
                podium=settings.podium,
                standings=settings.standings,
                streak_bonus=settings.streak_bonus,
                reading_seconds=settings.reading_seconds,
                untimed=settings.untimed,
                long_prompts=settings.long_prompts,
            )
        )
    except RoundAlreadyRunning as exc:
        raise SkippedOccurrence("a round was already running in this channel") from exc
    state = RoundState(
        round_id=record.id,
        deck=chosen,
        question_ids=record.question_ids,
        seed=record.seed,
        seconds=record.seconds,
        mode=Mode(record.mode),
        streaks=record.streak_bonus,
        reading_seconds=record.reading_seconds,
        untimed=record.untimed,
        long_prompts=record.long_prompts,
        teams=record.teams,
    )
    quiz._launch(record, chosen, state, channel, settings, resumed=False)  # type: ignore[attr-defined]
    return record.id
