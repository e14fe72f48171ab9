"""Make a question from this: a member's message made into a suggestion, through the fake Discord's Apps menu."""

from __future__ import annotations

import pytest

from bot.bank.suggestions import from_json
from bot.discord.client import BvunzoBot
from tests.e2e.conftest import ON_BOTH_DATABASES, World
from tests.e2e.fake_discord import CommandError, FakeMessage, Member

MENU = "Make a question from this"
DEFERRED, MODAL = 5, 9

SHEET = (
    "Question,Choice 1,Choice 2,Answer,Explanation\n"
    "Which organelle makes ATP?,Ribosome,Mitochondrion,B,Cellular respiration happens there.\n"
)


async def import_deck(world: World, name: str) -> None:
    upload = world.fake.attachment(f"{name}.csv", SHEET.encode(), "text/csv")
    asked = await world.fake.slash(world.general, world.moderator, "deck import", file=upload, name=name)
    first = await asked.response()
    said = (await asked.wait_followup(timeout=15)).text if first.type == DEFERRED else first.text
    assert "1 question" in said


async def refused(world: World, target: FakeMessage, member: Member) -> str:
    answer = await (await world.fake.message_command(target, member, MENU)).response()
    assert answer.ephemeral and answer.type != MODAL
    return answer.content


@ON_BOTH_DATABASES
async def test_a_members_note_becomes_a_suggestion_in_the_moderators_queue(
    world: World, bot: BvunzoBot
) -> None:
    alice = world.members[0]
    note = world.fake.member_posts(
        world.general,
        alice,
        "Guta guru reZimbabwe ndeupi? Harare, rakavambwa muna 1890.\nRine vanhu vanopfuura miriyoni.",
    )
    # No deck of the server's own yet: nothing to suggest for, and the member is told where they come from.
    assert await refused(world, note, alice) == (
        "This server has no decks of its own to suggest questions for; moderators add one with /deck import."
    )

    await import_deck(world, "Geography")
    asked = await world.fake.message_command(note, alice, MENU)
    form = (await asked.response()).modal
    assert form.title == "Suggest a question for geography"
    filled = {i["custom_id"]: i.get("value") for i in form.inputs()}
    assert filled == {
        "prompt": "Guta guru reZimbabwe ndeupi?",
        "right": None,
        "wrong": None,
        "explanation": "Harare, rakavambwa muna 1890.\nRine vanhu vanopfuura miriyoni.",
    }
    sent = await (
        await world.fake.submit_modal(asked, {"right": "Harare", "wrong": "Bulawayo\nMutare"})
    ).response()
    assert sent.ephemeral and sent.content.startswith("Thank you! Your question for `geography` waits")

    # The same queue as /deck suggest: the moderators review it with /deck review.
    [waiting] = await bot.store.pending_suggestions(world.study.id)
    assert (waiting.deck_id, waiting.author_id) == ("geography", alice.id)
    assert from_json(waiting.question) == {
        "prompt": "Guta guru reZimbabwe ndeupi?",
        "choices": ["Harare", "Bulawayo", "Mutare"],
        "answer": 0,
        "explanation": "Harare, rakavambwa muna 1890.\nRine vanhu vanopfuura miriyoni.",
        "suggested_by": alice.id,
    }
    review = await (await world.fake.slash(world.general, world.moderator, "deck review")).response()
    assert "Guta guru reZimbabwe ndeupi?" in review.text and "Rine vanhu vanopfuura miriyoni." in review.text


async def test_with_several_decks_the_member_picks_one_and_a_long_text_is_cut_and_said_so(
    world: World, bot: BvunzoBot
) -> None:
    await import_deck(world, "Biology")
    await import_deck(world, "Chemistry")
    bongani = world.members[1]
    long_rest = "It makes ATP by respiration. " * 50  # 1,450 characters: more than an explanation holds
    note = world.fake.member_posts(world.general, bongani, "Which organelle makes ATP? " + long_rest)
    asked = await world.fake.message_command(note, bongani, MENU)
    pick = await asked.response()
    assert pick.ephemeral and pick.message is not None
    assert pick.content == (
        "That message is longer than a question holds, so the form has its start; check its end.\n"
        "Which deck is the question for?"
    )
    [menu] = [c for row in pick.components for c in row["components"]]
    assert [o["value"] for o in menu["options"]] == ["biology", "chemistry"]
    assert [o["label"] for o in menu["options"]] == ["Biology · 1 question", "Chemistry · 1 question"]

    chosen = await world.fake.select(pick.message, bongani, ["chemistry"])
    form = (await chosen.response()).modal
    assert form.title == "Suggest a question for chemistry"
    filled = {i["custom_id"]: i.get("value") for i in form.inputs()}
    assert filled["prompt"] == "Which organelle makes ATP?"
    # Cut at the last space before the 1,000th character, the cut marked.
    assert filled["explanation"] == "It makes ATP by respiration. " * 34 + "It makes ATP…"
    sent = await (
        await world.fake.submit_modal(chosen, {"right": "Mitochondrion"}, member=bongani)
    ).response()
    assert sent.content.startswith("Thank you! Your question for `chemistry` waits")
    [waiting] = await bot.store.pending_suggestions(world.study.id)
    assert waiting.deck_id == "chemistry" and from_json(waiting.question)["answers"] == ["Mitochondrion"]


async def test_a_message_without_text_and_one_in_a_dm_are_each_told_why(world: World, bot: BvunzoBot) -> None:
    await import_deck(world, "Biology")
    alice = world.members[0]
    picture = world.fake.attachment("cell.png", b"\x89PNG fake", "image/png")
    only_a_picture = world.fake.member_posts(world.general, alice, "", attachments=[picture])
    assert await refused(world, only_a_picture, alice) == (
        "That message has no text to make a question from (pictures and embeds can't be read)."
    )

    in_dm = world.fake.member_posts(world.fake.dm(alice), alice, "Chii chinonzi DNA? Ndiyo genetic code.")
    with pytest.raises(CommandError, match="not offered in DMs"):
        await world.fake.message_command(in_dm, alice, MENU)
    stale = await (await world.fake.message_command(in_dm, alice, MENU, check_place=False)).response()
    assert stale.ephemeral and stale.content.startswith(
        "This command works in a server with Bvunzo, not in direct messages;"
    )
    assert await bot.store.pending_suggestions(world.study.id) == []


async def test_a_deck_picked_after_a_restart_asks_for_the_command_again(world: World) -> None:
    """The message's text comes only with the command (no message intent), and lives in memory."""
    alice = world.members[0]
    async with world.running():
        await import_deck(world, "Biology")
        await import_deck(world, "Chemistry")
        note = world.fake.member_posts(world.general, alice, "What is osmosis? Water crossing a membrane.")
        pick = await (await world.fake.message_command(note, alice, MENU)).response()
        assert pick.message is not None and pick.content == "Which deck is the question for?"
    async with world.running():
        late = await (await world.fake.select(pick.message, alice, ["biology"])).response()
        assert late.ephemeral and late.content == (
            "Bvunzo no longer has that message's text (it was too long ago, or Bvunzo restarted); "
            "open the message's Apps menu and make the question again."
        )
        again = await (await world.fake.message_command(note, alice, MENU)).response()
        assert again.content == "Which deck is the question for?"
