"""A table on a phone reads as cards (the table kept for screen readers); a page on paper shows its content
only, black on white; the start page's server picker shows each server's icon, or its initial on a tile."""

from __future__ import annotations

from typing import Any

import discord

from tests.e2e.web.conftest import Dashboard
from tests.e2e.web.seed import hostile_deck, played_round


async def a_round(dashboard: Dashboard) -> int:
    world, store = dashboard.world, dashboard.store
    await hostile_deck(store, world.study.id, world.moderator.id)
    players = [m.id for m in world.members[:3]]  # Alice, Bongani, Chipo
    record = await played_round(store, world.study.id, world.general.id, world.moderator.id, players)
    return record.id


BOARD_LABELS = ['"Rank" / ""', '"Member" / ""', '"Points" / ""', '"Right" / ""', '"Answered" / ""']


async def labels(row: Any) -> list[str]:
    """The words shown above each cell of a row (its ::before, its alt text "": a screen reader has the
    column's header instead), as CSS gives them."""
    shown: list[str] = await row.evaluate(
        "r => [...r.children].map(c => getComputedStyle(c, '::before').content)"
    )
    return shown


async def test_a_board_row_reads_as_a_card_on_a_phone(dashboard: Dashboard, browser: Any) -> None:
    await a_round(dashboard)
    phone = await browser.page(viewport={"width": 390, "height": 800})
    page = await dashboard.sign_in(phone, dashboard.world.moderator, then="/")
    await page.goto(dashboard.server_url("board"))
    first = page.locator(".table-box tbody tr").first
    assert await first.evaluate("r => getComputedStyle(r).display") == "block"
    assert await labels(first) == BOARD_LABELS
    cells = await first.locator("td").all_inner_texts()
    assert cells[:2] == ["1", "Alice"]
    assert await first.evaluate("r => r.scrollWidth <= r.clientWidth") is True
    # Still a table to a screen reader: its header cells, its cells named by their words alone.
    assert await page.get_by_role("table").count() == 1
    assert await page.get_by_role("columnheader").all_inner_texts() == [
        "Rank",
        "Member",
        "Points",
        "Right",
        "Answered",
    ]
    assert await page.get_by_role("cell", name="Alice", exact=True).count() == 1
    # The period's form still works above the cards.
    await page.get_by_label("Period").select_option("week")
    await page.get_by_role("button", name="Show").click()
    await page.wait_for_url("**/board?period=week&deck=")
    assert await labels(page.locator(".table-box tbody tr").first) == BOARD_LABELS


async def test_a_round_report_on_paper_is_its_content_black_on_white(
    dashboard: Dashboard, browser: Any
) -> None:
    round_id = await a_round(dashboard)
    page = await dashboard.sign_in(
        await browser.page(viewport={"width": 1280, "height": 800}, color_scheme="dark"),
        dashboard.world.moderator,
        then=f"/servers/{dashboard.world.study.id}/",
    )
    await page.goto(dashboard.server_url(f"rounds/{round_id}"))
    assert await page.locator(".sidebar").is_visible()
    await page.emulate_media(media="print")
    assert not await page.locator(".sidebar").is_visible()
    assert not await page.locator("header.top").is_visible()
    assert [await form.is_visible() for form in await page.locator("form").all()] == [False, False]
    colours = "() => [getComputedStyle(document.body).color, getComputedStyle(document.body).backgroundColor]"
    assert await page.evaluate(colours) == ["rgb(0, 0, 0)", "rgb(255, 255, 255)"]
    row = page.locator(".table-box tbody tr").first
    assert await row.evaluate("r => [getComputedStyle(r).display, getComputedStyle(r).breakInside]") == [
        "table-row",
        "avoid",
    ]
    assert await page.get_by_role("heading", name="Who answered what").is_visible()


async def test_the_server_picker_shows_each_server_s_icon_or_its_initial(
    dashboard: Dashboard, browser: Any
) -> None:
    world = dashboard.world
    world.study.icon = "0123456789abcdef0123456789abcdef"
    admins = world.other.add_role("Teachers", permissions=discord.Permissions(administrator=True))
    world.other.add_member(world.moderator, roles=[admins])  # Study B: no icon
    page = await browser.page()

    async def from_the_cdn(route: Any) -> None:  # no network in tests: the CDN answers here
        await route.fulfill(status=404)

    await page.context.route("https://cdn.discordapp.com/**", from_the_cdn)
    await dashboard.sign_in(page, world.moderator, then="/")
    study_a = page.get_by_role("link", name="Study A", exact=True)
    study_b = page.get_by_role("link", name="Study B", exact=True)
    assert await study_a.get_attribute("href") == f"/servers/{world.study.id}/"
    assert await study_a.locator("img").get_attribute("src") == (
        f"https://cdn.discordapp.com/icons/{world.study.id}/0123456789abcdef0123456789abcdef.png?size=64"
    )
    assert await study_b.locator("img").count() == 0
    tile = study_b.locator(".server-icon")
    assert await tile.evaluate("t => getComputedStyle(t, '::before').content") == '"S"'
    await study_b.click()
    await page.wait_for_url(dashboard.server_url("", world.other.id))
