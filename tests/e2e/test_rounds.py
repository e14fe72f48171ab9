"""Quiz rounds in a channel, end to end: members answer with buttons on a fake Discord."""

from __future__ import annotations

import re
import sqlite3
from datetime import timedelta
from pathlib import Path

import discord
import pytest

from bot.discord.client import BvunzoBot
from bot.host.config import HttpAddress
from bot.store.postgres import PostgresStore
from bot.store.sqlite import SqliteStore
from tests.e2e.conftest import ON_BOTH_DATABASES, POSTGRESQL, World
from tests.e2e.fake_discord import FakeDiscord, FakeMessage, Response
from tests.e2e.fake_discord.messages import text_of
from tests.e2e.harness import HANG_GUARD, wait_until
from tests.e2e.rounds import (
    DECKS,
    SHONA_ONE,
    SUCCESS,
    click,
    deck_folder,
    is_revealed,
    open_question,
    right_letter,
    round_id_of,
    set_pause,
    start,
    wrong_letter,
)

DECK = DECKS["gradient-checkpointing"]


@ON_BOTH_DATABASES
async def test_a_whole_round_with_twelve_members(world: World, bot: BvunzoBot, database: str) -> None:
    assert isinstance(bot.store, PostgresStore if database == POSTGRESQL else SqliteStore)
    fake = world.fake
    world.clock.freeze()  # no timer runs out unless the test moves the clock
    await set_pause(world, 0)
    said = await start(world, world.general, world.moderator, questions=3, seconds=60)
    assert "Starting a round of 3 questions" in said
    intro = await fake.wait_for_message(world.general, lambda m: "Quiz: Gradient Checkpointing" in m.text)
    assert f"<@{world.moderator.id}>" in intro.text

    q1 = await open_question(world, world.general, 1)
    assert [b["label"] for b in q1.buttons()][:4] == ["A", "B", "C", "D"]
    right, wrong = right_letter(q1, DECK), wrong_letter(q1, DECK)
    for i, member in enumerate(world.members):
        said = await click(world, q1, member, right if i % 3 else wrong)
        assert said == f"Locked in: {right if i % 3 else wrong}."
    # A second click is told the first choice, and changes nothing.
    again = await click(world, q1, world.members[1], wrong)
    assert again == f"You already chose {right}; answers can't be changed."
    # The first question waits for its timer or a skip, even once everyone has answered: two seconds on,
    # the bot shows the count instead of revealing (its loop checks for a reveal before each live edit).
    world.clock.advance(2)
    # (The bot's loop wakes on the moved clock: on a loaded machine that may take more than 5 s of real time.)
    await fake.wait_for_message(
        world.general, lambda m: m.id == q1.id and "12 answers so far" in m.text, timeout=HANG_GUARD
    )
    assert not is_revealed(1)(q1)
    await (await fake.slash(world.general, world.moderator, "quiz skip")).response()
    await fake.wait_for_message(world.general, is_revealed(1))
    buttons = {b["label"].split(" · ")[0]: b for b in q1.buttons() if b["label"][0] in "ABCDE"}
    assert all(b["disabled"] for b in buttons.values())
    assert buttons[right]["style"] == SUCCESS
    assert buttons[right]["label"] == f"{right} · 8" and buttons[wrong]["label"] == f"{wrong} · 4"
    assert "Why" in q1.text and "Fastest right answers" in q1.text
    late = await (await fake.forge_click(q1, world.members[0], buttons[right]["custom_id"])).response()
    assert late.ephemeral and late.content in {
        "That question is no longer open.",
        "This question is closed: the answer has been revealed.",
    }

    # From the second question on, it is revealed as soon as every player so far has answered (the clock
    # stands still, so the 60-second timer cannot be what reveals it).
    for number in (2, 3):
        message = await open_question(world, world.general, number)
        right = right_letter(message, DECK)
        for member in world.members:
            await click(world, message, member, right)
        await fake.wait_for_message(world.general, is_revealed(number))

    summary = await fake.wait_for_message(world.general, lambda m: "Round over" in m.text)
    assert "🥇" in summary.text
    for member in world.members:
        assert f"<@{member.id}>" in summary.text
    assert "**300** points, 3/3 right" in summary.text and "**200** points, 2/3 right" in summary.text
    assert summary.button(label="Practise what I missed")

    rid = round_id_of(q1)
    answers = await bot.store.round_answers(rid)
    assert len(answers) == 36
    record = await bot.store.get_round(rid)
    assert record is not None and record.status == "finished"
    # Question 1 was edited twice: the live count once (the clock moved 2 s once), then the reveal.
    assert live_counts(fake, q1) == ["12 answers so far"]
    assert len(fake.edits(q1)) == 2


