"""The web world: the e2e world's fake Discord and servers, a dashboard on its store, and a real Chromium.

async def test_x(dashboard: Dashboard, browser: Profiles) -> None:
    page = await dashboard.signed_in(browser, dashboard.world.moderator)   # logged in through the fake
    await page.goto(dashboard.url + f"/servers/{dashboard.world.study.id}/flags")
"""

from __future__ import annotations

import socket
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import aiohttp
import pytest_asyncio
from yarl import URL

from bot.host.config import HttpAddress, WebSettings
from bot.store import Store, open_store
from bot.web.server import WebServer, in_process
from bot.web.sessions import COOKIE_NAME
from tests.e2e.conftest import QUESTIONS, World
from tests.e2e.fake_discord import Member
from tests.e2e.web.browser import SharedChromium, require_browser, shared_chromium
from tests.e2e.web.profiles import Profiles


@dataclass
class Dashboard:
    world: World
    server: WebServer
    store: Store
    url: str

    async def page(self, browser: Profiles, **options: Any) -> Any:
        """A page of a browser profile of its own (its own cookies): one person at one computer."""
        return await browser.page(**options)

    async def sign_in(self, page: Any, member: Member, *, then: str = "/") -> Any:
        """Log `member` in on `page` through the fake Discord's OAuth, arriving at `then`."""
        self.world.fake.oauth.signed_in = member.user
        await page.goto(self.url + "/login?next=" + then)
        await page.wait_for_url(self.url + then)
        return page

    async def signed_in(self, browser: Profiles, member: Member, *, then: str | None = None) -> Any:
        """A new page of a new profile, with `member` logged in, at `then` (or still blank without it).

        The login itself goes through the dashboard and the fake Discord's OAuth as a browser's would,
        but in an HTTP client, whose session cookie the profile is given: the browser's own walk through
        it (tests/e2e/web/test_login.py) costs Chromium four navigations a test.
        """
        page = await self.page(browser)
        await page.context.add_cookies(await self.session_cookies(member))
        # Else a page of the dashboard would walk the login in the browser after all, unseen and slow.
        assert COOKIE_NAME in {cookie["name"] for cookie in await page.context.cookies(self.url)}
        if then is not None:
            await page.goto(self.url + then)
        return page

    async def session_cookies(self, member: Member) -> list[dict[str, Any]]:
        """The cookies of a dashboard session `member` logged in to, as Playwright takes them."""
        self.world.fake.oauth.signed_in = member.user
        jar = aiohttp.CookieJar(unsafe=True)  # unsafe: keeps cookies of an IP address such as 127.0.0.1
        url = self.url + "/login?next=/"
        async with aiohttp.ClientSession(cookie_jar=jar) as http:
            while url != self.url + "/":
                async with http.get(url, allow_redirects=False) as response:
                    assert response.status == 302, f"the login stopped at {url}: {response.status}"
                    url = str(response.url.join(URL(response.headers["Location"])))
        return [
            {
                "name": cookie.key,
                "value": cookie.value,
                "url": self.url,
                "httpOnly": bool(cookie["httponly"]),
                "sameSite": str(cookie["samesite"] or "Lax").capitalize(),
            }
            for cookie in jar
        ]

    async def compute_figures(self, deck_id: str, guild_id: int | None = None) -> None:
        """Let the dashboard's item figures worker compute a deck's figures now (as its background task
        would, soon after a page or a round asked): the analysis page only reads what it kept."""
        worker = self.server.context.item_worker
        worker.nudge(guild_id or self.world.study.id, deck_id)
        await worker.work()

    def server_url(self, path: str = "", guild_id: int | None = None) -> str:
        """A page of Study A (or of `guild_id`), e.g. server_url("flags")."""
        return f"{self.url}/servers/{guild_id or self.world.study.id}/{path}"


def web_settings(world: World, port: int) -> WebSettings:
    fake = world.fake
    return WebSettings(
        public_url=f"http://127.0.0.1:{port}",
        client_id=fake.oauth.client_id,
        client_secret=fake.oauth.client_secret,
        token=fake.token,
        db_path=world.db,
        questions_path=QUESTIONS,
        listen=HttpAddress("127.0.0.1", port),
        oauth_url=fake.http_base + "/oauth2/authorize",
        api_base=fake.api_base,
    )


def bound_socket() -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    return sock


@pytest_asyncio.fixture
async def dashboard(world: World) -> AsyncIterator[Dashboard]:
    """The dashboard in this process on the world's database, its redirect registered with the fake."""
    sock = bound_socket()
    settings = web_settings(world, sock.getsockname()[1])
    world.fake.oauth.redirect_uris.append(settings.redirect_uri)
    store = await open_store(world.db)
    server = await in_process(settings, store, clock=world.clock)
    await server.start(sock=sock)
    try:
        yield Dashboard(world, server, store, settings.public_url)
    finally:
        await server.stop()
        await store.close()


@pytest_asyncio.fixture(scope="session")
async def _shared_chromium() -> AsyncIterator[SharedChromium]:
    async with shared_chromium() as shared:
        yield shared


@pytest_asyncio.fixture
async def browser(_shared_chromium: SharedChromium) -> AsyncIterator[Profiles]:
    """Debian's headless Chromium (skipped without it; failed instead under BVUNZO_REQUIRE_BROWSER=1).

    One Chromium per worker process, started at its first browser test (a launch costs seconds of CPU).
    A test gets its pages from it (tests/e2e/web/profiles.py): the worker's kept pages, cleared after
    each test (cookies, permissions, cache, routes, emulation, about:blank; a new profile costs a renderer
    process), and new profiles, closed after it; so no test sees another's.
    """
    require_browser()
    launched = await _shared_chromium.ready()
    try:
        yield launched
    finally:
        await _shared_chromium.clean()
