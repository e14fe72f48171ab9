"""Choosing what a round plays: filters by tags and difficulty, and what a deck holds of each."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from bot.bank.models import DIFFICULTIES, Deck, Question
from bot.locales import _, n_, p_, slash
from bot.quiz.errors import QuizError

# A filter value that means "no filter": it also clears a server's default filter.
ANY = "any"


@dataclass(frozen=True, slots=True)
class Filter:
    """Which questions of a deck a round may play: any of `tags` (none: all), of `difficulty` (None: all)."""

    tags: frozenset[str] = frozenset()
    difficulty: str | None = None

    @classmethod
    def parse(cls, tags: str | None, difficulty: str | None) -> Filter:
        """From what a moderator typed: tags separated by commas or spaces, case ignored; "any" is no filter."""
        words = {word.strip().casefold() for word in (tags or "").replace(",", " ").split()}
        words.discard("")
        if words == {ANY}:
            words = set()
        level = None if difficulty in (None, "", ANY) else difficulty
        if level is not None and level not in DIFFICULTIES:
            raise ValueError(f"difficulty is one of {', '.join(DIFFICULTIES)}, not {difficulty!r}")
        return cls(frozenset(words), level)

    @property
    def active(self) -> bool:
        return bool(self.tags) or self.difficulty is not None

    def describe(self) -> str:
        """How the filter reads in a sentence: "tags: memory, pytorch and difficulty: easy"."""
        tags = ", ".join(sorted(self.tags))
        if self.tags and self.difficulty is not None:
            return _(
                "tags: {tags} and difficulty: {difficulty}",
                tags=tags,
                difficulty=difficulty_name(self.difficulty),
            )
        if self.tags:
            return _("tags: {tags}", tags=tags)
        if self.difficulty is not None:
            return _("difficulty: {difficulty}", difficulty=difficulty_name(self.difficulty))
        return _("no filter")

    def keeps(self, question: Question, deck: Deck) -> bool:
        """A question matches when it (or its deck) carries one of the tags, and has the difficulty."""
        if self.difficulty is not None and question.difficulty != self.difficulty:
            return False
        if not self.tags:
            return True
        own = {tag.casefold() for tag in (*question.tags, *deck.tags)}
        return not own.isdisjoint(self.tags)


def difficulty_name(level: str) -> str:
    """A difficulty as the reader's language names it (the bank's own key where it has no name);
    "unrated" is a deck profile's count of the questions without one."""
    names = {
        "easy": p_("difficulty", "easy"),
        "medium": p_("difficulty", "medium"),
        "hard": p_("difficulty", "hard"),
        "unrated": p_("difficulty", "unrated"),
    }
    return names.get(level, level)


def matching_questions(deck: Deck, chosen: Filter) -> tuple[Question, ...]:
    """The deck's questions the filter keeps, in deck order."""
    return tuple(question for question in deck.questions if chosen.keeps(question, deck))


@dataclass(frozen=True, slots=True)
class DeckProfile:
    """What a deck holds: questions per tag (its own tags count for every question) and per difficulty."""

    tags: tuple[tuple[str, int], ...]  # most questions first, then by name
    difficulties: tuple[tuple[str, int], ...]  # easy, medium, hard, then "unrated" when some have none


def profile(deck: Deck) -> DeckProfile:
    tags: Counter[str] = Counter()
    for question in deck.questions:
        tags.update({tag.casefold() for tag in (*question.tags, *deck.tags)})
    levels = Counter(question.difficulty or "unrated" for question in deck.questions)
    order = (*DIFFICULTIES, "unrated")
    return DeckProfile(
        tags=tuple(sorted(tags.items(), key=lambda item: (-item[1], item[0]))),
        difficulties=tuple((level, levels[level]) for level in order if levels[level]),
    )


class TooFewQuestionsError(QuizError):
    """A filter left fewer questions than the round asked for (or none at all)."""

    def __init__(self, found: int, asked: int, chosen: Filter) -> None:
        self.found, self.asked, self.filter = found, asked, chosen
        if found == 0:
            sentence = _(
                "No question matches {filter}; {decks} shows each deck's tags and difficulties.",
                filter=chosen.describe(),
                decks=slash("decks"),
            )
        else:
            sentence = n_(
                "Only {n} question matches {filter}: ask for {n} or fewer, or widen the filter.",
                "Only {n} questions match {filter}: ask for {n} or fewer, or widen the filter.",
                found,
                filter=chosen.describe(),
            )
        super().__init__(sentence)
