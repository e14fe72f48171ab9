"""The item analysis of a long deck in a real browser: its table and chart come 50 questions a page."""

from __future__ import annotations

from typing import Any

from tests.e2e.web.conftest import Dashboard
from tests.e2e.web.test_decks import put_deck

LONG = "id: long\ntitle: Long\nquestions:\n" + "".join(
    f"- id: q{n}\n  prompt: Question number {n}?\n  choices: [Key, Wrong]\n  answer: 0\n"
    for n in range(1, 56)
)


async def test_a_deck_of_55_questions_is_analysed_50_a_page(dashboard: Dashboard, browser: Any) -> None:
    world = dashboard.world
    await put_deck(dashboard.store, world.study.id, LONG, "long")
    await dashboard.compute_figures("long")
    page = await dashboard.signed_in(browser, world.moderator)
    await page.goto(dashboard.server_url("decks/long/analysis"))
    assert await page.locator("table.analysis tbody tr").count() == 50
    assert await page.locator("#item-q50").count() == 1 and await page.locator("#item-q51").count() == 0
    assert "50. Question number 50?" in await page.locator("#accuracy-desc").text_content()
    await page.get_by_role("link", name="Next page").click()
    assert page.url.endswith("/decks/long/analysis?page=2")
    rows = await page.locator("table.analysis tbody tr").all()
    assert [await r.get_attribute("id") for r in rows] == [
        "item-q51",
        "item-q52",
        "item-q53",
        "item-q54",
        "item-q55",
    ]
    assert "Page 2 of 2" in await page.locator("nav", has_text="Page 2 of 2").inner_text()
    assert await page.get_by_role("link", name="Next page").count() == 0
    assert "1. Question number 1?" not in await page.locator("#accuracy-desc").text_content()
    # A page past the end is the last one, not an error.
    await page.goto(dashboard.server_url("decks/long/analysis?page=9"))
    assert await page.locator("#item-q55").count() == 1
