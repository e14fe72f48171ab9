"""The dashboard's CSV downloads in a real browser: no cell a spreadsheet would run as a formula."""

from __future__ import annotations

import csv
import io
from datetime import UTC, datetime, timedelta
from typing import Any

from bot.quiz.practice import review
from bot.store import Answer, GuildDeckRecord, Memory, NewRound, PracticeAnswer
from tests.e2e.web.conftest import Dashboard
from tests.e2e.web.seed import T0

FORMULA_DECK = """\
id: sums
title: Sums
questions:
  - id: s1
    prompt: "=SUM(A1:A9)"
    choices: ["@me", "-x", "+1", "plain"]
    answer: 0
  - id: s2
    type: text
    prompt: "-3 is the answer to what?"
    answers: ["2 - 5"]
"""


async def formula_deck(dashboard: Dashboard) -> None:
    world, store = dashboard.world, dashboard.store
    await store.save_guild_deck(
        GuildDeckRecord(world.study.id, "sums", "sums.yaml", FORMULA_DECK, world.moderator.id, T0)
    )
    await store.bump_deck_version(world.study.id)


def table(body: bytes) -> list[list[str]]:
    assert body.startswith(b"\xef\xbb\xbf")
    return list(csv.reader(io.StringIO(body.decode("utf-8-sig"), newline="")))


async def test_round_results_write_formulas_as_text(dashboard: Dashboard, browser: Any) -> None:
    world, store = dashboard.world, dashboard.store
    await formula_deck(dashboard)
    alice, bongani = world.members[:2]
    record = await store.start_round(
        NewRound(
            world.study.id, world.general.id, "sums", world.moderator.id, ("s1", "s2"), 20, "standard", 7, T0
        )
    )
    given = [(0, "s1", alice.id, 0, None, True), (1, "s2", alice.id, None, "=1+1", False)]
    given += [(1, "s2", bongani.id, None, "-3", False)]
    for index, question_id, user, choice, text, right in given:
        await store.record_answer(
            Answer(
                world.study.id,
                record.id,
                index,
                question_id,
                "sums",
                user,
                choice,
                text,
                right,
                1000,
                100 if right else 0,
                T0 + timedelta(seconds=30 * index + 3),
            )
        )
    await store.finish_round(record.id, "finished", T0 + timedelta(minutes=2))
    page = await dashboard.signed_in(browser, world.moderator)
    answer = await page.context.request.get(dashboard.server_url(f"rounds/{record.id}/results.csv"))
    rows = table(await answer.body())
    assert [(r[3], r[7], r[8]) for r in rows[1:]] == [
        ("'=SUM(A1:A9)", "'@me", "yes"),
        ("'-3 is the answer to what?", "'=1+1", "no"),
        ("'-3 is the answer to what?", "-3", "no"),  # a plain number stays a number
    ]


async def test_the_deck_export_and_the_mistakes_file_write_formulas_as_text(
    dashboard: Dashboard, browser: Any
) -> None:
    world, store = dashboard.world, dashboard.store
    await formula_deck(dashboard)
    alice = world.members[0]
    world.clock.set(datetime(2026, 12, 1, 12, 0, tzinfo=UTC))
    start = world.clock() - timedelta(hours=1)
    for question_id in ("s1", "s2"):
        state = review(None, False, start, question_key=f"sums/{question_id}")
        memory = Memory.from_state(alice.id, "sums", question_id, state)
        await store.record_practice(
            PracticeAnswer(alice.id, world.study.id, "sums", question_id, False, start), memory
        )

    page = await dashboard.signed_in(browser, alice, then="/me")
    answer = await page.context.request.get(dashboard.url + f"/me/mistakes/sums.csv?server={world.study.id}")
    rows = table(await answer.body())
    question = rows[0].index("question")
    assert sorted(r[question] for r in rows[1:]) == ["'-3 is the answer to what?", "'=SUM(A1:A9)"]
    s1 = next(r for r in rows[1:] if r[0] == "s1")
    assert s1[3:8] == ["'@me", "'@me", "'-x", "+1", "plain"]

    moderator = await dashboard.signed_in(browser, world.moderator)
    export = await moderator.request.get(dashboard.server_url("decks/sums/export?format=csv"))
    rows = table(await export.body())
    assert [r[2] for r in rows[1:]] == ["'=SUM(A1:A9)", "'-3 is the answer to what?"]