def live_counts(fake: FakeDiscord, message: FakeMessage) -> list[str]:
    """The "N answers so far" footers of the edits the bot sent for a question message, in order."""
    texts = [
        text_of(r.body.get("content", ""), r.body.get("embeds", []), r.body.get("components", []))
        for r in fake.requests_to("PATCH /channels/{channel_id}/messages/{message_id}")
        if r.path.endswith(f"/{message.id}") and r.body
    ]
    footers = [line for text in texts for line in text.splitlines() if line.endswith("so far")]
    return [f.split(" · ")[-1] for f in footers]


async def test_the_live_count_is_edited_at_most_every_two_seconds(world: World, bot: BvunzoBot) -> None:
    fake = world.fake
    world.clock.freeze()
    await start(world, world.general, world.moderator, questions=1, seconds=60)
    q1 = await open_question(world, world.general, 1)
    assert "0 answers so far" in q1.text
    alice, bongani, chipo, dumi, eve = world.members[:5]
    for member in (alice, bongani, chipo):
        await click(world, q1, member, "A")
    # Three answers at once: no edit yet. Two seconds on, one edit shows all three.
    world.clock.advance(2)
    await fake.wait_for_message(world.general, lambda m: m.id == q1.id and "3 answers so far" in m.text)
    # Answers 1.9 s later still wait for the next slot; at 2 s after the last edit, one edit shows both.
    await click(world, q1, dumi, "A")
    world.clock.advance(1.9)
    await click(world, q1, eve, "A")
    world.clock.advance(0.1)
    await fake.wait_for_message(world.general, lambda m: m.id == q1.id and "5 answers so far" in m.text)
    await (await fake.slash(world.general, world.moderator, "quiz stop")).response()
    await fake.wait_for_message(world.general, lambda m: "Round over" in m.text)
    assert live_counts(fake, q1) == ["3 answers so far", "5 answers so far"]


async def test_speed_mode_points_follow_the_clock(world: World, bot: BvunzoBot) -> None:
    fake = world.fake
    world.clock.freeze()
    await start(world, world.general, world.moderator, questions=1, seconds=20, mode="speed")
    q1 = await open_question(world, world.general, 1)
    right = right_letter(q1, DECK)
    alice, bongani, chipo = world.members[:3]
    await click(world, q1, alice, right)  # at once: 50 + 50 x 20/20
    world.clock.advance(10)
    await click(world, q1, bongani, right)  # half the time left: 50 + 50 x 10/20
    await click(world, q1, chipo, wrong_letter(q1, DECK))
    await (await fake.slash(world.general, world.moderator, "quiz stop")).response()
    summary = await fake.wait_for_message(world.general, lambda m: "Round over" in m.text)
    assert f"<@{alice.id}> — **100** points, 1/1 right" in summary.text
    assert f"<@{bongani.id}> — **75** points, 1/1 right" in summary.text
    assert f"<@{chipo.id}> — **0** points, 0/1 right" in summary.text


async def test_stop_reveals_and_keeps_points(world: World, bot: BvunzoBot) -> None:
    fake = world.fake
    await start(world, world.general, world.moderator, questions=5, seconds=60)
    q1 = await open_question(world, world.general, 1)
    await click(world, q1, world.members[0], right_letter(q1, DECK))
    member_stop = await (await fake.slash(world.general, world.members[1], "quiz stop")).response()
    assert member_stop.ephemeral and "Only members with Manage Server" in member_stop.content
    stopped = await (await fake.slash(world.general, world.moderator, "quiz stop")).response()
    assert stopped.ephemeral
    await fake.wait_for_message(world.general, is_revealed(1))
    summary = await fake.wait_for_message(world.general, lambda m: "Round over" in m.text)
    assert "**100** points" in summary.text and "1 question played" in summary.text
    record = await bot.store.get_round(round_id_of(q1))
    assert record is not None and record.status == "stopped"
    nothing = await (await fake.slash(world.general, world.moderator, "quiz skip")).response()
    assert nothing.content == "No round is running in this channel."


