"""Whatever it is given, the loader either returns a deck that keeps the rules or raises DeckError."""

from __future__ import annotations

from typing import Any

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.bank import part_sizes, safe_yaml
from bot.bank.loader import load_deck_text
from bot.bank.models import Deck, Kind
from bot.bank.problems import DeckError

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# Characters that steer YAML's parser into its corners: indentation, flow collections, anchors, tags...
YAML_ALPHABET = st.sampled_from([*" \n\t-:?[]{},#&*!|>'\"%@`~.0123456789abcxyzé’\\", "\r\n", "---", "..."])
yaml_like_text = st.lists(YAML_ALPHABET, max_size=80).map("".join)

KEY_NAMES = [
    "id",
    "title",
    "description",
    "language",
    "tags",
    "questions",
    "type",
    "lang",
    "prompt",
    "choices",
    "answer",
    "answers",
    "explanation",
    "translations",
    "difficulty",
    "sn",
    "en",
    "choice",
    "truefalse",
    "text",
]
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-3, max_value=8),
    st.floats(allow_nan=False, allow_infinity=False),
    st.sampled_from([*KEY_NAMES, "", " ", "a", "A", "yes", "0", "en-GB", "easy"]),
    st.text(max_size=12),
)
structures = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=5),
        st.dictionaries(st.sampled_from(KEY_NAMES), inner, max_size=6),
    ),
    max_leaves=30,
)


# Words that make a valid prompt or choice, so that generated decks often load and the rules about
# loaded decks are checked, not only the reporting of problems.
words = st.text(alphabet="abcdefghijklmnopqrstuvwxyz ’–?", min_size=1, max_size=15).filter(str.strip)


def _same(text: str) -> str:
    return " ".join(text.split()).casefold()


def distinct_words(count: int) -> st.SearchStrategy[list[str]]:
    return st.lists(words, min_size=count, max_size=count, unique_by=_same)


@st.composite
def deck_like(draw: st.DrawFn) -> dict[str, Any]:
    """A valid deck of every kind of question; half the time one value is then replaced by anything."""
    questions: list[dict[str, Any]] = []
    for number in range(draw(st.integers(1, 4))):
        kind = draw(st.sampled_from(["choice", "truefalse", "text"]))
        lang = draw(st.sampled_from(["en", "sn", "pt-BR"]))
        question: dict[str, Any] = {"id": f"q{number}", "type": kind, "lang": lang, "prompt": draw(words)}
        translation: dict[str, Any] = {"prompt": draw(words)}
        if kind == "choice":
            question["choices"] = draw(distinct_words(draw(st.integers(2, 5))))
            count = len(question["choices"])
            question["answer"] = draw(
                st.one_of(
                    st.integers(0, count - 1), st.lists(st.integers(0, count - 1), min_size=1, max_size=1)
                )
            )
            if draw(st.booleans()):
                translation["choices"] = draw(distinct_words(count))
        elif kind == "truefalse":
            question["answer"] = draw(st.booleans())
        else:
            question["answers"] = draw(distinct_words(draw(st.integers(1, 3))))
            translation["answers"] = draw(distinct_words(1))
        if draw(st.booleans()):
            question["translations"] = {"sn" if lang != "sn" else "en": translation}
        if draw(st.booleans()):
            question["explanation"] = draw(words)
        if draw(st.booleans()):
            question["difficulty"] = draw(st.sampled_from(["easy", "medium", "hard"]))
        questions.append(question)
    deck: dict[str, Any] = {"id": "deck", "title": draw(words), "questions": questions}
    if draw(st.booleans()):
        target = draw(st.sampled_from([deck, *questions]))
        target[draw(st.sampled_from(KEY_NAMES))] = draw(structures)
    return deck


def check(text: str) -> Deck | None:
    """Load `text`; a deck that loads must keep every rule the UI relies on."""
    try:
        deck = load_deck_text(text, "random.yaml", default_id="random")
    except DeckError as exc:
        assert exc.problems
        for problem in exc.problems:
            assert problem.file == "random.yaml"
            assert problem.line >= 0
            assert problem.message
        return None
    assert 0 < len(deck.questions) <= part_sizes.MAX_QUESTIONS_PER_DECK
    assert len(deck.title) <= part_sizes.MAX_DECK_TITLE_LENGTH
    assert len({q.id for q in deck.questions}) == len(deck.questions)
    for question in deck.questions:
        assert question.prompt
        assert len(question.prompt) <= part_sizes.MAX_PROMPT_LENGTH
        if question.kind is Kind.TEXT:
            assert question.accepted
        else:
            assert part_sizes.MIN_CHOICES <= len(question.choices) <= part_sizes.MAX_CHOICES
            assert question.answers
            assert all(0 <= i < len(question.choices) for i in question.answers)
            assert all(0 < len(c) <= part_sizes.MAX_CHOICE_LENGTH for c in question.choices)
        for translation in question.translations.values():
            assert translation.prompt
            assert not translation.choices or len(translation.choices) == len(question.choices)
    return deck


@SETTINGS
@given(yaml_like_text)
def test_random_yaml_text_never_crashes(text: str) -> None:
    check(text)


@SETTINGS
@given(st.text(max_size=60))
def test_random_unicode_never_crashes(text: str) -> None:
    check(text)
    with safe_yaml.pure_python():
        check(text)


@SETTINGS
@given(structures)
def test_random_structures_never_crash(data: object) -> None:
    check(yaml.safe_dump(data, allow_unicode=True))


@SETTINGS
@given(deck_like())
def test_deck_shaped_structures_load_or_say_why(data: dict[str, Any]) -> None:
    text = yaml.safe_dump(data, allow_unicode=True, sort_keys=False)
    deck = check(text)
    with safe_yaml.pure_python():
        assert check(text) == deck
