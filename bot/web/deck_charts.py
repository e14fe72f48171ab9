"""The deck pages' charts, drawn on the server: bar geometry for the SVG templates and their text alternative.

Each chart is laid out here (numbers only) and drawn by a template (bot/web/templates/decks_chart.svg.html),
so every label passes through the templates' autoescaping. Colours are attributes, not styles: the
dashboard's Content-Security-Policy allows no inline style.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.quiz.item_analysis import NOT_ENOUGH, ItemFigures
from bot.store import WeekStats

ROW = 22  # a horizontal bar's row height
LABEL_WIDTH = 180
BAR_WIDTH = 360
VALUE_WIDTH = 170
COLUMN = 40  # a vertical bar's column width
COLUMN_HEIGHT = 140


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
    return f"{round(share * 100)}%"


def accuracy_chart(figures: Sequence[ItemFigures], labels: Sequence[str]) -> Chart:
    """One horizontal bar per question: the share right on the first try, marked questions in orange."""
    bars = []
    said = []
    for row, (item, label) in enumerate(zip(figures, labels, strict=True)):
        y = row * ROW + 4
        if item.difficulty is None:
            bars.append(Bar(label, NOT_ENOUGH, LABEL_WIDTH, y, BAR_WIDTH, ROW - 8, empty=True))
            said.append(f"{label}: {NOT_ENOUGH}")
            continue
        text = percent(item.difficulty) + (", marked" if item.weak else "")
        width = max(1.0, BAR_WIDTH * item.difficulty)
        bars.append(Bar(label, text, LABEL_WIDTH, y, width, ROW - 8, marked=item.weak))
        said.append(f"{label}: {text}")
    alt = "Share right on the first try, per question: " + ("; ".join(said) if said else "no questions") + "."
    return Chart(
        "Accuracy per question",
        alt,
        LABEL_WIDTH + BAR_WIDTH + VALUE_WIDTH,
        max(1, len(bars)) * ROW + 8,
        tuple(bars),
        horizontal=True,
    )


def weeks_chart(weeks: Sequence[WeekStats]) -> Chart:
    """One column per week: how many answers the deck had, with the share right above it."""
    most = max((w.answered for w in weeks), default=0) or 1
    bars = []
    said = []
    for column, week in enumerate(weeks):
        height = COLUMN_HEIGHT * week.answered / most
        label = week.week_start.strftime("%d %b")
        text = f"{week.answered}" + (f" ({percent(week.right / week.answered)})" if week.answered else "")
        x = column * (COLUMN + 24) + 12
        bars.append(Bar(label, text, x, 20 + COLUMN_HEIGHT - height, COLUMN, height, empty=not week.answered))
        said.append(
            f"week of {week.week_start.isoformat()}: {week.answered} answers"
            + (f", {percent(week.right / week.answered)} right" if week.answered else "")
        )
    alt = "Answers per week, oldest first: " + ("; ".join(said) if said else "no weeks") + "."
    return Chart(
        "Answers over the weeks", alt, len(bars) * (COLUMN + 24) + 24, COLUMN_HEIGHT + 60, tuple(bars), False
    )
