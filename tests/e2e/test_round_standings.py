"""Standings and streaks in a round, end to end: shared places, podium size, top 5 at reveals, hidden
standings, "My result", and the streak bonus (issue 14)."""

from __future__ import annotations

from bot.discord.client import BvunzoBot
from tests.e2e.conftest import World
from tests.e2e.fake_discord import FakeMessage
from tests.e2e.rounds import click, play_round

ROUND_OVER = "Round over"


def summary(world: World) -> FakeMessage:
    return next(m for m in world.fake.channel_messages(world.general) if ROUND_OVER in m.text)


def reveals(world: World) -> list[FakeMessage]:
    return [m for m in world.fake.channel_messages(world.general) if "— answer" in m.text]


async def test_four_players_on_300_share_first_place_and_my_result_says_so(
    world: World, bot: BvunzoBot
) -> None:
    a, b, c, d, e = world.members[:5]
    plan: dict = {a: [True] * 3, b: [True] * 3, c: [True] * 3, d: [True] * 3, e: [True, False, None]}
    round_id = await play_round(world, world.general, world.moderator, plan)
    text = summary(world).text
    for member in (a, b, c, d):
        assert f"🥇 <@{member.id}> — **300** points, 3/3 right (100%)" in text
    assert "🥈" not in text and "🥉" not in text
    assert f"5. <@{e.id}> — **100** points, 1/2 right (50%)" in text

    said = await click(world, summary(world), b, "My result")
    assert (
        said
        == f"Round {round_id}: you placed **1st** (shared) of 5 with **300** points, 3/3 right. You missed nothing."
    )
    said = await click(world, summary(world), e, "My result")
    # Wrong at question 2, silent at question 3 while playing: both missed (the engine's one rule).
    assert said == (
        f"Round {round_id}: you placed **5th** of 5 with **100** points, 1/2 right. "
        "You missed 2 questions: 2, 3."
    )
    said = await click(world, summary(world), world.members[6], "My result")
    assert said == f"You didn't answer in round {round_id}."


async def test_a_podium_of_one_then_numbers_and_live_top_lines_after_each_reveal(
    world: World, bot: BvunzoBot
) -> None:
    members = world.members[:7]
    # Points: 200, 200, 100, 100, 100, 100, 0 → ranks 1, 1, 3, 3, 3, 3, 7.
    plan: dict = {m: [i < 2, i < 6] for i, m in enumerate(members)}
    await play_round(world, world.general, world.moderator, plan, podium=1, standings="live")
    text = summary(world).text
    assert f"🥇 <@{members[0].id}>" in text and f"🥇 <@{members[1].id}>" in text
    assert f"3. <@{members[2].id}> — **100**" in text and f"7. <@{members[6].id}> — **0**" in text
    assert "🥉" not in text
    first, second = reveals(world)
    assert "Standings" in first.text and f"🥇 <@{members[0].id}> — **100**" in first.text
    # Top 5 after question 2: two first, four tied third; a tie at the edge is shown whole.
    # The card's last lines: the standings, then its footer.
    standings = second.text.split("**Standings**\n")[-1]
    assert standings.count("🥉") == 4 and standings.count("🥇") == 2
    assert f"<@{members[6].id}>" not in standings


async def test_hidden_standings_keep_names_out_of_every_reveal(world: World, bot: BvunzoBot) -> None:
    a, b = world.members[:2]
    await play_round(
        world,
        world.general,
        world.moderator,
        {a: [True] * 3, b: [True] * 3},
        standings="hidden",
        streaks=True,
    )
    for message in reveals(world):
        assert "<@" not in message.text, message.text
        assert "Fastest right answers" not in message.text and "in a row" not in message.text
    assert f"<@{a.id}>" in summary(world).text


async def test_the_streak_bonus_is_stored_with_each_answer_and_shown_at_the_reveal(
    world: World, bot: BvunzoBot
) -> None:
    a, b = world.members[:2]
    round_id = await play_round(
        world, world.general, world.moderator, {a: [True] * 4, b: [True, False, True, True]}, streaks=True
    )
    answers = await bot.store.round_answers(round_id)
    points = {(x.user_id, x.question_index): x.points for x in answers}
    assert [points[a.id, i] for i in range(4)] == [100, 110, 120, 130]
    assert [points[b.id, i] for i in range(4)] == [100, 0, 100, 110]
    third, fourth = reveals(world)[2:]
    assert f"🔥 <@{a.id}> 3 in a row" in third.text
    assert f"🔥 <@{a.id}> 4 in a row" in fourth.text and f"<@{b.id}> 2 in a row" not in fourth.text
    assert "**460** points" in summary(world).text


async def test_settings_show_and_keep_the_round_option_defaults(world: World, bot: BvunzoBot) -> None:
    fake = world.fake
    shown = await (await fake.slash(world.general, world.moderator, "quiz settings")).response()
    assert "Podium" in shown.text and "3 places" in shown.text
    assert "in the summary" in shown.text and "Streak bonus" in shown.text
    saved = await (
        await fake.slash(
            world.general, world.moderator, "quiz settings", podium=5, standings="live", streaks=True
        )
    ).response()
    assert "5 places" in saved.text and "top 5 after each reveal" in saved.text
    assert (await bot.store.guild_settings(world.study.id)).streak_bonus
    # A round started without the options plays with the server's defaults.
    a = world.members[0]
    round_id = await play_round(world, world.general, world.moderator, {a: [True, True]})
    record = await bot.store.get_round(round_id)
    assert record is not None and (record.podium, record.standings, record.streak_bonus) == (5, "live", True)
    assert [x.points for x in await bot.store.round_answers(round_id)] == [100, 110]
