"""Choosing what a round plays: tag and difficulty filters, too few questions, and a deck's profile."""

from __future__ import annotations

import pytest

from bot.bank.models import Deck, Kind, Question
from bot.quiz.choosing import Filter, TooFewQuestionsError, matching_questions, profile
from bot.quiz.round import plan_round


def question(qid: str, tags: tuple[str, ...] = (), difficulty: str | None = None) -> Question:
    return Question(
        id=qid,
        kind=Kind.CHOICE,
        prompt=f"{qid}?",
        choices=("a", "b"),
        answers=frozenset({0}),
        tags=tags,
        difficulty=difficulty,
    )


DECK = Deck(
    id="bio",
    title="Biology",
    tags=("Science",),
    questions=(
        question("cell", ("cells", "basics"), "easy"),
        question("dna", ("genetics",), "hard"),
        question("rna", ("Genetics", "cells"), "medium"),
        question("ion", (), None),
        question("atp", ("cells",), "easy"),
    ),
)


def ids(questions: tuple[Question, ...]) -> list[str]:
    return [q.id for q in questions]


def test_a_filter_keeps_questions_with_any_of_its_tags_and_its_difficulty() -> None:
    assert ids(matching_questions(DECK, Filter.parse("genetics", None))) == ["dna", "rna"]
    assert ids(matching_questions(DECK, Filter.parse("Cells, genetics", None))) == [
        "cell",
        "dna",
        "rna",
        "atp",
    ]
    assert ids(matching_questions(DECK, Filter.parse("cells", "easy"))) == ["cell", "atp"]
    assert ids(matching_questions(DECK, Filter.parse(None, "hard"))) == ["dna"]
    # The deck's own tags belong to every question of it.
    assert ids(matching_questions(DECK, Filter.parse("science", None))) == [
        "cell",
        "dna",
        "rna",
        "ion",
        "atp",
    ]


def test_any_means_no_filter() -> None:
    assert Filter.parse("any", "any") == Filter()
    assert not Filter.parse(" , ", None).active
    assert Filter.parse("b a", "easy").describe() == "tags: a, b and difficulty: easy"


def test_an_unknown_difficulty_is_a_bug_in_the_caller() -> None:
    with pytest.raises(ValueError, match="easy, medium, hard"):
        Filter.parse(None, "brutal")


def test_a_filter_leaving_too_few_questions_says_how_many_it_keeps() -> None:
    with pytest.raises(TooFewQuestionsError) as raised:
        plan_round(DECK, 3, seed=1, only=Filter.parse("cells", "easy"), exact=True)
    assert raised.value.sentence == (
        "Only 2 questions match tags: cells and difficulty: easy: ask for 2 or fewer, or widen the filter."
    )
    with pytest.raises(TooFewQuestionsError) as raised:
        plan_round(DECK, 3, seed=1, only=Filter.parse("botany", None))
    assert raised.value.sentence.startswith("No question matches tags: botany;")
    # Without an exact count (the server's default), the round plays every question that matches.
    plan = plan_round(DECK, 10, seed=1, only=Filter.parse("cells", "easy"))
    assert sorted(plan.question_ids) == ["atp", "cell"]
    assert sorted(
        plan_round(DECK, 2, seed=1, only=Filter.parse("genetics", None), exact=True).question_ids
    ) == [
        "dna",
        "rna",
    ]


def test_a_deck_profile_counts_questions_per_tag_and_difficulty() -> None:
    held = profile(DECK)
    assert held.tags == (("science", 5), ("cells", 3), ("genetics", 2), ("basics", 1))
    assert held.difficulties == (("easy", 2), ("medium", 1), ("hard", 1), ("unrated", 1))
