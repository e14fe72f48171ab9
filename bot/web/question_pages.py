"""A deck's questions a page at a time, narrowed by a search: what the deck page draws, whatever the deck's size.

A page's link names only its number and its search (`?page=2&q=cell`); the question pages (edit, preview,
delete, move) carry the same two, so finishing there leads back to the page the moderator came from.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from dataclasses import dataclass
from urllib.parse import urlencode

from bot.bank.models import Deck, Question

PAGE_SIZE = 50
MAX_SEARCH = 200  # characters of a search kept (the box's maxlength too)
_MAX_PAGE_DIGITS = 9  # a longer number is past any deck's last page


@dataclass(frozen=True, slots=True)
class Place:
    """Where a moderator is in a deck's list: a page number (from 1) and the search ("" for none)."""

    page: int = 1
    search: str = ""

    @classmethod
    def of(cls, query: Mapping[str, str]) -> Place:
        """The place a request's query names; a missing, broken or negative page is page 1 (and a page
        past the end is clamped to the last when the list is drawn), never an error."""
        return cls(_page_number(query.get("page")), " ".join(query.get("q", "").split())[:MAX_SEARCH])

    def query(self, page: int | None = None) -> str:
        """The query string of this place (or of its page `page`): "" for the first page of every question."""
        page = self.page if page is None else page
        pairs = [("page", str(page))] if page != 1 else []
        if self.search:
            pairs.append(("q", self.search))
        return urlencode(pairs)

    def url(self, path: str, page: int | None = None) -> str:
        query = self.query(page)
        return f"{path}?{query}" if query else path


def _page_number(text: str | None) -> int:
    text = (text or "").strip()
    if not (text.isascii() and text.isdigit()):
        return 1
    if len(text) > _MAX_PAGE_DIGITS:
        return 10**_MAX_PAGE_DIGITS  # clamped to the last page
    return max(1, int(text))


@dataclass(frozen=True, slots=True)
class QuestionPage:
    """One page of a deck's list: its rows with their numbers in the deck, and where it stands."""

    rows: tuple[tuple[int, Question], ...]  # (the question's number in the deck, from 1; the question)
    place: Place  # the page actually shown (a page past the end is the last)
    pages: int
    matches: int  # the questions the search kept (every question without a search)
    first: int  # the first and last row's places among `matches`, from 1 (0 and 0 when none)
    last: int


def _words(question: Question) -> str:
    return " ".join((question.id, question.prompt, *question.choices, *question.accepted)).casefold()


def _matching(deck: Deck, search: str) -> list[tuple[int, Question]]:
    numbered = list(enumerate(deck.questions, start=1))
    terms = search.casefold().split()
    if not terms:
        return numbered
    return [(n, q) for n, q in numbered if all(term in _words(q) for term in terms)]


async def question_page(deck: Deck, place: Place) -> QuestionPage:
    """The page of `deck` at `place`: a search looks through every question's id, prompt, choices and
    accepted answers (each word of it somewhere), so it runs in a worker thread, off the event loop."""
    found = await asyncio.to_thread(_matching, deck, place.search) if place.search else None
    numbered = found if found is not None else list(enumerate(deck.questions, start=1))
    pages = max(1, -(-len(numbered) // PAGE_SIZE))
    page = min(place.page, pages)
    start = (page - 1) * PAGE_SIZE
    rows = tuple(numbered[start : start + PAGE_SIZE])
    return QuestionPage(
        rows=rows,
        place=Place(page, place.search),
        pages=pages,
        matches=len(numbered),
        first=start + 1 if rows else 0,
        last=start + len(rows),
    )


def page_of(deck: Deck, question_id: str) -> int:
    """The page of the whole list (no search) on which the question stands; 1 when it is not there."""
    for n, question in enumerate(deck.questions):
        if question.id == question_id:
            return n // PAGE_SIZE + 1
    return 1
