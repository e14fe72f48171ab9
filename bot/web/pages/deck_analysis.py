"""Which questions work: a deck's item analysis in this server, with its charts drawn as SVG."""

from __future__ import annotations

import asyncio
import weakref
from datetime import datetime

from aiohttp import web

from bot.bank.models import Deck, Kind
from bot.bank.versions import version_of
from bot.locales import _
from bot.looks.text import letter
from bot.quiz.item_analysis import (
    GROUP_SHARE,
    MIN_MEMBERS,
    WEAK_DISCRIMINATION,
    ItemFigures,
    ItemQuestion,
    analyse,
    edited,
)
from bot.store import Store
from bot.web.access import Server, moderator
from bot.web.context import context_of
from bot.web.deck_charts import NOT_ENOUGH, accuracy_chart, percent, weeks_chart
from bot.web.pages._decks import deck_url, find_deck
from bot.web.render import render

routes = web.RouteTableDef()

# A big server's deck has tens of thousands of first tries: the figures are computed at most once a
# minute per deck (and again at once when its questions change), and a teacher reloading the page reads
# them from here. Kept per store, so two dashboards in one process (tests) never share figures.
RECOMPUTE_SECONDS = 60.0
# (when, figures, members, edited questions: the day their version today was first seen, None if unknown)
_Figures = tuple[datetime, list[ItemFigures], int, dict[str, datetime | None]]
_computed: weakref.WeakKeyDictionary[Store, dict[tuple[int, str, int], _Figures]] = (
    weakref.WeakKeyDictionary()
)


async def deck_figures(request: web.Request, server: Server, deck: Deck) -> _Figures:
    """The deck's item figures, when they were computed, and how many members they rest on."""
    context = context_of(request)
    now = context.clock()
    version = await context.store.deck_version(server.id)
    kept = _computed.setdefault(context.store, {})
    key = (server.id, deck.id, version)
    found = kept.get(key)
    if found is not None and (now - found[0]).total_seconds() < RECOMPUTE_SECONDS:
        return found
    tries = await context.store.first_tries(server.id, deck.id)
    questions = item_questions(deck)
    # The arithmetic takes CPU in proportion to the answers: off the event loop, so a bot in this
    # process keeps answering clicks.
    figures = await asyncio.to_thread(analyse, questions, tries)
    changed = edited(questions, tries)
    today = {q.id: q.version for q in questions if q.id in changed}
    seen = await context.store.question_versions(today.values())
    since = {qid: seen[v].first_seen_at if v in seen else None for qid, v in today.items()}
    counted = {q.id: q.version for q in questions}
    members = len({t.user_id for t in tries if t.version in ("", counted.get(t.question_id))})
    made = (now, figures, members, since)
    for old in [k for k in kept if k[:2] == key[:2]]:
        del kept[old]
    kept[key] = made
    return made


def item_questions(deck: Deck) -> list[ItemQuestion]:
    """The deck's questions the analysis can judge: polls have no right answer, so they are left out."""
    return [
        ItemQuestion(q.id, len(q.choices) if q.kind is not Kind.TEXT else 0, q.answers, version_of(q).digest)
        for q in deck.questions
        if q.kind is not Kind.POLL
    ]


def short(text: str, size: int = 60) -> str:
    line = " ".join(text.split())
    return line if len(line) <= size else line[: size - 1] + "…"


@routes.get("/servers/{guild_id}/decks/{deck_id}/analysis")
@moderator
async def analysis(request: web.Request, server: Server) -> web.StreamResponse:
    deck = await find_deck(request, server)
    context = context_of(request)
    computed_at, figures, members, since = await deck_figures(request, server, deck)
    weeks = await context.store.deck_weeks(server.id, deck.id, context.clock())
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
    values = {
        "deck": deck,
        "deck_url": deck_url(server, deck),
        "rows": rows,
        "members": members,
        "computed_at": computed_at,
        "accuracy": accuracy_chart(figures, labels),
        "weeks": weeks_chart(weeks),
        "week_rows": weeks,
        "percent": percent,
        "not_enough": _(NOT_ENOUGH),
        "min_members": MIN_MEMBERS,
        "weak_below": WEAK_DISCRIMINATION,
        "group_percent": round(GROUP_SHARE * 100),
        "polls": [q for q in deck.questions if q.kind is Kind.POLL],
    }
    return await render(request, "deck_analysis.html", values)
