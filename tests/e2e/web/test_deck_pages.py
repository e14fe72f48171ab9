"""A deck of 120 questions a page at a time: pages of 50, a search, pages out of range, and the deck parsed
once (in a worker thread) however many pages ask for it at once."""

from __future__ import annotations

import asyncio
import logging
import threading
from typing import Any

import pytest

from tests.e2e.web.conftest import Dashboard
from tests.e2e.web.test_decks import put_deck

BIG = "id: big\ntitle: Big deck\nquestions:\n" + "".join(
    f"- id: b{n:03d}\n  prompt: Plain question number {n}?\n  choices: [Yes {n}, No {n}]\n  answer: 0\n"
    for n in range(1, 121)
).replace("Plain question number 107?", "Which organelle is called zebrafinch 107?")


async def rows(page: Any) -> list[str]:
    return await page.locator("tbody tr td:nth-child(1)").all_inner_texts()


async def test_pages_of_fifty_a_search_and_pages_out_of_range(dashboard: Dashboard, browser: Any) -> None:
    world = dashboard.world
    await put_deck(dashboard.store, world.study.id, BIG, "big")
    page = await dashboard.signed_in(browser, world.moderator)
    await page.goto(dashboard.server_url("decks/big"))
    assert await rows(page) == [str(n) for n in range(1, 51)]
    assert await page.locator("#deck-shown").inner_text() == "Questions 1–50 of 120"
    await page.goto(dashboard.server_url("decks/big?page=3"))
    assert await rows(page) == [str(n) for n in range(101, 121)]
    assert await page.locator("#deck-shown").inner_text() == "Questions 101–120 of 120"
    for wrong, first in (("0", "1"), ("-1", "1"), ("abc", "1"), ("99999", "101"), ("1e3", "1")):
        answer = await page.goto(dashboard.server_url(f"decks/big?page={wrong}"))
        assert answer.status == 200
        assert (await rows(page))[0] == first, wrong
    # A word of a prompt on page 3, and an id.
    await page.goto(dashboard.server_url("decks/big"))
    await page.get_by_label("Find questions by a word of their id, prompt or choices").fill("zebrafinch")
    async with page.expect_navigation():
        await page.get_by_role("button", name="Search").click()
    assert await rows(page) == ["107"]
    assert await page.locator("#deck-found").inner_text() == "1 question matches “zebrafinch”."
    await page.goto(dashboard.server_url("decks/big?q=B055"))
    assert await rows(page) == ["55"]
    await page.goto(dashboard.server_url("decks/big?q=%3Cscript%3E"))
    assert await page.locator("#deck-found").inner_text() == "No question of this deck matches “<script>”."
    assert await page.locator("main script").count() == 0
    assert await rows(page) == []


async def test_editing_from_page_two_leads_back_to_page_two(dashboard: Dashboard, browser: Any) -> None:
    world = dashboard.world
    await put_deck(dashboard.store, world.study.id, BIG, "big")
    page = await dashboard.signed_in(browser, world.moderator)
    await page.goto(dashboard.server_url("decks/big?page=2"))
    await page.get_by_role("link", name="Edit question 60").click()
    await page.get_by_label("Prompt", exact=True).fill("Edited sixty?")
    async with page.expect_navigation():
        await page.get_by_role("button", name="Save").click()
    async with page.expect_navigation():
        await page.get_by_role("link", name="Big deck").click()
    assert page.url == dashboard.server_url("decks/big?page=2")
    assert "Edited sixty?" in await page.locator("#question-b060").inner_text()


async def test_twelve_loads_at_once_parse_the_deck_once_in_a_worker_thread(
    dashboard: Dashboard, browser: Any, caplog: pytest.LogCaptureFixture
) -> None:
    world = dashboard.world
    parsed = dashboard.server.context.parsed
    before = parsed.parses
    await put_deck(dashboard.store, world.study.id, BIG, "big")
    page = await dashboard.signed_in(browser, world.moderator)
    caplog.set_level(logging.DEBUG, logger="bot.decks.deck_versions")
    answers = await asyncio.gather(*(page.request.get(dashboard.server_url("decks/big")) for _ in range(12)))
    assert [a.status for a in answers] == [200] * 12
    assert parsed.parses == before + 1
    (record,) = [r for r in caplog.records if "deck big parsed" in r.getMessage()]
    assert record.thread != threading.get_ident()  # not the event loop's thread
    # The version counted up with the text unchanged: nothing parsed again.
    await dashboard.store.bump_deck_version(world.study.id)
    await asyncio.gather(*(page.request.get(dashboard.server_url("decks/big")) for _ in range(12)))
    assert parsed.parses == before + 1
