"""A small PNG of a member's weekly points and accuracy (needs the optional `charts` extra)."""

from __future__ import annotations

import io
from collections.abc import Sequence

import matplotlib

matplotlib.use("Agg")  # no screen on a server

import matplotlib.pyplot as plt

from bot.store import WeekStats


def weekly_chart(weeks: Sequence[WeekStats]) -> io.BytesIO | None:
    if not weeks or not any(w.answered for w in weeks):
        return None
    labels = [w.week_start.strftime("%d %b") for w in weeks]
    points = [w.points for w in weeks]
    accuracy = [100 * w.right / w.answered if w.answered else 0 for w in weeks]
    fig, left = plt.subplots(figsize=(6, 2.6), dpi=100)
    try:
        left.bar(labels, points, color="#5865F2")
        left.set_ylabel("points")
        left.tick_params(axis="x", labelsize=8)
        right = left.twinx()
        right.plot(labels, accuracy, color="#EB459E", marker="o")
        right.set_ylim(0, 100)
        right.set_ylabel("accuracy %")
        left.set_title("Last weeks")
        fig.tight_layout()
        out = io.BytesIO()
        fig.savefig(out, format="png")
    finally:
        plt.close(fig)
    out.seek(0)
    return out
