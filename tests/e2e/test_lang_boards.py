"""Which language the boards speak, end to end: the public leaderboard the server's, /stats and refusals
the member's (their /preferences language, else their Discord client's)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from bot.discord.client import BvunzoBot
from tests.e2e.conftest import World
from tests.e2e.rounds import play_round, stats_of

STRING = 3


async def test_a_shona_server_board_with_french_and_shona_members(world: World, bot: BvunzoBot) -> None:
    fake = world.fake
    alice, bongani, chipo = world.members[0], world.members[1], world.members[2]
    await play_round(world, world.general, world.moderator, {alice: [True, True], bongani: [True, False]})
    # The server reads Shona (as /quiz settings language:sn leaves it); Alice's Discord client is French,
    # Chipo chose Shona in /preferences, Bongani's client is English.
    settings = await bot.store.guild_settings(world.study.id)
    await bot.store.save_guild_settings(replace(settings, language="sn"))
    bot.languages.server_changed(world.study.id, "sn")
    alice.user.locale = "fr"
    await bot.store.set_member_language(chipo.id, "sn")
    bot.languages.member_changed(chipo.id, "sn")

    board = await (await fake.slash(world.general, alice, "leaderboard")).response()
    assert not board.ephemeral
    assert "Rondedzero yevakunda — nguva dzose" in board.text
    assert f"**1.** <@{alice.id}> — mapoindi **200** · 2/2 chokwadi (100%)" in board.text
    assert f"**2.** <@{bongani.id}> — mapoindi **100** · 1/2 chokwadi (50%)" in board.text
    assert "Peji 1/1 · nhengo 2" in board.text

    # A refusal is Alice's own: French, as her client.
    synced = next(c for c in fake.commands() if c["name"] == "leaderboard")
    data: dict[str, Any] = {
        "id": synced["id"],
        "name": "leaderboard",
        "type": 1,
        "options": [{"name": "period", "type": STRING, "value": "yesterday"}],
    }
    refused = await (await fake.raw_interaction(2, world.general, alice, data)).response()
    assert refused.ephemeral
    assert refused.content == "`period` doit être l'une de ces valeurs : all, month, week, today."

    mine = await stats_of(world, alice)
    assert mine.text.startswith("Statistiques — Alice")
    assert "Meilleure série\n2 bonnes réponses" in mine.text
    assert "Mapoindi" not in mine.text
    theirs = await stats_of(world, chipo, member=bongani.user)
    assert "Nhamba — Bongani" in theirs.text and "Mutsetse wakanakisa\nmhinduro 1 yechokwadi" in theirs.text
    english = await stats_of(world, bongani)
    assert english.text.startswith("Stats — Bongani") and "Best streak\n1 right answer" in english.text
