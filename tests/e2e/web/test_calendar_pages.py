"""The calendar's pages in a real browser: the question of the day's days (filtered by date and deck), one
day's answers, assignments and one assignment's members, their results files; a member's trend chart.

The days and assignment are tests/e2e/web/calendar_seed.py's, every figure below counted by hand from it.
"""

from __future__ import annotations

import csv
import io
import json
from datetime import UTC, datetime
from typing import Any

from tests.e2e.conftest import ON_BOTH_DATABASES
from tests.e2e.web.calendar_seed import given_assignment, posted_days
from tests.e2e.web.conftest import Dashboard
from tests.e2e.web.seed import HOSTILE_CHOICE, HOSTILE_PROMPT, hostile_deck, played_round

CELLS = "Cells & <b>tissues</b>"


def table_of(data: bytes) -> list[dict[str, str]]:
    assert data.startswith(b"\xef\xbb\xbf")  # UTF-8 with BOM, as every CSV Bvunzo writes
    return list(csv.DictReader(io.StringIO(data.decode("utf-8-sig"), newline="")))


async def rows_of(page: Any, name: str) -> list[str]:
    """A table's rows as the browser shows them (Babel's narrow spaces in times made plain)."""
    found = await page.get_by_role("table", name=name).get_by_role("row").all_inner_texts()
    return [row.replace("\u202f", " ") for row in found]


async def seeded(dashboard: Dashboard) -> int:
    """The cells deck, Monday's round, the days and the assignment; the assignment's number."""
    world, store = dashboard.world, dashboard.store
    players = [m.id for m in world.members[:3]]
    await hostile_deck(store, world.study.id, world.moderator.id)
    await played_round(store, world.study.id, world.general.id, world.moderator.id, players)
    await posted_days(store, world.study.id, world.general.id, players)
    given = await given_assignment(store, world.study.id, world.general.id, world.moderator.id, players)
    return given.id


@ON_BOTH_DATABASES
async def test_the_question_of_the_days_pages_and_files(dashboard: Dashboard, browser: Any) -> None:
    await seeded(dashboard)
    page = await dashboard.signed_in(
        browser, dashboard.world.moderator, then=f"/servers/{dashboard.world.study.id}/"
    )
    await page.get_by_role("link", name="Question of the day").click()
    await page.wait_for_url(dashboard.server_url("qotd"))
    days = "The days this server's question of the day was posted"
    # Tuesday's day was claimed but never posted: not listed.
    assert (await rows_of(page, days))[1:] == [
        f"November 30, 2026\t{HOSTILE_PROMPT}\t{CELLS}\t2\t1 (50%)",
        f"November 29, 2026\tWhat is the powerhouse of the cell?\t{CELLS}\t1\t1 (100%)",
    ]
    await page.goto(dashboard.server_url("qotd?from=2026-11-30&deck=cells"))
    assert [r.split("\t")[0] for r in (await rows_of(page, days))[1:]] == ["November 30, 2026"]
    await page.goto(dashboard.server_url("qotd?to=2026-11-28"))
    assert "No question of the day of this server matches these filters." in await page.inner_text("main")
    refused = await page.goto(dashboard.server_url("qotd?from=2026-12-05&to=2026-12-01"))
    assert refused.status == 400
    assert "The first day comes after the last day" in await page.inner_text("main")

    await page.goto(dashboard.server_url("qotd"))
    await page.get_by_role("link", name="November 30, 2026").click()
    await page.wait_for_url(dashboard.server_url("qotd/2026-11-30"))
    assert "2 members answered, 1 right" in await page.inner_text("main")
    answered = (await rows_of(page, "Each member's answer and points"))[1:]
    # Bongani answered at 09:01 UTC, Alice at 09:05: 11:01 and 11:05 in Harare, the server's zone.
    assert [r.split("\t")[0] for r in answered] == ["Bongani", "Alice"]
    assert answered[0].split("\t")[1].endswith(f": {HOSTILE_CHOICE}")
    assert answered[0].split("\t")[2:] == ["no", "0", "Nov 30, 2026, 11:01:00 AM"]
    assert answered[1].split("\t")[1].endswith(": <script>")
    assert answered[1].split("\t")[2:] == ["yes", "100", "Nov 30, 2026, 11:05:00 AM"]
    assert (await page.goto(dashboard.server_url("qotd/2026-12-01"))).status == 404  # never posted
    other = dashboard.server_url("qotd/2026-11-30", guild_id=dashboard.world.other.id)
    assert (await page.goto(other)).status == 403  # not this moderator's server

    request = page.context.request
    answer = await request.get(dashboard.server_url("qotd/results.csv?from=2026-11-30&to=2026-11-30"))
    assert answer.headers["content-disposition"] == 'attachment; filename="question-of-the-day-results.csv"'
    table = table_of(await answer.body())
    assert [(r["Round or assignment"], r["Member"], r["Right"], r["Points"]) for r in table] == [
        ("question of the day 2026-11-30", "Bongani", "no", "0"),
        ("question of the day 2026-11-30", "Alice", "yes", "100"),
    ]
    # Posted at 08:00 UTC: Bongani answered 61 minutes later.
    assert (table[0]["Milliseconds"], table[0]["Answered at"]) == ("3660000", "2026-11-30T11:01:00+02:00")
    assert table[1]["Question"] == HOSTILE_PROMPT
    document = json.loads(await (await request.get(dashboard.server_url("qotd/results.json"))).body())
    assert document["kind"] == "qotd" and document["options"]["days"] == ["2026-11-29", "2026-11-30"]
    assert [(r["source"], r["member_name"]) for r in document["rows"]] == [
        ("day 2026-11-29", "Alice"),
        ("day 2026-11-30", "Bongani"),
        ("day 2026-11-30", "Alice"),
    ]


