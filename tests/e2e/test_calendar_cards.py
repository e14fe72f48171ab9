"""The question of the day and an assignment on Components V2 cards (/quiz settings card_style:cards),
end to end on both stores: a choice clicked in its section, the reveal and the progress editing the
same card; a member's attempt played in cards (a choice, a number's form, an order's picker) and in
embeds once the server is set back to classic."""

from __future__ import annotations

from pathlib import Path

from bot.discord.client import BvunzoBot
from tests.e2e.conftest import ON_BOTH_DATABASES, World
from tests.e2e.fake_discord import FakeMessage, Member
from tests.e2e.fake_discord.messages import COMPONENTS_V2
from tests.e2e.rounds import DECKS, SUCCESS, right_letter, wrong_letter
from tests.e2e.test_calendar_assign import PROGRESS_WAIT, choose, press_start, progress_due
from tests.e2e.test_calendar_qotd import answer, is_qotd, is_revealed
from tests.e2e.test_calendar_schedules import say, set_zone, utc
from tests.e2e.test_round_cards import CONTAINER, section_of, sections
from tests.e2e.test_round_order import press

DECK = DECKS["gradient-checkpointing"]


@ON_BOTH_DATABASES
async def test_the_day_s_question_and_an_assignment_are_cards_edited_as_cards(
    world: World, bot: BvunzoBot, database: str
) -> None:
    fake = world.fake
    alice, bongani, chipo = world.members[:3]
    world.clock.freeze()
    world.clock.set(utc(2027, 5, 3, 5, 55))  # 07:55 in Harare
    await set_zone(world, "Africa/Harare")
    assert "cards" in await say(world, "quiz settings", card_style="cards")
    assert "posted here daily at 08:00" in await say(
        world, "qotd set", deck="gradient-checkpointing", time="08:00"
    )

    world.clock.set(utc(2027, 5, 3, 6, 0))
    asked = await fake.wait_for_message(world.general, is_qotd("May 3, 2027"), timeout=10)
    assert asked.flags & COMPONENTS_V2 and not asked.embeds and not asked.content
    (container,) = asked.components
    assert container["type"] == CONTAINER and "accent_color" in container
    assert [s["accessory"]["label"] for s in sections(asked)] == ["A", "B", "C", "D"]
    right, wrong = right_letter(asked, DECK), wrong_letter(asked, DECK)
    assert section_of(asked, right)["components"][0]["content"].startswith(f"**{right}**")
    # Clicks on the buttons beside the choices reach the bot.
    assert (await answer(world, asked, alice, right)).startswith(f"Locked in: {right}. 1 day in a row")
    assert (await answer(world, asked, bongani, right)).startswith(f"Locked in: {right}.")
    assert (await answer(world, asked, chipo, wrong)).startswith(f"Locked in: {wrong}.")

    # An hour before Tuesday's question, the reveal edits the same card: counts, the right one marked.
    world.clock.set(utc(2027, 5, 4, 5, 0))
    revealed = await fake.wait_for_message(
        world.general, lambda m: m.id == asked.id and is_revealed(m), timeout=10
    )
    assert revealed.flags & COMPONENTS_V2 and not revealed.embeds
    good, bad = section_of(revealed, right), section_of(revealed, wrong)
    assert good["accessory"]["label"] == f"{right} · 2" and good["accessory"]["style"] == SUCCESS
    assert bad["accessory"]["label"] == f"{wrong} · 1" and bad["accessory"]["style"] != SUCCESS
    assert all(s["accessory"]["disabled"] for s in sections(revealed))
    assert good["components"][0]["content"].startswith(f"✅ **{right}**")
    assert good["components"][0]["content"].endswith("— 2")
    assert bad["components"][0]["content"].startswith(f"▫️ **{wrong}**")
    assert "2/3 got it right (67%)" in revealed.text

    said = await say(world, "assign start", deck="gradient-checkpointing", count=1, due="18:00")
    assert said.startswith("Assignment #1 posted: 1 question")
    posted = await fake.wait_for_message(world.general, lambda m: "Assignment #1" in m.text)
    assert posted.flags & COMPONENTS_V2 and not posted.embeds
    assert "0 of 0 who started have finished" in posted.text
    assert [b["label"] for b in posted.buttons()] == ["Start"]
    # The server goes back to classic: the card posted in cards stays a card at its progress edit.
    assert "classic" in await say(world, "quiz settings", card_style="classic")
    private = await press_start(world, posted, alice)
    assert "Assignment #1: 1/1 right" in await choose(world, private, alice, right=True)
    progress_due(world)
    edited = await fake.wait_for_message(
        world.general,
        lambda m: m.id == posted.id and "1 of 1 who started have finished" in m.text,
        timeout=PROGRESS_WAIT,
    )
    assert edited.flags & COMPONENTS_V2 and not edited.embeds
    assert [b["label"] for b in edited.buttons()] == ["Start"]
    # Each message's style was noted at its post: no edit read its message from Discord first.
    assert fake.requests_to("GET /channels/{channel_id}/messages/{message_id}") == []


