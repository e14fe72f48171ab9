"""A small PNG of a member's weekly points and accuracy (needs the optional `charts` extra)."""

from __future__ import annotations

import functools
import io
from collections.abc import Sequence

from matplotlib.figure import Figure

from bot.store import WeekStats


def weekly_chart(weeks: Sequence[WeekStats]) -> io.BytesIO | None:
    """The chart as a PNG file object, or None when there is nothing to draw."""
    png = _weekly_png(tuple(weeks))
    return io.BytesIO(png) if png is not None else None


# A member's weeks change only when they answer, and drawing takes tens of milliseconds: the same
# figures give the same picture, so keep the last few hundred.
@functools.lru_cache(maxsize=512)
def _weekly_png(weeks: tuple[WeekStats, ...]) -> bytes | None:
    """Rendered with a bare Figure (no pyplot state), so it may run in a worker thread."""
    if not weeks or not any(w.answered for w in weeks):
        return None
    labels = [w.week_start.strftime("%d %b") for w in weeks]
    points = [w.points for w in weeks]
    accuracy = [100 * w.right / w.answered if w.answered else 0 for w in weeks]
    fig = Figure(figsize=(6, 2.6), dpi=100)
    # Fixed margins: tight_layout would double the time it takes to draw.
    fig.subplots_adjust(left=0.1, right=0.9, top=0.88, bottom=0.15)
    left = fig.add_subplot()
    left.bar(labels, points, color="#5865F2")
    left.set_ylabel("points")
    left.tick_params(axis="x", labelsize=8)
    right = left.twinx()
    right.plot(labels, accuracy, color="#EB459E", marker="o")
    right.set_ylim(0, 100)
    right.set_ylabel("accuracy %")
    left.set_title("Last weeks", fontsize=10)
    out = io.BytesIO()
    fig.savefig(out, format="png")
    return out.getvalue()
