"""Which questions work: a deck's item analysis in this server, with its charts drawn as SVG."""

from __future__ import annotations

from aiohttp import web

from bot.bank.models import Deck, Kind
from bot.quiz.item_analysis import (
    GROUP_SHARE,
    MIN_MEMBERS,
    NOT_ENOUGH,
    WEAK_DISCRIMINATION,
    ItemQuestion,
    analyse,
)
from bot.ui.text import letter
from bot.web.access import Server, moderator
from bot.web.context import context_of
from bot.web.deck_charts import accuracy_chart, percent, weeks_chart
from bot.web.pages._decks import deck_url, find_deck
from bot.web.render import render

routes = web.RouteTableDef()


def item_questions(deck: Deck) -> list[ItemQuestion]:
    """The deck's questions the analysis can judge: polls have no right answer, so they are left out."""
    return [
        ItemQuestion(q.id, len(q.choices) if q.kind is not Kind.TEXT else 0, q.answers)
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
    tries = await context.store.first_tries(server.id, deck.id)
    weeks = await context.store.deck_weeks(server.id, deck.id, context.clock())
    judged = item_questions(deck)
    figures = analyse(judged, tries)
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
        "members": len({t.user_id for t in tries}),
        "accuracy": accuracy_chart(figures, labels),
        "weeks": weeks_chart(weeks),
        "week_rows": weeks,
        "percent": percent,
        "not_enough": NOT_ENOUGH,
        "min_members": MIN_MEMBERS,
        "weak_below": WEAK_DISCRIMINATION,
        "group_percent": round(GROUP_SHARE * 100),
        "polls": [q for q in deck.questions if q.kind is Kind.POLL],
    }
    return await render(request, "deck_analysis.html", values)
