"""Timing for everyone, end to end: reading time before the buttons open, untimed rounds with a moderators'
Reveal button, and more time for long prompts (issue 14)."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from bot.discord.client import BvunzoBot
from tests.e2e.conftest import World
from tests.e2e.fake_discord import FakeMessage
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

DECK = DECKS["gradient-checkpointing"]
LETTER_BUTTONS = tuple("ABCDE")


def answer_buttons(message: FakeMessage) -> list[dict]:
    return [b for b in message.buttons() if b.get("label") in LETTER_BUTTONS]


async def test_a_question_shows_for_its_reading_time_before_its_buttons_open(
    world: World, bot: BvunzoBot
) -> None:
    fake = world.fake
    world.clock.freeze()
    await set_pause(world, 0)
    await start(world, world.general, world.moderator, questions=1, seconds=30, reading=3)
    posted_at = world.clock()
    q1 = await fake.wait_for_message(world.general, lambda m: "Question 1 of" in m.text)
    assert "Read it first: the buttons open" in q1.text
    assert f"<t:{int((posted_at + timedelta(seconds=3)).timestamp())}:R>" in q1.text
    assert answer_buttons(q1) and all(b["disabled"] for b in answer_buttons(q1))
    # A click that reaches the bot anyway (a modified client) is refused with one sentence.
    custom_id = answer_buttons(q1)[0]["custom_id"]
    early = await (await fake.forge_click(q1, world.members[0], custom_id)).response()
    assert early.ephemeral
    assert early.content == "This question isn't open yet: its buttons open when the reading time is over."

    world.clock.advance(3)
    await open_question(world, world.general, 1)
    assert "Read it first" not in q1.text
    # The 30 seconds count from the opening.
    assert f"Closes <t:{int((posted_at + timedelta(seconds=33)).timestamp())}:R>" in q1.text
    assert (
        await click(world, q1, world.members[0], right_letter(q1, DECK))
        == f"Locked in: {right_letter(q1, DECK)}."
    )
    answers = await bot.store.round_answers(round_id_of(q1))
    assert [a.ms for a in answers] == [0]  # answered the moment the buttons opened, on the frozen clock
    await (await fake.slash(world.general, world.moderator, "quiz skip")).response()
    await fake.wait_for_message(world.general, is_revealed(1))
    # The reading time costs one edit: the buttons opening. Then the reveal.
    assert len(fake.edits(q1)) == 2


async def test_an_untimed_round_waits_for_every_player_or_a_moderators_reveal(
    world: World, bot: BvunzoBot
) -> None:
    fake = world.fake
    world.clock.freeze()
    await set_pause(world, 0)
    said = await start(world, world.general, world.moderator, questions=2, seconds=5, untimed=True)
    assert "Starting a round of 2 questions" in said
    intro = await fake.wait_for_message(world.general, lambda m: "Quiz: Gradient Checkpointing" in m.text)
    assert "no timer" in intro.text
    q1 = await open_question(world, world.general, 1)
    assert "No timer" in q1.text and "Closes" not in q1.text
    a, b, c = world.members[:3]
    await click(world, q1, a, right_letter(q1, DECK))
    await click(world, q1, b, right_letter(q1, DECK))
    world.clock.advance(3600)  # an hour past its 5 seconds, the question still takes answers
    assert (await click(world, q1, c, right_letter(q1, DECK))).startswith("Locked in")
    # Reveal is for moderators (or whoever started the round): a member is told so.
    refused = await click(world, q1, a, "Reveal (moderators)")
    assert "Manage Server" in refused or "quiz-master" in refused, refused
    assert not is_revealed(1)(q1)
    assert await click(world, q1, world.moderator, "Reveal (moderators)") == "Revealing the question."
    await fake.wait_for_message(world.general, is_revealed(1))
    assert not any(b.get("label") == "Reveal (moderators)" for b in q1.buttons())

    # Question 2 is revealed once every player has answered, without a Reveal.
    q2 = await open_question(world, world.general, 2)
    for member in (a, b, c):
        await click(world, q2, member, right_letter(q2, DECK))
    await fake.wait_for_message(world.general, is_revealed(2))
    await fake.wait_for_message(world.general, lambda m: "Round over" in m.text)


async def test_long_prompts_get_a_second_more_per_hundred_characters_beyond_two_hundred(
    world: World, tmp_path: Path
) -> None:
    prompt = "Which of these is a long question? " + "x" * 285  # 320 characters: 2 s more
    assert len(prompt) == 320
    folder = tmp_path / "questions"
    folder.mkdir()
    (folder / "long-reads.yaml").write_text(
        "id: long-reads\ntitle: Long reads\nquestions:\n"
        f'  - id: long\n    prompt: "{prompt}"\n    choices: [yes, no]\n    answer: 0\n',
        encoding="utf-8",
    )
    world.questions = folder
    fake = world.fake
    world.clock.freeze()
    async with world.running():
        await start(world, world.general, world.moderator, deck="long-reads", seconds=10, long_prompts=True)
        posted_at = world.clock()
        q1 = await open_question(world, world.general, 1)
        assert f"Closes <t:{int((posted_at + timedelta(seconds=12)).timestamp())}:R>" in q1.text
        world.clock.advance(11)  # past the round's 10 s, within the question's 12
        assert (await click(world, q1, world.members[0], "A")).startswith("Locked in")
        await (await fake.slash(world.general, world.moderator, "quiz stop")).response()
        await fake.wait_for_message(world.general, lambda m: "Round over" in m.text)