MIXED = """\
id: mixed
title: Mixed
language: en
questions:
  - id: falls
    prompt: "Which river are the Victoria Falls on?"
    choices: ["Limpopo", "Zambezi", "Nile"]
    answer: 1
    explanation: "The Zambezi, between Zambia and Zimbabwe."
  - id: g
    type: number
    prompt: "How fast do things fall on Earth?"
    answer: 9.81
    tolerance: 0.05
    unit: "m/s²"
"""
ORDERS = """\
id: orders
title: Orders
language: en
questions:
  - id: planets
    type: order
    prompt: From the Sun outwards
    items: [Mercury, Venus, Earth, Mars]
"""


async def give(world: World, private: FakeMessage, member: Member, *, right: bool) -> str:
    """Answer the attempt's question shown: a choice's letter clicked, or a number typed in its form."""
    if "How fast" in private.text:
        form = await world.fake.click(private, member, label="Answer")
        assert (await form.response()).modal is not None
        said = await (await world.fake.submit_modal(form, {"answer": "9.80" if right else "9.5"})).response()
    else:
        choice = "Zambezi" if right else "Nile"  # the choices' lines: "**B**  Zambezi"
        line = next(line for line in private.text.splitlines() if line.startswith("**") and choice in line)
        letter = line[2]
        said = await (await world.fake.click(private, member, label=letter)).response()
    assert said.ephemeral
    return said.text


def one_card(message: FakeMessage) -> None:
    """`message` is a Components V2 card: one container, no embeds, no content."""
    assert message.flags & COMPONENTS_V2 and not message.embeds and not message.content
    assert [c["type"] for c in message.components] == [CONTAINER]


@ON_BOTH_DATABASES
async def test_an_attempt_is_played_in_cards_or_in_embeds_as_the_server_is_set(
    world: World, database: str, tmp_path: Path
) -> None:
    fake = world.fake
    alice, bongani = world.members[:2]
    (tmp_path / "mixed.yaml").write_text(MIXED, encoding="utf-8")
    (tmp_path / "orders.yaml").write_text(ORDERS, encoding="utf-8")
    world.questions = tmp_path
    world.clock.freeze()
    world.clock.set(utc(2027, 5, 3, 7, 0))  # 09:00 in Harare
    async with world.running():
        await set_zone(world, "Africa/Harare")
        assert "cards" in await say(world, "quiz settings", card_style="cards")
        await say(world, "assign start", deck="orders", count=1, due="18:00")
        # An order's picker is a message of its own: its Submit makes it the card of what follows.
        ordered = await fake.wait_for_message(world.general, lambda m: "Assignment #1" in m.text)
        private = await press_start(world, ordered, alice)
        one_card(private)
        picker = (await (await fake.click(private, alice, label="Answer")).response()).message
        assert picker is not None and picker.embeds  # the picker itself is classic
        for item in ("Mercury", "Venus", "Earth", "Mars"):
            await press(world, picker, alice, item)
        said = await (await fake.click(picker, alice, label="Submit")).response()
        one_card(picker)
        assert said.text.startswith("### Right: Mercury → Venus → Earth → Mars")
        assert "Assignment #1: 1/1 right" in said.text

        await say(world, "assign start", deck="mixed", count=2, due="18:00", attempts=2)
        posted = await fake.wait_for_message(world.general, lambda m: "Assignment #2" in m.text)
        # Cards: the question, then its feedback with the next question, then with the summary, one card each.
        private = await press_start(world, posted, alice)
        one_card(private)
        assert "Assignment #2 · question 1 of 2" in private.text
        first = "How fast" in private.text
        said = await give(world, private, alice, right=True)
        one_card(private)
        assert said.startswith("### Right: ")
        assert "Assignment #2 · question 2 of 2" in said and ("How fast" in said) is not first
        if not first:
            assert "The Zambezi, between Zambia and Zimbabwe." in said  # the explanation, in the same card
        said = await give(world, private, alice, right=False)
        one_card(private)
        assert said.startswith("### Not quite: the answer is ")
        assert "Assignment #2: 1/2 right" in said and "You have 1 attempt left; the best counts." in said
        assert private.buttons() == []  # the summary has no buttons

        # Classic: the same attempt's screens as embeds, the feedback above the next question.
        assert "classic" in await say(world, "quiz settings", card_style="classic")
        private = await press_start(world, posted, bongani)
        assert not private.flags & COMPONENTS_V2 and len(private.embeds) == 1
        await give(world, private, bongani, right=False)
        titles = [e["title"] for e in private.embeds]
        assert titles[0].startswith("Not quite: the answer is ")
        assert titles[1] == "Assignment #2 · question 2 of 2"
        await give(world, private, bongani, right=True)
        assert private.embeds[0]["title"].startswith("Right: ")
        assert "Assignment #2: 1/2 right" in private.embeds[1]["title"]
    assert fake.violations == []  # every body matched Discord's schema and limits
