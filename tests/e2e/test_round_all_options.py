"""Every round option of issue 14 at once, end to end: a mixed, filtered round in a thread, with reading
time, no timer, more time for long prompts, streaks, live standings, a podium of two and teams."""

from __future__ import annotations

from bot.bank.mixed import mix
from bot.discord.client import BvunzoBot
from tests.e2e.conftest import World
from tests.e2e.harness import wait_until
from tests.e2e.rounds import (
    DECKS,
    click,
    is_revealed,
    open_question,
    right_letter,
    round_id_of,
    set_pause,
    start,
)

BOTH = mix([DECKS["gradient-checkpointing"], DECKS["reading-charts"]])


async def test_a_round_with_every_option_together(world: World, bot: BvunzoBot) -> None:
    fake = world.fake
    world.clock.freeze()
    # Reading time makes two edits a question (the opening, the reveal): three questions answered at one
    # moment would pass Discord's 5 edits in 5 s, so the clock moves 3 s a question (the reading time
    # is 1 s).
    await set_pause(world, 0)
    said = await start(
        world,
        world.general,
        world.moderator,
        deck="gradient-checkpointing",
        deck2="reading-charts",
        difficulty="easy",
        questions=3,
        seconds=20,
        podium=2,
        standings="live",
        streaks=True,
        reading=1,
        untimed=True,
        long_prompts=True,
        thread=True,
        teams=2,
    )
    thread = await wait_until(lambda: next(iter(world.study.threads), None), what="the round's thread")
    assert thread.name == "Gradient Checkpointing + Reading Charts"
    assert said == (
        "Starting a round of 3 questions from “Gradient Checkpointing + Reading Charts” matching "
        f"difficulty: easy in <#{thread.id}>."
    )
    alice, bongani, chipo = world.members[:3]
    for number in (1, 2, 3):
        question = await fake.wait_for_message(thread, lambda m, n=number: f"Question {n} of 3" in m.text)
        assert "Read it first" in question.text and "No timer" in question.text
        world.clock.advance(3)
        question = await open_question(world, thread, number)
        right = right_letter(question, BOTH)
        wrong = next(letter for letter in "ABCD" if letter != right)
        await click(world, question, alice, right)
        await click(world, question, bongani, right if number != 2 else wrong)
        await click(world, question, chipo, wrong)
        if number == 1:
            await click(world, question, world.moderator, "Reveal (moderators)")
        await fake.wait_for_message(thread, is_revealed(number))
        assert "Standings" in question.text
    round_id = round_id_of(question)
    points = {(a.user_id, a.question_index): a.points for a in await bot.store.round_answers(round_id)}
    assert [points[alice.id, i] for i in range(3)] == [100, 110, 120]
    assert [points[bongani.id, i] for i in range(3)] == [100, 0, 100]
    assert f"🔥 <@{alice.id}> 3 in a row" in question.text
    summary = await fake.wait_for_message(world.general, lambda m: "Round over" in m.text)
    assert f"🥇 <@{alice.id}> — **330** points" in summary.text
    assert f"🥈 <@{bongani.id}> — **200** points" in summary.text
    assert f"3. <@{chipo.id}> — **0** points" in summary.text
    # Nobody picked a team: each joined the smallest with a first click (Alice Red, Bongani Blue, Chipo
    # Red). Red: 330 + 0 over 2 = 165; Blue: 200 over 1 = 200.
    assert "🥇 🟦 Blue — **200** (200 points ÷ 1 member)" in summary.text
    assert "🥈 🟥 Red — **165** (330 points ÷ 2 members)" in summary.text
    said = await click(world, summary, chipo, "My result")
    assert (
        said
        == f"Round {round_id}: you placed **3rd** of 3 with **0** points, 0/3 right. You missed 3 questions: 1, 2, 3."
    )
    assert {(a.deck_id) for a in await bot.store.round_answers(round_id)} <= {
        "gradient-checkpointing",
        "reading-charts",
    }
