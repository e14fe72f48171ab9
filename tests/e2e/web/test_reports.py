"""A round's report, its results files, and escaped text, in a real browser."""

from __future__ import annotations

import csv
import io
import json
from typing import Any

from tests.e2e.conftest import ON_BOTH_DATABASES
from tests.e2e.web.conftest import Dashboard
from tests.e2e.web.seed import HOSTILE_CHOICE, HOSTILE_PROMPT, hostile_deck, played_round


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
    summary = page.get_by_role("table").first
    rows = [await r.inner_text() for r in await summary.get_by_role("row").all()]
    assert rows[1].split("\t") == ["1", HOSTILE_PROMPT, "1/3 (33%)", f"{HOSTILE_CHOICE} (2)"]
    assert rows[2].split("\t") == ["2", "What is the powerhouse of the cell?", "1/2 (50%)", "Ribosome (1)"]
    assert rows[3].split("\t") == ["3", "Name the green pigment of plants.", "1/2 (50%)", "carotene (1)"]
    first = page.get_by_role("region", name=f"1. {HOSTILE_PROMPT}")
    answers = [await r.inner_text() for r in await first.get_by_role("row").all()]
    assert answers[1:] == [
        "Alice\t<script>\tright\t100\t2.5",
        f"Bongani\t{HOSTILE_CHOICE}\twrong\t0\t2.5",
        f"Chipo\t{HOSTILE_CHOICE}\twrong\t0\t2.5",
    ]
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
    assert (
        document["round"] == round_id and document["deck_id"] == "cells" and document["status"] == "finished"
    )
    assert document["answers"][4] == {
        "round": round_id,
        "question": 2,
        "question_id": "c2",
        "prompt": "What is the powerhouse of the cell?",
        "member_id": str(dashboard.world.members[1].id),
        "member": "Bongani",
        "answer": "Ribosome",
        "right": False,
        "points": 0,
        "seconds": 2.5,
        "answered_at": "2026-11-30T18:00:33+00:00",
        "hints": 0,
    }
