"""Every main page on a phone, a tablet and a desktop, in both themes: no sideways scroll, axe-core clean;
every table's rows as cards at 390 pixels, each cell labelled with its column's header; the header's
theme switch kept across pages (and refused without the CSRF token); the menu folding.

BVUNZO_SCREENSHOTS=docs/images also writes the server home and a deck page at 1280 and 390 pixels, in
both themes, as PNGs into that folder (the docs show them).
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

from bot.bank.suggestions import suggested_fields, to_json
from tests.e2e.web.browser import serious_violations
from tests.e2e.web.calendar_seed import given_assignment, posted_days
from tests.e2e.web.conftest import Dashboard
from tests.e2e.web.seed import T0, flagged, hostile_deck, played_round

WIDTHS = (360, 390, 768, 1280)
THEMES = ("light", "dark")
AXE_AT = ((390, "light"), (1280, "dark"))
CARDS_AT = (390, "light")  # where every table's rows are checked as cards (the same CSS at 360)
# The pages the docs show, by file name (a round's report by the pattern of its path).
SHOTS = {
    "": "server",
    "decks/reading-charts": "deck",
    "decks/cells/questions/c1/edit": "editor",
    "decks/cells/analysis": "analysis",
    "rounds/{round}": "report",
    "board": "board",
    "suggestions": "suggestions",
    "/me": "member",
}
SHOT_WIDTHS = (1280, 390)
DARK_PAPER = "rgb(49, 51, 56)"  # Discord's dark background, #313338
LIGHT_PAPER = "rgb(255, 255, 255)"


async def seeded(dashboard: Dashboard) -> list[str]:
    """A server with a round, flags, a suggestion, a deck analysed, questions of the day and an assignment;
    its main pages' paths."""
    world, store = dashboard.world, dashboard.store
    players = [m.id for m in world.members[:3]]
    await hostile_deck(store, world.study.id, world.moderator.id)
    record = await played_round(store, world.study.id, world.general.id, world.moderator.id, players)
    await flagged(store, world.study.id, players)
    fields = suggested_fields("Which organelle holds DNA?", "Nucleus", ["Vacuole"], "", players[0])
    await store.add_suggestion(world.study.id, "cells", players[0], to_json(fields), T0)
    await dashboard.compute_figures("cells")
    await posted_days(store, world.study.id, world.general.id, players)
    given = await given_assignment(store, world.study.id, world.general.id, world.moderator.id, players)
    server = f"/servers/{world.study.id}/"
    pages = ["", "decks", "decks/cells", "decks/reading-charts", "decks/cells/questions/c1/edit"]
    pages += ["decks/cells/questions/c1/preview", "decks/cells/analysis", "rounds", f"rounds/{record.id}"]
    pages += ["rounds?deck=cells&from=2026-11-30"]
    pages += ["board", "settings", "suggestions", "flags", "audit"]
    pages += ["qotd", "qotd/2026-11-30", "assignments", f"assignments/{given.id}"]
    pages += ["decks/cells/rename", "decks/cells/duplicate", "decks/cells/delete"]
    return [server + page for page in pages] + ["/me"]


async def wide_parts(page: Any) -> list[str]:
    """What sticks out past the window's right edge (empty when the page has no sideways scroll)."""
    parts: list[str] = await page.evaluate(
        """() => {
            const width = window.innerWidth;
            if (document.documentElement.scrollWidth <= width) return [];
            return [...document.querySelectorAll('body *')]
                .filter(e => e.getBoundingClientRect().right > width + 1 && !e.closest('.table-box'))
                .slice(0, 5).map(e => e.tagName.toLowerCase() + '.' + e.className);
        }"""
    )
    return parts


async def card_faults(page: Any) -> list[str]:
    """On a phone, each table row a card within the window, nothing in it cut, and each cell (but one
    spanning columns) labelled with its column's header; what is amiss, or nothing."""
    faults: list[str] = await page.evaluate(
        """() => {
            const faults = [];
            const words = e => e.textContent.replace(/\\s+/g, ' ').trim();
            for (const table of document.querySelectorAll('.table-box table')) {
                const heads = [...table.querySelectorAll('thead th')].map(words);
                for (const row of table.querySelectorAll('tbody tr')) {
                    const card = words(row).slice(0, 30);
                    if (getComputedStyle(row).display !== 'block') faults.push('not a card: ' + card);
                    if (row.scrollWidth > row.clientWidth) faults.push('cut: ' + card);
                    if (row.getBoundingClientRect().right > window.innerWidth + 1) faults.push('wide: ' + card);
                    let column = 0;
                    for (const cell of row.children) {
                        if (cell.colSpan === 1 && cell.dataset.label !== heads[column])
                            faults.push(`${card}: "${cell.dataset.label}" under "${heads[column]}"`);
                        column += cell.colSpan;
                    }
                }
            }
            return faults.slice(0, 5);
        }"""
    )
    return faults


