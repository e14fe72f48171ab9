"""Polls in a round, end to end: members vote with the buttons, the reveal shows only how the votes fell,
nobody scores, and /quiz report counts them (issue 14)."""

from __future__ import annotations

from pathlib import Path

from tests.e2e.conftest import World
from tests.e2e.rounds import click, round_id_of, set_pause, start

DECK = """id: check-in
title: Check-in
questions:
  - id: q1
    prompt: "Which layer keeps activations for backward?"
    choices: [the forward pass, the optimizer]
    answer: 0
  - id: sure
    type: poll
    prompt: "How sure are you about checkpointing now?"
    choices: [Not yet, A bit, Very]
"""
POLL = "How sure are you about checkpointing now?"


async def test_a_poll_shows_its_votes_scores_nothing_and_counts_in_the_report(
    world: World, tmp_path: Path
) -> None:
    folder = tmp_path / "questions"
    folder.mkdir()
    (folder / "check-in.yaml").write_text(DECK, encoding="utf-8")
    world.questions = folder
    fake = world.fake
    world.clock.freeze()
    alice, bongani, chipo = world.members[:3]
    async with world.running() as bot:
        await set_pause(world, 0)
        await start(world, world.general, world.moderator, deck="check-in", questions=2, seconds=60)
        for number in (1, 2):
            message = await fake.wait_for_message(
                world.general,
                lambda m, n=number: f"Question {n} of 2" in m.text and "—" not in m.title,
            )
            if POLL in message.text:
                poll = message
                assert "**A**  Not yet" in message.text and "**C**  Very" in message.text  # as written
                poll_index = number - 1
                assert await click(world, message, alice, "C") == "Locked in: C."
                already = await click(world, message, alice, "A")
                assert already == "You already chose C; answers can't be changed."
                assert await click(world, message, bongani, "C") == "Locked in: C."
                assert await click(world, message, chipo, "A") == "Locked in: A."
            else:
                for member in (alice, bongani, chipo):
                    await click(
                        world, message, member, "A" if "**A**  the forward pass" in message.text else "B"
                    )
            if number == 1:  # the first question waits for a skip; the second is revealed once all voted
                await (await fake.slash(world.general, world.moderator, "quiz skip")).response()
            await fake.wait_for_message(world.general, lambda m, i=message.id: m.id == i and "—" in m.title)
        assert poll.title.endswith("— poll results")
        assert "▫️ **A**  Not yet  — **1** (33%)" in poll.text
        assert "▫️ **C**  Very  — **2** (67%)" in poll.text
        assert "✅" not in poll.text and poll.text.endswith("· 3 votes")
        summary = await fake.wait_for_message(world.general, lambda m: "Round over" in m.text)
        assert "**100** points, 1/1 right (100%)" in summary.text  # the poll is no answer
        round_id = round_id_of(poll)
        # Votes are kept apart from the answers that score.
        assert {a.question_index for a in await bot.store.round_answers(round_id)} == {1 - poll_index}
        assert len(await bot.store.round_votes(round_id)) == 3
        report = await (await fake.slash(world.general, world.moderator, "quiz report")).response()
        assert "poll: 3 votes: “Not yet” 1 · “A bit” 0 · “Very” 2" in report.text
