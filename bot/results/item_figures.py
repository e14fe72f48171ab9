"""A deck's item analysis in one server, as the dashboard shows it: computed in the background, kept in the store.

The figures rank every member who answered a question by their score on the rest of the deck, so they
take a pass over all of the deck's first tries (tens of thousands in a big server): seconds at a million
answers. A page never computes them: it reads what is kept (one row) with the deck's first-try mark
(Store.first_try_mark, kept by triggers as answers are written), which says whether they still hold, and
the worker (bot/results/item_worker.py) computes them again off the event loop, at most once a minute
per deck, when a round ended, a page found them stale or its sweep did.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

from bot.bank.models import Deck, Kind, Question
from bot.bank.versions import version_of
from bot.quiz.item_analysis import ChoiceShare, ItemFigures, ItemQuestion, analyse, edited
from bot.store import FirstTry, KeptItemFigures, WeekStats

if TYPE_CHECKING:
    from bot.store import Store

# A deck's figures are computed at most this often (seconds): what a minute of answers changes is small.
RECOMPUTE_SECONDS = 60.0
# A deck never computed: as if computed long ago, so the worker computes it at once.
NEVER = datetime(1970, 1, 1, tzinfo=UTC)


@dataclass(frozen=True, slots=True)
class DeckFigures:
    """A deck's item figures, when they were computed, how many members they rest on, its edited
    questions with the day their version today was first seen (None if unknown), and whether they
    count every first try there is now (False: some changed since, the worker is computing them)."""

    computed_at: datetime
    items: tuple[ItemFigures, ...]
    members: int
    since: dict[str, datetime | None]
    current: bool = True


@dataclass(frozen=True, slots=True)
class DeckAnalysis:
    """What the deck's analysis page shows: its kept item figures (None: none yet) and its round answers
    per week."""

    figures: DeckFigures | None
    weeks: tuple[WeekStats, ...]


async def analyse_deck(store: Store, guild_id: int, deck: Deck, now: datetime) -> DeckAnalysis:
    """The deck's kept item figures (kept_figures) and its weekly answers in this server (bot.store.weeks)."""
    figures = await kept_figures(store, guild_id, deck)
    return DeckAnalysis(figures, await store.deck_weeks(guild_id, deck.id, now))


def item_questions(deck: Deck) -> list[ItemQuestion]:
    """The deck's questions the analysis can judge: polls have no right answer, so they are left out. A
    multi question is judged as a whole (right only as the exact set): no choice of it is one distractor."""
    return [
        ItemQuestion(q.id, len(q.choices) if _one_choice(q) else 0, q.answers, version_of(q).digest)
        for q in deck.questions
        if q.kind is not Kind.POLL
    ]


def _one_choice(question: Question) -> bool:
    return not question.typed and question.kind not in (Kind.MULTI, Kind.ORDER)


async def kept_figures(store: Store, guild_id: int, deck: Deck) -> DeckFigures | None:
    """The deck's item figures as kept in this server, never computed here: None when none are kept for
    its questions as they are; `current` False when a first try changed since they were computed."""
    questions = item_questions(deck)
    mark = await store.first_try_mark(guild_id, deck.id)
    kept = await store.kept_item_figures(guild_id, deck.id)
    if kept is None or kept.questions != questions_digest(questions):
        return None
    shown, counted_members, were_edited = decoded(kept.figures)
    since = await _since(store, questions, were_edited)
    return DeckFigures(kept.computed_at, shown, counted_members, since, current=kept.changes == mark)


async def due_at(store: Store, guild_id: int, deck: Deck) -> datetime | None:
    """When the deck's figures here may be computed again: None while they hold (no first try changed
    since); a minute after the last time when first tries changed; at once (NEVER) when none are kept
    for its questions as they are (never computed, or the deck was edited: the page has none to show)."""
    mark = await store.first_try_mark(guild_id, deck.id)
    kept = await store.kept_item_figures(guild_id, deck.id)
    if kept is None or kept.questions != questions_digest(item_questions(deck)):
        return NEVER
    if kept.changes == mark:
        return None
    return kept.computed_at + timedelta(seconds=RECOMPUTE_SECONDS)


async def compute_figures(store: Store, guild_id: int, deck: Deck, now: datetime) -> None:
    """Compute the deck's item figures from its first tries here and keep them at the mark read first."""
    questions = item_questions(deck)
    # Read before the first tries: a try written meanwhile leaves the kept mark behind, never ahead.
    mark = await store.first_try_mark(guild_id, deck.id)
    tries = await store.first_tries(guild_id, deck.id)
    # The arithmetic takes CPU in proportion to the answers: off the event loop, so a bot in this
    # process keeps answering clicks and the dashboard its pages.
    body = await asyncio.to_thread(_computed, questions, tries)
    judged = questions_digest(questions)
    await store.keep_item_figures(KeptItemFigures(guild_id, deck.id, judged, mark, now, body))


def _computed(questions: Sequence[ItemQuestion], tries: Sequence[FirstTry]) -> str:
    """The figures, the members they rest on, and the questions edited since some of the tries, encoded."""
    counted = {q.id: q.version for q in questions}
    members = len({t.user_id for t in tries if t.version in ("", counted.get(t.question_id))})
    return encoded(analyse(questions, tries), members, edited(questions, tries))


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
