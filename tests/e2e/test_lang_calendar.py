"""The calendar in a server's own language, end to end: a server set to Shona has its question of the day
posted and revealed in Shona while a member whose client says en-US reads their own reply in English; a
server set to French hears its scheduled round announced in French."""

from __future__ import annotations

from dataclasses import replace

from bot.discord.client import BvunzoBot
from tests.e2e.conftest import World
from tests.e2e.rounds import right_letter
from tests.e2e.test_calendar_qotd import DECK, answer
from tests.e2e.test_calendar_schedules import say, set_zone, stamp, utc


async def test_a_server_set_to_shona_gets_its_question_of_the_day_in_shona(
    world: World, bot: BvunzoBot
) -> None:
    fake, alice = world.fake, world.members[0]
    world.clock.freeze()
    world.clock.set(utc(2027, 5, 3, 5, 55))  # 07:55 in Harare
    await set_zone(world, "Africa/Harare")
    await say(world, "qotd set", deck="gradient-checkpointing", time="08:00")
    settings = await bot.store.guild_settings(world.study.id)
    await bot.store.save_guild_settings(replace(settings, language="sn"))
    bot.languages.server_changed(world.study.id, "sn")  # what /quiz settings language: does

    world.clock.set(utc(2027, 5, 3, 6, 0))
    posted = await fake.wait_for_message(
        world.general, lambda m: "Mubvunzo wezuva · 2027 Chivabvu 3" in m.text, timeout=10
    )
    assert f"Wakavhurika kusvika {stamp(utc(2027, 5, 4, 5, 0))}" in posted.text
    assert "pindura kamwe chete; mutsetse wako wezuva nezuva unoverengwa" in posted.text
    right = right_letter(posted, DECK)
    # Alice's own reply speaks her client's language (en-US), not the server's.
    assert (await answer(world, posted, alice, right)).startswith(f"Locked in: {right}. 1 day in a row")

    world.clock.set(utc(2027, 5, 4, 5, 0))
    await fake.wait_for_message(
        world.general,
        lambda m: m.id == posted.id and "Mubvunzo wezuva · 2027 Chivabvu 3 — mhinduro" in m.text,
        timeout=10,
    )
    assert "1/1 vakapindura zvakarurama (100%)" in posted.text


async def test_a_server_set_to_french_hears_its_scheduled_round_announced_in_french(
    world: World, bot: BvunzoBot
) -> None:
    world.clock.freeze()
    world.clock.set(utc(2027, 5, 3, 15, 58, 30))  # 17:58:30 in Harare
    await set_zone(world, "Africa/Harare")
    said = await say(
        world, "quiz schedule add", deck="gradient-checkpointing", time="18:00", repeat="daily", announce=1
    )
    assert said.startswith("Scheduled #1: “Gradient Checkpointing” here, daily at 18:00")  # the moderator's
    settings = await bot.store.guild_settings(world.study.id)
    await bot.store.save_guild_settings(replace(settings, language="fr"))
    bot.languages.server_changed(world.study.id, "fr")

    world.clock.set(utc(2027, 5, 3, 15, 59))
    announced = await world.fake.wait_for_message(world.general, lambda m: "commence" in m.text, timeout=10)
    starts = utc(2027, 5, 3, 16, 0)
    assert announced.text == (
        f"Une manche de « Gradient Checkpointing » commence {stamp(starts, 'R')} ({stamp(starts)})."
    )
