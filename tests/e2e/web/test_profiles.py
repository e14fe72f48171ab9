"""A worker's kept browser page goes from test to test: the next test gets it logged out, on about:blank."""

from __future__ import annotations

from tests.e2e.web.conftest import Dashboard
from tests.e2e.web.profiles import Profiles


async def test_the_next_test_gets_the_kept_page_logged_out(dashboard: Dashboard, browser: Profiles) -> None:
    world = dashboard.world
    flags = dashboard.server_url("flags")
    page = await dashboard.signed_in(browser, world.moderator, then=f"/servers/{world.study.id}/flags")
    assert (await page.request.get(flags, max_redirects=0)).status == 200
    # A second member at the same time gets a profile of their own, logged out.
    other = await dashboard.page(browser)
    assert other.context is not page.context
    assert (await other.request.get(flags, max_redirects=0)).status == 302

    await browser.hand_on()  # what the browser fixture does after each test
    handed = await dashboard.page(browser)
    assert handed is page
    assert other.is_closed()
    assert handed.url == "about:blank"
    assert await handed.context.cookies() == []
    answer = await handed.request.get(flags, max_redirects=0)
    assert (answer.status, answer.headers["location"]) == (
        302,
        f"/login?next=/servers/{world.study.id}/flags",
    )
