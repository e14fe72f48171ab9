"""A bot in more than 200 servers, a member in more than 200: Discord lists 200 a page, and the dashboard
reads every page, for the bot's list and for the member's at login."""

from __future__ import annotations

from typing import Any

import aiohttp

from tests.e2e.web.conftest import Dashboard


async def test_a_moderator_of_the_450th_server_gets_its_pages(dashboard: Dashboard, browser: Any) -> None:
    world = dashboard.world
    fake = world.fake
    # First 250 servers without the bot where the moderator is a member (the member's list passes 200 and
    # the last server comes after them), then the bot's: 2 already, 448 more, the last the moderator's own.
    for n in range(250):
        fake.add_guild(f"Elsewhere {n}", with_bot=False).add_member(world.moderator)
    for n in range(447):
        fake.add_guild(f"Crowd {n}")
    late = fake.add_guild("Late Study", owner=world.moderator.user)
    assert len(fake.guilds) == 450
    assert sorted(g.id for g in fake.guilds)[-1] == late.id

    page = await dashboard.signed_in(browser, world.moderator, then="/")
    assert await page.get_by_role("link", name="Late Study").count() == 1
    assert await page.get_by_role("link", name="Study A").count() == 1
    answer = await page.goto(dashboard.server_url(guild_id=late.id))
    assert answer is not None and answer.status == 200
    assert await page.locator("nav.server-nav .server-name").inner_text() == "Late Study"

    # The bot's list: three pages of at most 200, each after the last id of the one before.
    asked = [r for r in fake.requests if r.path == "/users/@me/guilds"]
    assert [r.query.get("limit") for r in asked] == ["200", "200", "200"]
    assert "after" not in asked[0].query
    ordered = sorted(g.id for g in fake.guilds)
    assert [r.query.get("after") for r in asked[1:]] == [str(ordered[199]), str(ordered[399])]
    assert [len(r.reply) for r in asked] == [200, 200, 50]
    # The member's own list at login (their token): 252 servers, two pages.
    theirs = [c for c in fake.oauth.calls if c.path.endswith("/users/@me/guilds")]
    assert [c.query.get("limit") for c in theirs] == ["200", "200"]
    assert "after" in theirs[1].query


async def test_a_page_past_discords_200_is_refused_by_the_fake(dashboard: Dashboard) -> None:
    """The fake pages as Discord does: `limit` is 1-200 (the OpenAPI spec), a bad one is 400."""

    fake = dashboard.world.fake
    headers = {"Authorization": f"Bot {fake.token}"}
    async with aiohttp.ClientSession() as session:
        for limit, status in (("201", 400), ("0", 400), ("two", 400), ("1", 200)):
            answer = await session.get(
                fake.api_base + "/users/@me/guilds", params={"limit": limit}, headers=headers
            )
            assert answer.status == status, limit
        listed = await (await session.get(fake.api_base + "/users/@me/guilds", headers=headers)).json()
    assert [int(g["id"]) for g in listed] == sorted(g.id for g in fake.guilds)
