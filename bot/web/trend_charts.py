"""A member's trend drawn on the server: a column per week, its height the share of answers right (the
member page; the group's chart of answers per week is bot/web/deck_charts.py's weeks_chart)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.locales import N_, _
from bot.store import WeekStats
from bot.web.deck_charts import Chart, alt_text, columns_chart, percent, week_column


def _said(week: WeekStats) -> str:
    """One week in the text alternative, named by its ISO date (2026-11-23), the same in every language."""
    if not week.answered:
        return _("week of {day}: no answers", day=week.week_start.isoformat())
    return _(
        "week of {day}: {percent} right",
        day=week.week_start.isoformat(),
        percent=percent(week.right / week.answered),
    )


def accuracy_weeks_chart(weeks: Sequence[WeekStats]) -> Chart:
    """One column per week, as tall as the share of the week's answers that were right (100% the top); a
    week without answers an empty column."""
    bars = []
    for column, week in enumerate(weeks):
        share = week.right / week.answered if week.answered else 0.0
        bars.append(week_column(column, week, share, percent(share) if week.answered else "–"))
    alt = alt_text(
        [_said(w) for w in weeks],
        N_("Share of answers right per week, oldest first: {figures}."),
        N_("Share of answers right per week, oldest first: no weeks."),
    )
    return columns_chart(_("Accuracy over the weeks"), alt, bars)
