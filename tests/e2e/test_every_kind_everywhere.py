"""The kinds the other end-to-end files leave out of a place, played there on both stores: a multi, a
number and a cloze question in practice, and an order question asked by the question of the day and by an
assignment. Points are worked out by hand; what was stored and what each member read are both checked.

Everything a member reads goes through `seen` (an answer) or FakeMessage.text (a message): both read an
embed's words and a Components V2 card's text displays alike, and buttons are pressed by label, so the
file holds either look; it plays each, one per store."""

from __future__ import annotations

from pathlib import Path

from bot.store import Store
from tests.e2e.conftest import ON_BOTH_DATABASES, POSTGRESQL, World
from tests.e2e.fake_discord import FakeMessage, Member
from tests.e2e.fake_discord.interactions import DEFERRED_MESSAGE, DEFERRED_UPDATE, FakeInteraction
from tests.e2e.harness import wait_until
from tests.e2e.test_calendar_assign import press_start
from tests.e2e.test_calendar_qotd import is_qotd, is_revealed
from tests.e2e.test_calendar_schedules import say, set_zone, utc
from tests.e2e.test_round_multi import slots_of
from tests.e2e.test_round_order import press

KINDS = """\
id: kinds
title: Kinds
language: en
questions:
  - id: primes
    type: multi
    prompt: "Which are prime?"
    choices: ["2", "3", "4", "5", "9"]
    answer: [0, 1, 3]
  - id: g
    type: number
    prompt: "How fast do things fall on Earth?"
    answer: 9.81
    tolerance: 0.05
    unit: "m/s²"
  - id: zim
    type: cloze
    prompt: "The capital of Zimbabwe is {{1}}; Victoria Falls is on the {{2}}."
    blanks: [["Harare"], ["Zambezi", "Zambesi"]]
"""
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


async def seen(interaction: FakeInteraction) -> str:
    """What the member reads once the bot answered: its reply or the message it updated, also when the
    answer was deferred first (a slow moment) and its words came in a later edit."""
    said = await interaction.response(timeout=15)
    if said.type == DEFERRED_MESSAGE:
        return (await interaction.wait_original(timeout=15)).text
    if said.type == DEFERRED_UPDATE and interaction.message is not None:
        message, deferred_at = interaction.message, interaction.dispatched_at + said.seconds
        await wait_until(lambda: any(t >= deferred_at for t in message.edit_times), timeout=15)
        return message.text
    return said.text


async def opened(interaction: FakeInteraction) -> FakeMessage:
    """The ephemeral message a press opened (a practice, an assignment's attempt, an order's picker)."""
    said = await interaction.response(timeout=15)
    message = said.message if said.type != DEFERRED_MESSAGE else await interaction.wait_original(timeout=15)
    assert message is not None and message.ephemeral, said
    return message


async def arrange(world: World, message: FakeMessage, member: Member, *items: str) -> str:
    """Put an order question's items in order in its picker (opened by Answer), Submit: what they read."""
    picker = await opened(await world.fake.click(message, member, label="Answer"))
    for item in items:
        await press(world, picker, member, item)
    return await seen(await world.fake.click(picker, member, label="Submit"))


async def typed(world: World, message: FakeMessage, member: Member, values: dict[str, str]) -> str:
    """Open the question's form with Answer, fill it in, send it: what they read."""
    form = await world.fake.click(message, member, label="Answer")
    assert (await form.response(timeout=15)).modal is not None
    return await seen(await world.fake.submit_modal(form, values))


async def practise_each_kind(world: World, member: Member) -> dict[str, str]:
    """/practice the kinds deck's three questions (in the order the session drew them): each one's feedback."""
    message = await opened(await world.fake.slash(world.general, member, "practice", deck="kinds", count=3))
    feedback = {}
    for step in (1, 2, 3):
        assert f"Practice {step} of 3" in message.text
        if "Which are prime?" in message.text:
            # Two of the three primes and 9, which is not one.
            feedback["primes"] = await seen(
                await world.fake.select(message, member, slots_of(message, "2", "3", "9"))
            )
        elif "How fast" in message.text:
            feedback["g"] = await typed(world, message, member, {"answer": "9,80 m/s²"})
        else:
            assert "The capital of Zimbabwe is" in message.text, message.text
            feedback["zim"] = await typed(world, message, member, {"blank1": "harare", "blank2": "Limpopo"})
        await seen(await world.fake.click(message, member, label="Next" if step < 3 else "Finish"))
    assert "Practice done" in message.text
    feedback["summary"] = message.text
    return feedback


@ON_BOTH_DATABASES
async def test_practice_of_a_set_a_number_and_blanks_then_an_order_by_day_and_by_assignment(
    world: World, database: str, tmp_path: Path
) -> None:
    folder = tmp_path / "every-kind-decks"
    folder.mkdir()
    (folder / "kinds.yaml").write_text(KINDS, encoding="utf-8")
    (folder / "planets.yaml").write_text(PLANETS, encoding="utf-8")
    world.questions = folder
    world.clock.freeze()
    world.clock.set(utc(2027, 5, 3, 5, 55))  # 07:55 in Harare
    async with world.running() as bot:
        # Each look once, whichever is the default: cards on PostgreSQL, embeds on SQLite.
        style = "cards" if database == POSTGRESQL else "classic"
        assert style in await say(world, "quiz settings", card_style=style)
        await practice_of_each_kind(world, bot.store)
        await set_zone(world, "Africa/Harare")
        await an_order_of_the_day(world, bot.store)
        await an_order_assigned(world, bot.store)
        # Each order answer was a review: the day's at its reveal, the assignment's as it came. Half in
        # place or more is remembered with gaps (no lapse), as rounds and practice rate it; none, a lapse.
        alice, bongani, chipo = world.members[:3]
        memories = {m.id: (await bot.store.memories(m.id, "planets"))["p"] for m in (alice, bongani, chipo)}
        assert {u: (m.reviews, m.lapses) for u, m in memories.items()} == {
            alice.id: (2, 0),
            bongani.id: (2, 0),
            chipo.id: (1, 1),
        }


