"""axe-core on the dashboard's pages and states test_layout.py does not draw, with data on them: no serious or
critical accessibility violation."""

from __future__ import annotations

from typing import Any

from bot.bank.suggestions import suggested_fields, to_json
from tests.e2e.web.browser import serious_violations
from tests.e2e.web.conftest import Dashboard
from tests.e2e.web.seed import T0, flagged, hostile_deck, played_round


async def test_no_page_has_a_serious_or_critical_accessibility_violation(
    dashboard: Dashboard, browser: Any
) -> None:
    world, store = dashboard.world, dashboard.store
    players = [m.id for m in world.members[:3]]
    await hostile_deck(store, world.study.id, world.moderator.id)
    await played_round(store, world.study.id, world.general.id, world.moderator.id, players)
    await flagged(store, world.study.id, players)
    await store.add_suggestion(
        world.study.id,
        "cells",
        players[0],
        to_json(suggested_fields("Which organelle holds DNA?", "Nucleus", ["Vacuole"], "", players[0])),
        T0,
    )
    visitor = await dashboard.page(browser)
    await visitor.goto(dashboard.url + "/")
    found = {"/ (visitor)": await serious_violations(visitor)}
    page = await dashboard.signed_in(browser, world.moderator)
    # The server's main pages are checked by test_layout.py, in both themes, on a phone and a desktop;
    # here the pages and states it does not draw.
    paths = [
        "/",
        f"/servers/{world.study.id}/rounds?from=2026-02-30",  # a filter refused in a sentence
        f"/servers/{world.other.id}/rounds",  # the 403 page
        "/no-such-page",  # the 404 page
    ]
    for path in paths:
        await page.goto(dashboard.url + path)
        found[path] = await serious_violations(page)
    # A settings form sent back with its mistakes marked.
    await page.goto(dashboard.server_url("settings"))
    await page.locator("#seconds").evaluate("e => { e.removeAttribute('max'); e.value = '500'; }")
    await page.get_by_role("button", name="Save").click()
    await page.get_by_role("alert").wait_for()
    found["settings with errors"] = await serious_violations(page)
    member = await dashboard.signed_in(browser, world.members[0], then="/me")
    found["/me (a player)"] = await serious_violations(member)
    assert {path: v for path, v in found.items() if v} == {}
    assert len(found) == 7  # the visitor, four pages, the form sent back, the player


async def test_the_axe_check_finds_a_violation_where_there_is_one(dashboard: Dashboard, browser: Any) -> None:
    page = await dashboard.page(browser)
    await page.goto(dashboard.url + "/")  # under the dashboard's CSP, as every page
    await page.evaluate(
        "document.querySelector('main').insertAdjacentHTML('beforeend', '<img src=\"/x.png\">')"
    )
    assert [v["id"] for v in await serious_violations(page)] == ["image-alt"]
