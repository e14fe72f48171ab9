"""Forged requests are refused: another server's pages, writes without their CSRF token, a tampered state."""

from __future__ import annotations

from typing import Any

from bot.store import GuildSettings
from tests.e2e.web.conftest import Dashboard

# Every kind of path below a server, including ones no page has: the server's id decides before routing.
SERVER_PATHS = [
    "",
    "rounds",
    "rounds/1",
    "rounds/1/results.csv",
    "flags",
    "suggestions",
    "board",
    "settings",
    "audit",
    "decks",
    "decks/create",
    "no-such-page",
    "rounds/%2e%2e/flags",
]


async def test_another_servers_page_by_url_is_403_whatever_the_path(
    dashboard: Dashboard, browser: Any
) -> None:
    world = dashboard.world
    page = await dashboard.signed_in(browser, world.moderator)  # a moderator of Study A only
    for path in SERVER_PATHS:
        response = await page.goto(dashboard.server_url(path, guild_id=world.other.id))
        assert response is not None and response.status == 403, path
        assert await page.get_by_role("alert").inner_text() == (
            "This server's pages are for its moderators (Manage Server, or its quiz-master role) only."
        )
        token = await page.locator("input[name=csrf_token]").first.get_attribute("value")
        written = await page.context.request.post(
            dashboard.server_url(path, guild_id=world.other.id), form={"csrf_token": token or ""}
        )
        assert written.status == 403, path
    # A server the bot is not in, even one the member manages, has no pages either.
    elsewhere = world.fake.add_guild("No bot here", with_bot=False, owner=world.moderator.user)
    assert (await page.goto(dashboard.server_url("rounds", guild_id=elsewhere.id))).status == 403


async def test_members_and_outsiders_get_403_and_quiz_masters_only_with_the_role(
    dashboard: Dashboard, browser: Any
) -> None:
    world = dashboard.world
    member = await dashboard.signed_in(browser, world.members[0])
    assert (await member.goto(dashboard.server_url("rounds"))).status == 403
    # A member's own valid token does not make a deck: the server's moderators only.
    token = await member.locator("input[name=csrf_token]").first.get_attribute("value")
    made = await member.context.request.post(
        dashboard.server_url("decks/create"), form={"csrf_token": token or "", "id": "mine", "title": "Mine"}
    )
    assert made.status == 403
    assert await dashboard.store.guild_decks(world.study.id) == []
    outsider = await dashboard.signed_in(browser, world.outsider)  # Administrator of Study B
    assert (await outsider.goto(dashboard.server_url("rounds"))).status == 403
    assert (await outsider.goto(dashboard.server_url("rounds", guild_id=world.other.id))).status == 200
    quizmaster = await dashboard.signed_in(browser, world.quizmaster)
    assert (
        await quizmaster.goto(dashboard.server_url("rounds"))
    ).status == 403  # no quiz-master role set yet
    await dashboard.store.save_guild_settings(
        GuildSettings(world.study.id, quiz_master_role_id=world.quizmasters.id)
    )
    assert (await quizmaster.goto(dashboard.server_url("rounds"))).status == 200
    # A quiz-master reads the settings but only Manage Server changes them, as in Discord.
    await quizmaster.goto(dashboard.server_url("settings"))
    assert await quizmaster.get_by_role("button", name="Save").count() == 0
    token = await quizmaster.locator("input[name=csrf_token]").first.get_attribute("value")
    answer = await quizmaster.context.request.post(
        dashboard.server_url("settings"), form={"csrf_token": token or "", "questions": "3"}
    )
    assert answer.status == 403
    assert (await dashboard.store.guild_settings(world.study.id)).questions == 10


async def test_a_visitor_is_sent_to_log_in_and_not_a_server_id_is_refused(
    dashboard: Dashboard, browser: Any
) -> None:
    page = await dashboard.page(browser)
    answer = await page.context.request.get(dashboard.server_url("flags"), max_redirects=0)
    assert answer.status == 302
    assert answer.headers["location"] == f"/login?next=/servers/{dashboard.world.study.id}/flags"
    signed = await dashboard.signed_in(browser, dashboard.world.moderator)
    assert (await signed.goto(dashboard.url + "/servers/12ab/flags")).status == 403
    assert (await signed.goto(dashboard.url + "/servers/" + "9" * 30 + "/flags")).status == 403