async def practice_of_each_kind(world: World, store: Store) -> None:
    alice = world.members[0]
    feedback = await practise_each_kind(world, alice)
    # The set: (2 right picked - 1 wrong picked) / 3 right = 1/3 of the points, 33%; not the set.
    assert "❌ Not quite" in feedback["primes"] and "33% of the points" in feedback["primes"]
    # 9,80 with a decimal comma and the unit is 9.80, within 0.05 of 9.81: right.
    assert "✅ Right" in feedback["g"] and "You answered “9,80 m/s²”" in feedback["g"]
    assert "9.81 m/s² (± 0.05)" in feedback["g"]
    # Harare in any case is right, the Limpopo is not the Zambezi: 1 of 2 blanks, half the points.
    assert "❌ Not quite" in feedback["zim"]
    assert "1 of 2 blanks right: 50% of the points." in feedback["zim"]
    assert "You got **1 of 3** right (33%)." in feedback["summary"]
    # Kept: one practice answer each, right only for the number; in the member's memory a third of the
    # set is a lapse (below half), half the blanks remembered with gaps (no lapse).
    reviews = await store.member_reviews(alice.id, 10)
    assert sorted((r.question_id, r.right) for r in reviews) == [
        ("g", True),
        ("primes", False),
        ("zim", False),
    ]
    memories = await store.memories(alice.id, "kinds")
    assert sorted((q, m.reviews, m.lapses) for q, m in memories.items()) == [
        ("g", 1, 0),
        ("primes", 1, 1),
        ("zim", 1, 0),
    ]


async def an_order_of_the_day(world: World, store: Store) -> None:
    alice, bongani, chipo = world.members[:3]
    assert "posted here daily at 08:00" in await say(world, "qotd set", deck="planets", time="08:00")
    world.clock.set(utc(2027, 5, 3, 6, 0))
    asked = await world.fake.wait_for_message(world.general, is_qotd("May 3, 2027"), timeout=10)
    assert "Put the items in order with the **Answer** button." in asked.text
    said = await arrange(world, asked, alice, "Mercury", "Venus", "Earth", "Mars")
    assert said.startswith("Locked in: Mercury → Venus → Earth → Mars. 1 day in a row")
    said = await arrange(world, asked, bongani, "Mercury", "Venus", "Mars", "Earth")
    assert said.startswith("Locked in: Mercury → Venus → Mars → Earth.")
    said = await arrange(world, asked, chipo, "Mars", "Earth", "Venus", "Mercury")
    assert said.startswith("Locked in: Mars → Earth → Venus → Mercury.")
    again = await arrange(world, asked, bongani, "Mercury", "Venus", "Earth", "Mars")
    assert again == "You already answered “Mercury → Venus → Mars → Earth”; answers can't be changed."
    day = await store.latest_qotd_day(world.study.id)
    assert day is not None
    # Kept as the items' indices in the order given. All four in place: 100; Mercury and Venus of four:
    # 100 × 2/4 = 50; none in place: 0.
    answers = await store.qotd_answers(world.study.id, day.day)
    assert {a.user_id: (a.text, a.right, a.points) for a in answers} == {
        alice.id: ("0,1,2,3", True, 100),
        bongani.id: ("0,1,3,2", False, 50),
        chipo.id: ("3,2,1,0", False, 0),
    }
    world.clock.set(utc(2027, 5, 4, 5, 0))  # revealed an hour before Tuesday's question
    await world.fake.wait_for_message(
        world.general, lambda m: m.id == asked.id and is_revealed(m), timeout=10
    )
    assert "The answer: Mercury → Venus → Earth → Mars" in asked.text
    assert "1/3 got it right (33%)" in asked.text


async def an_order_assigned(world: World, store: Store) -> None:
    alice, bongani = world.members[:2]
    said = await say(world, "assign start", deck="planets", count=1, due="18:00", attempts=1)
    assert said.startswith("Assignment #1 posted: 1 question")
    posted = await world.fake.wait_for_message(world.general, lambda m: "Assignment #1" in m.text)
    done = {}
    # Alice all in place; Bongani with Mercury and Venus swapped: Earth and Mars in place, 2 of 4.
    for member, items in (
        (alice, ("Mercury", "Venus", "Earth", "Mars")),
        (bongani, ("Venus", "Mercury", "Earth", "Mars")),
    ):
        private = await press_start(world, posted, member)
        assert "question 1 of 1" in private.text
        assert "Put the items in order with the **Answer** button." in private.text
        done[member.id] = await arrange(world, private, member, *items)
    # The picker they submitted from now shows the feedback and the score, no longer its own words.
    assert all("Nothing counts until then" not in said for said in done.values()), done
    assert "Right: Mercury → Venus → Earth → Mars" in done[alice.id]
    assert "Assignment #1: 1/1 right" in done[alice.id]
    assert "Not quite: the answer is Mercury → Venus → Earth → Mars" in done[bongani.id]
    assert "Assignment #1: 0/1 right" in done[bongani.id]
    kept = await store.assignment_answers(1)
    assert sorted((a.question_id, a.text, a.right, a.points) for a in kept) == [
        ("p", "0,1,2,3", True, 100),
        ("p", "1,0,2,3", False, 50),
    ]
