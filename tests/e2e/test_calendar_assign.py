"""Assignments end to end: played privately, an attempt across a restart, the due time, results files."""

from __future__ import annotations

import csv
import io
import json
from datetime import timedelta

from bot.calendar.assignment_service import PROGRESS_EVERY_SECONDS
from tests.e2e.conftest import ON_BOTH_DATABASES, World
from tests.e2e.fake_discord import FakeMessage, Member
from tests.e2e.harness import HANG_GUARD, wait_until
from tests.e2e.rounds import DECKS, question_of, right_letter, wrong_letter
from tests.e2e.test_calendar_schedules import say, set_zone, stamp, utc

DECK = DECKS["gradient-checkpointing"]
UPDATE = 7


async def press_start(world: World, message: FakeMessage, member: Member) -> FakeMessage:
    answer = await (await world.fake.click(message, member, label="Start")).response()
    assert answer.ephemeral and answer.message is not None, answer.text
    return answer.message


async def choose(world: World, private: FakeMessage, member: Member, *, right: bool) -> str:
    letter = right_letter(private, DECK) if right else wrong_letter(private, DECK)
    question = question_of(private, DECK)
    said = await (await world.fake.click(private, member, label=letter)).response()
    assert said.ephemeral
    if said.type == UPDATE:
        assert question.explanation[:40] in said.text  # the explanation after each answer
    return said.text


# The progress line is edited 3 s (Discord's edit limit) after the answers that change it: real seconds,
# or the bot's clock moved that far, as progress_due does. The wait is the harness's bound for a hang.
PROGRESS_WAIT = HANG_GUARD


def progress_due(world: World) -> None:
    """Move the hand clock past the progress edit's wait, which ends it now instead of in 3 real seconds."""
    world.clock.advance(PROGRESS_EVERY_SECONDS)


@ON_BOTH_DATABASES
async def test_an_assignment_played_to_its_due_date_across_a_restart(world: World, database: str) -> None:
    fake = world.fake
    alice, bongani, chipo = world.members[:3]
    # Names a spreadsheet would run as formulas: the file writes them as text (a leading ').
    alice.nick, bongani.nick = "@Alice", "=Bongani"
    world.clock.freeze()
    world.clock.set(utc(2027, 5, 3, 7, 0))  # 09:00 in Harare
    async with world.running():
        await set_zone(world, "Africa/Harare")
        said = await say(
            world,
            "assign start",
            deck="gradient-checkpointing",
            count=3,
            due="18:00",
            attempts=2,
            late="refuse",
        )
        assert (
            said
            == f"Assignment #1 posted: 3 questions, due {stamp(utc(2027, 5, 3, 16, 0))} ({stamp(utc(2027, 5, 3, 16, 0), 'R')})."
        )
        posted = await fake.wait_for_message(world.general, lambda m: "Assignment #1" in m.text)
        assert "0 of 0 who started have finished" in posted.text
        assert [b["label"] for b in posted.buttons()] == ["Start"]

        private = await press_start(world, posted, alice)
        assert "question 1 of 3" in private.text
        first = question_of(private, DECK)
        assert "Right" in await choose(world, private, alice, right=True)
        assert "question 2 of 3" in private.text
        assert "Not quite" in await choose(world, private, alice, right=False)
        assert "question 3 of 3" in private.text
        progress_due(world)
        await fake.wait_for_message(
            world.general,
            lambda m: m.id == posted.id and "0 of 1 who started" in m.text,
            timeout=PROGRESS_WAIT,
        )

    # The attempt left unfinished survives a restart: Start goes on at its third question.
    async with world.running() as bot:
        private = await press_start(world, posted, alice)
        assert "question 3 of 3" in private.text
        done = await choose(world, private, alice, right=True)
        assert "Assignment #1: 2/3 right" in done and "Attempt 1 of 2 is in" in done
        progress_due(world)
        await fake.wait_for_message(
            world.general,
            lambda m: m.id == posted.id and "1 of 1 who started have finished" in m.text,
            timeout=PROGRESS_WAIT,
        )

        mine = await press_start(world, posted, bongani)
        assert "question 1 of 3" in mine.text
        # Bongani sees the same questions as Alice, in his own order of their choices.
        assert question_of(mine, DECK).id == first.id
        await choose(world, mine, bongani, right=False)

        # Past the due time, with late:refuse, a Start or an answer gets one sentence and nothing is stored.
        world.clock.set(utc(2027, 5, 3, 16, 0))
        refused = await (await fake.click(mine, bongani, label="A")).response()
        assert refused.content == (
            f"This assignment was due {stamp(utc(2027, 5, 3, 16, 0))}; it takes no more answers, and nothing was recorded."
        )
        late_start = await (await fake.click(posted, chipo, label="Start")).response()
        assert late_start.content == refused.content
        attempts = await bot.store.assignment_attempts(1)
        assert sorted(a.user_id for a in attempts) == sorted([alice.id, bongani.id])
        bongani_attempt = next(a for a in attempts if a.user_id == bongani.id)
        assert len(await bot.store.attempt_answers(bongani_attempt.id)) == 1

        listed = await say(world, "assign list")
        assert "**#1** “Gradient Checkpointing”" in listed and "1 of 2 who started have finished" in listed
        assert "Only members with Manage Server" in await say(world, "assign results", alice, id=1)

        asked = await fake.slash(world.general, world.moderator, "assign results", id=1)
        report = await asked.wait_followup(lambda m: bool(m.attachments), timeout=10)
        assert f"<@{alice.id}> — **2**/3 (2/3 answered) · 1 attempt" in report.text
        assert (
            f"<@{bongani.id}> — **0**/3 (0/1 answered) · 1 attempt" in report.text
            and "unfinished" in report.text
        )
        files = {a.filename: a.data for a in report.attachments}
        assert set(files) == {"assignment-1.csv", "assignment-1.json"}
        sheet = files["assignment-1.csv"]
        assert sheet.startswith(b"\xef\xbb\xbf")
        table = list(csv.DictReader(io.StringIO(sheet.decode("utf-8-sig"), newline="")))
        assert [(r["Member"], r["Question number"], r["Right"]) for r in table] == [
            ("'@Alice", "1", "yes"),
            ("'=Bongani", "1", "no"),
            ("'@Alice", "2", "no"),
            ("'@Alice", "3", "yes"),
        ]
        assert table[0]["Question"] == first.prompt and table[0]["Answered at"].endswith("+02:00")
        assert table[0]["Answer"] in {first.choices[i] for i in first.answers}
        assert table[0]["Choice letter"] in "ABCD" and table[0]["Member id"] == str(alice.id)
        document = json.loads(files["assignment-1.json"])
        assert document["kind"] == "assignment" and document["options"]["late"] == "refuse"
        assert len(document["rows"]) == 4 and document["options"]["due_at"] == "2027-05-03T18:00:00+02:00"

        assert (await say(world, "assign close", id=1)).startswith("Assignment #1 is closed")
        assert "no open assignment #1" in await say(world, "assign close", id=1)
        await wait_until(lambda: "closed." in posted.text, timeout=10, what="the message to say closed")


