"""Drawing /stats charts in a worker process, so matplotlib never stalls the bot's event loop."""

from __future__ import annotations

import asyncio
import importlib.util
import logging
from collections import OrderedDict
from collections.abc import Sequence
from concurrent.futures import BrokenExecutor
from typing import TYPE_CHECKING

from bot.locales import language
from bot.store import WeekStats

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor

log = logging.getLogger(__name__)

# Charts are an optional extra (matplotlib); decided once.
AVAILABLE = importlib.util.find_spec("matplotlib") is not None
# A member's weeks change only when they answer: the same figures (in the same language) give the same
# picture.
CACHED = 256
# What a chart is drawn from: the language its labels are written in, and the weeks.
Key = tuple[str, tuple[WeekStats, ...]]
# The command defers its answer while a chart is drawn; past this the stats go out without it (the
# drawing goes on and is cached for the next /stats).
PATIENCE = 8.0


class _Worker:
    """The process's one chart worker, shared by every bot in it (shards in one process, a restarted
    bot): matplotlib is loaded once per process, not once per bot. It ends with the process (Python's
    exit joins it) or when it breaks, and the next chart starts another."""

    pool: ProcessPoolExecutor | None = None

    @classmethod
    def ready(cls) -> ProcessPoolExecutor:
        if cls.pool is None:
            import multiprocessing  # with the pool: a bot nobody asks for a chart never loads them
            from concurrent.futures import ProcessPoolExecutor

            from bot.ui.chart import warm_up

            # spawn, not fork: the bot has threads (aiosqlite's, the event loop's helpers) a fork would copy.
            cls.pool = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"))
            cls.pool.submit(warm_up)
        return cls.pool

    @classmethod
    def broken(cls, pool: ProcessPoolExecutor) -> None:
        """The pool lost its process (killed, out of memory): the next chart starts another."""
        if cls.pool is pool:
            cls.pool = None
            pool.shutdown(wait=False, cancel_futures=True)


class ChartPainter:
    """A bot's charts: drawn by the process's chart worker, the latest kept in memory."""

    def __init__(self) -> None:
        self._drawn: OrderedDict[Key, bytes | None] = OrderedDict()
        self._drawing: dict[Key, asyncio.Future[bytes | None]] = {}

    def ready(self, weeks: Sequence[WeekStats]) -> bool:
        """Whether weekly() would answer at once: no extra installed, nothing to draw, or drawn before (in
        the task's language)."""
        return (
            not AVAILABLE or not any(w.answered for w in weeks) or (language(), tuple(weeks)) in self._drawn
        )

    async def weekly(self, weeks: Sequence[WeekStats]) -> bytes | None:
        """The member's weekly chart, labelled in the task's language, or None (no extra installed, nothing
        to draw, or not ready in time)."""
        key: Key = (language(), tuple(weeks))
        if key in self._drawn:
            self._drawn.move_to_end(key)
            return self._drawn[key]
        if not AVAILABLE or not any(w.answered for w in weeks):
            return None  # as ready() promised: nothing to draw, so no worker to start and wait for
        drawing = self._drawing.get(key)
        if drawing is None:
            drawing = self._draw(key)
        try:
            return await asyncio.wait_for(asyncio.shield(drawing), timeout=PATIENCE)
        except TimeoutError:
            log.info("a weekly chart took over %.1f s; sent the stats without it", PATIENCE)
            return None
        except Exception:  # logged by _keep: a chart is never worth a failed /stats
            return None

    def _draw(self, key: Key) -> asyncio.Future[bytes | None]:
        from bot.ui.chart import weekly_png

        pool = _Worker.ready()
        drawing = asyncio.get_running_loop().run_in_executor(pool, weekly_png, key[1], key[0])
        self._drawing[key] = drawing
        drawing.add_done_callback(lambda done: self._keep(key, done, pool))
        return drawing

    def _keep(self, key: Key, done: asyncio.Future[bytes | None], pool: ProcessPoolExecutor) -> None:
        self._drawing.pop(key, None)
        if done.cancelled() or done.exception() is not None:
            if not done.cancelled():
                log.warning("a weekly chart failed: %r", done.exception())
                if isinstance(done.exception(), BrokenExecutor):
                    _Worker.broken(pool)
            return
        self._drawn[key] = done.result()
        while len(self._drawn) > CACHED:
            self._drawn.popitem(last=False)

    def close(self) -> None:
        """Forget the charts being drawn for this bot (the process's worker stays for the next bot)."""
        for drawing in list(self._drawing.values()):
            drawing.cancel()
        self._drawing.clear()
