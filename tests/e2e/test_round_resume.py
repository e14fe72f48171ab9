"""What a restart can resume: a round whose deck lost one of its questions is closed, not resumed."""

from __future__ import annotations

from pathlib import Path

import yaml

from bot.bank import load_folder
from bot.results.asked import round_deck
from tests.e2e.conftest import QUESTIONS, World
from tests.e2e.rounds import click, open_question, round_id_of, start


async def test_a_round_whose_deck_lost_a_question_resumes_with_the_questions_it_started_with(
    world: World, tmp_path: Path
) -> None:
    fake = world.fake
    async with world.running() as bot:
        await start(world, world.general, world.moderator, questions=2, seconds=60)
        q1 = await open_question(world, world.general, 1)
        await click(world, q1, world.members[0], "A")
        record = await bot.store.get_round(round_id_of(q1))
        assert record is not None
    # The deck is still there, but without the round's second question (not the one on screen).
    deck = yaml.safe_load((QUESTIONS / "gradient-checkpointing.yaml").read_text(encoding="utf-8"))
    prompts = {q["id"]: q["prompt"] for q in deck["questions"]}
    deck["questions"] = [q for q in deck["questions"] if q["id"] != record.question_ids[1]]
    changed = tmp_path / "changed-decks"
    changed.mkdir()
    (changed / "gradient-checkpointing.yaml").write_text(yaml.safe_dump(deck), encoding="utf-8")
    loaded = {d.id: d for d in load_folder(changed)[0]}["gradient-checkpointing"]
    assert record.question_ids[0] in {q.id for q in loaded.questions}  # it loads, one question short
    assert record.question_ids[1] not in {q.id for q in loaded.questions}
    world.questions = changed
    async with world.running() as bot:
        # It plays on with the questions it started with (kept as it asked them), the lost one included.
        await fake.wait_for_message(world.general, lambda m: "resuming this round" in m.text)
        running = await bot.store.get_round(record.id)
        assert running is not None and running.status == "running"
        asked = await round_deck(bot.store, bot.bank, running)
        assert asked is not None
        assert asked.question(record.question_ids[1]).prompt == prompts[record.question_ids[1]]  # type: ignore[union-attr]
        assert not any("could not resume" in m.text for m in fake.channel_messages(world.general))
