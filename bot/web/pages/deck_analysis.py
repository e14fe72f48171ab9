"""Which questions work: a deck's item analysis in this server, with its charts drawn as SVG."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from aiohttp import web

from bot.bank.models import Deck, Kind
from bot.locales import _
from bot.looks.text import letter
from bot.quiz.item_analysis import GROUP_SHARE, MIN_MEMBERS, WEAK_DISCRIMINATION, ItemFigures
from bot.results.item_figures import analyse_deck
from bot.web.access import Server, moderator
from bot.web.context import context_of
from bot.web.deck_charts import NOT_ENOUGH, accuracy_chart, percent, weeks_chart
from bot.web.pages._decks import deck_url, find_deck
from bot.web.question_pages import PAGE_SIZE, Place
from bot.web.render import render

routes = web.RouteTableDef()


# Seconds after which the page shown while the figures are first computed reloads itself (a meta refresh:
# the dashboard runs no script).
REFRESH_SECONDS = 5


def short(text: str, size: int = 60) -> str:
    line = " ".join(text.split())
    return line if len(line) <= size else line[: size - 1] + "…"


@routes.get("/servers/{guild_id}/decks/{deck_id}/analysis")
@moderator
async def analysis(request: web.Request, server: Server) -> web.StreamResponse:
    deck = await find_deck(request, server)
    context = context_of(request)
    # Only what the worker kept (bot/results/item_worker.py): one row, never the deck's answers.
    report = await analyse_deck(context.store, server.id, deck, context.clock())
    computed, weeks = report.figures, report.weeks
    if computed is None or not computed.current:
        context.item_worker.nudge(server.id, deck.id)
    if computed is None:
        values = {"deck": deck, "deck_url": deck_url(server, deck), "refresh_seconds": REFRESH_SECONDS}
        return await render(request, "deck_analysis_waiting.html", values)
    # A page of the table and its chart (PAGE_SIZE questions, as the deck's own list): a deck of thousands
    # of questions draws 50 rows on the event loop, not all of them.
    pages = max(1, -(-len(computed.items) // PAGE_SIZE))
    page = min(Place.of(request.query).page, pages)
    figures = computed.items[(page - 1) * PAGE_SIZE : page * PAGE_SIZE]
    rows, labels = _rows(deck, figures, computed.since)
    values = {
        "deck": deck,
        "deck_url": deck_url(server, deck),
        "rows": rows,
        "members": computed.members,
        "computed_at": computed.computed_at,
        "current": computed.current,
        "accuracy": accuracy_chart(figures, labels),
        "weeks": weeks_chart(weeks),
        "week_rows": weeks,
        "percent": percent,
        "not_enough": _(NOT_ENOUGH),
        "min_members": MIN_MEMBERS,
        "weak_below": WEAK_DISCRIMINATION,
        "group_percent": round(GROUP_SHARE * 100),
        "polls": [q for q in deck.questions if q.kind is Kind.POLL],
        **_pages(request.path, page, pages),
    }
    return await render(request, "deck_analysis.html", values)


def _pages(here: str, page: int, pages: int) -> dict[str, Any]:
    """Where the table stands among its pages, and the links to the pages beside it."""
    return {
        "page": page,
        "pages": pages,
        "previous_url": Place(page - 1).url(here) if page > 1 else None,
        "next_url": Place(page + 1).url(here) if page < pages else None,
    }


def _rows(
    deck: Deck, figures: Sequence[ItemFigures], since: Mapping[str, datetime | None]
) -> tuple[list[dict[str, Any]], list[str]]:
    """The table's rows and the chart's labels of this page's questions."""
    numbers = {q.id: n for n, q in enumerate(deck.questions, start=1)}
    rows = []
    labels = []
    for item in figures:
        question = deck.question(item.question_id)
        assert question is not None
        labels.append(f"{numbers[item.question_id]}. {short(question.prompt, 24)}")
        rows.append(
            {
                "number": numbers[item.question_id],
                "question": question,
                "prompt": short(question.prompt),
                "figures": item,
                "edited": item.question_id in since,
                "edited_on": since.get(item.question_id),
                "choices": [
                    {"letter": letter(c.choice), "text": short(question.choices[c.choice], 40), "share": c}
                    for c in item.choices
                ],
            }
        )
    return rows, labels
