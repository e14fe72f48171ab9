"""What every response and write goes through: the security headers, the 1 MiB upload limit, the write limit."""

from __future__ import annotations

from typing import Any

from tests.e2e.web.conftest import Dashboard
from tests.e2e.web.test_decks import BIO, put_deck


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


async def test_an_upload_over_4_mib_is_refused_with_413(dashboard: Dashboard, browser: Any) -> None:
    page = await dashboard.signed_in(
        browser, dashboard.world.moderator, then=f"/servers/{dashboard.world.study.id}/settings"
    )
    token = await page.locator("input[name=csrf_token]").first.get_attribute("value")
    big = {"name": "bank.xml", "mimeType": "text/xml", "buffer": b"x" * (4 * 1024 * 1024 + 70 * 1024)}
    answer = await page.context.request.post(
        dashboard.server_url("settings"), multipart={"csrf_token": token or "", "file": big}
    )
    assert answer.status == 413
    assert "That upload is larger than 4 MiB" in await answer.text()
    assert await dashboard.store.audit_log(dashboard.world.study.id) == []


FORM_OF = "el => Object.fromEntries(new FormData(el.form))"  # the fields a press of its button sends


def frozen_limit(dashboard: Dashboard, writes: int) -> None:
    """The write limit at `writes`, on a clock that stands still: the window never empties by itself."""
    limiter = dashboard.server.context.limiter
    limiter.writes = writes
    limiter.clock = lambda: 1000.0


async def test_writes_are_limited_per_member_and_only_changes_count(
    dashboard: Dashboard, browser: Any
) -> None:
    world = dashboard.world
    frozen_limit(dashboard, 3)  # a low limit, so the test sends few requests
    page = await dashboard.signed_in(browser, world.moderator, then=f"/servers/{world.study.id}/settings")
    form = await page.locator("#questions").evaluate(FORM_OF)
    url = dashboard.server_url("settings")
    post = page.context.request.post
    # Refused by the form: nothing changed, nothing counted, however many.
    refused = [(await post(url, form={**form, "questions": "0"})).status for _ in range(5)]
    assert refused == [400] * 5
    # Saving what is already there changes nothing either.
    assert (await post(url, form=form, max_redirects=0)).status == 303
    changes = [
        (await post(url, form={**form, "questions": str(n)}, max_redirects=0)).status for n in (4, 5, 6, 7)
    ]
    assert changes == [303, 303, 303, 429]
    limited = await post(url, form={**form, "questions": "8"})
    assert limited.status == 429
    assert limited.headers["retry-after"] in {str(n) for n in range(1, 61)}
    assert (await dashboard.store.guild_settings(world.study.id)).questions == 6
    # Another member's writes are counted apart.
    other = await dashboard.signed_in(browser, world.outsider, then=f"/servers/{world.other.id}/settings")
    theirs = await other.locator("#questions").evaluate(FORM_OF)
    answer = await other.context.request.post(
        dashboard.server_url("settings", guild_id=world.other.id),
        form={**theirs, "questions": "9"},
        max_redirects=0,
    )
    assert answer.status == 303


async def test_previews_do_not_count_toward_the_limit_and_saves_do(
    dashboard: Dashboard, browser: Any
) -> None:
    world = dashboard.world
    frozen_limit(dashboard, 30)  # the dashboard's own limit: 30 changes a minute
    await put_deck(dashboard.store, world.study.id, BIO, "bio")
    page = await dashboard.signed_in(
        browser, world.moderator, then=f"/servers/{world.study.id}/decks/bio/questions/cell/edit"
    )
    form = await page.locator("#f-prompt").evaluate(FORM_OF)
    url = dashboard.server_url("decks/bio/questions/cell/edit")

    async def send(action: str, n: int) -> int:
        version = str(await dashboard.store.deck_version(world.study.id))
        fields = {**form, "action": action, "deck_version": version, "prompt": f"What is life's unit? ({n})"}
        return (await page.context.request.post(url, form=fields, max_redirects=0)).status

    assert [await send("preview", n) for n in range(31)] == [200] * 31
    assert await send("save", 100) == 303  # 31 previews, and the save still goes through
    saves = [await send("save", n) for n in range(30)]
    assert saves == [303] * 29 + [429]  # with the first, 30 saves; the 31st is refused
    assert await send("preview", 200) == 429  # a full window refuses every write, a preview too
    assert len(await dashboard.store.audit_log(world.study.id, limit=100)) == 30


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
