"""An assignment's score is the best attempt made in time; a better late attempt is shown beside it, never instead."""

from __future__ import annotations

import csv
import io
import json

from tests.e2e.conftest import ON_BOTH_DATABASES, World
from tests.e2e.test_calendar_assign import choose, press_start
from tests.e2e.test_calendar_schedules import say, utc


@ON_BOTH_DATABASES
async def test_an_on_time_partial_then_a_late_full_attempt_shows_both(world: World, database: str) -> None:
    fake = world.fake
    alice, bongani = world.members[:2]
    world.clock.freeze()
    world.clock.set(utc(2027, 5, 3, 7, 0))
    async with world.running():
        await say(
            world,
            "assign start",
            deck="gradient-checkpointing",
            count=2,
            due="2027-05-03 08:00",
            attempts=2,
            late="allow",
        )
        posted = await fake.wait_for_message(world.general, lambda m: "Assignment #1" in m.text)
        private = await press_start(world, posted, alice)
        await choose(world, private, alice, right=True)
        assert "Assignment #1: 1/2 right" in await choose(world, private, alice, right=False)
        bongani_private = await press_start(world, posted, bongani)  # Bongani only plays late
        world.clock.set(utc(2027, 5, 3, 9, 0))
        await choose(world, bongani_private, bongani, right=True)
        await choose(world, bongani_private, bongani, right=True)
        private = await press_start(world, posted, alice)
        await choose(world, private, alice, right=True)
        done = await choose(world, private, alice, right=True)
        assert "Assignment #1: 2/2 right" in done and "marked late" in done

        asked = await fake.slash(world.general, world.moderator, "assign results", id=1)
        report = await asked.wait_followup(lambda m: bool(m.attachments), timeout=10)
        lines = report.text.splitlines()
        mine = next(line for line in lines if f"<@{alice.id}>" in line)
        assert mine.startswith(f"<@{alice.id}> — **1**/2 (1/2 answered) · 2 attempts · ")
        assert mine.endswith(" · finished · late: best 2/2 (2/2 answered)")
        theirs = next(line for line in lines if f"<@{bongani.id}>" in line)
        assert theirs.startswith(f"<@{bongani.id}> — **0**/2 (0/0 answered) · 1 attempt · ")
        assert theirs.endswith(" · late: best 2/2 (2/2 answered)")
        assert lines.index(mine) < lines.index(theirs)  # the on-time score ranks first
        document = json.loads({a.filename: a.data for a in report.attachments}["assignment-1.json"])
        members = {m["user_id"]: m for m in document["options"]["members"]}
        assert (members[alice.id]["right"], members[alice.id]["late_right"]) == (1, 2)
        assert (
            members[bongani.id]["right"],
            members[bongani.id]["late_right"],
            members[bongani.id]["late"],
        ) == (
            0,
            2,
            True,
        )


@ON_BOTH_DATABASES
async def test_files_questions_progress_and_the_members_own_view_keep_in_time_apart(
    world: World, database: str
) -> None:
    fake = world.fake
    alice, bongani, chipo = world.members[:3]
    world.clock.freeze()
    world.clock.set(utc(2027, 5, 3, 7, 0))
    async with world.running():
        await say(
            world,
            "assign start",
            deck="gradient-checkpointing",
            count=2,
            due="2027-05-03 08:00",
            attempts=2,
            late="allow",
        )
        posted = await fake.wait_for_message(world.general, lambda m: "Assignment #1" in m.text)
        private = await press_start(world, posted, alice)
        await choose(world, private, alice, right=True)
        first = await choose(world, private, alice, right=False)
        assert "Your score, your best attempt in time: 1/2." in first and "late attempt" not in first
        private = await press_start(world, posted, chipo)  # Chipo: 2/2 in time, then a worse late 0/2
        await choose(world, private, chipo, right=True)
        await choose(world, private, chipo, right=True)
        bongani_private = await press_start(world, posted, bongani)  # Bongani only finishes late
        world.clock.set(utc(2027, 5, 3, 9, 0))
        await choose(world, bongani_private, bongani, right=True)
        late_only = await choose(world, bongani_private, bongani, right=True)
        assert "Nothing was done in time; your best late attempt: 2/2." in late_only
        private = await press_start(world, posted, alice)
        await choose(world, private, alice, right=True)
        both = await choose(world, private, alice, right=True)
        assert "Your score, your best attempt in time: 1/2. Your best late attempt: 2/2." in both
        private = await press_start(world, posted, chipo)
        await choose(world, private, chipo, right=False)
        worse = await choose(world, private, chipo, right=False)
        assert "Your score, your best attempt in time: 2/2." in worse and "late attempt" not in worse

        listed = await say(world, "assign list")
        assert "2 of 3 who started have finished" in listed  # Alice and Chipo in time; Bongani apart
        assert "1 more finished only after the due time." in listed

        asked = await fake.slash(world.general, world.moderator, "assign results", id=1)
        report = await asked.wait_followup(lambda m: bool(m.attachments), timeout=10)
        per_question = [line for line in report.text.splitlines() if line.startswith(("**1.**", "**2.**"))]
        assert [line.split(" — ")[-1].split(" (")[0] for line in per_question] == ["2/2", "1/2"]
        files = {a.filename: a.data for a in report.attachments}
        table = list(csv.DictReader(io.StringIO(files["assignment-1.csv"].decode("utf-8-sig"), newline="")))
        assert [
            (r["Round or assignment"], r["Member id"], r["Question number"], r["Right"]) for r in table
        ] == [
            ("assignment 1", str(alice.id), "1", "yes"),
            ("assignment 1, late", str(alice.id), "1", "yes"),
            ("assignment 1, late", str(bongani.id), "1", "yes"),
            ("assignment 1", str(chipo.id), "1", "yes"),
            ("assignment 1, late", str(chipo.id), "1", "no"),
            ("assignment 1", str(alice.id), "2", "no"),
            ("assignment 1, late", str(alice.id), "2", "yes"),
            ("assignment 1, late", str(bongani.id), "2", "yes"),
            ("assignment 1", str(chipo.id), "2", "yes"),
            ("assignment 1, late", str(chipo.id), "2", "no"),
        ]
        document = json.loads(files["assignment-1.json"])
        assert [r["source"] for r in document["rows"]][:3] == [
            "assignment 1",
            "assignment 1 late",
            "assignment 1 late",
        ]
