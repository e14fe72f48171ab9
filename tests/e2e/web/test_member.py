"""A member's own page in a real browser: their servers' points and badges, their decks, leeches and mistakes
files."""

from __future__ import annotations

import csv
import io
from datetime import UTC, datetime, timedelta
from typing import Any

from bot.quiz.practice import review
from bot.store import EarnedAchievement, Memory, PracticeAnswer
from tests.e2e.conftest import ON_BOTH_DATABASES
from tests.e2e.web.conftest import Dashboard
from tests.e2e.web.seed import HOSTILE_PROMPT, hostile_deck, played_round


@ON_BOTH_DATABASES
async def test_a_members_page_shows_points_decks_leeches_and_their_mistakes(
    dashboard: Dashboard, browser: Any
) -> None:
    world, store = dashboard.world, dashboard.store
    alice = world.members[0]
    world.clock.set(datetime(2026, 12, 1, 12, 0, tzinfo=UTC))  # the Tuesday after the round
    await hostile_deck(store, world.study.id, world.moderator.id)
    await played_round(
        store, world.study.id, world.general.id, world.moderator.id, [m.id for m in world.members[:3]]
    )
    start = world.clock() - timedelta(hours=1)
    state = None
    for n in range(5):  # c1 failed five times: a leech
        state = review(state, False, start + timedelta(minutes=n), question_key="cells/c1")
        await store.record_practice(
            PracticeAnswer(alice.id, world.study.id, "cells", "c1", False, start + timedelta(minutes=n)),
            Memory.from_state(alice.id, "cells", "c1", state),
        )
    right = review(None, True, start, question_key="cells/c2")
    await store.record_practice(
        PracticeAnswer(alice.id, world.study.id, "cells", "c2", True, start),
        Memory.from_state(alice.id, "cells", "c2", right),
    )
    await store.keep_achievements([EarnedAchievement(world.study.id, alice.id, "first_round", start, None)])

    page = await dashboard.signed_in(browser, alice, then="/me")
    assert await page.title() == "My page · Bvunzo"  # the tab shows the page's name, not its markup
    tables = page.get_by_role("table")
    points = await tables.nth(0).get_by_role("row").all_inner_texts()
    assert points[1:] == ["Study A\t300\t3/3\t1\t3\t300"]  # 3 right answers in Monday's round, this week
    weeks = page.get_by_role("table", name="Your round answers per server and week")
    # Monday 30 November's round: Alice's 3 answers, all right, 300 points (the only week she answered).
    assert (await weeks.get_by_role("row").all_inner_texts())[1:] == [
        "November 30, 2026\tStudy A\t3\t100%\t300"
    ]
    decks = (
        await page.get_by_role("table", name="A question counts as learned")
        .get_by_role("row")
        .all_inner_texts()
    )
    (cells,) = [row for row in decks if row.startswith("Cells & <b>tissues</b>")]
    assert cells.split("\t")[1].startswith("0/3") or cells.split("\t")[1].startswith("1/3")
    assert cells.split("\t")[3] == "2"  # met two of its three questions
    leeches = await page.get_by_role("region", name="Leeches").get_by_role("row").all_inner_texts()
    assert leeches[1:] == [f"{HOSTILE_PROMPT}\tCells & <b>tissues</b>\t5/5"]
    badges = page.get_by_role("heading", name="Study A").locator("+ ul").get_by_role("listitem")
    assert await badges.all_inner_texts() == ["🏅 First round: Played a first round."]  # named and explained

    answer = await page.context.request.get(dashboard.url + f"/me/mistakes/cells.csv?server={world.study.id}")
    assert answer.status == 200
    assert answer.headers["content-disposition"] == 'attachment; filename="cells-mistakes.csv"'
    body = await answer.body()
    assert body.startswith(b"\xef\xbb\xbf")  # UTF-8 with BOM, as every CSV Bvunzo writes
    rows = list(csv.reader(io.StringIO(body.decode("utf-8-sig"), newline="")))
    assert rows[0][-2:] == ["missed", "answered"]
    assert [(r[rows[0].index("question")], r[-2], r[-1]) for r in rows[1:]] == [(HOSTILE_PROMPT, "5", "5")]
    yaml = await page.context.request.get(dashboard.url + f"/me/mistakes/cells.yaml?server={world.study.id}")
    assert "id: cells-mistakes" in await yaml.text()

    # Another server's deck, or a server the member is not in, is not theirs to download.
    assert (
        await page.context.request.get(dashboard.url + f"/me/mistakes/cells.csv?server={world.other.id}")
    ).status == 403
    assert (await page.context.request.get(dashboard.url + "/me/mistakes/cells.csv")).status == 404
