"""A round's report, its results files, and escaped text, in a real browser."""

from __future__ import annotations

import csv
import dataclasses
import io
import json
from datetime import timedelta
from typing import Any

from bot.store import Answer, MemberFace, NewRound
from tests.e2e.conftest import ON_BOTH_DATABASES
from tests.e2e.web.conftest import Dashboard
from tests.e2e.web.seed import HOSTILE_CHOICE, HOSTILE_PROMPT, T0, hostile_deck, played_round


async def seeded_round(dashboard: Dashboard) -> int:
    world = dashboard.world
    players = [m.id for m in world.members[:3]]
    await hostile_deck(dashboard.store, world.study.id, world.moderator.id)
    record = await played_round(
        dashboard.store, world.study.id, world.general.id, world.moderator.id, players
    )
    return record.id


@ON_BOTH_DATABASES
async def test_a_rounds_report_shows_each_question_and_who_answered_what(
    dashboard: Dashboard, browser: Any
) -> None:
    round_id = await seeded_round(dashboard)
    page = await dashboard.signed_in(
        browser, dashboard.world.moderator, then=f"/servers/{dashboard.world.study.id}/rounds"
    )
    await page.get_by_role("link", name=f"Round {round_id}").click()
    await page.wait_for_url(dashboard.server_url(f"rounds/{round_id}"))
    summary = page.get_by_role("table", name="Per question: how many got it right")
    rows = [await r.inner_text() for r in await summary.get_by_role("row").all()]
    assert rows[1].split("\t") == ["1", HOSTILE_PROMPT, "1/3 (33%)", f"{HOSTILE_CHOICE} (2)"]
    assert rows[2].split("\t") == ["2", "What is the powerhouse of the cell?", "1/2 (50%)", "Ribosome (1)"]
    assert rows[3].split("\t") == ["3", "Name the green pigment of plants.", "1/2 (50%)", "carotene (1)"]
    first = page.locator("section", has=page.get_by_role("heading", name=f"1. {HOSTILE_PROMPT}"))
    answers = [await r.inner_text() for r in await first.locator(".table-box").get_by_role("row").all()]
    assert answers[1:] == [
        "Alice\t<script>\tright\t100\t2.5",
        f"Bongani\t{HOSTILE_CHOICE}\twrong\t0\t2.5",
        f"Chipo\t{HOSTILE_CHOICE}\twrong\t0\t2.5",
    ]
    # The ranking: Alice 3 right; Bongani and Chipo none, sharing second place (Chipo finished first).
    ranking = page.get_by_role("table", name="Each player's rank")
    lines = [await r.inner_text() for r in await ranking.get_by_role("row").all()]
    assert lines[1:] == ["1\tAlice\t300\t3/3\t2.5", "2\tChipo\t0\t0/3\t2.5", "2\tBongani\t0\t0/3\t2.5"]
    assert (
        "3 questions asked · 7 answers · accuracy 43% (3 right)"
        in await page.locator("p.totals").inner_text()
    )
    # Question 2's bars in words, for a screen reader; Chipo joined the round and did not answer it.
    spread = page.get_by_role("table", name="Answers to question 2")
    counts = [await r.text_content() for r in await spread.get_by_role("row").all()]
    assert counts[1:] == ["Mitochondria (right)1", "Nucleus0", "Ribosome1", "Golgi body0", "did not answer1"]
    second = page.locator("section", has=page.get_by_role("heading", name="2. What is the powerhouse"))
    answers = [await r.inner_text() for r in await second.locator(".table-box").get_by_role("row").all()]
    assert answers[-1] == "Chipo\tdid not answer\t—\t0\t—"
    # Shown as text, never run or drawn: no script element and no image came from the deck's words.
    assert await page.locator("main script").count() == 0
    assert await page.locator("main img").count() == 0
    dialogs: list[str] = []

    def alerted(dialog: Any) -> None:
        dialogs.append(dialog.message)

    page.on("dialog", alerted)
    try:
        await page.reload()
    finally:
        page.remove_listener("dialog", alerted)  # the page is handed on to the next test
    assert dialogs == []