async def test_a_post_without_its_csrf_token_is_403_and_changes_nothing(
    dashboard: Dashboard, browser: Any
) -> None:
    world = dashboard.world
    page = await dashboard.signed_in(browser, world.moderator, then=f"/servers/{world.study.id}/settings")
    token = await page.locator("input[name=csrf_token]").first.get_attribute("value")
    request = page.context.request
    form = {
        "questions": "7",
        "seconds": "30",
        "pause_seconds": "5",
        "podium": "3",
        "reading_seconds": "0",
        "teams": "0",
        "mode": "standard",
        "standings": "end",
        "difficulty": "any",
    }
    for forged in ({}, {"csrf_token": ""}, {"csrf_token": "x" * len(token or "")}):
        answer = await request.post(dashboard.server_url("settings"), form={**form, **forged})
        assert answer.status == 403
        assert "did not come from Bvunzo&#39;s own page" in await answer.text()
    # Another browser's token is no better: tokens belong to their session.
    other = await dashboard.signed_in(browser, world.moderator)
    theirs = await (await other.goto(dashboard.server_url("settings"))).text()
    assert token not in theirs
    answer = await other.context.request.post(
        dashboard.server_url("settings"), form={**form, "csrf_token": token or ""}
    )
    assert answer.status == 403
    assert (await dashboard.store.guild_settings(world.study.id)).questions == 10
    assert await dashboard.store.audit_log(world.study.id) == []
    # Logging out needs the token too (a forged page cannot sign a member out).
    answer = await request.post(dashboard.url + "/logout", form={})
    assert answer.status == 403
    # With the token, the same form saves.
    answer = await request.post(
        dashboard.server_url("settings"), form={**form, "csrf_token": token or ""}, max_redirects=0
    )
    assert answer.status == 303
    assert (await dashboard.store.guild_settings(world.study.id)).questions == 7


async def test_a_write_from_a_browser_without_a_session_is_refused_before_its_body_is_read(
    dashboard: Dashboard, browser: Any
) -> None:
    stranger = await browser.new_context()
    try:
        # 5 MiB is past what any form but the editor's may carry: a body read would be a 413.
        answer = await stranger.request.post(
            dashboard.server_url("settings"),
            multipart={"csrf_token": "guess", "notes": "x" * (5 * 1024 * 1024)},
        )
        assert answer.status == 403
        assert "did not come from Bvunzo&#39;s own page" in await answer.text()
    finally:
        await stranger.close()
    # The question editor's path, whose bodies may carry an 8 MiB picture, to a visitor with a session
    # (and its token) but no one signed in: the app's own limit, past which the body is not read on.
    visitor = await browser.new_context()
    try:
        page = await visitor.new_page()
        await page.goto(dashboard.url + "/")  # a page with forms: the session gets its CSRF token
        answer = await visitor.request.post(
            dashboard.server_url("decks/cells/questions/new"),
            multipart={"csrf_token": "guess", "prompt": "x" * (6 * 1024 * 1024)},
        )
        assert answer.status == 413
    finally:
        await visitor.close()


async def test_a_tampered_or_replayed_state_is_refused(dashboard: Dashboard, browser: Any) -> None:
    world = dashboard.world
    world.fake.oauth.signed_in = world.moderator.user
    page = await dashboard.page(browser)
    request = page.context.request
    start = await request.get(dashboard.url + "/login", max_redirects=0)
    authorize = start.headers["location"]
    assert "code_challenge_method=S256" in authorize and "scope=identify+guilds" in authorize
    back = await request.get(authorize, max_redirects=0)  # the fake Discord's redirect, with code and state
    callback = back.headers["location"]
    state = callback.split("state=")[1]
    tampered = callback.replace(
        "state=" + state, "state=" + state[:-2] + ("AA" if not state.endswith("AA") else "BB")
    )
    refused = await page.goto(tampered)
    assert refused is not None and refused.status == 400
    assert await page.get_by_role("alert").inner_text() == (
        "This login did not start in this browser (or it was already used); log in again."
    )
    assert await page.get_by_text("Signed in as").count() == 0
    # The refusal ended that login: the right state now finds nothing either, and no code was exchanged.
    assert (await page.goto(callback)).status == 400
    assert [c.path for c in world.fake.oauth.calls if c.path.endswith("/token")] == []


async def test_a_state_from_another_browser_is_refused(dashboard: Dashboard, browser: Any) -> None:
    world = dashboard.world
    world.fake.oauth.signed_in = world.outsider.user
    attacker = await dashboard.page(browser)
    start = await attacker.context.request.get(dashboard.url + "/login", max_redirects=0)
    back = await attacker.context.request.get(start.headers["location"], max_redirects=0)
    victim = await dashboard.page(browser)
    await victim.goto(dashboard.url + "/")
    refused = await victim.goto(
        back.headers["location"]
    )  # a login CSRF: the attacker's code in the victim's browser
    assert refused is not None and refused.status == 400
    assert await victim.get_by_text("Signed in as").count() == 0


async def test_a_cancelled_login_and_a_foreign_next_are_handled(dashboard: Dashboard, browser: Any) -> None:
    world = dashboard.world
    world.fake.oauth.deny = True
    page = await dashboard.page(browser)
    refused = await page.goto(dashboard.url + "/login")
    assert refused is not None and refused.status == 400
    assert "cancelled" in await page.get_by_role("alert").inner_text()
    world.fake.oauth.deny = False
    world.fake.oauth.signed_in = world.moderator.user
    await page.goto(dashboard.url + "/login?next=//evil.example/steal")
    assert page.url == dashboard.url + "/"
