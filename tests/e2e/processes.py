"""`python -m bot` as a host runs it, against the fake Discord: started, waited on until ready, stopped or killed.

The process's log lines are read as they come, so a test waits on the line that says something happened
(`ready: shards 0 of 1, 2 servers`) instead of sleeping for as long as it usually takes.
"""

from __future__ import annotations

import asyncio
import os
import re
import signal
import sys
from dataclasses import dataclass, field

from tests.e2e.conftest import ROOT, World
from tests.e2e.harness import HANG_GUARD, wait_until

# What bot/discord/client.py logs once discord.py is ready: connected, its servers received, interactions handled.
READY = r"ready: shards [0-9,]+ of [0-9]+, [0-9]+ servers"


async def _bot_process(
    world: World, *, stderr: int = asyncio.subprocess.DEVNULL, own_group: bool = False, **settings: str
) -> asyncio.subprocess.Process:
    """`python -m bot` on the world: this environment less its Bvunzo and Discord settings, plus the world's.

    own_group starts it in a process group of its own, so that a kill of the group takes its children too.
    """
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "BVUNZO_"))}
    env = {
        **clean,
        **world.fake.env(),
        "BVUNZO_DB": str(world.db),
        "BVUNZO_QUESTIONS": str(world.questions),
        **settings,
    }
    return await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        cwd=ROOT,
        env=env,
        stdout=asyncio.subprocess.DEVNULL,
        stderr=stderr,
        start_new_session=own_group,
    )


@dataclass
class BotProcess:
    """`python -m bot` on some shards; its log lines are read as they come, so a test can wait on one."""

    shards: str
    process: asyncio.subprocess.Process
    lines: list[str] = field(default_factory=list)
    reader: asyncio.Task[None] | None = None

    @classmethod
    async def start(cls, world: World, shards: str = "all", **settings: str) -> BotProcess:
        """Started in a process group of its own, so that a kill -9 takes its chart worker too."""
        process = await _bot_process(world, stderr=asyncio.subprocess.PIPE, own_group=True, **settings)
        bot = cls(shards, process)
        bot.reader = asyncio.create_task(bot._read())
        return bot

    async def _read(self) -> None:
        assert self.process.stderr is not None
        async for line in self.process.stderr:
            self.lines.append(line.decode(errors="replace").rstrip())

    async def logged(self, pattern: str = READY) -> None:
        """Until a log line matches the pattern (the process exiting first fails the test); a timeout
        shows the last lines it logged, which usually say why."""
        try:
            await wait_until(
                lambda: (
                    any(re.search(pattern, line) for line in self.lines)
                    or self.process.returncode is not None
                ),
                timeout=HANG_GUARD,
                what=f"shards {self.shards} to log {pattern!r}",
            )
        except AssertionError as exc:
            raise AssertionError(f"{exc}; it logged:\n" + "\n".join(self.lines[-30:])) from None
        assert self.process.returncode is None, f"shards {self.shards} exited:\n" + "\n".join(
            self.lines[-30:]
        )

    async def kill(self) -> None:
        """kill -9, of the process and what it started (its chart worker), as a container runtime does."""
        if self.process.returncode is None:
            os.killpg(self.process.pid, signal.SIGKILL)
        await self._ended()

    async def stop(self) -> int:
        """SIGTERM, as a host stops it; the exit code."""
        self.process.send_signal(signal.SIGTERM)
        await self._ended()
        assert self.process.returncode is not None
        return self.process.returncode

    async def _ended(self) -> None:
        await asyncio.wait_for(self.process.wait(), timeout=HANG_GUARD)
        if self.reader is not None:
            await asyncio.wait_for(self.reader, timeout=HANG_GUARD)