@ON_BOTH_DATABASES
async def test_permissions_and_one_round_per_channel(world: World, bot: BvunzoBot) -> None:
    fake = world.fake
    before = len(fake.channel_messages(world.general))
    refused = await (
        await fake.slash(world.general, world.members[0], "quiz start", deck="gradient-checkpointing")
    ).response()
    assert refused.ephemeral and refused.content.startswith("Only members with Manage Server")
    assert len(fake.channel_messages(world.general)) == before  # nothing posted in the channel
    # The quiz-master role, once set, may start rounds without Manage Server.
    no_role = await (
        await fake.slash(world.general, world.quizmaster, "quiz settings", role=world.quizmasters)
    ).response()
    assert no_role.content == "Only members with Manage Server can change the quiz settings."
    await (
        await fake.slash(world.general, world.moderator, "quiz settings", role=world.quizmasters)
    ).response()
    await start(world, world.general, world.quizmaster, questions=2, seconds=30)
    # One round per channel; another channel may run its own at the same time.
    busy = await (
        await fake.slash(world.general, world.moderator, "quiz start", deck="gradient-checkpointing")
    ).response()
    assert busy.ephemeral and f"A round is already running in <#{world.general.id}>" in busy.content
    await start(world, world.annex, world.moderator, questions=2, seconds=30)
    a = await open_question(world, world.general, 1)
    b = await open_question(world, world.annex, 1)
    assert round_id_of(a) != round_id_of(b)
    await click(world, a, world.members[0], "A")
    await click(world, b, world.members[0], "B")
    unknown = await (await fake.slash(world.general, world.moderator, "quiz report", deck="nope")).response()
    assert "There is no deck called “nope”" in unknown.content
    for channel in (world.general, world.annex):
        await (await fake.slash(channel, world.moderator, "quiz stop")).response()
        await fake.wait_for_message(channel, lambda m: "Round over" in m.text)


async def test_other_servers_and_translations(world: World, tmp_path: Path) -> None:
    fake = world.fake
    world.questions = deck_folder(tmp_path, SHONA_ONE)
    async with world.running():
        await start(world, world.lounge, world.outsider, deck="shona-one", questions=1, seconds=60)
        message = await open_question(world, world.lounge, 1)  # an administrator of Study B started it
        assert "Ndeipi nzvimbo" in message.text
        shown = await (await fake.click(message, world.outsider, label="Read in English")).response()
        assert shown.ephemeral and "Where are activations kept?" in shown.text
        assert (await click(world, message, world.outsider, "A")) == "Locked in: A."
        await (await fake.slash(world.lounge, world.outsider, "quiz stop")).response()
        await fake.wait_for_message(world.lounge, lambda m: "Round over" in m.text)
        board = await (await fake.slash(world.general, world.members[0], "leaderboard")).response()
        assert "Nobody has answered" in board.text  # Study B's round is invisible in Study A


async def test_early_reveal_waits_for_every_earlier_player(world: World, bot: BvunzoBot) -> None:
    fake = world.fake
    world.clock.freeze()
    await set_pause(world, 0)
    await start(world, world.general, world.moderator, questions=3, seconds=60)
    q1 = await open_question(world, world.general, 1)
    for member in world.members[:3]:
        await click(world, q1, member, "A")
    await (await fake.slash(world.general, world.moderator, "quiz skip")).response()
    q2 = await open_question(world, world.general, 2)
    await click(world, q2, world.members[0], "A")
    await click(world, q2, world.members[1], "A")
    # Two of the three players so far: two seconds on, the bot shows the count rather than revealing.
    world.clock.advance(2)
    await fake.wait_for_message(world.general, lambda m: m.id == q2.id and "2 answers so far" in m.text)
    assert not is_revealed(2)(q2)
    await click(world, q2, world.members[2], "B")
    await fake.wait_for_message(world.general, is_revealed(2))  # the clock stands still: not the timer
    await (await fake.slash(world.general, world.moderator, "quiz stop")).response()
    await fake.wait_for_message(world.general, lambda m: "Round over" in m.text)


MIX = Path(__file__).parent / "decks"


