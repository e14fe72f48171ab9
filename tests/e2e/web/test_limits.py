"""What every response and write goes through: the security headers, the 1 MiB upload limit, the write limit."""

from __future__ import annotations

from typing import Any

from tests.e2e.web.conftest import Dashboard


async def test_every_page_has_a_csp_without_scripts_and_no_inline_script(
    dashboard: Dashboard, browser: Any
) -> None:
    page = await dashboard.signed_in(browser, dashboard.world.moderator)
    for path in ("/", "/me", f"/servers/{dashboard.world.study.id}/settings", "/nothing-here"):
        response = await page.goto(dashboard.url + path)
        assert response is not None
        headers = response.headers
        assert headers["content-security-policy"].startswith("default-src 'none'; script-src 'none';")
        assert headers["x-frame-options"] == "DENY"
        assert headers["x-content-type-options"] == "nosniff"
        assert await page.locator("script").count() == 0
    assert (await page.goto(dashboard.url + "/me")).headers["cache-control"] == "no-store"


async def test_an_upload_over_1_mib_is_refused_with_413(dashboard: Dashboard, browser: Any) -> None:
    page = await dashboard.signed_in(
        browser, dashboard.world.moderator, then=f"/servers/{dashboard.world.study.id}/settings"
    )
    token = await page.locator("input[name=csrf_token]").first.get_attribute("value")
    big = {"name": "deck.yaml", "mimeType": "text/yaml", "buffer": b"x" * (1024 * 1024 + 70 * 1024)}
    answer = await page.context.request.post(
        dashboard.server_url("settings"), multipart={"csrf_token": token or "", "file": big}
    )
    assert answer.status == 413
    assert "larger than 1 MiB" in await answer.text()
    assert await dashboard.store.audit_log(dashboard.world.study.id) == []


async def test_writes_are_limited_per_member(dashboard: Dashboard, browser: Any) -> None:
    world = dashboard.world
    dashboard.server.context.limiter.writes = 3  # a low limit, so the test sends few requests
    page = await dashboard.signed_in(browser, world.moderator, then=f"/servers/{world.study.id}/settings")
    token = await page.locator("input[name=csrf_token]").first.get_attribute("value")
    form = {"csrf_token": token or "", "questions": "0"}  # refused by the form, but a write all the same
    statuses = [
        (await page.context.request.post(dashboard.server_url("settings"), form=form)).status
        for _ in range(4)
    ]
    assert statuses == [400, 400, 400, 429]
    limited = await page.context.request.post(dashboard.server_url("settings"), form=form)
    assert limited.headers["retry-after"] in {str(n) for n in range(1, 61)}
    # Another member's writes are counted apart.
    other = await dashboard.signed_in(browser, world.outsider, then=f"/servers/{world.other.id}/settings")
    theirs = await other.locator("input[name=csrf_token]").first.get_attribute("value")
    answer = await other.context.request.post(
        dashboard.server_url("settings", guild_id=world.other.id),
        form={"csrf_token": theirs or "", "questions": "0"},
    )
    assert answer.status == 400


async def test_discord_down_is_one_sentence_and_503(dashboard: Dashboard, browser: Any) -> None:
    world = dashboard.world
    page = await dashboard.signed_in(browser, world.moderator)
    dashboard.server.context.discord._cache.clear()  # forget the roles it knew a moment ago
    world.fake.faults.fail("GET /users/@me/guilds", 503, times=None)
    response = await page.goto(dashboard.url + "/")
    assert response is not None and response.status == 503
    assert await page.get_by_role("alert").inner_text() == (
        "Discord did not answer when Bvunzo asked it; try again in a minute."
    )
