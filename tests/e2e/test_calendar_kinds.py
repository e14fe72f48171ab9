"""Every kind a round plays, asked by the question of the day and by an assignment, end to end on both
stores: a number and a cloze typed in the rounds' form, a match paired in its selects, a multi picked in
their menu, judged as rounds judge."""

from __future__ import annotations

from pathlib import Path

from tests.e2e.conftest import ON_BOTH_DATABASES, World
from tests.e2e.fake_discord import FakeMessage, Member
from tests.e2e.rounds import DEFERRED
from tests.e2e.test_calendar_assign import press_start
from tests.e2e.test_calendar_qotd import is_qotd, is_revealed
from tests.e2e.test_calendar_schedules import say, set_zone, utc
from tests.e2e.test_round_multi import menu, slots_of

SCIENCE = """\
id: science
title: Science
language: en
questions:
  - id: g
    type: number
    prompt: "How fast do things fall on Earth?"
    answer: 9.81
    tolerance: 0.05
    unit: "m/s²"
  - id: primes
    type: multi
    prompt: "Which are prime?"
    choices: ["2", "4", "5", "9"]
    answer: [0, 2]
  - id: zim
    type: cloze
    prompt: "The capital of Zimbabwe is {{1}}; Victoria Falls is on the {{2}}."
    blanks: [["Harare"], ["Zambezi", "Zambesi"]]
  - id: caps
    type: match
    prompt: "Match each capital with its country"
    pairs: [[Harare, Zimbabwe], [Lusaka, Zambia], [Maputo, Mozambique]]
"""
# Each member's answers: Alice's are right, Bongani's wrong (half the primes, the wrong river, 9.5).
TYPED = {
    "How fast": ({"answer": "9.79"}, {"answer": "9.5"}),
    "capital of Zimbabwe is": (
        {"blank1": "harare", "blank2": "Zambesi"},
        {"blank1": "Harare", "blank2": "Limpopo"},
    ),
    # A select's values: the right item's index in the deck; Bongani pairs one of three.
    "Match each": (
        {"pair1": ["0"], "pair2": ["1"], "pair3": ["2"]},
        {"pair1": ["0"], "pair2": ["2"], "pair3": ["1"]},
    ),
}
PICKED = (("2", "5"), ("2",))


async def reply_text(interaction: object) -> str:
    said = await interaction.response()  # type: ignore[attr-defined]
    if said.type == DEFERRED:
        return str((await interaction.wait_original(timeout=15)).content)  # type: ignore[attr-defined]
    return str(said.text)


async def give(world: World, message: FakeMessage, member: Member, which: int) -> str:
    """Answer the question shown in `message` as member `which` (0 right, 1 wrong) does."""
    for start, typed in TYPED.items():
        if start in message.text:
            opened = await world.fake.click(message, member, label="Answer")
            assert (await opened.response()).modal is not None
            return await reply_text(await world.fake.submit_modal(opened, typed[which]))
    assert "Which are prime?" in message.text, message.text
    return await reply_text(await world.fake.select(message, member, slots_of(message, *PICKED[which])))


@ON_BOTH_DATABASES
async def test_three_days_of_typed_and_picked_questions_and_an_assignment_of_them(
    world: World, database: str, tmp_path: Path
) -> None:
    fake = world.fake
    alice, bongani = world.members[:2]
    folder = tmp_path / "kinds-decks"
    folder.mkdir()
    (folder / "science.yaml").write_text(SCIENCE, encoding="utf-8")
    world.questions = folder
    world.clock.freeze()
    world.clock.set(utc(2027, 5, 3, 5, 55))  # 07:55 in Harare
    async with world.running() as bot:
        await set_zone(world, "Africa/Harare")
        assert "posted here daily at 08:00" in await say(world, "qotd set", deck="science", time="08:00")
        seen = []
        for day in (3, 4, 5, 6):
            world.clock.set(utc(2027, 5, day, 6, 0))
            asked = await fake.wait_for_message(world.general, is_qotd(f"May {day}, 2027"), timeout=10)
            seen.append(asked)
            assert (await give(world, asked, alice, 0)).startswith("Locked in: ")
            assert (await give(world, asked, bongani, 1)).startswith("Locked in: ")
            again = await give(world, asked, bongani, 0)
            assert "answers can't be changed" in again
        world.clock.set(utc(2027, 5, 7, 5, 0))  # Thursday's question is revealed an hour before Friday's
        for asked in seen[:-1]:
            assert is_revealed(asked)
        await fake.wait_for_message(
            world.general, lambda m: m.id == seen[-1].id and is_revealed(m), timeout=10
        )
        # Each day by hand: Alice right (9.79 is within 0.05 of 9.81; the exact set; both blanks, in any
        # case; every pair), Bongani wrong (9.5; half the set; a wrong river; one pair of three): 1 of 2.
        assert all("1/2 got it right (50%)" in m.text for m in seen)
        joined = "\n".join(m.text for m in seen)
        assert "The answer: 9.81 m/s² (± 0.05)" in joined
        assert "The answer: (1) Harare · (2) Zambezi" in joined
        assert "The answer: Harare → Zimbabwe · Lusaka → Zambia · Maputo → Mozambique" in joined
        primes = next(m for m in seen if "Which are prime?" in m.text)
        # The menu's reveal: the right set picked, and how many picked each ("2": both, "5": Alice).
        options = {o["label"].split(" · ")[-1]: o for o in menu(primes)["options"]}
        assert [options[c].get("default", False) for c in ("2", "4", "5", "9")] == [True, False, True, False]
        assert [options[c]["label"].split(" · ")[1] for c in ("2", "4", "5", "9")] == ["2", "0", "1", "0"]

        said = await say(
            world, "assign start", deck="science", count=4, due="18:00", attempts=1, late="allow"
        )
        assert said.startswith("Assignment #1 posted: 4 questions")
        posted = await fake.wait_for_message(world.general, lambda m: "Assignment #1" in m.text)
        scores = {}
        for which, member in enumerate((alice, bongani)):
            private = await press_start(world, posted, member)
            for step in (1, 2, 3, 4):
                assert f"question {step} of 4" in private.text
                number_asked = "How fast" in private.text
                done = await give(world, private, member, which)
                assert ("Right" in done) is (which == 0), done
                if number_asked:  # the feedback names the answer in words, or says back Alice's
                    assert ("Right: 9.79" if which == 0 else "the answer is 9.81 m/s² (± 0.05)") in done
            scores[which] = done
        # Every answer was a review, a day's and the assignment's: two of each question for Alice.
        memories = await bot.store.memories(alice.id, "science")
        assert sorted((q, m.reviews) for q, m in memories.items()) == [
            ("caps", 2),
            ("g", 2),
            ("primes", 2),
            ("zim", 2),
        ]
    # By hand: Alice 4 of 4 right, Bongani none (two wrong, half the primes is not the set, one pair of three
    # is not the pairing).
    assert "Assignment #1: 4/4 right" in scores[0]
    assert "Assignment #1: 0/4 right" in scores[1]
