"""Flag a question, end to end: "Report question" on the reveal and in practice, /quiz flags for moderators."""

from __future__ import annotations

from bot.discord.client import BvunzoBot
from tests.e2e.conftest import World
from tests.e2e.fake_discord import FakeMessage, Member
from tests.e2e.rounds import DECKS, is_revealed, play_round, question_of
from tests.e2e.test_practice import answer_and_next, practise

DECK = DECKS["gradient-checkpointing"]
MODAL = 9


async def report(world: World, message: FakeMessage, member: Member, reason: str, note: str = "") -> str:
    """Press "Report question", fill in the form, submit; what the member is told."""
    asked = await world.fake.click(message, member, label="Report question")
    form = await asked.response()
    assert form.type == MODAL and form.modal.title == "Report this question"
    sent = await world.fake.submit_modal(asked, {"reason": [reason], "note": note})
    said = await sent.response()
    assert said.ephemeral
    return said.content


async def flags_list(world: World, member: Member) -> FakeMessage:
    answer = await (await world.fake.slash(world.general, member, "quiz flags")).response()
    assert answer.ephemeral and answer.message is not None
    return answer.message


async def test_members_flag_questions_and_moderators_close_them(world: World, bot: BvunzoBot) -> None:
    alice, bob, carol = world.members[:3]
    await play_round(world, world.general, world.moderator, {alice: [True], bob: [False]})
    reveal = await world.fake.wait_for_message(world.general, is_revealed(1))
    flagged = question_of(reveal, DECK)
    thanks = "Thanks, the question is reported: this server's moderators will see it in /quiz flags."
    assert await report(world, reveal, alice, "typo", "“checkpointing” is misspelt") == thanks
    assert await report(world, reveal, bob, "wrong") == thanks
    # Alice reports it again: still one report of hers, now with her new reason.
    again = await report(world, reveal, alice, "wrong")
    assert again == "You had already reported this question; your report now says what you just chose."
    # Carol reports another question from her practice.
    message = await practise(world, carol, deck=DECK.id, count=1, mode="new")
    other = question_of(message, DECK)
    while other.id == flagged.id:  # practice picks at random: take one that is not the reported one
        await answer_and_next(world, carol, message, right=True)
        message = await practise(world, carol, deck=DECK.id, count=1, mode="new")
        other = question_of(message, DECK)
    await (await world.fake.click(message, carol, label="A")).response()
    assert await report(world, message, carol, "unclear", "which memory?") == thanks

    # A member who is not a moderator cannot see them.
    refused = await (await world.fake.slash(world.general, alice, "quiz flags")).response()
    assert (
        refused.ephemeral and refused.content == "Only members with Manage Server can see reported questions."
    )

    listing = await flags_list(world, world.moderator)
    lines = listing.embeds[0]["description"].split("\n")
    line_of = {q.id: q.line for q in DECK.questions}
    original = DECK.question(flagged.id)
    assert original is not None
    # Most reported first: two members, both now saying its answer is wrong; the deck file and line.
    assert lines[0].startswith("**1.** " + original.prompt[:40])
    assert lines[1] == f"  `gradient-checkpointing.yaml:{line_of[flagged.id]}` · 2 members: Wrong answer 2"
    assert lines[3] == f"  `gradient-checkpointing.yaml:{line_of[other.id]}` · 1 member: Unclear 1"
    assert lines[4] == "  “which memory?”"
    assert [b["label"] for b in listing.buttons()] == ["Resolved 1", "Dismiss 1", "Resolved 2", "Dismiss 2"]

    # The first is fixed: resolving it closes both its reports; the list is redrawn with what is left.
    await (await world.fake.click(listing, world.moderator, label="Resolved 1")).response()
    lines = listing.embeds[0]["description"].split("\n")
    assert lines[1] == f"  `gradient-checkpointing.yaml:{line_of[other.id]}` · 1 member: Unclear 1"
    await (await world.fake.click(listing, world.moderator, label="Dismiss 1")).response()
    assert listing.embeds[0]["description"] == "No question is reported. All clear!"
    assert await bot.store.open_flags(world.study.id) == []


async def test_a_report_form_opened_before_a_restart_submits_after_it(world: World) -> None:
    alice = world.members[0]
    async with world.running():
        await play_round(world, world.general, world.moderator, {alice: [True]})
        reveal = await world.fake.wait_for_message(world.general, is_revealed(1))
        flagged = question_of(reveal, DECK)
        asked = await world.fake.click(reveal, alice, label="Report question")
        assert (await asked.response()).modal.title == "Report this question"
    # The bot restarts while alice is still choosing: the new process never saw her form.
    async with world.running() as bot:
        sent = await (
            await world.fake.submit_modal(asked, {"reason": ["unclear"], "note": "which memory?"})
        ).response()
        assert sent.ephemeral
        assert sent.content == (
            "Thanks, the question is reported: this server's moderators will see it in /quiz flags."
        )
        [flag] = await bot.store.open_flags(world.study.id)
        assert (flag.deck_id, flag.question_id, flag.user_id) == (DECK.id, flagged.id, alice.id)
        assert (flag.reason, flag.note) == ("unclear", "which memory?")
