"""A question of the day Discord would not take: the day neither counts nor breaks streaks; passing trouble is tried
again at the next minute; /qotd status says why."""

from __future__ import annotations

from bot.discord.client import BvunzoBot
from tests.e2e.conftest import ON_BOTH_DATABASES, World
from tests.e2e.harness import wait_until
from tests.e2e.rounds import right_letter
from tests.e2e.test_calendar_qotd import DECK, answer, is_qotd
from tests.e2e.test_calendar_schedules import say, set_zone, utc

POSTS = "POST /channels/{channel_id}/messages"


def posts_answered(world: World, status: int) -> int:
    return sum(1 for r in world.fake.requests_to(POSTS) if r.status == status)


async def monday_answered(world: World) -> None:
    """Harare's question of the day at 08:00 from Monday 3 May 2027, answered right by Alice on Monday."""
    world.clock.freeze()
    world.clock.set(utc(2027, 5, 3, 5, 55))
    await set_zone(world, "Africa/Harare")
    await say(world, "qotd set", deck="gradient-checkpointing", time="08:00")
    world.clock.set(utc(2027, 5, 3, 6, 0))
    monday = await world.fake.wait_for_message(world.general, is_qotd("May 3, 2027"), timeout=10)
    said = await answer(world, monday, world.members[0], right_letter(monday, DECK))
    assert said.startswith(f"Locked in: {right_letter(monday, DECK)}. 1 day in a row")


@ON_BOTH_DATABASES
async def test_a_refused_post_neither_counts_nor_breaks_the_streak(
    world: World, bot: BvunzoBot, database: str
) -> None:
    alice = world.members[0]
    await monday_answered(world)
    # Tuesday: Discord answers 403 (the bot lost Send Messages) — not a day of the streak.
    world.fake.faults.fail(f"POST /channels/{world.general.id}/messages", 403)
    world.clock.set(utc(2027, 5, 4, 6, 0))
    await wait_until(lambda: posts_answered(world, 403) == 1, timeout=10, what="Tuesday's post to be tried")
    status = await wait_until(
        lambda: _status_with(world, "could not be posted"), timeout=10, what="/qotd status to say why"
    )
    assert (
        "May 4: the question could not be posted (Discord refused: Bvunzo may not post in that channel "
        "(View Channel, Send Messages, Embed Links)); that day neither counts in streaks nor breaks them."
    ) in status
    assert "Your streak: 1 day in a row (best 1)." in await say(world, "qotd status", alice)
    world.clock.set(utc(2027, 5, 4, 6, 5))  # a refusal is not tried again (it would go through now)
    # Wednesday is posted; Alice answers: Monday and Wednesday are two days in a row.
    world.clock.set(utc(2027, 5, 5, 6, 0))
    wednesday = await world.fake.wait_for_message(world.general, is_qotd("May 5, 2027"), timeout=10)
    said = await answer(world, wednesday, alice, right_letter(wednesday, DECK))
    assert "2 days in a row" in said
    assert await bot.store.qotd_posted_days(world.study.id) == [20270503, 20270505]
    assert posts_answered(world, 403) == 1
    board = await (await world.fake.slash(world.general, alice, "leaderboard", board="qotd")).response()
    assert f"**1.** <@{alice.id}> — **2** right of 2 · 🔥 2 days in a row" in board.text.splitlines()


async def _status_with(world: World, words: str) -> str | None:
    said = await say(world, "qotd status")
    return said if words in said else None


async def test_a_deleted_channel_keeps_the_streak_and_a_new_channel_goes_on(
    world: World, bot: BvunzoBot
) -> None:
    alice, bongani = world.members[:2]
    await monday_answered(world)
    monday = await world.fake.wait_for_message(world.general, is_qotd("May 3, 2027"))
    await answer(world, monday, bongani, right_letter(monday, DECK))
    # The question of the day moves to the annex, which a moderator then deletes before Tuesday's.
    world.clock.set(utc(2027, 5, 3, 12, 0))
    await say(world, "qotd set", channel=world.annex, deck="gradient-checkpointing", time="08:00")
    world.fake.faults.delete_channel(world.annex)
    world.clock.set(utc(2027, 5, 4, 6, 0))
    status = await wait_until(
        lambda: _status_with(world, "could not be posted"),
        timeout=10,
        what="/qotd status to say Tuesday's was not posted",
    )
    assert "May 4: the question could not be posted (its channel is gone)" in status
    await say(world, "qotd set", deck="gradient-checkpointing", time="08:00")  # back to #general
    world.clock.set(utc(2027, 5, 5, 6, 0))
    wednesday = await world.fake.wait_for_message(world.general, is_qotd("May 5, 2027"), timeout=10)
    assert "2 days in a row" in await answer(world, wednesday, alice, right_letter(wednesday, DECK))
    # Bongani skipped Wednesday's (still open): his run of 1 stands until it closes.
    assert "Your streak: 1 day in a row (best 1)." in await say(world, "qotd status", bongani)


@ON_BOTH_DATABASES
async def test_a_server_error_is_tried_again_at_the_next_minute_and_makes_one_day(
    world: World, bot: BvunzoBot, database: str
) -> None:
    alice = world.members[0]
    world.clock.freeze()
    world.clock.set(utc(2027, 5, 3, 5, 55))
    await set_zone(world, "Africa/Harare")
    await say(world, "qotd set", deck="gradient-checkpointing", time="08:00")
    world.fake.faults.fail(f"POST /channels/{world.general.id}/messages", 503, times=2)
    world.clock.set(utc(2027, 5, 3, 6, 0, 20))
    await wait_until(lambda: posts_answered(world, 503) == 1, timeout=10, what="the first try")
    status = await wait_until(
        lambda: _status_with(world, "tries again"), timeout=10, what="/qotd status to say it tries again"
    )
    assert "May 3: the question was not posted yet (Discord was failing (a server error))" in status
    world.clock.set(utc(2027, 5, 3, 6, 1))  # the second try fails too; the third, at 08:02, goes through
    await wait_until(lambda: posts_answered(world, 503) == 2, timeout=10, what="the second try")

    async def third_try_kept() -> bool:
        due = await bot.store.qotd_days_to_retry(utc(2027, 5, 3, 6, 2))
        return [(d.day, at) for d, at in due] == [(20270503, utc(2027, 5, 3, 6, 2))]

    await wait_until(third_try_kept, timeout=10, what="the third try to be kept for 08:02")
    world.clock.set(utc(2027, 5, 3, 6, 2))
    monday = await world.fake.wait_for_message(world.general, is_qotd("May 3, 2027"), timeout=10)
    assert "1 day in a row" in await answer(world, monday, alice, right_letter(monday, DECK))

    async def one_day_posted() -> bool:  # the post's id is kept just after the post (answers need not wait)
        return await bot.store.qotd_posted_days(world.study.id) == [20270503]

    await wait_until(one_day_posted, timeout=10, what="May 3 to be kept as the one day posted")
    assert [m.id for m in world.fake.channel_messages(world.general) if is_qotd("May 3, 2027")(m)] == [
        monday.id
    ]
    assert "could not be posted" not in await say(world, "qotd status")
    world.clock.set(utc(2027, 5, 3, 6, 3))
    await say(world, "qotd status")
    assert posts_answered(world, 200) == 1
