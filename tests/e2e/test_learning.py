"""Learning that sticks, end to end: mastery per deck in /stats, /preferences and the member's retention."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bot.discord.client import BvunzoBot
from tests.e2e.conftest import World
from tests.e2e.fake_discord import FakeMessage, Member
from tests.e2e.fake_discord.commands import CommandError
from tests.e2e.rounds import DECKS, play_round, question_of, right_letter, stats_of, wrong_letter
from tests.e2e.test_practice import answer_and_next, practise

DECK = DECKS["gradient-checkpointing"]  # 8 questions
MONDAY = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


async def fields_of_stats(world: World, member: Member) -> dict[str, str]:
    stats = await stats_of(world, member)
    return {f["name"]: f["value"] for f in stats.embeds[0]["fields"]}


async def practise_all(world: World, member: Member, *, mode: str, count: int, right: bool = True) -> None:
    message = await practise(world, member, deck=DECK.id, count=count, mode=mode)
    assert f"Practice 1 of {count}" in message.text, message.text
    for _ in range(count):
        await answer_and_next(world, member, message, right=right)
    assert "Practice done" in message.text


async def test_mastery_over_a_month_of_rounds_and_practice(world: World, bot: BvunzoBot) -> None:
    world.clock.freeze()
    world.clock.set(MONDAY)
    alice = world.members[0]
    # Day 0: a round of four questions, three right and one wrong.
    await play_round(world, world.general, world.moderator, {alice: [True, True, False, True]})
    fields = await fields_of_stats(world, alice)
    mastery = "Mastery (recall at least 90%)"
    # The missed one is being relearned (due in ten minutes, so due now for practice); four were never met.
    assert fields[mastery] == "**Gradient Checkpointing** — 3/8 learned (38%) · 1 due"
    assert fields["Practice"] == "0/0 right · 3 learned · 1 due for review"

    # Ten minutes later the missed one comes back in review and is right: four of eight learned.
    world.clock.advance(600)
    await practise_all(world, alice, mode="review", count=1)
    assert (await fields_of_stats(world, alice))[
        mastery
    ] == "**Gradient Checkpointing** — 4/8 learned (50%) · 0 due"

    # Early next morning (before the relearned one falls due again, a day after it came back): the four
    # questions never met, all right.
    world.clock.set(MONDAY + timedelta(hours=20))
    await practise_all(world, alice, mode="new", count=4)
    assert (await fields_of_stats(world, alice))[
        mastery
    ] == "**Gradient Checkpointing** — 8/8 learned (100%) · 0 due"

    # A month without practice: fsrs's recall of every one of them has fallen below 90%, and all are due.
    world.clock.set(MONDAY + timedelta(days=31))
    fields = await fields_of_stats(world, alice)
    assert fields[mastery] == "**Gradient Checkpointing** — 0/8 learned (0%) · 8 due"
    assert fields["Practice"] == "5/5 right · 0 learned · 8 due for review"
    # Reviewing five brings those five back.
    await practise_all(world, alice, mode="review", count=5)
    assert (await fields_of_stats(world, alice))[
        mastery
    ] == "**Gradient Checkpointing** — 5/8 learned (62%) · 3 due"
    # Someone who never met the deck has no mastery line at all.
    assert mastery not in await fields_of_stats(world, world.members[1])


async def test_preferences_set_the_retention_the_scheduler_uses(world: World, bot: BvunzoBot) -> None:
    world.clock.freeze()
    world.clock.set(MONDAY)
    careful, relaxed, plain = world.members[0], world.members[1], world.members[2]
    shown = await (await world.fake.slash(world.general, plain, "preferences")).response()
    assert shown.ephemeral
    assert shown.content == (
        "**Language:** your Discord language.\n**Retention:** 0.90 (the default). Reviews are scheduled for "
        "when you would still recall 90% of your questions. Higher means more reviews and more remembered; "
        "lower, fewer reviews and more forgotten."
    )
    said = await (
        await world.fake.slash(world.general, careful, "preferences", retention=0.97, language="sn")
    ).response()
    assert said.ephemeral
    # Chosen in chiShona, so said in chiShona: both what changed and the retention it set.
    assert said.content.splitlines() == [
        "Bvunzo ichakupindura muchiShona uye icharatidza mibvunzo muchiShona kana dhekisi riine shanduro iyoyo.",
        "Kudzokorora kunorongerwa nguva yaungange uchiri kurangarira 97% yemibvunzo yako. Kukwira kunoreva "
        "kudzokorora kwakawanda uye kurangarira zvakawanda; kudzika, kudzokorora kushoma uye kukanganwa "
        "zvakawanda.",
    ]
    await (await world.fake.slash(world.general, relaxed, "preferences", retention=0.7)).response()
    assert await bot.store.member_retention(careful.id) == 0.97
    assert await bot.store.member_language(careful.id) == "sn"

    # The /language shortcut stays and sets the same preference (back in English, her client's language).
    back = await (await world.fake.slash(world.general, careful, "language", code="auto")).response()
    assert back.content == "Bvunzo now follows your Discord language, in its answers to you and in questions."
    assert await bot.store.member_language(careful.id) is None
    assert await bot.store.member_retention(careful.id) == 0.97
    # Discord itself keeps the number within the range the command declares.
    with pytest.raises(CommandError, match=r"outside 0\.7\.\.0\.97"):
        await world.fake.slash(world.general, plain, "preferences", retention=0.99)

    # One right answer to a new question: fsrs schedules it after 1 day at 0.97, 2 at 0.90, 21 at 0.70.
    for member in (careful, relaxed, plain):
        await practise_all(world, member, mode="new", count=1)
    dues = {}
    for member in (careful, relaxed, plain):
        (memory,) = (await bot.store.memories(member.id, DECK.id)).values()
        dues[member.name] = memory.due - MONDAY
    assert dues == {"alice": timedelta(days=1), "bongani": timedelta(days=21), "chipo": timedelta(days=2)}
    # /stats judges "learned" at the member's own retention.
    assert "Mastery (recall at least 97%)" in await fields_of_stats(world, careful)


async def test_a_round_reviews_each_player_at_their_retention(world: World, bot: BvunzoBot) -> None:
    world.clock.freeze()
    world.clock.set(MONDAY)
    careful, plain = world.members[0], world.members[1]
    await (await world.fake.slash(world.general, careful, "preferences", retention=0.97)).response()
    await play_round(world, world.general, world.moderator, {careful: [True], plain: [True]})
    (mine,) = (await bot.store.memories(careful.id, DECK.id)).values()
    (theirs,) = (await bot.store.memories(plain.id, DECK.id)).values()
    assert (mine.due - MONDAY, theirs.due - MONDAY) == (timedelta(days=1), timedelta(days=2))


async def answer_learn(world: World, member: Member, message: FakeMessage, *, right: bool) -> str:
    """Answer the shown question; the feedback's text."""
    letter = right_letter(message, DECK) if right else wrong_letter(message, DECK)
    return (await (await world.fake.click(message, member, label=letter)).response()).text


