"""Hints on typed questions, end to end: a round (across a restart), practice, and a server without hints."""

from __future__ import annotations

from pathlib import Path

from tests.e2e.conftest import ON_BOTH_DATABASES, World
from tests.e2e.fake_discord import Channel, FakeMessage, Member
from tests.e2e.rounds import DEFERRED, click, is_revealed, set_pause, start

CAPITAL = """\
id: zim-capital
title: Zimbabwe's capital
language: en
questions:
  - id: capital
    type: text
    prompt: "Which city is the capital of Zimbabwe?"
    answers: ["Harare"]
    explanation: "Harare has been the capital since independence in 1980."
"""
FALLS = """\
id: zim-falls
title: Mosi-oa-Tunya
language: en
questions:
  - id: falls
    type: text
    prompt: "Mosi-oa-Tunya is also known by which English name?"
    answers: ["Victoria Falls"]
    hint: "A queen gave it its English name"
"""


def typed_decks(tmp_path: Path) -> Path:
    folder = tmp_path / "typed-decks"
    folder.mkdir()
    (folder / "zim-capital.yaml").write_text(CAPITAL, encoding="utf-8")
    (folder / "zim-falls.yaml").write_text(FALLS, encoding="utf-8")
    return folder


def labels(message: FakeMessage) -> list[str]:
    return [b.get("label", "") for b in message.buttons()]


async def open_typed(world: World, channel: Channel, *, after: int = 0) -> FakeMessage:
    """The round's typed question once its Answer button is enabled (a message newer than `after`)."""
    return await world.fake.wait_for_message(
        channel,
        lambda m: (
            m.id > after
            and "Question 1 of 1" in m.text
            and any(b.get("label") == "Answer" and not b.get("disabled") for b in m.buttons())
        ),
    )


async def type_answer(world: World, message: FakeMessage, member: Member, typed: str) -> str:
    opened = await world.fake.click(message, member, label="Answer")
    assert (await opened.response()).type == 9  # the form
    submitted = await world.fake.submit_modal(opened, {"answer": typed})
    said = await submitted.response()
    if said.type == DEFERRED:
        return (await submitted.wait_original(timeout=15)).content
    return said.text


@ON_BOTH_DATABASES
async def test_hints_cost_points_show_at_the_reveal_and_survive_a_restart(
    world: World, tmp_path: Path, database: str
) -> None:
    fake = world.fake
    alice, bongani = world.members[0], world.members[1]
    world.questions = typed_decks(tmp_path)
    world.clock.freeze()  # the question's timer never runs out: only a skip reveals it
    async with world.running():
        await set_pause(world, 0)
        await start(world, world.general, world.moderator, deck="zim-capital", questions=1, seconds=60)
        question = await open_typed(world, world.general)
        assert labels(question) == ["Answer", "Hint"]
        first = await click(world, question, alice, "Hint")
        assert first == "💡 Hint 1 of 3: `H _ _ _ _ _`\nA right answer now earns 75% of its points."
    # A restart in the middle of the question: alice's press is kept, the next one is her second.
    async with world.running() as bot:
        await fake.wait_for_message(world.general, lambda m: "resuming this round" in m.text)
        question = await open_typed(world, world.general, after=question.id)
        second = await click(world, question, alice, "Hint")
        assert second == "💡 Hint 2 of 3: `H _ _ a _ _`\nA right answer now earns 50% of its points."
        assert (await type_answer(world, question, alice, "harare")).startswith("Locked in")
        assert (await type_answer(world, question, bongani, "Harare")).startswith("Locked in")
        # Once answered, a hint helps no more, and costs nothing more.
        late = await click(world, question, alice, "Hint")
        assert late == "You have answered this question already: a hint can no longer help."
        await (await fake.slash(world.general, world.moderator, "quiz skip")).response()
        await fake.wait_for_message(world.general, is_revealed(1))
        shown = question.text
        assert "Hints used" in shown and f"💡 <@{alice.id}> (2)" in shown
        assert f"<@{bongani.id}> (" not in shown  # bongani used none
        summary = await fake.wait_for_message(world.general, lambda m: "Round over" in m.text)
        # 100 points for a right answer; alice's two hints leave 50 % of them.
        assert f"<@{bongani.id}> — **100** points, 1/1 right" in summary.text
        assert f"<@{alice.id}> — **50** points, 1/1 right" in summary.text
        round_id = int(question.button(label="Answer")["custom_id"].split(":")[3])
        assert await bot.store.round_hints(round_id) == [(0, alice.id, 2)]


async def practise(world: World, member: Member, **options: object) -> FakeMessage:
    answer = await (await world.fake.slash(world.general, member, "practice", **options)).response()
    assert answer.ephemeral and answer.message is not None, answer.content
    return answer.message


