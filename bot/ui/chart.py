"""A small PNG of a member's weekly points and accuracy (needs the optional `charts` extra)."""

from __future__ import annotations

import io
from collections.abc import Sequence

from matplotlib.figure import Figure

from bot.locales import SOURCE, _, day_and_month, speaking
from bot.store import WeekStats


def warm_up() -> None:
    """Draw once, so the first real chart does not also pay for matplotlib's start-up."""
    Figure().savefig(io.BytesIO(), format="png")


def weekly_png(weeks: Sequence[WeekStats], language: str = SOURCE) -> bytes | None:
    """The chart as PNG bytes, labelled in `language`, or None when there is nothing to draw.

    Drawn with a bare Figure (no pyplot state), so it can run anywhere, in a worker process included
    (which is why the language is an argument: a worker has no task's language to write in).
    """
    if not weeks or not any(w.answered for w in weeks):
        return None
    with speaking(language):
        return _draw(weeks)


def _draw(weeks: Sequence[WeekStats]) -> bytes:
    labels = [day_and_month(w.week_start) for w in weeks]
    points = [w.points for w in weeks]
    accuracy = [100 * w.right / w.answered if w.answered else 0 for w in weeks]
    fig = Figure(figsize=(6, 2.6), dpi=100)
    # Fixed margins: tight_layout would double the time it takes to draw.
    fig.subplots_adjust(left=0.1, right=0.9, top=0.88, bottom=0.15)
    left = fig.add_subplot()
    left.bar(labels, points, color="#5865F2")
    left.set_ylabel(_("points"))
    left.tick_params(axis="x", labelsize=8)
    right = left.twinx()
    right.plot(labels, accuracy, color="#EB459E", marker="o")
    right.set_ylim(0, 100)
    right.set_ylabel(_("accuracy %"))
    left.set_title(_("Last weeks"), fontsize=10)
    out = io.BytesIO()
    fig.savefig(out, format="png")
    return out.getvalue()
