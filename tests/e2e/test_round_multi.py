"""A multi question ("select all that apply") in a round, end to end on SQLite: picked in one select menu,
the exact set earning full points, a superset a share, only wrong choices nothing; the reveal's sets."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.e2e.conftest import World
from tests.e2e.fake_discord.interactions import MESSAGE_COMPONENT
from tests.e2e.fake_discord.messages import FakeMessage, walk_components
from tests.e2e.rounds import is_revealed, set_pause, start

STRING_SELECT = 3
PRIMES = """\
id: primes
title: Primes
language: en
questions:
  - id: p
    type: multi
    prompt: "Which of these are prime?"
    choices: ["2", "3", "4", "5"]
    answer: [0, 1, 3]
"""


def menu(message: FakeMessage) -> dict[str, Any]:
    [select] = [c for c in walk_components(message.components) if c.get("type") == STRING_SELECT]
    return select


def slots_of(message: FakeMessage, *choices: str) -> list[str]:
    """The values of the options showing these choices (shuffled: `B · 5` is slot 1)."""
    return [o["value"] for o in menu(message)["options"] if o["label"].split(" · ")[-1] in choices]


def letters_of(message: FakeMessage, *choices: str) -> str:
    return " + ".join(sorted(chr(ord("A") + int(v)) for v in slots_of(message, *choices)))


async def test_a_set_is_picked_in_one_menu_and_scored_by_its_share(world: World, tmp_path: Path) -> None:
    fake = world.fake
    alice, bongani, chipo = world.members[:3]
    folder = tmp_path / "multi-decks"
    folder.mkdir()
    (folder / "primes.yaml").write_text(PRIMES, encoding="utf-8")
    world.questions = folder
    world.clock.freeze()  # only the skip reveals it
    async with world.running():
        await set_pause(world, 0)
        await start(world, world.general, world.moderator, deck="primes", questions=1, seconds=60)
        question = await fake.wait_for_message(
            world.general,
            lambda m: (
                "Question 1 of 1" in m.text
                and any(c.get("type") == STRING_SELECT for c in walk_components(m.components))
            ),
        )
        select = menu(question)
        assert (select["min_values"], select["max_values"], len(select["options"])) == (1, 4, 4)
        assert "Select all that apply, in the menu below." in question.text
        right_letters = letters_of(question, "2", "3", "5")
        for member, choices in ((alice, ("2", "3", "5")), (bongani, ("2", "3", "4", "5")), (chipo, ("4",))):
            picked = await fake.select(question, member, slots_of(question, *choices))
            said = (await picked.response()).text
            assert said == f"Locked in: {letters_of(question, *choices).replace(' + ', ', ')}."
        # A modified client may send any values: one that is no slot of the question answers nothing.
        forged = {"custom_id": select["custom_id"], "component_type": STRING_SELECT, "values": ["0", "9"]}
        refused = await (
            await fake.raw_interaction(MESSAGE_COMPONENT, world.general, world.members[3], forged, question)
        ).response()
        assert refused.text == "That is not one of this question's choices."
        again = await (await fake.select(question, alice, slots_of(question, "4"))).response()
        assert (
            again.text
            == f"You already answered “{right_letters.replace(' + ', ', ')}”; answers can't be changed."
        )
        await (await fake.slash(world.general, world.moderator, "quiz skip")).response()
        await fake.wait_for_message(world.general, is_revealed(1))
        shown = question.text
        assert f"**Right set:** {right_letters} — picked exactly by 1 of 3" in shown
        # The superset and {4} were each chosen once: the smaller set is named.
        assert f"Most chosen wrong set: {letters_of(question, '4')} (1 member)" in shown
        assert menu(question)["disabled"] is True
        assert sorted(o["value"] for o in menu(question)["options"] if o.get("default")) == sorted(
            slots_of(question, "2", "3", "5")
        )
        summary = await fake.wait_for_message(world.general, lambda m: "Round over" in m.text)
    # Standard round: 100 for the exact set; the superset (3 right - 1 wrong) / 3 right = 2/3 of 100 = 66.7,
    # rounded half up to 67; only the wrong choice 0.
    assert f"<@{alice.id}> — **100** points, 1/1 right" in summary.text
    assert f"<@{bongani.id}> — **67** points, 0/1 right" in summary.text
    assert f"<@{chipo.id}> — **0** points, 0/1 right" in summary.text