async def test_members_show_with_their_avatar_or_their_initial_in_the_ranking_and_the_board(
    dashboard: Dashboard, browser: Any
) -> None:
    world = dashboard.world
    alice = world.members[0]
    alice.user.avatar = "a_0123456789abcdef0123456789abcdef"  # animated; the others have Discord's default
    avatar_url = f"https://cdn.discordapp.com/avatars/{alice.id}/{alice.user.avatar}.png?size=64"
    round_id = await seeded_round(dashboard)
    page = await dashboard.page(browser)
    asked: list[str] = []

    async def from_the_cdn(route: Any) -> None:  # no network in tests: the CDN answers here
        asked.append(route.request.url)
        await route.fulfill(status=404)

    await page.context.route("https://cdn.discordapp.com/**", from_the_cdn)
    await dashboard.sign_in(page, world.moderator, then=f"/servers/{world.study.id}/rounds/{round_id}")
    for table in ("Each player's rank", None):
        if table is None:  # the board, of all time
            await page.goto(dashboard.server_url("board"))
        rows = page.get_by_role("table", name=table) if table else page.locator(".table-box table")
        alice_row = rows.get_by_role("row").filter(has_text="Alice")
        assert await alice_row.locator("img.avatar").get_attribute("src") == avatar_url
        assert await alice_row.locator("img.avatar").get_attribute("alt") == ""  # her name is beside it
        bongani_row = rows.get_by_role("row").filter(has_text="Bongani")
        assert await bongani_row.locator("img").count() == 0
        assert await bongani_row.locator("span.avatar").get_attribute("data-initial") == "B"
    assert asked == [avatar_url, avatar_url]


async def test_the_board_shows_the_names_the_bot_recorded_and_asks_discord_for_none(
    dashboard: Dashboard, browser: Any
) -> None:
    world = dashboard.world
    alice, bongani, chipo = world.members[:3]
    await seeded_round(dashboard)
    # As their clicks recorded them (renamed since Discord last answered for them), Chipo with an avatar.
    recorded = [
        MemberFace(alice.id, "Alice Banda", None, T0),
        MemberFace(bongani.id, "Bongani M.", None, T0),
        MemberFace(chipo.id, "Chipo", "0123456789abcdef0123456789abcdef", T0),
    ]
    await dashboard.store.save_member_faces(recorded)
    world.fake.faults.fail("GET /users/{user_id}", 500, times=None)  # Discord refuses every name asked
    page = await dashboard.signed_in(browser, world.moderator, then=f"/servers/{world.study.id}/board")
    await page.context.route("https://cdn.discordapp.com/**", lambda route: route.fulfill(status=404))
    table = page.locator(".table-box table")
    await table.wait_for()
    rows = await table.get_by_role("row").all_inner_texts()
    assert rows[1:] == ["1\tAlice Banda\t300\t3\t3", "2\tChipo\t0\t0\t1", "2\tBongani M.\t0\t0\t3"]
    chipo_avatar = table.get_by_role("row").filter(has_text="Chipo").locator("img.avatar")
    assert await chipo_avatar.get_attribute("src") == (
        f"https://cdn.discordapp.com/avatars/{chipo.id}/0123456789abcdef0123456789abcdef.png?size=64"
    )
    assert world.fake.requests_to("GET /users/{user_id}") == []


