"""Choosing what to play, end to end: /decks shows tags and difficulties, /quiz start filters by them, and a
filter leaving too few questions says how many it keeps (issue 14)."""

from __future__ import annotations

from bot.discord.client import BvunzoBot
from tests.e2e.conftest import World
from tests.e2e.rounds import DECKS, open_question, question_of, set_pause, start

DECK = DECKS["gradient-checkpointing"]


async def test_decks_show_each_decks_tags_and_difficulties(world: World, bot: BvunzoBot) -> None:
    listing = await (await world.fake.slash(world.general, world.members[0], "decks")).response()
    assert (
        "└ tags: deep-learning 8, memory 8, pytorch 8, recomputation 5, backpropagation 2, activations 1 "
        "(+5 more) · easy 3, medium 4, hard 1"
    ) in listing.text


async def test_a_round_plays_only_the_questions_its_filter_keeps(world: World, bot: BvunzoBot) -> None:
    await set_pause(world, 0)
    said = await start(world, world.general, world.moderator, tags="theory, fsdp", difficulty="medium")
    # Of the deck's eight, only gc-07 is both medium and tagged theory or fsdp (the deck's own tags,
    # memory among them, belong to every question: they would keep all four medium ones).
    assert said == (
        "Starting a round of 1 question from “Gradient Checkpointing” matching tags: fsdp, theory "
        "and difficulty: medium."
    )
    q1 = await open_question(world, world.general, 1)
    assert question_of(q1, DECK).id == "gc-07"
    await (await world.fake.slash(world.general, world.moderator, "quiz stop")).response()
    await world.fake.wait_for_message(world.general, lambda m: "Round over" in m.text)


async def test_a_filter_leaving_too_few_questions_says_how_many(world: World, bot: BvunzoBot) -> None:
    said = await start(world, world.general, world.moderator, difficulty="easy", questions=5)
    assert (
        said
        == "“Gradient Checkpointing”: Only 3 questions match difficulty: easy: ask for 3 or fewer, or widen the filter."
    )
    said = await start(world, world.general, world.moderator, tags="quantum")
    assert said == (
        "“Gradient Checkpointing”: No question matches tags: quantum; /decks shows each deck's tags and "
        "difficulties."
    )
    assert await bot.store.running_round(world.general.id) is None


async def test_a_server_default_filter_applies_until_a_round_asks_for_any(
    world: World, bot: BvunzoBot
) -> None:
    fake = world.fake
    saved = await (
        await fake.slash(world.general, world.moderator, "quiz settings", difficulty="hard", tags="Theory")
    ).response()
    fields = {f["name"]: f["value"] for f in saved.embeds[0]["fields"]}
    assert (fields["Tags"], fields["Difficulty"]) == ("theory", "hard")
    await set_pause(world, 0)
    said = await start(world, world.general, world.moderator)
    assert (
        "Starting a round of 1 question from" in said and "matching tags: theory and difficulty: hard" in said
    )
    q1 = await open_question(world, world.general, 1)
    assert question_of(q1, DECK).id == "gc-03"
    await (await fake.slash(world.general, world.moderator, "quiz stop")).response()
    await fake.wait_for_message(world.general, lambda m: "Round over" in m.text)
    said = await start(world, world.general, world.moderator, tags="any", difficulty="any", questions=8)
    assert said == "Starting a round of 8 questions from “Gradient Checkpointing”."
