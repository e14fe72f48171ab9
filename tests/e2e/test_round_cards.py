"""Rounds and practice on Components V2 cards (/quiz settings card_style:cards), end to end; the fake's
layout limits."""

from __future__ import annotations

from typing import Any

from bot.discord.client import BvunzoBot
from tests.e2e.conftest import ON_BOTH_DATABASES, World
from tests.e2e.fake_discord import FakeMessage
from tests.e2e.fake_discord.limits import message_problems
from tests.e2e.fake_discord.messages import COMPONENTS_V2, walk_components
from tests.e2e.rounds import (
    DECKS,
    SUCCESS,
    click,
    is_revealed,
    open_question,
    question_of,
    right_letter,
    set_pause,
    start,
    wrong_letter,
)

DECK = DECKS["gradient-checkpointing"]
CONTAINER, SECTION, TEXT = 17, 9, 10
UPDATE = 7  # the callback that edits the clicked message


def sections(message: FakeMessage) -> list[dict[str, Any]]:
    return [c for c in walk_components(message.components) if c.get("type") == SECTION]


def section_of(message: FakeMessage, letter: str) -> dict[str, Any]:
    """The section of choice `letter`: its text and the button beside it."""
    return next(s for s in sections(message) if s["accessory"]["label"].split(" · ")[0] == letter)


@ON_BOTH_DATABASES
async def test_a_round_on_cards_is_clicked_in_sections_and_revealed_on_the_same_card(
    world: World, bot: BvunzoBot, database: str
) -> None:
    fake = world.fake
    alice, bongani, chipo = world.members[:3]
    world.clock.freeze()  # only a skip reveals
    await set_pause(world, 0)
    changed = await (
        await fake.slash(world.general, world.moderator, "quiz settings", card_style="cards")
    ).response()
    assert "Card style" in changed.text and "cards" in changed.text
    await start(world, world.general, world.moderator, questions=1, seconds=60)

    question = await open_question(world, world.general, 1)
    assert question.flags & COMPONENTS_V2 and not question.content and not question.embeds
    (container,) = question.components
    assert container["type"] == CONTAINER and "accent_color" in container
    # Each choice is a section: its text, and its own answer button as the accessory.
    assert [s["accessory"]["label"] for s in sections(question)] == ["A", "B", "C", "D"]
    right, wrong = right_letter(question, DECK), wrong_letter(question, DECK)
    assert f"**{right}**" in section_of(question, right)["components"][0]["content"]
    assert "Closes <t:" in question.text and "Question 1 of 1" in question.text

    assert await click(world, question, alice, right) == f"Locked in: {right}."
    assert await click(world, question, bongani, right) == f"Locked in: {right}."
    assert await click(world, question, chipo, wrong) == f"Locked in: {wrong}."
    await (await fake.slash(world.general, world.moderator, "quiz skip")).response()

    # The reveal edits the same message, still a card: counts beside each choice, the right one marked.
    revealed = await fake.wait_for_message(world.general, is_revealed(1))
    assert revealed.id == question.id and revealed.flags & COMPONENTS_V2 and not revealed.embeds
    good, bad = section_of(revealed, right), section_of(revealed, wrong)
    assert good["accessory"]["label"] == f"{right} · 2" and good["accessory"]["style"] == SUCCESS
    assert bad["accessory"]["label"] == f"{wrong} · 1" and bad["accessory"]["style"] != SUCCESS
    assert all(s["accessory"]["disabled"] for s in sections(revealed))
    assert good["components"][0]["content"].startswith(f"✅ **{right}**")
    assert good["components"][0]["content"].endswith("— **2**")
    assert bad["components"][0]["content"].startswith(f"▫️ **{wrong}**")
    assert "**Why**" in revealed.text and "2/3 right" in revealed.text

    summary = await fake.wait_for_message(world.general, lambda m: "Round over" in m.text)
    assert summary.flags & COMPONENTS_V2 and not summary.embeds
    assert f"<@{alice.id}> — **100** points, 1/1 right" in summary.text
    assert {b["label"] for b in summary.buttons()} == {"Practise what I missed", "My result"}
    assert fake.violations == []


async def test_practice_on_cards_answers_in_the_card_and_keeps_it_a_card_to_the_end(
    world: World, bot: BvunzoBot
) -> None:
    fake, alice = world.fake, world.members[0]
    await (await fake.slash(world.general, world.moderator, "quiz settings", card_style="cards")).response()
    asked = await (
        await fake.slash(world.general, alice, "practice", deck=DECK.id, count=1, mode="new")
    ).response()
    message = asked.message
    assert asked.ephemeral and message is not None and message.flags & COMPONENTS_V2 and not message.embeds
    assert message.components[0]["type"] == CONTAINER and "Practice 1 of 1" in message.text
    feedback = await (await fake.click(message, alice, label=right_letter(message, DECK))).response()
    assert feedback.type == UPDATE and "✅ Right" in message.text and message.flags & COMPONENTS_V2
    question = question_of(message, DECK)
    assert question.explanation[:50] in message.text and not message.embeds
    await (await fake.click(message, alice, label=message.buttons()[0]["label"])).response()
    assert "Practice done" in message.text and "**1 of 1** right" in message.text
    assert message.flags & COMPONENTS_V2 and not message.embeds
    assert fake.violations == []


def test_the_fake_refuses_a_card_over_discords_layout_limits() -> None:
    button = {"type": 2, "style": 2, "label": "A", "custom_id": "a"}
    section = {"type": 9, "components": [{"type": 10, "content": "x" * 1001}], "accessory": button}
    card = {"type": 17, "components": [section] * 14}  # 1 + 14 × 3 components, 14 × 1,001 characters
    assert message_problems({"flags": COMPONENTS_V2, "content": "hello", "components": [card]}) == [
        "a Components V2 message has no content and no embeds; Discord refuses them",
        "43 components counted nested; Discord allows 40",
        "text displays of 14014 characters together; Discord allows 4000",
    ]
    fits = {"type": 17, "components": [section] * 3}
    assert message_problems({"flags": COMPONENTS_V2, "components": [fits]}) == []
