"""A round in a server set to Shona: the channel reads Shona, each member's own replies their language.

The server's language is set as /quiz settings language: leaves it (the store, and the bot's memory
of it); members differ by their Discord client's locale and by a /preferences language in the store.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from bot.discord.client import BvunzoBot
from bot.quiz import RoundOptions
from tests.e2e.conftest import World
from tests.e2e.fake_discord import FakeMessage
from tests.e2e.rounds import DECKS, click, right_letter, set_pause, start, wrong_letter

DECK = DECKS["gradient-checkpointing"]


def shona_question(number: int, *, revealed: bool = False) -> Any:
    def check(message: FakeMessage) -> bool:
        if f"Mubvunzo {number} pa1" not in message.text:
            return False
        if revealed:
            return "— mhinduro" in message.text
        return any(not b.get("disabled") for b in message.buttons() if b.get("label") in tuple("ABCDE"))

    return check


async def test_a_shona_server_posts_in_shona_while_each_member_reads_their_own(
    world: World, bot: BvunzoBot
) -> None:
    fake = world.fake
    world.clock.freeze()
    await set_pause(world, 0)
    guild_id = world.study.id
    settings = await bot.store.guild_settings(guild_id)
    await bot.store.save_guild_settings(dataclasses.replace(settings, language="sn"))
    bot.languages.server_changed(guild_id, "sn")

    french, shona, english = world.members[0], world.members[1], world.members[2]
    french.user.locale = "fr"  # a French Discord client, no /preferences language
    await bot.store.set_member_language(shona.id, "sn")  # /preferences language:sn, an English client
    bot.languages.member_changed(shona.id, "sn")

    # The moderator's client is French: the round's task starts in French, its posts still speak Shona.
    world.moderator.user.locale = "fr"
    await start(world, world.general, world.moderator, questions=1, seconds=20)
    intro = await fake.wait_for_message(world.general, lambda m: "Bvunzo: Gradient Checkpointing" in m.text)
    assert "mubvunzo 1, masekondi 20 pamubvunzo" in intro.text
    assert f"Mutambo uyu wakatangwa na <@{world.moderator.id}>." in intro.text

    question = await fake.wait_for_message(world.general, shona_question(1))
    assert "mhinduro 0 kusvika parizvino" in question.text
    right, wrong = right_letter(question, DECK), wrong_letter(question, DECK)

    assert await click(world, question, french, right) == f"Réponse enregistrée : {right}."
    assert await click(world, question, shona, wrong) == f"Mhinduro yako yanyorwa: {wrong}."
    assert await click(world, question, english, right) == f"Locked in: {right}."

    world.clock.advance(21)
    revealed = await fake.wait_for_message(world.general, shona_question(1, revealed=True))
    assert "2/3 chokwadi (67%)" in revealed.text

    summary = await fake.wait_for_message(world.general, lambda m: "Mutambo wapera:" in m.text)
    assert "**Vakunda**" in summary.text
    assert "mubvunzo 1 wabvunzwa" in summary.text
    assert [b["label"] for b in summary.buttons()] == ["Dzidzira zvandakakanganisa", "Mhedzisiro yangu"]

    # The summary's buttons answer each member in their own language.
    assert (await click(world, summary, french, "Mhedzisiro yangu")).startswith("Manche ")
    mine = await click(world, summary, shona, "Mhedzisiro yangu")
    assert mine.startswith("Mutambo ") and "Wakakanganisa mubvunzo 1: 1." in mine
    assert "you placed" in await click(world, summary, english, "Mhedzisiro yangu")


async def test_a_scheduled_round_reads_the_servers_language_from_the_store(
    world: World, bot: BvunzoBot
) -> None:
    """No member behind it, and the server's language not yet in the bot's memory: read from the store."""
    world.clock.freeze()
    guild_id = world.study.id
    settings = await bot.store.guild_settings(guild_id)
    await bot.store.save_guild_settings(dataclasses.replace(settings, language="fr"))
    deck = bot.bank.get("gradient-checkpointing", guild_id)
    assert deck is not None
    await bot.round_service.start(
        guild_id=guild_id,
        channel_id=world.general.id,
        decks=[deck],
        options=RoundOptions(questions=2, seconds=20),
        started_by=None,
    )
    intro = await world.fake.wait_for_message(
        world.general, lambda m: "Quiz : Gradient Checkpointing" in m.text
    )
    assert "Lancée automatiquement." in intro.text
    assert "2 questions, 20 s par question" in intro.text
    await world.fake.wait_for_message(world.general, lambda m: "Question 1 sur 2" in m.text)
