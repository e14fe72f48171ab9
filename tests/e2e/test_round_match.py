"""A match question end to end on both stores: its items on the card, one form with a select under each
left item (Discord's Label component), points for each pair right, the reveal's count per pair and most
given wrong pairing; then the same question in practice, partly right."""

from __future__ import annotations

from pathlib import Path

from tests.e2e.conftest import ON_BOTH_DATABASES, World
from tests.e2e.fake_discord import FakeMessage, Member
from tests.e2e.rounds import DEFERRED, is_revealed, set_pause, start
from tests.e2e.test_round_hints import labels, open_typed

CAPITALS = """\
id: capitals
title: Capitals
language: en
questions:
  - id: c
    type: match
    prompt: Match each capital with its country
    pairs: [[Harare, Zimbabwe], [Lusaka, Zambia], [Maputo, Mozambique]]
"""


async def match(world: World, message: FakeMessage, member: Member, *chosen: int) -> str:
    """Open the form, pick for each left item the right item of index `chosen` (the deck's order)."""
    opened = await world.fake.click(message, member, label="Answer")
    modal = (await opened.response()).modal
    inputs = modal.inputs()
    assert [(i["custom_id"], i["label"], i["type"]) for i in inputs] == [
        ("pair1", "Harare", 3),
        ("pair2", "Lusaka", 3),
        ("pair3", "Maputo", 3),
    ]
    assert sorted(o["label"] for o in inputs[0]["options"]) == ["Mozambique", "Zambia", "Zimbabwe"]
    values = {f"pair{n}": [str(index)] for n, index in enumerate(chosen, 1)}
    submitted = await world.fake.submit_modal(opened, values)
    said = await submitted.response()
    if said.type == DEFERRED:
        return (await submitted.wait_original(timeout=15)).content
    return said.text


@ON_BOTH_DATABASES
async def test_a_match_question_in_a_round_and_in_practice(world: World, tmp_path: Path) -> None:
    fake = world.fake
    alice, bongani, chipo = world.members[0], world.members[1], world.members[2]
    folder = tmp_path / "match-decks"
    folder.mkdir()
    (folder / "capitals.yaml").write_text(CAPITALS, encoding="utf-8")
    world.questions = folder
    world.clock.freeze()  # only the skip reveals it
    async with world.running():
        await set_pause(world, 0)
        await start(world, world.general, world.moderator, deck="capitals", questions=1, seconds=60)
        question = await open_typed(world, world.general)
        assert labels(question) == ["Answer"]
        assert "**1.** Harare\n**2.** Lusaka\n**3.** Maputo" in question.text
        assert await match(world, question, alice, 0, 1, 2) == (
            "Locked in: “Harare → Zimbabwe · Lusaka → Zambia · Maputo → Mozambique”."
        )
        assert (await match(world, question, bongani, 0, 2, 1)).startswith("Locked in")
        assert await match(world, question, bongani, 0, 1, 2) == (
            "You already answered “Harare → Zimbabwe · Lusaka → Mozambique · Maputo → Zambia”; "
            "answers can't be changed."
        )
        assert (await match(world, question, chipo, 1, 2, 0)).startswith("Locked in")
        await (await fake.slash(world.general, world.moderator, "quiz skip")).response()
        await fake.wait_for_message(world.general, is_revealed(1))
        shown = question.text
        assert "**Harare** → Zimbabwe — 2 of 3 right\n**Lusaka** → Zambia — 1 of 3 right" in shown
        # Wrong: Lusaka→Mozambique, Maputo→Zambia (bongani); Harare→Zambia, Lusaka→Mozambique,
        # Maputo→Zimbabwe (chipo): Lusaka → Mozambique twice.
        assert "Most given wrong pairing: Lusaka → Mozambique (2 answers)" in shown
        summary = await fake.wait_for_message(world.general, lambda m: "Round over" in m.text)
        # Standard round: 100 for every pair, 100 × 1/3 = 33 for one of three, none for none.
        assert f"<@{alice.id}> — **100** points, 1/1 right" in summary.text
        assert f"<@{bongani.id}> — **33** points, 0/1 right" in summary.text
        assert f"<@{chipo.id}> — **0** points, 0/1 right" in summary.text

        # The moderator did not play: the question is new to them in practice.
        said = await (
            await fake.slash(world.general, world.moderator, "practice", deck="capitals")
        ).response()
        assert said.ephemeral and said.message is not None
        assert "**1.** Harare" in said.message.text
        opened = await fake.click(said.message, world.moderator, label="Answer")
        await opened.response()
        values = {"pair1": ["0"], "pair2": ["2"], "pair3": ["1"]}
        feedback = await (await fake.submit_modal(opened, values)).response()
        assert "❌ Not quite" in feedback.text
        assert "1 of 3 pairs right: 33% of the points." in feedback.text
