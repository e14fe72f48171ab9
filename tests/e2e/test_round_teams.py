"""Teams, end to end: a join message with a button per team, Auto-balance for moderators, a late joiner
placed on the smallest team, uneven teams scored by their mean, and a team podium (issue 14)."""

from __future__ import annotations

from bot.discord.client import BvunzoBot
from tests.e2e.conftest import World
from tests.e2e.rounds import (
    DECKS,
    click,
    is_revealed,
    open_question,
    right_letter,
    set_pause,
    start,
    wrong_letter,
)

DECK = DECKS["gradient-checkpointing"]


async def test_uneven_teams_with_a_late_joiner_are_scored_by_their_mean(world: World, bot: BvunzoBot) -> None:
    fake = world.fake
    world.clock.freeze()
    await set_pause(world, 0)
    alice, bongani, chipo, dumi, eve = world.members[:5]
    await start(world, world.general, world.moderator, questions=2, seconds=60, teams=2, standings="live")
    join = await fake.wait_for_message(world.general, lambda m: "Pick a team" in m.text)
    for member, team in ((alice, "Red"), (bongani, "Red"), (chipo, "Blue"), (dumi, "Red")):
        assert (
            await click(world, join, member, team)
            == f"You play for {'🟥' if team == 'Red' else '🟦'} {team}."
        )
    refused = await click(world, join, alice, "Auto-balance (moderators)")
    assert "Manage Server" in refused or "quiz-master" in refused, refused
    # Red 3, Blue 1: the last to join Red (Dumi) moves.
    assert (
        await click(world, join, world.moderator, "Auto-balance (moderators)")
        == "Teams balanced: 🟥 Red 2 · 🟦 Blue 2."
    )

    plans = {
        alice: (True, True),
        bongani: (True, False),
        chipo: (True, True),
        dumi: (False, True),
        eve: (True, False),
    }
    for number in (1, 2):
        question = await open_question(world, world.general, number)
        right, wrong = right_letter(question, DECK), wrong_letter(question, DECK)
        for member, plan in plans.items():
            said = await click(world, question, member, right if plan[number - 1] else wrong)
            if member is eve and number == 1:  # a late joiner: placed with her first click
                assert said == f"Locked in: {right}. You play for 🟥 Red, the smallest team."
            else:
                assert said.startswith("Locked in"), said
        if number == 1:
            switch = await click(world, join, alice, "Blue")
            assert switch == "You play for 🟥 Red; teams stay as they are once you have answered."
            await (await fake.slash(world.general, world.moderator, "quiz skip")).response()
        revealed = await fake.wait_for_message(world.general, is_revealed(number))
        if number == 1:
            # Red: Alice 100, Bongani 100, Eve 100 → 100; Blue: Chipo 100, Dumi 0 → 50.
            assert "🥇 🟥 Red — **100** (300 points ÷ 3 members)" in revealed.text
            assert "🥈 🟦 Blue — **50** (100 points ÷ 2 members)" in revealed.text
    summary = await fake.wait_for_message(world.general, lambda m: "Round over" in m.text)
    # Red: 200 + 100 + 100 = 400 over 3 = 133.3; Blue: 200 + 100 = 300 over 2 = 150. The smaller team wins.
    assert "🥇 🟦 Blue — **150** (300 points ÷ 2 members)" in summary.text
    assert "🥈 🟥 Red — **133.3** (400 points ÷ 3 members)" in summary.text
    # Individual points still go to the board.
    board = await (await fake.slash(world.general, alice, "leaderboard")).response()
    assert f"<@{alice.id}>" in board.text and "200" in board.text