async def test_late_answers_are_marked_late_when_allowed(world: World) -> None:
    fake = world.fake
    alice = world.members[0]
    world.clock.freeze()
    world.clock.set(utc(2027, 5, 3, 7, 0))
    async with world.running():
        await say(
            world,
            "assign start",
            deck="gradient-checkpointing",
            count=1,
            due="2027-05-03 08:00",
            late="allow",
        )
        posted = await fake.wait_for_message(world.general, lambda m: "Assignment #1" in m.text)
        world.clock.set(utc(2027, 5, 3, 9, 0))
        private = await press_start(world, posted, alice)
        done = await choose(world, private, alice, right=True)
        assert "Finished after the due time: marked late." in done
        again = await (await fake.click(posted, alice, label="Start")).response()
        assert again.content == "You have used your 1 attempt; your best one counts."
        assert "is not a due time" in await say(
            world, "assign start", deck="gradient-checkpointing", count=1, due="soon"
        )
        assert "has passed" in await say(
            world, "assign start", deck="gradient-checkpointing", count=1, due="08:00"
        )
        asked = await fake.slash(world.general, world.moderator, "assign results", id=1)
        report = await asked.wait_followup(lambda m: bool(m.attachments), timeout=10)
        assert " · late" in report.text


async def test_assignment_answers_are_reviews_at_the_members_own_retention(world: World) -> None:
    fake = world.fake
    alice = world.members[0]
    world.clock.freeze()
    now = utc(2027, 5, 3, 7, 0)
    world.clock.set(now)
    async with world.running() as bot:
        await bot.store.set_member_retention(alice.id, 0.70)  # as /preferences sets it
        await say(world, "assign start", deck="gradient-checkpointing", count=2, due="2027-05-04 18:00")
        posted = await fake.wait_for_message(world.general, lambda m: "Assignment #1" in m.text)
        private = await press_start(world, posted, alice)
        right = question_of(private, DECK)
        await choose(world, private, alice, right=True)
        wrong = question_of(private, DECK)
        await choose(world, private, alice, right=False)
        memories = await bot.store.memories(alice.id, DECK.id)
    # fsrs's first Good at a retention of 0.70 is due in 21 days (2 at the default); Again in ten minutes.
    assert {q: (m.due - now, m.reviews, m.lapses) for q, m in memories.items()} == {
        right.id: (timedelta(days=21), 1, 0),
        wrong.id: (timedelta(minutes=10), 1, 1),
    }
