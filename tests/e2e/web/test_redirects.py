"""No redirect of the dashboard leaves BVUNZO_WEB_URL's origin: the language switch, a login's `next`, the
way to log in; read from the Location header as sent, and once through a real browser's login."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from typing import Any
from urllib.parse import urlencode, urljoin, urlsplit

import aiohttp
import pytest
import pytest_asyncio
from yarl import URL

from tests.e2e.web.conftest import Dashboard


def where_a_browser_goes(origin: str, location: str) -> tuple[str, str | None, int | None]:
    """The scheme, host and port a browser opens for `location` read on `origin`'s pages: it drops tabs
    and newlines (the WHATWG URL standard) and reads a backslash as a slash before resolving."""
    cleaned = re.sub("[\t\r\n]", "", location).replace("\\", "/")
    resolved = urlsplit(urljoin(origin + "/", cleaned))
    return resolved.scheme, resolved.hostname, resolved.port


def origin_of(url: str) -> tuple[str, str | None, int | None]:
    parts = urlsplit(url)
    return parts.scheme, parts.hostname, parts.port


@pytest_asyncio.fixture
async def client() -> AsyncIterator[aiohttp.ClientSession]:
    """A plain HTTP client that keeps cookies for 127.0.0.1 and follows no redirect by itself."""
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as session:
        yield session


# Paths as a client sends them, byte for byte (encoded=True: not normalised by the client first).
SWITCHES = [
    ("/%09/evil.example/?language=en", "/%09/evil.example/"),
    ("/\\evil.example?language=fr", "/%5Cevil.example"),
    ("/%2F%2Fevil.example?language=sn", "/%2F%2Fevil.example"),
    ("/%5Cevil.example/?language=en", "/%5Cevil.example/"),
    ("/%0D%0A/evil.example/?language=pt-BR&x=1", "/%0D%0A/evil.example/?x=1"),
    ("//evil.example/?language=en", "/"),
    ("/servers/1/%2e%2e/%2e%2e//evil.example?language=en", None),
]


@pytest.mark.parametrize(("sent", "expected"), SWITCHES)
async def test_the_language_switch_sends_the_browser_back_to_this_site(
    dashboard: Dashboard, client: aiohttp.ClientSession, sent: str, expected: str | None
) -> None:
    answer = await client.get(URL(dashboard.url + sent, encoded=True), allow_redirects=False)
    assert answer.status == 303
    location = answer.headers["Location"]
    assert where_a_browser_goes(dashboard.url, location) == origin_of(dashboard.url), location
    if expected is not None:
        assert location == expected


async def logged_in_at(dashboard: Dashboard, client: aiohttp.ClientSession, next_path: str) -> str:
    """Log the moderator in with `?next=next_path` through the fake Discord; the callback's Location."""
    dashboard.world.fake.oauth.signed_in = dashboard.world.moderator.user
    start = await client.get(f"{dashboard.url}/login?{urlencode({'next': next_path})}", allow_redirects=False)
    assert start.status == 302
    at_discord = await client.get(start.headers["Location"], allow_redirects=False)
    assert at_discord.status == 302
    back = await client.get(at_discord.headers["Location"], allow_redirects=False)
    assert back.status == 302
    return back.headers["Location"]


NEXTS = [
    ("/\t/evil.example/x", "/%09/evil.example/x"),
    ("/\n/evil.example/x", "/%0A/evil.example/x"),
    ("/\\evil.example/x", "/%5Cevil.example/x"),
    ("/%2F%2Fevil.example", "/%2F%2Fevil.example"),
    ("//evil.example/x", "/"),
    ("\t//evil.example/x", "/"),
    ("https://evil.example/x", "/"),
    ("javascript:alert(document.cookie)", "/"),
    ("/me?tab=mastery", "/me?tab=mastery"),
]


@pytest.mark.parametrize(("next_path", "expected"), NEXTS)
async def test_a_logins_next_ends_on_this_site(
    dashboard: Dashboard, client: aiohttp.ClientSession, next_path: str, expected: str
) -> None:
    location = await logged_in_at(dashboard, client, next_path)
    assert location == expected
    assert where_a_browser_goes(dashboard.url, location) == origin_of(dashboard.url)


@pytest.mark.parametrize(
    ("sent", "expected"),
    [
        ("/servers/1/%09/evil.example", "/servers/1/%09/evil.example"),
        # A slash in the query is the query's own (aiohttp writes it plain): the path stays this site's.
        ("/servers/1/flags?y=%2F%2Fevil.example&z=%09", "/servers/1/flags?y=//evil.example&z=%09"),
    ],
)
async def test_the_way_to_log_in_keeps_the_path_on_this_site(
    dashboard: Dashboard, client: aiohttp.ClientSession, sent: str, expected: str
) -> None:
    answer = await client.get(URL(dashboard.url + sent, encoded=True), allow_redirects=False)
    assert answer.status == 302
    location = answer.headers["Location"]
    assert location.startswith("/login?next=")
    assert where_a_browser_goes(dashboard.url, location) == origin_of(dashboard.url)
    after = await logged_in_at(dashboard, client, URL(location).query["next"])
    assert after == expected
    assert where_a_browser_goes(dashboard.url, after) == origin_of(dashboard.url)


async def test_a_login_in_the_browser_with_a_tab_in_next_stays_here(
    dashboard: Dashboard, browser: Any
) -> None:
    dashboard.world.fake.oauth.signed_in = dashboard.world.moderator.user
    page = await dashboard.page(browser)
    await page.goto(dashboard.url + "/login?next=/%09/evil.example/x")
    assert page.url == dashboard.url + "/%09/evil.example/x"
    assert await page.get_by_text("Signed in as Tendai").count() == 1


async def test_a_next_too_long_for_the_cookie_still_logs_in_and_goes_home(
    dashboard: Dashboard, browser: Any
) -> None:
    dashboard.world.fake.oauth.signed_in = dashboard.world.moderator.user
    page = await dashboard.page(browser)
    await page.goto(dashboard.url + "/login?next=/me?pad=" + "x" * 4000)
    assert page.url == dashboard.url + "/"
    assert await page.get_by_text("Signed in as Tendai").count() == 1
    # The longest kept is still well inside a cookie.
    kept = "/me?pad=" + "x" * (1024 - len("/me?pad="))
    await page.goto(dashboard.url + "/login?next=" + kept)
    assert page.url == dashboard.url + kept
