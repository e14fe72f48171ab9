"""Logging in and out through the fake Discord's OAuth, in a real browser."""

from __future__ import annotations

from typing import Any

from tests.e2e.web.conftest import Dashboard


async def test_a_moderator_logs_in_sees_their_server_and_logs_out(dashboard: Dashboard, browser: Any) -> None:
    world = dashboard.world
    page = await dashboard.sign_in(await dashboard.page(browser), world.moderator)  # the browser's own walk
    assert await page.get_by_text("Signed in as Tendai").count() == 1
    assert await page.get_by_role("link", name="Study A").count() == 1
    assert await page.get_by_role("link", name="Study B").count() == 0
    (session,) = [c for c in await page.context.cookies() if c["name"] == "bvunzo_session"]
    assert session["httpOnly"] is True
    assert session["sameSite"] == "Lax"
    assert session["secure"] is False  # BVUNZO_WEB_URL is http://127.0.0.1 here

    async with page.expect_navigation():
        await page.get_by_role("button", name="Log out").click()
    assert (
        await page.get_by_role("link", name="Log in with Discord").count() == 2
    )  # the menu's and the page's
    # The cookie from before the logout opens nothing any more: the session is gone from the store.
    copied = await browser.new_context()
    await copied.add_cookies([session])
    answer = await copied.request.get(dashboard.server_url(), max_redirects=0)
    assert answer.status == 302
    assert answer.headers["location"].startswith("/login?next=")


async def test_each_login_gets_a_new_session_cookie(dashboard: Dashboard, browser: Any) -> None:
    page = await dashboard.page(browser)
    await page.goto(dashboard.url + "/")
    before = {c["name"]: c["value"] for c in await page.context.cookies()}
    await dashboard.sign_in(page, dashboard.world.moderator)
    after = {c["name"]: c["value"] for c in await page.context.cookies()}
    assert after["bvunzo_session"] != before.get("bvunzo_session")
    first = after["bvunzo_session"]
    await dashboard.sign_in(page, dashboard.world.moderator)
    assert {c["name"]: c["value"] for c in await page.context.cookies()}["bvunzo_session"] != first


async def test_logging_out_everywhere_ends_the_members_every_browser_and_no_one_elses(
    dashboard: Dashboard, browser: Any
) -> None:
    world = dashboard.world
    home = await dashboard.signed_in(browser, world.moderator, then="/")
    laptop = await dashboard.signed_in(browser, world.moderator, then="/me")
    colleague = await dashboard.signed_in(browser, world.quizmaster, then="/")
    async with laptop.expect_navigation():
        await laptop.get_by_role("button", name="Log out everywhere").click()
    assert laptop.url == dashboard.url + "/"
    assert await laptop.get_by_text("Signed in as").count() == 0
    # The other browser of the same member is logged out too: its cookie opens nothing any more.
    await home.reload()
    assert await home.get_by_text("Signed in as").count() == 0
    answer = await home.context.request.get(dashboard.server_url(), max_redirects=0)
    assert answer.status == 302 and answer.headers["location"].startswith("/login?next=")
    # Another member's session stays.
    await colleague.reload()
    assert await colleague.get_by_text("Signed in as Rudo").count() == 1


async def test_logging_out_everywhere_needs_the_forms_token(dashboard: Dashboard, browser: Any) -> None:
    page = await dashboard.signed_in(browser, dashboard.world.moderator, then="/")
    forged = await page.context.request.post(dashboard.url + "/logout/everywhere", form={}, max_redirects=0)
    assert forged.status == 403
    await page.reload()
    assert await page.get_by_text("Signed in as Tendai").count() == 1
