"""A server's new time zone end to end (issue 26): the day that ran does not run again, the one that did not
runs, and the reply says where each scheduled round and the question of the day went."""

from __future__ import annotations

from tests.e2e.conftest import World
from tests.e2e.test_calendar_qotd import is_qotd
from tests.e2e.test_calendar_schedules import is_intro, say, set_zone, stamp, utc


async def test_harare_to_new_york_runs_neither_the_round_nor_the_question_twice(world: World) -> None:
    fake = world.fake
    world.clock.freeze()
    world.clock.set(utc(2027, 5, 3, 15, 0))  # Monday 17:00 in Harare
    async with world.running() as bot:
        await set_zone(world, "Africa/Harare")
        await say(world, "quiz schedule add", deck="gradient-checkpointing", time="18:00", repeat="daily")
        await say(world, "qotd set", deck="gradient-checkpointing", time="18:00")
        world.clock.set(utc(2027, 5, 3, 16, 0))  # 18:00 in Harare: both run
        await fake.wait_for_message(world.general, is_intro, timeout=10)
        await fake.wait_for_message(world.general, is_qotd("May 3, 2027"), timeout=10)
        await say(world, "quiz stop")
        await fake.wait_for_message(world.general, lambda m: "Round over" in m.text)
        world.clock.set(utc(2027, 5, 3, 17, 0))  # 19:00 in Harare, 13:00 in New York
        said = await say(world, "quiz settings", timezone="America/New_York")
        tuesday = stamp(utc(2027, 5, 4, 22, 0), "f")
        assert f"Scheduled round #1: the next is now Tuesday 18:00 New York time ({tuesday})." in said
        assert (
            f"Today's question of the day was already posted; the next is Tuesday 18:00 New York time ({tuesday})."
            in said
        )
        schedule = await bot.store.schedule(1)
        assert schedule is not None and schedule.next_at == utc(2027, 5, 4, 22, 0)
        daily = await bot.store.qotd_settings(world.study.id)
        assert daily is not None and daily.next_at == utc(2027, 5, 4, 22, 0)


async def test_new_york_to_harare_posts_the_days_question_and_runs_the_round_sooner(world: World) -> None:
    world.clock.freeze()
    world.clock.set(utc(2027, 5, 3, 12, 0))  # Monday 08:00 in New York, 14:00 in Harare
    async with world.running() as bot:
        await set_zone(world, "America/New_York")
        await say(world, "quiz schedule add", deck="gradient-checkpointing", time="15:00", repeat="daily")
        await say(world, "qotd set", deck="gradient-checkpointing", time="09:00")
        world.clock.set(utc(2027, 5, 3, 12, 30))  # 14:30 in Harare: its 09:00 passed, its 15:00 is ahead
        said = await say(world, "quiz settings", timezone="Africa/Harare")
        assert (
            f"Scheduled round #1: the next is now Monday 15:00 Harare time ({stamp(utc(2027, 5, 3, 13, 0), 'f')})."
            in said
        )
        assert "Today's question of the day was not posted yet in Harare: it is posted now." in said
        await world.fake.wait_for_message(world.general, is_qotd("May 3, 2027"), timeout=10)
        schedule = await bot.store.schedule(1)
        assert schedule is not None and schedule.next_at == utc(2027, 5, 3, 13, 0)
