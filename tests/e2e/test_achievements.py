"""Achievements end to end: a member earns badges in a round, its summary says so once, /stats lists them."""

from __future__ import annotations

from bot.discord.client import BvunzoBot
from tests.e2e.conftest import ON_BOTH_DATABASES, World
from tests.e2e.rounds import play_round, stats_of


@ON_BOTH_DATABASES
async def test_badges_earned_in_a_round_are_announced_once_and_shown_in_stats(
    world: World, bot: BvunzoBot, database: str
) -> None:
    ada, ben = world.members[0], world.members[1]
    await play_round(
        world, world.general, world.moderator, {ada: [True, True, True], ben: [False, True, None]}
    )

    summary = next(m for m in reversed(world.fake.channel_messages(world.general)) if "Round over" in m.text)
    assert "New badges" in summary.text
    lines = {line.split(" ", 1)[0]: line for line in summary.text.splitlines() if line.startswith("<@")}
    assert lines[f"<@{ada.id}>"].startswith(f"<@{ada.id}> 🏅 First round · 🏅 Perfect round")
    assert lines[f"<@{ben.id}>"].startswith(f"<@{ben.id}> 🏅 First round")
    assert "Perfect round" not in lines[f"<@{ben.id}>"]

    theirs = await stats_of(world, ben, member=ada)  # another member's badges, as Ben sees them
    assert "Badges" in theirs.text
    assert "🏅 **Perfect round**: Answered every question of a round of 3 or more right." in theirs.text