async def test_every_page_fits_a_phone_and_passes_axe_in_both_themes(
    dashboard: Dashboard, browser: Any
) -> None:
    paths = await seeded(dashboard)
    page = await dashboard.signed_in(browser, dashboard.world.moderator)
    shots = os.environ.get("BVUNZO_SCREENSHOTS")
    found: dict[str, Any] = {}
    # Each page is loaded once and then drawn at every width in both themes: the pages run no script, so
    # a resized window or another colour scheme lays out the same as a new load (and costs no navigation).
    for path in paths:
        answer = await page.goto(dashboard.url + path)
        if answer.status != 200:
            found[path] = answer.status
            continue
        for theme in THEMES:
            await page.emulate_media(color_scheme=theme)
            for width in WIDTHS:
                await page.set_viewport_size({"width": width, "height": 800})
                found.update(await layout_faults(page, f"{path} at {width} px, {theme}", (width, theme)))
                if shots and width in SHOT_WIDTHS:
                    await screenshot(page, Path(shots), dashboard, path, f"{theme}-{width}")
    assert found == {}


async def layout_faults(page: Any, where: str, at: tuple[int, str]) -> dict[str, Any]:
    """What is wrong with the page as drawn now: parts wider than the window, and axe's findings where
    axe runs: once per theme and once per layout, the folded menu in light, the sidebar in dark (colours
    and names are the same at 360 and 768; tests/e2e/web/test_accessibility.py checks the states and
    pages not drawn here)."""
    faults: dict[str, Any] = {}
    sticking_out = await wide_parts(page)
    if sticking_out:
        faults[where + ": wider than the window"] = sticking_out
    if at == CARDS_AT:
        cards = await card_faults(page)
        if cards:
            faults[where + ": cards"] = cards
    if at in AXE_AT:
        violations = await serious_violations(page)
        if violations:
            faults[where + ": axe"] = violations
    return faults


async def screenshot(page: Any, folder: Path, dashboard: Dashboard, path: str, suffix: str) -> None:
    server = f"/servers/{dashboard.world.study.id}/"
    key = (
        re.sub(r"^rounds/\d+$", "rounds/{round}", path.removeprefix(server))
        if path.startswith(server)
        else path
    )
    name = SHOTS.get(key)
    if name is not None:
        folder.mkdir(parents=True, exist_ok=True)
        await page.screenshot(path=str(folder / f"dashboard-{name}-{suffix}.png"))


async def paper(page: Any) -> str:
    colour: str = await page.evaluate("getComputedStyle(document.body).backgroundColor")
    return colour


async def test_the_theme_switch_is_kept_across_pages_and_over_the_device(
    dashboard: Dashboard, browser: Any
) -> None:
    world = dashboard.world
    page = await dashboard.sign_in(
        await browser.page(color_scheme="light"), world.moderator, then=f"/servers/{world.study.id}/"
    )
    assert await page.get_attribute("html", "data-theme") is None
    assert await paper(page) == LIGHT_PAPER  # as the device
    await page.get_by_role("button", name="Dark").click()
    await page.wait_for_url(dashboard.server_url(""))  # back on the page it was pressed on
    assert await page.get_attribute("html", "data-theme") == "dark"
    assert await paper(page) == DARK_PAPER
    assert await page.get_by_role("button", name="Dark").get_attribute("aria-pressed") == "true"
    await page.goto(dashboard.server_url("decks?q=x"))
    assert await paper(page) == DARK_PAPER
    await page.get_by_role("button", name="Light").click()
    await page.wait_for_url(dashboard.server_url("decks?q=x"))
    await page.emulate_media(color_scheme="dark")
    assert await paper(page) == LIGHT_PAPER  # the switch's choice over the device's
    await page.get_by_role("button", name="As the device").click()
    assert await page.get_attribute("html", "data-theme") is None
    assert await paper(page) == DARK_PAPER


