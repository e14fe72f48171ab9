"""The deck pages' charts, drawn on the server: bar geometry for the SVG templates and their text alternative.

Each chart is laid out here (numbers only) and drawn by a template (bot/web/templates/decks_chart.svg.html),
so every label passes through the templates' autoescaping. Colours are attributes, not styles: the
dashboard's Content-Security-Policy allows no inline style.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.locales import N_, _, day_and_month, n_, number
from bot.locales import percent as locale_percent
from bot.quiz.item_analysis import ItemFigures
from bot.store import WeekStats

ROW = 22  # a horizontal bar's row height
LABEL_WIDTH = 180
BAR_WIDTH = 360
VALUE_WIDTH = 170
COLUMN = 40  # a vertical bar's column width
COLUMN_HEIGHT = 140
# A figure resting on too few members (bot.quiz.item_analysis.MIN_MEMBERS), as the pages say it.
NOT_ENOUGH = N_("not enough answers yet")


@dataclass(frozen=True, slots=True)
class Bar:
    label: str  # beside or under the bar
    value_text: str  # at the bar's end
    x: float
    y: float
    width: float
    height: float
    marked: bool = False  # drawn in the warning colour: a question to look at
    empty: bool = False  # no figure (not enough answers): an outline only


@dataclass(frozen=True, slots=True)
class Chart:
    title: str
    alt: str  # the text alternative: the chart in one paragraph
    width: int
    height: int
    bars: tuple[Bar, ...]
    horizontal: bool


def percent(share: float) -> str:
    """A share as the page's language writes a whole percentage."""
    return locale_percent(share)


def alt_text(said: Sequence[str], listed: str, empty: str) -> str:
    """A chart's text alternative: `listed` with what each bar says, or `empty` when it has no bars."""
    return _(listed, figures="; ".join(said)) if said else _(empty)


def accuracy_chart(figures: Sequence[ItemFigures], labels: Sequence[str]) -> Chart:
    """One horizontal bar per question: the share right on the first try, marked questions in orange."""
    bars = []
    said = []
    for row, (item, label) in enumerate(zip(figures, labels, strict=True)):
        y = row * ROW + 4
        if item.difficulty is None:
            bars.append(Bar(label, _(NOT_ENOUGH), LABEL_WIDTH, y, BAR_WIDTH, ROW - 8, empty=True))
            said.append(_("{label}: {value}", label=label, value=_(NOT_ENOUGH)))
            continue
        shown = percent(item.difficulty)
        text = _("{percent}, marked", percent=shown) if item.weak else shown
        width = max(1.0, BAR_WIDTH * item.difficulty)
        bars.append(Bar(label, text, LABEL_WIDTH, y, width, ROW - 8, marked=item.weak))
        said.append(_("{label}: {value}", label=label, value=text))
    alt = alt_text(
        said,
        N_("Share right on the first try, per question: {figures}."),
        N_("Share right on the first try, per question: no questions."),
    )
    return Chart(
        _("Accuracy per question"),
        alt,
        LABEL_WIDTH + BAR_WIDTH + VALUE_WIDTH,
        max(1, len(bars)) * ROW + 8,
        tuple(bars),
        horizontal=True,
    )


def week_column(column: int, week: WeekStats, share: float, text: str) -> Bar:
    """The week's column, `column`th from the left: `share` of the chart's height, `text` above it; a week
    without answers an empty one."""
    height = COLUMN_HEIGHT * share
    x = column * (COLUMN + 24) + 12
    top = 20 + COLUMN_HEIGHT - height
    return Bar(day_and_month(week.week_start), text, x, top, COLUMN, height, empty=not week.answered)


def columns_chart(title: str, alt: str, bars: Sequence[Bar]) -> Chart:
    """A chart of `bars` made by week_column, as wide as they need."""
    return Chart(title, alt, len(bars) * (COLUMN + 24) + 24, COLUMN_HEIGHT + 60, tuple(bars), False)


def weeks_chart(weeks: Sequence[WeekStats]) -> Chart:
    """One column per week: how many answers the deck had, with the share right above it."""
    most = max((w.answered for w in weeks), default=0) or 1
    bars = []
    said = []
    for column, week in enumerate(weeks):
        answered = number(week.answered)
        text = (
            _("{answered} ({percent})", answered=answered, percent=percent(week.right / week.answered))
            if week.answered
            else answered
        )
        bars.append(week_column(column, week, week.answered / most, text))
        # The text alternative names each week by its ISO date (2026-11-23), the same in every language.
        said.append(
            n_(
                "week of {day}: {n} answer, {percent} right",
                "week of {day}: {n} answers, {percent} right",
                week.answered,
                day=week.week_start.isoformat(),
                percent=percent(week.right / week.answered),
            )
            if week.answered
            else _("week of {day}: no answers", day=week.week_start.isoformat())
        )
    alt = alt_text(
        said,
        N_("Answers per week, oldest first: {figures}."),
        N_("Answers per week, oldest first: no weeks."),
    )
    return columns_chart(_("Answers over the weeks"), alt, bars)