async def test_a_hinted_right_answer_in_practice_is_reviewed_as_hard(world: World, tmp_path: Path) -> None:
    alice, bongani = world.members[0], world.members[1]
    world.questions = typed_decks(tmp_path)
    async with world.running() as bot:
        message = await practise(world, alice, deck="zim-falls", count=1)
        assert labels(message) == ["Answer", "Hint"]
        # The deck's own hint is the first press; the letters come after it.
        own = await click(world, message, alice, "Hint")
        assert (
            own
            == "💡 Hint 1 of 3: A queen gave it its English name\nA right answer now earns 75% of its points."
        )
        letters = await click(world, message, alice, "Hint")
        assert letters.startswith("💡 Hint 2 of 3: `V _ _ t _ _ i _   _ a _ _ _`")
        assert "✅ Right" in await type_answer(world, message, alice, "victoria falls")
        # Without hints the same right answer is Good: its first review graduates, due in 2 days.
        other = await practise(world, bongani, deck="zim-falls", count=1)
        assert "✅ Right" in await type_answer(world, other, bongani, "Victoria Falls")
        hinted = (await bot.store.memories(alice.id, "zim-falls"))["falls"]
        unhinted = (await bot.store.memories(bongani.id, "zim-falls"))["falls"]
    # Hard keeps a first review in learning: 1.5 × the 10-minute step (bot/quiz/practice.py's scheduler).
    assert hinted.last_review is not None and unhinted.last_review is not None
    assert (hinted.due - hinted.last_review).total_seconds() == 15 * 60
    assert (unhinted.due - unhinted.last_review).total_seconds() == 2 * 24 * 3600
    assert (hinted.reviews, hinted.lapses) == (1, 0)


async def test_a_server_that_turns_hints_off_shows_no_hint_button(world: World, tmp_path: Path) -> None:
    fake = world.fake
    world.questions = typed_decks(tmp_path)
    world.clock.freeze()
    async with world.running():
        said = await (
            await fake.slash(world.general, world.moderator, "quiz settings", hints=False, pause=0)
        ).response()
        assert "Hints" in said.text
        message = await practise(world, world.members[0], deck="zim-falls", count=1)
        assert labels(message) == ["Answer"]
        await start(world, world.general, world.moderator, deck="zim-capital", questions=1, seconds=60)
        question = await open_typed(world, world.general)
        assert labels(question) == ["Answer"]
        await (await fake.slash(world.general, world.moderator, "quiz stop")).response()
        await fake.wait_for_message(world.general, lambda m: "Round over" in m.text)


NUMBER_AND_CLOZE = """\
id: zim-{kind}
title: Zimbabwe in {kind}
language: en
questions:
  - id: {kind}
    type: {kind}
    prompt: "{prompt}"
    {answer}
"""


async def test_hints_on_a_number_and_a_cloze_question(world: World, tmp_path: Path) -> None:
    fake = world.fake
    alice = world.members[0]
    folder = tmp_path / "more-decks"
    folder.mkdir()
    for kind, prompt, answer in (
        ("number", "Zimbabwe became independent in which year?", "answer: 1980"),
        ("cloze", "Lake {{1}} is on the {{2}}.", 'blanks: [["Kariba"], ["Zambezi"]]'),
    ):
        text = NUMBER_AND_CLOZE.format(kind=kind, prompt=prompt, answer=answer)
        (folder / f"zim-{kind}.yaml").write_text(text, encoding="utf-8")
    world.questions = folder
    world.clock.freeze()
    async with world.running():
        await set_pause(world, 0)
        after = 0
        for deck, hints, shown, fields, points in (
            ("zim-number", 1, "`_ _ _ _`", {"answer": "1980"}, 75),
            (
                "zim-cloze",
                2,
                "`(1) K _ _ i _ _ · (2) Z _ _ b _ _ _`",
                {"blank1": "Kariba", "blank2": "zambezi"},
                50,
            ),
        ):
            await start(world, world.general, world.moderator, deck=deck, questions=1, seconds=60)
            question = await open_typed(world, world.general, after=after)
            said = [await click(world, question, alice, "Hint") for _ in range(hints)]
            assert said[-1].startswith(f"💡 Hint {hints} of 3: {shown}\n")
            opened = await fake.click(question, alice, label="Answer")
            assert (await opened.response()).type == 9  # the form
            await (await fake.submit_modal(opened, fields)).response()
            await (await fake.slash(world.general, world.moderator, "quiz skip")).response()
            await fake.wait_for_message(
                world.general, lambda m, q=question: m.id == q.id and is_revealed(1)(m)
            )
            assert f"💡 <@{alice.id}> ({hints})" in question.text
            summary = await fake.wait_for_message(
                world.general, lambda m, q=question: m.id > q.id and "Round over" in m.text
            )
            assert f"<@{alice.id}> — **{points}** points, 1/1 right" in summary.text
            after = summary.id
