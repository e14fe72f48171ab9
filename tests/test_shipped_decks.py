"""The decks shipped in questions/: they load, keep Discord's limits, and the seed deck is the seed quiz."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.bank import part_sizes
from bot.bank.loader import load_deck_file, load_deck_text, load_folder, validate_paths
from bot.bank.models import Deck, Kind, Question

ROOT = Path(__file__).resolve().parents[1]
QUESTIONS = ROOT / "questions"
SEED = ROOT / "tests" / "seed" / "gradient-checkpointing-quiz.txt"  # the quiz the seed deck was made from
SEED_DECK = QUESTIONS / "gradient-checkpointing.yaml"

SHIPPED = sorted(QUESTIONS.glob("*.y*ml"))


def test_every_shipped_deck_loads_without_problems() -> None:
    decks, problems = load_folder(QUESTIONS)
    assert [str(p) for p in problems] == []
    assert len(decks) == len(SHIPPED) >= 1
    assert validate_paths([QUESTIONS]) == []


def _question_embed(question: Question) -> str:
    """The longest text a question's embed description can hold: the prompt, then each lettered choice."""
    lines = [f"**{'ABCDE'[i]}.** {choice}" for i, choice in enumerate(question.choices)]
    return question.prompt + "\n\n" + "\n".join(lines)


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_every_question_renders_within_discords_limits(path: Path) -> None:
    deck = load_deck_file(path)
    assert len(deck.title) <= part_sizes.MAX_DECK_TITLE_LENGTH <= part_sizes.DISCORD_AUTOCOMPLETE_NAME
    assert len(deck.description) <= part_sizes.MAX_DECK_DESCRIPTION_LENGTH
    assert len(deck.id) <= part_sizes.MAX_DECK_ID_LENGTH
    assert len(deck.questions) <= part_sizes.MAX_QUESTIONS_PER_DECK
    for original in deck.questions:
        assert len(original.id) <= part_sizes.MAX_QUESTION_ID_LENGTH
        for lang in original.languages:
            question = original.in_language(lang)
            assert 0 < len(question.prompt) <= part_sizes.MAX_PROMPT_LENGTH
            assert all(0 < len(c) <= part_sizes.MAX_CHOICE_LENGTH for c in question.choices)
            assert len(_question_embed(question)) <= part_sizes.DISCORD_EMBED_DESCRIPTION
            assert (
                len(question.explanation)
                <= part_sizes.MAX_EXPLANATION_LENGTH
                <= part_sizes.DISCORD_EMBED_FIELD_VALUE
            )
            assert len(question.answer_text) <= part_sizes.DISCORD_EMBED_FIELD_VALUE


def _parse_seed(text: str) -> tuple[str, str, list[tuple[str, list[str]]]]:
    """The seed quiz's title, introduction line and numbered questions with their bulleted choices."""
    lines = [line for line in text.splitlines() if line.strip()]
    title, introduction = lines[0].strip(), lines[1].strip()
    questions: list[tuple[str, list[str]]] = []
    for line in lines[2:]:
        numbered = re.fullmatch(r"(\d+)\. (.+)", line)
        bullet = re.fullmatch(r"\s+• (.+)", line)
        if numbered:
            assert int(numbered[1]) == len(questions) + 1
            questions.append((numbered[2], []))
        else:
            assert bullet, f"unexpected line in the seed: {line!r}"
            questions[-1][1].append(bullet[1])
    return title, introduction, questions


@pytest.fixture(scope="module")
def seed_deck() -> Deck:
    return load_deck_file(SEED_DECK)


def test_the_seed_deck_holds_the_seed_quiz_word_for_word(seed_deck: Deck) -> None:
    title, introduction, seed_questions = _parse_seed(SEED.read_text(encoding="utf-8"))
    assert title == "Gradient Checkpointing Quiz"
    assert seed_deck.description == introduction
    assert [(q.prompt, list(q.choices)) for q in seed_deck.questions] == seed_questions


def test_the_seed_deck_has_the_right_answers_and_languages(seed_deck: Deck) -> None:
    assert seed_deck.id == "gradient-checkpointing"
    assert seed_deck.title == "Gradient Checkpointing"
    assert seed_deck.language == "en"
    assert seed_deck.description == "Mhinduro uye tsananguro zvinoonekwa paunenge uchitora bvunzo."
    assert [q.id for q in seed_deck.questions] == [f"gc-{n:02d}" for n in range(1, 9)]
    assert [sorted(q.answers) for q in seed_deck.questions] == [[0], [1], [2], [3], [0], [1], [2], [3]]
    assert [q.lang for q in seed_deck.questions] == ["sn", "sn", "en", "en", "sn", "en", "en", "en"]
    assert all(q.kind is Kind.CHOICE and len(q.choices) == 4 for q in seed_deck.questions)
    # The seed's own typography is kept, not straightened.
    gc04 = seed_deck.question("gc-04")
    assert gc04 is not None
    assert "model’s" in gc04.choices[0]
    assert "20–30%" in gc04.choices[1]


def test_every_seed_question_explains_itself_and_shona_ones_have_english(seed_deck: Deck) -> None:
    for question in seed_deck.questions:
        assert question.explanation, question.id
        assert question.tags, question.id
        if question.lang == "sn":
            english = question.translations["en"]
            assert english.prompt
            assert len(english.choices) == len(question.choices)
            assert english.explanation


def test_the_example_in_the_format_guide_loads() -> None:
    guide = (QUESTIONS / "README.md").read_text(encoding="utf-8")
    example = re.search(r"## A complete example\n\n```yaml\n(.*?)```", guide, re.DOTALL)
    assert example is not None
    deck = load_deck_text(example[1], "README.md")
    assert [q.kind for q in deck.questions] == [Kind.CHOICE, Kind.TRUEFALSE, Kind.TEXT, Kind.CHOICE]
