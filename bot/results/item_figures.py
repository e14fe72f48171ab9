"""A deck's item analysis in one server, as the dashboard shows it: computed, then kept in the store.

The figures rank every member who answered a question by their score on the rest of the deck, so they
take a pass over all of the deck's first tries (tens of thousands in a big server): work in proportion
to the answers, off the event loop, and no more than once a minute per deck. What was computed is kept
in the store with the deck's first-try mark (Store.first_try_mark, kept by triggers as answers are
written): while no first try changed, a reload, a restart or another process reads the kept figures,
one row, instead of computing them again. Within a minute of the last computation the kept ones stand
even if answers came in (as a page cache would); after it, changed first tries are computed afresh.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from datetime import datetime
from typing import Any

from bot.bank.models import Deck, Kind
from bot.bank.versions import version_of
from bot.quiz.item_analysis import ChoiceShare, ItemFigures, ItemQuestion, analyse, edited
from bot.store import FirstTry, KeptItemFigures, Store, WeekStats

RECOMPUTE_SECONDS = 60.0


@dataclass(frozen=True, slots=True)
class DeckFigures:
    """A deck's item figures, when they were computed, how many members they rest on, and its edited
    questions with the day their version today was first seen (None if unknown)."""

    computed_at: datetime
    items: tuple[ItemFigures, ...]
    members: int
    since: dict[str, datetime | None]


@dataclass(frozen=True, slots=True)
class DeckAnalysis:
    """What the deck's analysis page shows: its item figures and its round answers per week."""

    figures: DeckFigures
    weeks: tuple[WeekStats, ...]


async def analyse_deck(store: Store, guild_id: int, deck: Deck, now: datetime) -> DeckAnalysis:
    """The deck's item figures (deck_figures) and its weekly answers in this server (bot.store.weeks)."""
    figures = await deck_figures(store, guild_id, deck, now)
    return DeckAnalysis(figures, await store.deck_weeks(guild_id, deck.id, now))


def item_questions(deck: Deck) -> list[ItemQuestion]:
    """The deck's questions the analysis can judge: polls have no right answer, so they are left out."""
    return [
        ItemQuestion(q.id, len(q.choices) if q.kind is not Kind.TEXT else 0, q.answers, version_of(q).digest)
        for q in deck.questions
        if q.kind is not Kind.POLL
    ]


async def deck_figures(store: Store, guild_id: int, deck: Deck, now: datetime) -> DeckFigures:
    """The deck's item figures in this server: the kept ones while they hold, else computed and kept."""
    questions = item_questions(deck)
    judged = questions_digest(questions)
    # Read before the first tries: a try written meanwhile leaves the kept mark behind, never ahead.
    mark = await store.first_try_mark(guild_id, deck.id)
    kept = await store.kept_item_figures(guild_id, deck.id)
    if kept is not None and kept.questions == judged:
        fresh = (now - kept.computed_at).total_seconds() < RECOMPUTE_SECONDS
        if kept.changes == mark or fresh:
            shown, counted_members, were_edited = decoded(kept.figures)
            since = await _since(store, questions, were_edited)
            return DeckFigures(kept.computed_at, shown, counted_members, since)
    tries = await store.first_tries(guild_id, deck.id)
    # The arithmetic takes CPU in proportion to the answers: off the event loop, so a bot in this
    # process keeps answering clicks.
    items, members, changed = await asyncio.to_thread(_computed, questions, tries)
    body = encoded(items, members, changed)
    await store.keep_item_figures(KeptItemFigures(guild_id, deck.id, judged, mark, now, body))
    return DeckFigures(now, items, members, await _since(store, questions, changed))


def _computed(
    questions: Sequence[ItemQuestion], tries: Sequence[FirstTry]
) -> tuple[tuple[ItemFigures, ...], int, set[str]]:
    """The figures, the members they rest on, and the questions edited since some of the tries."""
    counted = {q.id: q.version for q in questions}
    members = len({t.user_id for t in tries if t.version in ("", counted.get(t.question_id))})
    return tuple(analyse(questions, tries)), members, edited(questions, tries)


async def _since(
    store: Store, questions: Sequence[ItemQuestion], changed: Iterable[str]
) -> dict[str, datetime | None]:
    # Read each time, not kept: a version the deck's next save records gives its day at once.
    wanted = set(changed)
    today = {q.id: q.version for q in questions if q.id in wanted}
    seen = await store.question_versions(today.values())
    return {qid: seen[v].first_seen_at if v in seen else None for qid, v in today.items()}


def questions_digest(questions: Sequence[ItemQuestion]) -> str:
    """What the figures were computed for: each judged question's id, choices, keys and version."""
    text = json.dumps([[q.id, q.choices, sorted(q.answers), q.version] for q in questions])
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def encoded(items: Sequence[ItemFigures], members: int, changed: Iterable[str]) -> str:
    return json.dumps(
        {"items": [asdict(item) for item in items], "members": members, "edited": sorted(changed)}
    )


def decoded(text: str) -> tuple[tuple[ItemFigures, ...], int, list[str]]:
    """The figures, members and edited questions of encoded()'s text."""
    body: dict[str, Any] = json.loads(text)
    items = tuple(
        ItemFigures(**{**item, "choices": tuple(ChoiceShare(**c) for c in item["choices"])})
        for item in body["items"]
    )
    return items, int(body["members"]), [str(qid) for qid in body["edited"]]