@ON_BOTH_DATABASES
async def test_a_rounds_results_download_as_csv_and_json(dashboard: Dashboard, browser: Any) -> None:
    round_id = await seeded_round(dashboard)
    page = await dashboard.signed_in(browser, dashboard.world.moderator)
    alice = dashboard.world.members[0]
    answer = await page.context.request.get(dashboard.server_url(f"rounds/{round_id}/results.csv"))
    assert answer.status == 200
    assert answer.headers["content-disposition"] == f'attachment; filename="round-{round_id}-results.csv"'
    body = await answer.body()
    assert body.startswith(b"\xef\xbb\xbf") and body.count(b"\r\n") == 8  # BOM and CRLF, as README says
    rows = list(csv.reader(io.StringIO(body.decode("utf-8-sig"), newline="")))
    # The columns every results CSV has (bot/results/result_rows.py: /quiz results, bvunzo results).
    assert rows[0] == [
        "Round or assignment",
        "Question number",
        "Question id",
        "Question",
        "Member id",
        "Member",
        "Choice letter",
        "Answer",
        "Right",
        "Milliseconds",
        "Points",
        "Answered at",
        "Hints",
    ]
    assert rows[1] == [
        f"round {round_id}",
        "1",
        "c1",
        HOSTILE_PROMPT,
        str(alice.id),
        "Alice",
        "D",  # the round's seed 7 shows c1's choices in the order 3, 2, 1, 0: choice 0 is D
        "<script>",
        "yes",
        "2500",
        "100",
        "2026-11-30T18:00:03+00:00",
        "0",
    ]
    assert [r[7] for r in rows[1:]] == [
        "<script>",
        HOSTILE_CHOICE,
        HOSTILE_CHOICE,
        "Mitochondria",
        "Ribosome",
        "Chlorophyll",
        "carotene",
    ]
    answer = await page.context.request.get(dashboard.server_url(f"rounds/{round_id}/results.json"))
    document = json.loads(await answer.text())
    # The one writer of results files (bot/results/round_files.py), as /quiz results attaches it in Discord.
    assert (document["kind"], document["id"]) == ("round", round_id)
    assert (document["options"]["deck"], document["options"]["status"]) == ("cells", "finished")
    assert document["options"]["questions"] == 3
    assert document["rows"][4] == {
        "source": f"round {round_id}",
        "question_number": 2,
        "question_id": "c2",
        "prompt": "What is the powerhouse of the cell?",
        "member_id": dashboard.world.members[1].id,
        "member_name": "Bongani",
        "choice_letter": rows[5][6],  # as the CSV's row says it: both files come from the one writer
        "answer": "Ribosome",
        "right": False,
        "ms": 2500,
        "points": 0,
        "answered_at": "2026-11-30T18:00:33+00:00",
        "hints": 0,
    }
    assert rows[5][6] in ("A", "B", "C", "D")


@ON_BOTH_DATABASES
async def test_the_results_files_write_times_in_the_servers_zone_as_in_discord(
    dashboard: Dashboard, browser: Any
) -> None:
    round_id = await seeded_round(dashboard)
    settings = await dashboard.store.calendar_settings(dashboard.world.study.id)
    await dashboard.store.save_calendar_settings(dataclasses.replace(settings, timezone="Africa/Harare"))
    page = await dashboard.signed_in(browser, dashboard.world.moderator)
    answer = await page.context.request.get(dashboard.server_url(f"rounds/{round_id}/results.csv"))
    rows = list(csv.reader(io.StringIO((await answer.body()).decode("utf-8-sig"), newline="")))
    assert rows[1][11] == "2026-11-30T20:00:03+02:00"  # 18:00:03 UTC, two hours east in Harare
    answer = await page.context.request.get(dashboard.server_url(f"rounds/{round_id}/results.json"))
    assert json.loads(await answer.text())["rows"][0]["answered_at"] == "2026-11-30T20:00:03+02:00"


@ON_BOTH_DATABASES
async def test_the_rounds_pages_show_and_filter_times_in_the_servers_zone(
    dashboard: Dashboard, browser: Any
) -> None:
    round_id = await seeded_round(dashboard)  # started 18:00 UTC on Monday 30 November
    study = dashboard.world.study
    settings = await dashboard.store.calendar_settings(study.id)
    await dashboard.store.save_calendar_settings(dataclasses.replace(settings, timezone="Pacific/Kiritimati"))
    page = await dashboard.signed_in(browser, dashboard.world.moderator)
    # Fourteen hours east of UTC it started at 08:00 on 1 December: that day finds it, 30 November does not.
    await page.goto(dashboard.server_url("rounds") + "?from=2026-12-01&to=2026-12-01")
    rows = [await r.inner_text() for r in await page.get_by_role("table").get_by_role("row").all()]
    assert rows[0].split("\t")[2] == "Started (Pacific/Kiritimati)"
    assert rows[1].split("\t")[:3] == [
        f"Round {round_id}",
        "Cells & <b>tissues</b>",
        "Dec 1, 2026, 8:00:00\u202fAM",
    ]
    await page.goto(dashboard.server_url("rounds") + "?to=2026-11-30")
    await page.get_by_text("No round of this server matches these filters.").wait_for()
    # The round's own page says the same moment, in the same zone.
    await page.goto(dashboard.server_url(f"rounds/{round_id}"))
    assert (
        "Started Dec 1, 2026, 8:00:00\u202fAM (Pacific/Kiritimati)" in await page.locator("main").inner_text()
    )