async def test_the_theme_switch_needs_the_csrf_token(dashboard: Dashboard, browser: Any) -> None:
    page = await dashboard.signed_in(browser, dashboard.world.moderator)
    refused = await page.request.post(dashboard.url + "/theme", form={"theme": "dark", "next": "/"})
    assert refused.status == 403
    await page.goto(dashboard.url + "/")
    assert await page.get_attribute("html", "data-theme") is None
    token = await page.locator(".theme-switch input[name=csrf_token]").get_attribute("value")
    taken = await page.request.post(
        dashboard.url + "/theme", form={"theme": "dark", "next": "/me", "csrf_token": token}, max_redirects=0
    )
    assert (taken.status, taken.headers["location"]) == (303, "/me")
    await page.goto(dashboard.url + "/")
    assert await page.get_attribute("html", "data-theme") == "dark"


async def test_a_visitor_switches_the_theme_and_keeps_it_through_the_login(
    dashboard: Dashboard, browser: Any
) -> None:
    page = await dashboard.page(browser)
    await page.goto(dashboard.url + "/")
    await page.get_by_role("button", name="Dark").click()
    assert await page.get_attribute("html", "data-theme") == "dark"
    await dashboard.sign_in(page, dashboard.world.moderator, then="/me")
    assert await page.get_attribute("html", "data-theme") == "dark"


async def test_the_menu_folds_on_a_phone_and_shows_the_servers_icon(
    dashboard: Dashboard, browser: Any
) -> None:
    world = dashboard.world
    world.study.icon = "a_0123456789abcdef0123456789abcdef"
    icon_url = f"https://cdn.discordapp.com/icons/{world.study.id}/{world.study.icon}.png?size=64"
    page = await browser.page(viewport={"width": 390, "height": 800})
    asked: list[str] = []

    async def from_the_cdn(route: Any) -> None:  # no network in tests: the CDN answers here
        asked.append(route.request.url)
        await route.fulfill(status=404)

    await page.context.route("https://cdn.discordapp.com/**", from_the_cdn)
    await dashboard.sign_in(page, world.moderator, then=f"/servers/{world.study.id}/")
    assert await page.locator(".server-nav img.server-icon").get_attribute("src") == icon_url
    assert asked == [icon_url]
    # The server's home is its menu: open; any other page folds it behind "Menu of Study A".
    assert await page.get_by_role("link", name="Decks").is_visible()
    await page.goto(dashboard.server_url("rounds"))
    assert not await page.get_by_role("link", name="Decks").is_visible()
    # A page of the menu is titled and headed by its entry there (server_page.html).
    assert await page.title() == "Rounds · Study A · Bvunzo"
    assert await page.get_by_role("heading", level=1).inner_text() == "Rounds"
    await page.get_by_text("Menu of Study A").click()
    await page.get_by_role("link", name="Decks").click()
    await page.wait_for_url(dashboard.server_url("decks"))
    assert await page.title() == "Decks · Study A · Bvunzo"
    await page.set_viewport_size({"width": 1280, "height": 800})
    assert await page.get_by_role("link", name="Rounds").is_visible()  # wide: the menu always shown
    assert not await page.get_by_text("Menu of Study A").is_visible()


async def test_the_switch_on_a_page_a_form_drew_goes_back_to_the_form_s_page(
    dashboard: Dashboard, browser: Any
) -> None:
    page = await dashboard.signed_in(browser, dashboard.world.moderator)
    await page.goto(dashboard.server_url("decks"))
    await page.get_by_label("Deck name", exact=True).fill("Plants")
    await page.get_by_label("File", exact=True).set_input_files(
        {"name": "plants.csv", "mimeType": "text/csv", "buffer": b"not a deck,,\n"}
    )
    async with page.expect_navigation():
        await page.get_by_role("button", name="Import").click()
    assert page.url == dashboard.server_url("decks/import")  # drawn by the POST, which a GET does not reopen
    await page.get_by_role("button", name="Dark").click()
    await page.wait_for_url(dashboard.server_url("decks"))
    assert await page.title() == "Decks · Study A · Bvunzo"
    assert await page.get_attribute("html", "data-theme") == "dark"
