"""bench_web.py's fake Discord in a process of its own, as Discord is another machine to the dashboard.

In the dashboard's process the fake's work (answering, recording each request, checking it against Discord's
spec) was timed as the dashboard's: a page's first request, which asks Discord for up to 100 members' names,
spent more time in the fake than in the page. Apart, the dashboard still does its own part of each call
(the request, the answer read) and waits for the answer, as it waits for Discord.

`python bench/discord_apart.py REDIRECT_URI` makes the tests' fake with the server "Study" and its moderator
signed in, prints one JSON line (Apart's fields) and answers until its standard input closes.
"""

from __future__ import annotations

import asyncio
import json
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import asdict, dataclass
from pathlib import Path

import discord

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.e2e.fake_discord import FakeDiscord

STARTED_WITHIN = 60.0  # seconds (a loaded machine imports discord.py slowly)


@dataclass(frozen=True, slots=True)
class Apart:
    """What the dashboard's settings and the bench need of the fake running apart."""

    guild_id: int
    client_id: str
    client_secret: str
    token: str
    http_base: str
    api_base: str


async def _serve(redirect_uri: str) -> None:
    fake = FakeDiscord()
    study = fake.add_guild("Study")
    mods = study.add_role("Moderators", permissions=discord.Permissions(manage_guild=True))
    fake.oauth.signed_in = study.add_member("moderator", roles=[mods]).user
    fake.oauth.redirect_uris.append(redirect_uri)
    async with fake:
        told = Apart(
            study.id,
            fake.oauth.client_id,
            fake.oauth.client_secret,
            fake.token,
            fake.http_base,
            fake.api_base,
        )
        print(json.dumps(asdict(told)), flush=True)
        await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)


@asynccontextmanager
async def discord_apart(redirect_uri: str) -> AsyncIterator[Apart]:
    """The fake started in its own process (with the dashboard's `redirect_uri` registered), until exit."""
    child = await asyncio.create_subprocess_exec(
        sys.executable, __file__, redirect_uri, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE
    )
    assert child.stdin is not None and child.stdout is not None
    try:
        line = await asyncio.wait_for(child.stdout.readline(), STARTED_WITHIN)
        if not line:
            raise RuntimeError("the fake Discord's process ended before it started")
        yield Apart(**json.loads(line))
    finally:
        child.stdin.close()
        try:
            await asyncio.wait_for(child.wait(), 10)
        except TimeoutError:
            child.kill()
            await child.wait()


if __name__ == "__main__":
    asyncio.run(_serve(sys.argv[1]))