async def next_of(world: World, member: Member, message: FakeMessage) -> str:
    return (
        await (await world.fake.click(message, member, label=message.buttons()[0]["label"])).response()
    ).text


async def test_learn_mode_brings_a_miss_back_until_right_twice_in_a_row(world: World) -> None:
    world.clock.freeze()
    world.clock.set(MONDAY)
    alice = world.members[0]
    again = "comes back later in this session, until you get it right twice in a row"
    async with world.running():
        message = await practise(world, alice, deck=DECK.id, count=3, mode="learn")
        assert "Practice 1 of 3" in message.text
        missed = question_of(message, DECK)
        said = await answer_learn(world, alice, message, right=False)
        assert "❌ Not quite — 1 of 4" in said and again in said  # the session grew by one
        assert "Practice 2 of 4" in await next_of(world, alice, message)
        said = await answer_learn(world, alice, message, right=True)
        assert again not in said  # right the first time: done with it
        assert "Practice 3 of 4" in await next_of(world, alice, message)
        await answer_learn(world, alice, message, right=True)
        assert "Practice 4 of 4" in await next_of(world, alice, message)
        assert question_of(message, DECK).id == missed.id  # back again
        said = await answer_learn(world, alice, message, right=True)
        assert "✅ Right — 4 of 5" in said and again in said  # right once after a miss: once more
    # A restart: the session goes on where it was, grown as it was.
    world.clock.advance(60)
    async with world.running() as bot:
        assert "Practice 5 of 5" in await next_of(world, alice, message)
        assert question_of(message, DECK).id == missed.id
        said = await answer_learn(world, alice, message, right=True)
        assert "✅ Right — 5 of 5" in said and again not in said
        done = await next_of(world, alice, message)
        assert "You learned **3 of 3** questions in 5 answers." in done
        assert f"{missed.prompt[:60]}" in done and "— 3 passes" in done
        assert "2 questions right the first time" in done
        # Every pass was a review: three answers to the missed question, the last two right.
        memory = (await bot.store.memories(alice.id, DECK.id))[missed.id]
        assert (memory.reviews, memory.lapses) == (3, 1)


async def test_a_question_failed_four_times_is_a_leech(world: World, bot: BvunzoBot) -> None:
    world.clock.freeze()
    world.clock.set(MONDAY)
    alice = world.members[0]
    first = await practise(world, alice, deck=DECK.id, count=1, mode="new")
    leech = question_of(first, DECK)
    assert leech.explanation
    read_first = "You have missed this one"
    await answer_and_next(world, alice, first, right=False)
    for _miss in range(3):  # three more misses, each in the review ten minutes later
        world.clock.advance(600)
        message = await practise(world, alice, deck=DECK.id, mode="review")
        assert question_of(message, DECK).id == leech.id
        assert read_first not in message.text  # not a leech yet: asked plainly
        await answer_and_next(world, alice, message, right=False)
    # Four failures: /stats lists it, and practice shows its explanation before asking it again.
    fields = await fields_of_stats(world, alice)
    listed = fields["Leeches (failed 4 times or more): study their explanations"]
    original = DECK.question(leech.id)
    assert original is not None  # listed in the deck's own words, clipped
    prompt, _sep, count = listed.partition(" — ")
    assert count == "failed 4 of 4" and original.prompt.startswith(prompt.removesuffix("…"))
    world.clock.advance(600)
    message = await practise(world, alice, deck=DECK.id, mode="review")
    assert f"**You have missed this one 4 times: read this first**\n{leech.explanation}" in message.text
    # A member without leeches has no such line; the moderators' deck report counts it.
    assert not any(name.startswith("Leeches") for name in await fields_of_stats(world, world.members[1]))
    report = await (
        await world.fake.slash(world.general, world.moderator, "quiz report", deck=DECK.id)
    ).response()
    assert report.ephemeral and len(report.embeds) == 2
    hardest = report.embeds[1]
    assert hardest["title"] == "Hardest for members: Gradient Checkpointing"
    assert hardest["description"].endswith("first try 0/1 (0%) · a leech for 1 member")
