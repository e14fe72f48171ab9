"""Several decks in one round, end to end: deck2 and deck3 mix their questions in; answers stay with each
question's own deck (issue 14)."""

from __future__ import annotations

from pathlib import Path

from tests.e2e.conftest import QUESTIONS, World
from tests.e2e.rounds import (
    SHONA_ONE,
    click,
    deck_folder,
    is_revealed,
    open_question,
    round_id_of,
    set_pause,
    start,
)


async def test_a_round_of_two_decks_plays_both_and_keeps_each_answer_with_its_deck(
    world: World, tmp_path: Path
) -> None:
    fake = world.fake
    world.questions = deck_folder(tmp_path, QUESTIONS / "gradient-checkpointing.yaml", SHONA_ONE)
    world.clock.freeze()
    async with world.running() as bot:
        await set_pause(world, 0)
        said = await start(world, world.general, world.moderator, questions=9, deck2="shona-one")
        assert said == "Starting a round of 9 questions from “Gradient Checkpointing + Shona One”."
        same = await start(world, world.annex, world.moderator, deck2="gradient-checkpointing")
        assert same == "deck, deck2 and deck3 name the same deck twice; pick different decks."
        alice = world.members[0]
        for number in range(1, 10):
            message = await open_question(world, world.general, number)
            round_id = round_id_of(message)
            # A second a question: nine reveals at one moment would pass Discord's 5 edits in 5 s, and
            # the round would hold the sixth back until the clock moved.
            world.clock.advance(1)
            assert (await click(world, message, alice, "A")).startswith("Locked in")
            if number == 1:  # the first question waits for its timer or a skip
                await (await fake.slash(world.general, world.moderator, "quiz skip")).response()
            await fake.wait_for_message(world.general, is_revealed(number))
        summary = await fake.wait_for_message(world.general, lambda m: "Round over" in m.text)
        answers = await bot.store.round_answers(round_id)
        kept = {(a.deck_id, a.question_id) for a in answers}
        assert kept == {("gradient-checkpointing", f"gc-0{n}") for n in range(1, 9)} | {("shona-one", "sn-1")}
        said = await click(world, summary, alice, "My result")
        assert said.startswith(f"Round {round_id}: you placed **1st** of 1")
        # The round's report finds every question again through the mixed deck's id.
        report = await (await fake.slash(world.general, world.moderator, "quiz report")).response()
        assert f"round {round_id} of Gradient Checkpointing + Shona One" in report.text
        assert "Ndeipi nzvimbo inochengetwa ma activation?" in report.text
        assert report.text.count("1/1 (100%)") + report.text.count("0/1 (0%)") == 9