async def test_every_kind_of_question(world: World) -> None:
    """Shona with a translation button, a typed answer through a modal, and true/false."""
    fake = world.fake
    world.questions = MIX
    async with world.running():
        await set_pause(world, 0)
        await start(world, world.general, world.moderator, deck="study-mix", questions=3, seconds=60)
        for number in (1, 2, 3):
            message = await fake.wait_for_message(
                world.general, lambda m, n=number: f"Question {n} of 3" in m.text and "— answer" not in m.text
            )
            if "Ndeipi nzvimbo" in message.text:
                shown = await (
                    await fake.click(message, world.members[0], label="Read in English")
                ).response()
                assert shown.ephemeral and "Where are activations kept?" in shown.text
                assert "Why" not in shown.text  # no explanation before the reveal
                letter = next(
                    found
                    for found, t in re.findall(r"\*\*([A-E])\*\*\s+(.+)", message.text)
                    if t.startswith("Ndangariro")
                )
                assert (await click(world, message, world.members[0], letter)) == f"Locked in: {letter}."
                await click(world, message, world.members[1], "C" if letter != "C" else "B")
            elif "Checkpointing reduces" in message.text:
                assert [b["label"] for b in message.buttons()] == ["A", "B"]
                assert "**A**  True" in message.text and "**B**  False" in message.text
                await click(world, message, world.members[0], "B")
                await click(world, message, world.members[1], "A")
            else:
                for member, typed in (
                    (world.members[0], "  recompute THEM! "),
                    (world.members[1], "nothing"),
                ):
                    opened = await fake.click(message, member, label="Answer")
                    form = await opened.response()
                    assert form.type == 9 and form.modal is not None
                    submitted = await (await fake.submit_modal(opened, {"answer": typed})).response()
                    assert submitted.ephemeral and submitted.content.startswith("Locked in")
                    if member is world.members[0]:  # a second typed answer is refused
                        again = await fake.click(message, member, label="Answer")
                        assert (await again.response()).type == 9
                        late = await (await fake.submit_modal(again, {"answer": "x"})).response()
                        assert "already answered" in late.content
            if number == 1:
                await (await fake.slash(world.general, world.moderator, "quiz skip")).response()
            await fake.wait_for_message(world.general, is_revealed(number), timeout=3)
        summary = await fake.wait_for_message(world.general, lambda m: "Round over" in m.text)
        assert f"<@{world.members[0].id}> — **300** points, 3/3 right" in summary.text
        assert f"<@{world.members[1].id}> — **0** points, 0/3 right" in summary.text
        # After the round the translation still reads in the order shown, now with the explanation.
        shona = next(m for m in fake.channel_messages(world.general) if "Ndeipi nzvimbo" in m.text)
        after = await (await fake.click(shona, world.members[2], label="Read in English")).response()
        assert "Activations are kept in GPU memory." in after.text
        shown = dict(re.findall(r"\*\*([A-E])\*\*\s+(\S+)", shona.text))
        translated = dict(re.findall(r"\*\*([A-E])\*\*\s+(\S+)", after.text))
        assert {k for k, v in shown.items() if v == "Ndangariro"} == {
            k for k, v in translated.items() if v == "GPU"
        }


async def test_a_channel_the_bot_cannot_post_in(world: World) -> None:
    muted = world.fake.add_guild(
        "Study C", bot_permissions=discord.Permissions(view_channel=True, send_messages=True)
    )
    muted.everyone.permissions = discord.Permissions(view_channel=True, send_messages=True).value  # no embeds
    hall = muted.add_channel("hall")
    admin = muted.add_member(
        "zodwa", roles=[muted.add_role("Admins", permissions=discord.Permissions(manage_guild=True))]
    )
    async with world.running():
        refused = await (
            await world.fake.slash(hall, admin, "quiz start", deck="gradient-checkpointing")
        ).response()
        assert refused.ephemeral
        assert refused.content.startswith(
            "I can't post rounds in this channel: give Bvunzo View Channel, Send Messages"
        )
        assert world.fake.channel_messages(hall) == []


async def test_losing_the_right_to_post_mid_round_ends_only_that_round(world: World) -> None:
    fake = world.fake
    async with world.running() as bot:
        await set_pause(world, 0)
        await start(world, world.general, world.moderator, questions=3, seconds=60)
        q1 = await open_question(world, world.general, 1)
        await click(world, q1, world.members[0], "A")
        # The server takes Bvunzo's right to post away: posting question 2 is refused (403).
        for role in world.study.roles:
            role.permissions = discord.Permissions(view_channel=True).value
        await (await fake.slash(world.general, world.moderator, "quiz skip")).response()
        rid = round_id_of(q1)

        async def closed() -> bool:
            # Closed in the store, then the channel freed once its summary was tried (refused, here).
            record = await bot.store.get_round(rid)
            freed = bot.round_service.running_in(world.general.id) is None
            return record is not None and record.status == "interrupted" and freed

        await wait_until(closed, timeout=5, what="the round to be closed and its channel freed")
        record = await bot.store.get_round(rid)
        assert record is not None
        assert record.end_reason == "Bvunzo may no longer post in this channel, so the round ended."
        assert len(await bot.store.round_answers(rid)) == 1  # what was answered still counts
        # The bot keeps serving everything else.
        decks = await (await fake.slash(world.annex, world.members[0], "decks")).response()
        assert "Gradient Checkpointing" in decks.text


