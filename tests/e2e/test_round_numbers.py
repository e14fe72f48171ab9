"""A number question in a round, end to end on SQLite: typed in the Answer form, judged within its
tolerance, revealed with its unit and the most given wrong number."""

from __future__ import annotations

from pathlib import Path

from tests.e2e.conftest import World
from tests.e2e.rounds import is_revealed, set_pause, start
from tests.e2e.test_round_hints import labels, open_typed, type_answer

GRAVITY = """\
id: gravity
title: Gravity
language: en
questions:
  - id: g
    type: number
    prompt: "How fast does a dropped stone speed up near the ground, in m/s²?"
    answer: 9.81
    tolerance: 0.05
    unit: "m/s²"
"""


async def test_a_typed_number_is_judged_within_its_tolerance(world: World, tmp_path: Path) -> None:
    fake = world.fake
    alice, bongani = world.members[0], world.members[1]
    folder = tmp_path / "number-decks"
    folder.mkdir()
    (folder / "gravity.yaml").write_text(GRAVITY, encoding="utf-8")
    world.questions = folder
    world.clock.freeze()  # only the skip reveals it
    async with world.running():
        await set_pause(world, 0)
        await start(world, world.general, world.moderator, deck="gravity", questions=1, seconds=60)
        question = await open_typed(world, world.general)
        assert labels(question) == ["Answer", "Hint"]  # a number takes hints too
        assert (
            await type_answer(world, question, alice, "about ten") == "Type a number, such as 9.81 or 981e-2."
        )
        assert (await type_answer(world, question, alice, "9,81")).startswith("Locked in")
        assert (await type_answer(world, question, bongani, "10")).startswith("Locked in")
        await (await fake.slash(world.general, world.moderator, "quiz skip")).response()
        await fake.wait_for_message(world.general, is_revealed(1))
        shown = question.text
        assert "**Answer:** 9.81 m/s² (± 0.05)\nMost given wrong number: 10 m/s²" in shown
        summary = await fake.wait_for_message(world.general, lambda m: "Round over" in m.text)
    # A right answer earns 100 points in a standard round; a wrong one none.
    assert f"<@{alice.id}> — **100** points, 1/1 right" in summary.text
    assert f"<@{bongani.id}> — **0** points, 0/1 right" in summary.text