@ON_BOTH_DATABASES
async def test_the_assignments_pages_and_files(dashboard: Dashboard, browser: Any) -> None:
    number = await seeded(dashboard)
    page = await dashboard.signed_in(
        browser, dashboard.world.moderator, then=f"/servers/{dashboard.world.study.id}/"
    )
    await page.get_by_role("link", name="Assignments").click()
    await page.wait_for_url(dashboard.server_url("assignments"))
    # Opened 16:00 UTC on 30 November, due 18:00 UTC on 1 December: 18:00 and 20:00 in Harare. Alice
    # finished (200 points), Bongani started (0 so far), Chipo played the round but did not start:
    # the average of Alice's and Bongani's in-time attempts is 100.
    listed = await rows_of(page, "This server's assignments, newest first")
    assert listed[1:] == [
        f"Assignment {number}\t{CELLS}\tNov 30, 2026, 6:00:00 PM\tDec 1, 2026, 8:00:00 PM\t1\t1\t1\t100"
    ]
    await page.get_by_role("link", name=f"Assignment {number}").click()
    await page.wait_for_url(dashboard.server_url(f"assignments/{number}"))
    text = await page.inner_text("main")
    assert "1 finished in time · 0 finished late · 1 started · 1 did not start · average 100 points" in text
    members = await rows_of(page, "Each member who started")
    assert members[1:] == [
        "Alice\tfinished in time\t2/2\t200\t1/2\tNov 30, 2026, 8:00:00 PM",
        "Bongani\tstarted: 1 of 2 answered\t0/2\t0\t1/2\tNov 30, 2026, 8:03:00 PM",
    ]
    missing = page.get_by_role("list", name="Did not start").get_by_role("listitem")
    assert await missing.all_inner_texts() == ["Chipo"]
    world = dashboard.world
    theirs = await given_assignment(
        dashboard.store, world.other.id, world.general.id, world.moderator.id, [1, 2]
    )
    assert (await page.goto(dashboard.server_url(f"assignments/{theirs.id}"))).status == 404  # another's
    assert (await page.goto(dashboard.server_url(f"assignments/{theirs.id}/results.csv"))).status == 404

    request = page.context.request
    table = table_of(
        await (await request.get(dashboard.server_url(f"assignments/{number}/results.csv"))).body()
    )
    assert [(r["Question number"], r["Member"], r["Right"], r["Points"]) for r in table] == [
        ("1", "Alice", "yes", "100"),
        ("1", "Bongani", "no", "0"),
        ("2", "Alice", "yes", "100"),
    ]
    assert table[0]["Answered at"] == "2026-11-30T20:01:00+02:00"
    document = json.loads(
        await (await request.get(dashboard.server_url(f"assignments/{number}/results.json"))).body()
    )
    assert document["options"]["due_at"] == "2026-12-01T20:00:00+02:00"
    assert [(m["right"], m["finished"]) for m in document["options"]["members"]] == [
        (2, "2026-11-30T20:02:00+02:00"),
        (0, None),
    ]
    # 51 more players (17 rounds of 3): 52 did not start; the page names 50 and counts the other 2.
    for n in range(17):
        ids = [900_000 + 3 * n + k for k in range(3)]
        await played_round(dashboard.store, world.study.id, world.general.id, world.moderator.id, ids)
    await page.goto(dashboard.server_url(f"assignments/{number}"))
    assert await missing.count() == 50
    assert "And 2 other members." in await page.inner_text("main")


@ON_BOTH_DATABASES
async def test_a_members_trend_is_a_chart_with_a_table(dashboard: Dashboard, browser: Any) -> None:
    world = dashboard.world
    world.clock.set(datetime(2026, 12, 1, 12, 0, tzinfo=UTC))  # the Tuesday after the round
    await seeded(dashboard)
    page = await dashboard.signed_in(browser, world.members[1], then="/me")
    # Bongani answered Monday's round's 3 questions, all wrong; the 7 weeks before had no answers.
    trend = await rows_of(page, "Your accuracy per week in every server together")
    assert trend[1:] == [
        "October 12, 2026\t0\t–",
        "October 19, 2026\t0\t–",
        "October 26, 2026\t0\t–",
        "November 2, 2026\t0\t–",
        "November 9, 2026\t0\t–",
        "November 16, 2026\t0\t–",
        "November 23, 2026\t0\t–",
        "November 30, 2026\t3\t0%",
    ]
    chart = page.get_by_role("img", name="Accuracy over the weeks")
    assert await chart.count() == 1
    words = await page.locator("figure.chart", has=chart).locator("details p").text_content() or ""
    assert words.endswith("week of 2026-11-23: no answers; week of 2026-11-30: 0% right.")
