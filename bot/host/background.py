"""A loop run as one named background task: start() once, stop() cancels it and waits for it to end."""

from __future__ import annotations

import asyncio
import contextlib


class BackgroundLoop:
    """Mixin for a worker whose `_run()` loops until cancelled; `task_name` names its asyncio task."""

    task_name = "bvunzo-loop"
    _task: asyncio.Task[None] | None = None

    async def _run(self) -> None:
        raise NotImplementedError

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self._run(), name=self.task_name)

    async def stop(self) -> None:
        """Stop the background task (work under way is dropped: the next start does it again)."""
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
