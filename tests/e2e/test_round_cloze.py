"""A cloze question in a round, end to end on SQLite: its blanks drawn in the prompt, typed in one form
with a field per blank, points for each blank right, revealed blank by blank with how many got each."""

from __future__ import annotations

from pathlib import Path

from tests.e2e.conftest import World
from tests.e2e.fake_discord import FakeMessage, Member
from tests.e2e.rounds import DEFERRED, is_revealed, set_pause, start
from tests.e2e.test_round_hints import labels, open_typed

ZIMBABWE = """\
id: zimbabwe
title: Zimbabwe
language: en
questions:
  - id: z
    type: cloze
    prompt: "The capital of Zimbabwe is {{1}}; Victoria Falls is on the {{2}}."
    blanks: [["Harare"], ["Zambezi", "Zambesi"]]
"""


async def fill_blanks(world: World, message: FakeMessage, member: Member, *typed: str) -> str:
    opened = await world.fake.click(message, member, label="Answer")
    modal = (await opened.response()).modal
    assert modal.title == "Question 1"
    inputs = modal.inputs()
    assert [(i["custom_id"], i["label"]) for i in inputs] == [
        ("blank1", "Blank (1)"),
        ("blank2", "Blank (2)"),
    ]
    values = {f"blank{n}": text for n, text in enumerate(typed, 1)}
    submitted = await world.fake.submit_modal(opened, values)
    said = await submitted.response()
    if said.type == DEFERRED:
        return (await submitted.wait_original(timeout=15)).content
    return said.text


async def test_each_blank_earns_its_share_of_the_points(world: World, tmp_path: Path) -> None:
    fake = world.fake
    alice, bongani, chipo = world.members[0], world.members[1], world.members[2]
    folder = tmp_path / "cloze-decks"
    folder.mkdir()
    (folder / "zimbabwe.yaml").write_text(ZIMBABWE, encoding="utf-8")
    world.questions = folder
    world.clock.freeze()  # only the skip reveals it
    async with world.running():
        await set_pause(world, 0)
        await start(world, world.general, world.moderator, deck="zimbabwe", questions=1, seconds=60)
        question = await open_typed(world, world.general)
        assert labels(question) == ["Answer", "Hint"]  # blanks take hints too
        assert "The capital of Zimbabwe is ____(1); Victoria Falls is on the ____(2)." in question.text
        assert await fill_blanks(world, question, alice, "harare", "the Zambesi") == (
            "Locked in: “(1) harare · (2) the Zambesi”."
        )
        assert (await fill_blanks(world, question, bongani, "Harare", "Limpopo")).startswith("Locked in")
        assert (await fill_blanks(world, question, chipo, "Bulawayo", "")).startswith("Locked in")
        await (await fake.slash(world.general, world.moderator, "quiz skip")).response()
        await fake.wait_for_message(world.general, is_revealed(1))
        shown = question.text
        assert "**(1)** Harare — 2 of 3 right\n**(2)** Zambezi — 1 of 3 right" in shown
        summary = await fake.wait_for_message(world.general, lambda m: "Round over" in m.text)
    # Standard round: 100 for every blank right, 100 × 1/2 = 50 for one of two, none for neither.
    assert f"<@{alice.id}> — **100** points, 1/1 right" in summary.text
    assert f"<@{bongani.id}> — **50** points, 0/1 right" in summary.text
    assert f"<@{chipo.id}> — **0** points, 0/1 right" in summary.text