BROKEN = "This round hit an error inside Bvunzo and was closed; every answer given so far counts."


def refuse_reveal(db: Path, round_id: int, index: int) -> None:
    """Make the database refuse to record one question's reveal, as a bug in a statement would."""
    connection = sqlite3.connect(db, timeout=10)
    try:
        connection.execute(
            "CREATE TRIGGER refuse_reveal BEFORE UPDATE OF revealed_at ON round_questions "
            f"WHEN OLD.round_id = {round_id} AND OLD.idx = {index} "
            "BEGIN SELECT RAISE(ABORT, 'a bug inside the bot'); END"
        )
        connection.commit()
    finally:
        connection.close()


async def test_a_bug_inside_a_round_ends_only_that_round_with_its_scores(
    world: World, caplog: pytest.LogCaptureFixture
) -> None:
    """Not one of Discord's failures: the bot's own database refuses a write in the middle of a round."""
    fake = world.fake
    alice, bongani = world.members[:2]
    counting = world.bot(http=HttpAddress("127.0.0.1", 0))  # BVUNZO_HTTP set: the bot counts for /metrics
    async with world.running(counting, allow_logged_errors=True) as bot:
        await set_pause(world, 0)
        await start(world, world.general, world.moderator, questions=3, seconds=60)
        await start(world, world.annex, world.moderator, questions=2, seconds=60)
        q1 = await open_question(world, world.general, 1)
        calm = await open_question(world, world.annex, 1)
        rid = round_id_of(q1)
        assert (await click(world, q1, alice, right_letter(q1, DECK))).startswith("Locked in")
        await (await fake.slash(world.general, world.moderator, "quiz skip")).response()
        q2 = await open_question(world, world.general, 2)
        refuse_reveal(world.db, rid, 1)
        await (await fake.slash(world.general, world.moderator, "quiz skip")).response()

        summary = await fake.wait_for_message(world.general, lambda m: "Round over" in m.text)
        assert summary.text.count(BROKEN) == 1
        assert f"<@{alice.id}> — **100** points, 1/1 right" in summary.text
        heard = fake.channel_messages(world.general)
        after_q2 = [m.id for m in heard[[m.id for m in heard].index(q2.id) + 1 :]]
        assert after_q2 == [summary.id]  # one message, one sentence: no traceback, no second notice
        record = await bot.store.get_round(rid)
        assert record is not None and record.status == "interrupted"
        assert bot.round_service.running_in(world.general.id) is None
        failed = [r for r in caplog.records if r.getMessage().startswith(f"round {rid} in channel")]
        assert [r.levelname for r in failed] == ["ERROR"] and failed[0].exc_info is not None
        counted = bot.telemetry.enable_metrics().registry.get_sample_value(
            "bvunzo_rounds_ended_total", {"status": "interrupted"}
        )
        assert counted == 1

        # The round in #annex goes on to its end.
        assert (await click(world, calm, bongani, right_letter(calm, DECK))).startswith("Locked in")
        await (await fake.slash(world.annex, world.moderator, "quiz skip")).response()
        calm2 = await open_question(world, world.annex, 2)
        assert (await click(world, calm2, bongani, right_letter(calm2, DECK))).startswith("Locked in")
        await (await fake.slash(world.annex, world.moderator, "quiz skip")).response()
        ended = await fake.wait_for_message(world.annex, lambda m: "Round over" in m.text)
        assert f"<@{bongani.id}> — **200** points, 2/2 right" in ended.text and BROKEN not in ended.text
        # And #general can play again.
        again = await start(world, world.general, world.moderator, questions=1, seconds=60)
        assert again.startswith("Starting a round of 1 question")


