"""An order question end to end on both stores: its items shuffled on the card, put in order in an ephemeral
picker (a button per item, each press editing the picker, Start again, Submit), points for each item in
its place, a second answer refused, the reveal's count per item and most given wrong order; then the same
question in practice, partly right."""

from __future__ import annotations

from pathlib import Path

from tests.e2e.conftest import ON_BOTH_DATABASES, World
from tests.e2e.fake_discord import FakeMessage, Member
from tests.e2e.fake_discord.messages import COMPONENTS_V2
from tests.e2e.rounds import DEFERRED, is_revealed, set_pause, start
from tests.e2e.test_round_hints import labels, open_typed

UPDATE_MESSAGE = 7
PLANETS = """\
id: planets
title: Planets
language: en
questions:
  - id: p
    type: order
    prompt: From the Sun outwards
    items: [Mercury, Venus, Earth, Mars]
"""


async def press(world: World, picker: FakeMessage, member: Member, label: str) -> str:
    """Press the picker's button for item `label` (its label `B · Venus`) or a plain label; the text after."""
    [button] = [b for b in picker.buttons() if b["label"] == label or b["label"].endswith(f" · {label}")]
    said = await (await world.fake.click(picker, member, custom_id=button["custom_id"])).response()
    if said.type == DEFERRED:
        return picker.text
    return said.text


async def put_in_order(
    world: World, message: FakeMessage, member: Member, *items: str
) -> tuple[FakeMessage, str]:
    """Open the picker from the question's Answer button, press `items` first to last, Submit."""
    opened = await (await world.fake.click(message, member, label="Answer")).response()
    picker = opened.message
    assert opened.ephemeral and picker is not None
    for item in items:
        await press(world, picker, member, item)
    [submit] = [b for b in picker.buttons() if b["label"] == "Submit"]
    submitted = await world.fake.click(picker, member, custom_id=submit["custom_id"])
    said = await submitted.response()
    if said.type == DEFERRED:
        return picker, (await submitted.wait_original(timeout=15)).content
    return picker, said.text


@ON_BOTH_DATABASES
async def test_an_order_question_in_a_round_and_in_practice(world: World, tmp_path: Path) -> None:
    fake = world.fake
    alice, bongani, chipo = world.members[0], world.members[1], world.members[2]
    folder = tmp_path / "order-decks"
    folder.mkdir()
    (folder / "planets.yaml").write_text(PLANETS, encoding="utf-8")
    world.questions = folder
    world.clock.freeze()  # only the skip reveals it
    async with world.running():
        await set_pause(world, 0)
        await start(world, world.general, world.moderator, deck="planets", questions=1, seconds=60)
        question = await open_typed(world, world.general)
        assert labels(question) == ["Answer"]
        assert "Put the items in order with the **Answer** button." in question.text

        # Pressing edits the picker: the order so far; Submit only once every item is placed.
        opened = await (await fake.click(question, alice, label="Answer")).response()
        picker = opened.message
        assert picker is not None and opened.ephemeral
        assert len(picker.buttons()) == 6  # four items, Start again, Submit
        await press(world, picker, alice, "Venus")
        assert "Your order so far:\n1. Venus" in picker.text
        assert [b.get("disabled", False) for b in picker.buttons() if b["label"] == "Submit"] == [True]
        await press(world, picker, alice, "Start again")
        assert "Your order so far" not in picker.text

        _picker, said = await put_in_order(world, question, alice, "Mercury", "Venus", "Earth", "Mars")
        assert said == "Locked in: “Mercury → Venus → Earth → Mars”."
        _picker, said = await put_in_order(world, question, bongani, "Mercury", "Venus", "Mars", "Earth")
        assert said == "Locked in: “Mercury → Venus → Mars → Earth”."
        _picker, again = await put_in_order(world, question, bongani, "Mercury", "Venus", "Earth", "Mars")
        assert again == "You already answered “Mercury → Venus → Mars → Earth”; answers can't be changed."
        _picker, said = await put_in_order(world, question, chipo, "Mars", "Earth", "Venus", "Mercury")
        assert said.startswith("Locked in")
        await (await fake.slash(world.general, world.moderator, "quiz skip")).response()
        await fake.wait_for_message(world.general, is_revealed(1))
        shown = question.text
        # In place: Mercury and Venus for alice and bongani, Earth and Mars for alice alone.
        assert (
            "**Right order:**\n1. Mercury — 2 of 3 in place\n2. Venus — 2 of 3 in place\n"
            "3. Earth — 1 of 3 in place\n4. Mars — 1 of 3 in place\nAll in place: 1 of 3"
        ) in shown
        # Two wrong orders, once each: the one with more items in place is named.
        assert "Most given wrong order: 1 → 2 → 4 → 3 (1 member)" in shown
        summary = await fake.wait_for_message(world.general, lambda m: "Round over" in m.text)
        # Standard round: 100 for all in place, 100 × 2/4 = 50 for two of four, none for none.
        assert f"<@{alice.id}> — **100** points, 1/1 right" in summary.text
        assert f"<@{bongani.id}> — **50** points, 0/1 right" in summary.text
        assert f"<@{chipo.id}> — **0** points, 0/1 right" in summary.text

        # The moderator did not play: the question is new to them in practice.
        started = await (
            await fake.slash(world.general, world.moderator, "practice", deck="planets")
        ).response()
        assert started.ephemeral and started.message is not None
        assert "Put the items in order with the **Answer** button." in started.message.text
        # Earth and Mars swapped with Venus: only Mercury in place, 1 of 4.
        picker, feedback = await put_in_order(
            world, started.message, world.moderator, "Mercury", "Earth", "Mars", "Venus"
        )
        # The server shows cards (the default): the feedback takes the picker's place as a card, its
        # own words (an embed) gone.
        assert picker.flags & COMPONENTS_V2 and picker.embeds == []
        assert "❌ Not quite" in feedback
        assert (
            "**Right order:**\n1. Mercury\n2. Venus\n3. Earth\n4. Mars\nYour order: 1 → 3 → 4 → 2" in feedback
        )
        assert "25% of the points: one share for each item in its place." in feedback