async def chipos_later_rounds(dashboard: Dashboard, count: int) -> None:
    """`count` more rounds of the cells deck, five minutes apart, in each of which Chipo answers the first question."""
    world, store = dashboard.world, dashboard.store
    chipo = world.members[2].id
    for n in range(1, count + 1):
        at = T0 + timedelta(minutes=5 * n)
        record = await store.start_round(
            NewRound(
                world.study.id, world.general.id, "cells", world.moderator.id, ("c2",), 20, "standard", 7, at
            )
        )
        given = Answer(world.study.id, record.id, 0, "c2", "cells", chipo, 0, None, True, 900, 100, at)
        await store.record_answer(given)
        await store.finish_round(record.id, "finished", at + timedelta(minutes=1))


@ON_BOTH_DATABASES
async def test_the_rounds_list_filters_by_day_deck_and_member(dashboard: Dashboard, browser: Any) -> None:
    round_id = await seeded_round(dashboard)
    await chipos_later_rounds(dashboard, 25)  # a page of them: the first round is on the next
    page = await dashboard.signed_in(
        browser, dashboard.world.moderator, then=f"/servers/{dashboard.world.study.id}/rounds"
    )
    link = page.get_by_role("link", name=f"Round {round_id}", exact=True)
    await page.get_by_label("From (the server's date)").fill("2026-12-01")  # the day after the round
    await page.get_by_role("button", name="Show").click()
    await page.get_by_text("No round of this server matches these filters.").wait_for()
    assert await link.count() == 0
    await page.get_by_label("From (the server's date)").fill("2026-11-30")
    await page.get_by_label("Member who answered").select_option(label="Chipo")
    await page.get_by_role("button", name="Show").click()
    await page.get_by_role("link", name="Older rounds").click()  # the next page keeps the filters
    await link.wait_for()
    assert "member=" in page.url and "from=2026-11-30" in page.url
    assert await page.get_by_role("table").get_by_role("link").count() == 1
    # A day no calendar has: one sentence on the page, the form kept, never a server error.
    answer = await page.goto(dashboard.server_url("rounds") + "?from=2026-02-30&deck=cells")
    assert answer is not None and answer.status == 400
    alert = await page.get_by_role("alert").inner_text()
    assert alert == "2026-02-30 is not a day: write it as year-month-day, like 2026-12-01."
    assert await page.get_by_label("Deck").input_value() == "cells"


async def test_the_servers_page_shows_the_group_over_the_weeks(dashboard: Dashboard, browser: Any) -> None:
    world = dashboard.world
    world.clock.freeze()
    world.clock.set(T0 + timedelta(days=9))  # Wednesday of the week after the round's (Monday 30 November)
    await seeded_round(dashboard)
    page = await dashboard.signed_in(browser, world.moderator, then=f"/servers/{world.study.id}/")
    table = page.get_by_role("table", name="The server's round answers per week")
    rows = [await r.inner_text() for r in await table.get_by_role("row").all()]
    assert len(rows) == 1 + 8
    # Three members took part (Chipo answered one question); 7 answers, 3 right.
    assert rows[-2].split("\t") == ["November 30, 2026", "3", "7", "43%"]
    assert rows[-1].split("\t") == ["December 7, 2026", "0", "0", "–"]
    chart = await page.locator("figure.chart desc").text_content()
    assert chart is not None and "week of 2026-11-30: 7 answers, 43% right" in chart