async def test_sparse_interactions_still_know_who_moderates(world: World, bot: BvunzoBot) -> None:
    """Without member permissions or app_permissions in the payload, the server's roles decide."""
    fake = world.fake
    fake.minimal_interactions = True
    refused = await (
        await fake.slash(world.general, world.members[0], "quiz start", deck="gradient-checkpointing")
    ).response()
    assert refused.content.startswith("Only members with Manage Server")
    await start(world, world.general, world.moderator, questions=1, seconds=30)
    q1 = await open_question(world, world.general, 1)
    assert (await click(world, q1, world.members[0], "A")) == "Locked in: A."
    await (await fake.slash(world.general, world.moderator, "quiz stop")).response()
    await fake.wait_for_message(world.general, lambda m: "Round over" in m.text)


async def test_a_click_from_another_server_is_refused_and_not_recorded(world: World, bot: BvunzoBot) -> None:
    """A forged click in Study B carrying the button of a round in Study A: one sentence, nothing counted."""
    fake = world.fake
    await start(world, world.general, world.moderator, questions=1, seconds=60)
    q1 = await open_question(world, world.general, 1)
    button = q1.button(label="A")
    forged = await fake.raw_interaction(  # 3: a component interaction
        3, world.lounge, world.outsider, {"custom_id": button["custom_id"], "component_type": 2}, q1
    )
    refused = await forged.response()
    assert refused.ephemeral
    assert refused.content == "That button doesn't belong to a round of this server; nothing was changed."
    assert (await click(world, q1, world.members[0], "A")) == "Locked in: A."
    await (await fake.slash(world.general, world.moderator, "quiz stop")).response()
    summary = await fake.wait_for_message(world.general, lambda m: "Round over" in m.text)
    assert f"<@{world.members[0].id}>" in summary.text and f"<@{world.outsider.id}>" not in summary.text
    assert "— **1**" in q1.text and "— **2**" not in q1.text  # the reveal counts one answer in all
    board = await (await fake.slash(world.lounge, world.outsider, "leaderboard")).response()
    assert "Nobody has answered" in board.text
    assert forged.followups == []  # one sentence only (a second answer would also be a violation)


def settings_fields(answer: Response) -> dict[str, str]:
    return {f["name"]: f["value"] for f in answer.embeds[0]["fields"]}


async def test_quiz_settings_shape_the_next_round(world: World, bot: BvunzoBot) -> None:
    fake = world.fake
    world.clock.freeze()
    saved = await (
        await fake.slash(
            world.general,
            world.moderator,
            "quiz settings",
            questions=2,
            seconds=15,
            mode="speed",
            role=world.quizmasters,
        )
    ).response()
    assert saved.ephemeral and saved.embeds[0]["title"] == "Quiz settings saved"
    assert settings_fields(saved) == {
        "Quiz-master role": f"<@&{world.quizmasters.id}>",
        "Questions": "2",
        "Seconds": "15",
        "Mode": "speed",
        "Pause": "5 s",
        "Podium": "3 places",
        "Standings": "in the summary",
        "Streak bonus": "off",
        "Reading time": "0 s",
        "Timer": "on",
        "Long prompts": "no extra time",
        "Tags": "any",
        "Difficulty": "any",
        "Thread": "off",
        "Teams": "off",
        "Hints": "on",
        "Card style": "cards",
    }
    # A round started with no options takes them: 2 questions, 15 s each, speed points.
    said = await start(world, world.general, world.quizmaster)
    assert said.startswith("Starting a round of 2 questions")
    intro = await fake.wait_for_message(world.general, lambda m: "Quiz: Gradient Checkpointing" in m.text)
    assert "2 questions, 15 s each — faster right answers earn more (50–100 points)." in intro.text
    q1 = await open_question(world, world.general, 1)
    closes = int((world.clock() + timedelta(seconds=15)).timestamp())
    assert f"Closes <t:{closes}:R>." in q1.text
    await (await fake.slash(world.general, world.moderator, "quiz stop")).response()
    await fake.wait_for_message(world.general, lambda m: "Round over" in m.text)
    # Unchanged settings say so; clear_role takes the quiz masters' right to start rounds away.
    same = await (await fake.slash(world.general, world.moderator, "quiz settings", questions=2)).response()
    assert same.embeds[0]["title"] == "Quiz settings"
    cleared = await (
        await fake.slash(world.general, world.moderator, "quiz settings", clear_role=True)
    ).response()
    assert settings_fields(cleared)["Quiz-master role"] == "none (Manage Server only)"
    refused = await (
        await fake.slash(world.general, world.quizmaster, "quiz start", deck="gradient-checkpointing")
    ).response()
    assert refused.ephemeral and refused.content.startswith("Only members with Manage Server")
