"""A change made on the web reaches the bot: `bvunzo web` beside the bot's process, and BVUNZO_WEB inside it.

The processes run as a host runs them (`python -m bot web`, `python -m bot`) against the fake Discord and
one SQLite file; a browser changes a server's round defaults, and the next /quiz start uses them.
"""

from __future__ import annotations

import asyncio
import os
import re
import signal
import sys
from dataclasses import dataclass, field
from typing import Any

from bot.store import open_store
from tests.e2e.conftest import ROOT, World
from tests.e2e.harness import HANG_GUARD, wait_until
from tests.e2e.processes import BotProcess
from tests.e2e.rounds import start
from tests.ports import unused_port

DASHBOARD_UP = r"web dashboard at http://127\.0\.0\.1:\d+ \(listening on http://127\.0\.0\.1:\d+\)"


def web_env(world: World, port: int) -> dict[str, str]:
    """The dashboard's settings, pointed at the fake Discord, with its redirect registered there."""
    url = f"http://127.0.0.1:{port}"
    world.fake.oauth.redirect_uris.append(url + "/callback")
    return {
        "BVUNZO_WEB": f"127.0.0.1:{port}",
        "BVUNZO_WEB_URL": url,
        "DISCORD_CLIENT_ID": world.fake.oauth.client_id,
        "DISCORD_CLIENT_SECRET": world.fake.oauth.client_secret,
        "DISCORD_OAUTH_URL": world.fake.http_base + "/oauth2/authorize",
    }


@dataclass
class WebProcess:
    """`python -m bot web`, its log lines read as they come."""

    process: asyncio.subprocess.Process
    lines: list[str] = field(default_factory=list)
    reader: asyncio.Task[None] | None = None

    @classmethod
    async def start(cls, world: World, port: int) -> WebProcess:
        clean = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "BVUNZO_"))}
        env = {
            **clean,
            **world.fake.env(),
            "BVUNZO_DB": str(world.db),
            "BVUNZO_QUESTIONS": str(world.questions),
            **web_env(world, port),
        }
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "bot",
            "web",
            cwd=ROOT,
            env=env,
            stdout=asyncio.subprocess.DEVNULL,
            stderr=asyncio.subprocess.PIPE,
        )
        made = cls(process)
        made.reader = asyncio.create_task(made._read())
        await wait_until(
            lambda: (
                any(re.search(DASHBOARD_UP, line) for line in made.lines) or process.returncode is not None
            ),
            timeout=HANG_GUARD,
            what="bvunzo web to listen",
        )
        assert process.returncode is None, "\n".join(made.lines[-20:])
        return made

    async def _read(self) -> None:
        assert self.process.stderr is not None
        async for line in self.process.stderr:
            self.lines.append(line.decode(errors="replace").rstrip())

    async def stop(self) -> int:
        if self.process.returncode is None:
            self.process.send_signal(signal.SIGTERM)
        code = await asyncio.wait_for(self.process.wait(), timeout=HANG_GUARD)
        if self.reader is not None:
            await asyncio.wait_for(self.reader, timeout=HANG_GUARD)
        return code


async def change_round_defaults(world: World, browser: Any, url: str) -> None:
    """As a moderator in a browser: 2 questions of 45 seconds, saved."""
    world.fake.oauth.signed_in = world.moderator.user
    page = await browser.page()
    await page.goto(f"{url}/login?next=/servers/{world.study.id}/settings")
    await page.wait_for_url(f"{url}/servers/{world.study.id}/settings")
    await page.get_by_label("Questions per round (1–50)").fill("2")
    await page.get_by_label("Seconds per question (5–120)").fill("45")
    await page.get_by_role("button", name="Save").click()
    await page.get_by_role("status").wait_for()


async def figures_come_from_the_background(world: World, browser: Any, url: str) -> None:
    """A deck's analysis opened for the first time says its figures are being computed; the process's
    worker computes them and the page, reloading itself (a meta refresh, no script), shows them."""
    world.fake.oauth.signed_in = world.moderator.user
    page = await browser.page()
    analysis = f"/servers/{world.study.id}/decks/gradient-checkpointing/analysis"
    await page.goto(f"{url}/login?next={analysis}")
    await page.wait_for_url(url + analysis)
    assert await page.locator("#being-computed").count() == 1
    await page.locator("table.analysis").wait_for(timeout=HANG_GUARD * 1000)
    assert await page.locator("#being-computed").count() == 0


async def the_next_round_uses_them(world: World) -> None:
    await start(world, world.general, world.moderator)  # no questions or seconds given
    store = await open_store(world.db)
    try:
        running = await store.running_round(world.general.id)
        assert running is not None
        assert (len(running.question_ids), running.seconds) == (2, 45)
        (entry,) = await store.audit_log(world.study.id)
        assert (entry.user_id, entry.action) == (world.moderator.id, "settings saved")
    finally:
        await store.close()


async def test_a_setting_saved_in_bvunzo_web_reaches_the_bot_in_its_own_process(
    world: World, browser: Any
) -> None:
    bot = await BotProcess.start(world)
    web = None
    try:
        await bot.logged()
        port = unused_port()
        web = await WebProcess.start(world, port)
        await change_round_defaults(world, browser, f"http://127.0.0.1:{port}")
        await the_next_round_uses_them(world)
        await figures_come_from_the_background(world, browser, f"http://127.0.0.1:{port}")
    finally:
        if web is not None:
            assert await web.stop() == 0
        assert await bot.stop() == 0


async def test_the_bot_serves_the_dashboard_itself_with_bvunzo_web(world: World, browser: Any) -> None:
    port = unused_port()
    bot = await BotProcess.start(world, **web_env(world, port))
    try:
        await bot.logged()
        await bot.logged(DASHBOARD_UP)
        await change_round_defaults(world, browser, f"http://127.0.0.1:{port}")
        await the_next_round_uses_them(world)
        await figures_come_from_the_background(world, browser, f"http://127.0.0.1:{port}")
    finally:
        assert await bot.stop() == 0
