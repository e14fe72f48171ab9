"""questions/deck.schema.json: accepts every shipped deck, rejects what the validator rejects structurally."""

from __future__ import annotations

import json
import re
from pathlib import Path

import jsonschema
import pytest
import yaml

from bot.__main__ import main
from bot.bank import deck_schema as deck_schema_module
from bot.bank.deck_schema import deck_schema
from bot.bank.loader import deck_files, load_deck_text
from bot.bank.problems import DeckError
from bot.bank.reader import DECK_KEYS, QUESTION_KEYS, TRANSLATION_KEYS

ROOT = Path(__file__).resolve().parents[1]
QUESTIONS = ROOT / "questions"
SCHEMA = json.loads((QUESTIONS / "deck.schema.json").read_text(encoding="utf-8"))
VALIDATOR = jsonschema.Draft7Validator(SCHEMA)


def test_the_shipped_schema_is_the_one_the_reader_makes() -> None:
    assert deck_schema() == SCHEMA, (
        "questions/deck.schema.json is stale: run `bvunzo schema -o questions/deck.schema.json`"
    )


def test_bvunzo_schema_prints_the_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["schema"]) == 0
    assert capsys.readouterr().out == (QUESTIONS / "deck.schema.json").read_text(encoding="utf-8")


def test_the_schema_follows_the_reader_s_keys() -> None:
    assert list(SCHEMA["properties"]) == list(DECK_KEYS)
    assert list(SCHEMA["definitions"]["question"]["properties"]) == list(QUESTION_KEYS)
    assert list(SCHEMA["definitions"]["translation"]["properties"]) == list(TRANSLATION_KEYS)
    # A key the reader takes with no schema of its own is refused when the schema is made.
    with pytest.raises(ValueError, match="the reader's keys and the schema's differ"):
        deck_schema_module._only(("id", "clue"), {"id": {}}, "a question")


def test_the_schema_is_a_valid_draft_7_schema() -> None:
    jsonschema.Draft7Validator.check_schema(SCHEMA)


@pytest.mark.parametrize("path", deck_files(QUESTIONS), ids=lambda p: p.name)
def test_every_shipped_deck_matches_the_schema(path: Path) -> None:
    VALIDATOR.validate(yaml.safe_load(path.read_text(encoding="utf-8")))


def test_the_guides_example_matches_the_schema() -> None:
    guide = (QUESTIONS / "README.md").read_text(encoding="utf-8")
    example = re.search(r"## A complete example\n\n```yaml\n(.*?)```", guide, re.DOTALL)
    assert example is not None
    VALIDATOR.validate(yaml.safe_load(example[1]))


def test_the_guide_gives_the_modeline() -> None:
    guide = (QUESTIONS / "README.md").read_text(encoding="utf-8")
    assert "# yaml-language-server: $schema=deck.schema.json" in guide


GOOD_QUESTION = {"id": "q1", "prompt": "Which one?", "choices": ["a", "b"], "answer": 0}


def with_question(**changes: object) -> dict[str, object]:
    question = {**GOOD_QUESTION, **changes}
    return {"id": "demo", "questions": [{k: v for k, v in question.items() if v is not None}]}


STRUCTURAL = [
    pytest.param({"id": "demo"}, id="no-questions"),
    pytest.param({"id": "demo", "questions": []}, id="empty-questions"),
    pytest.param({"id": "demo", "questions": [GOOD_QUESTION], "author": "me"}, id="unknown-deck-key"),
    pytest.param({"id": "my deck", "questions": [GOOD_QUESTION]}, id="deck-id-with-a-space"),
    pytest.param({"id": "demo", "title": "T" * 101, "questions": [GOOD_QUESTION]}, id="title-too-long"),
    pytest.param(
        {"id": "demo", "language": "English", "questions": [GOOD_QUESTION]}, id="language-not-a-code"
    ),
    pytest.param({"id": "demo", "tags": ["t"] * 21, "questions": [GOOD_QUESTION]}, id="too-many-tags"),
    pytest.param(with_question(id=None), id="question-without-id"),
    pytest.param(with_question(id="q" * 41), id="question-id-too-long"),
    pytest.param(with_question(prompt=None), id="question-without-prompt"),
    pytest.param(with_question(prompt="x" * 4057), id="prompt-too-long"),
    pytest.param(with_question(explanaton="Because."), id="unknown-question-key"),
    pytest.param(with_question(choices="a or b"), id="choices-not-a-list"),
    pytest.param(with_question(choices=["a"]), id="one-choice"),
    pytest.param(with_question(choices=["a", "b", "c", "d", "e", "f"]), id="six-choices"),
    pytest.param(with_question(choices=["a", "b" * 201]), id="choice-too-long"),
    pytest.param(with_question(answer=None), id="choice-without-answer"),
    pytest.param(with_question(answer=7), id="answer-index-beyond-e"),
    pytest.param(with_question(answer=-1), id="negative-answer"),
    pytest.param(with_question(answers=["a"]), id="answers-on-a-choice-question"),
    pytest.param(with_question(type="essay"), id="unknown-type"),
    pytest.param(
        with_question(type="truefalse", choices=None, answer="maybe"), id="truefalse-answer-not-bool"
    ),
    pytest.param(with_question(type="truefalse"), id="truefalse-with-choices"),
    pytest.param(with_question(type="text", choices=None, answer=None), id="text-without-answers"),
    pytest.param(with_question(type="text", answer=None, answers=["a"]), id="text-with-choices"),
    pytest.param(
        with_question(type="text", choices=None, answer=None, answers=["a"] * 51), id="too-many-answers"
    ),
    pytest.param(with_question(explanation="e" * 1001), id="explanation-too-long"),
    pytest.param(with_question(type="poll"), id="poll-with-an-answer"),
    pytest.param(with_question(type="poll", choices=None, answer=None), id="poll-without-choices"),
    pytest.param(with_question(image=""), id="empty-image"),
    pytest.param(with_question(difficulty="hardest"), id="unknown-difficulty"),
    pytest.param(with_question(lang="Shona"), id="lang-not-a-code"),
    pytest.param(
        with_question(translations={"en": {"choices": ["x", "y"]}}), id="translation-without-prompt"
    ),
    pytest.param(with_question(translations={"english": {"prompt": "x"}}), id="translation-code-not-a-code"),
    pytest.param(
        with_question(translations={"en": {"prompt": "x", "note": "y"}}), id="translation-unknown-key"
    ),
]


@pytest.mark.parametrize("deck", STRUCTURAL)
def test_the_schema_rejects_what_the_validator_rejects(deck: dict[str, object]) -> None:
    text = yaml.safe_dump(deck, allow_unicode=True, sort_keys=False)
    with pytest.raises(DeckError):
        load_deck_text(text, "deck.yaml")
    assert list(VALIDATOR.iter_errors(deck)), "the schema accepted a deck the validator refuses"


def test_a_question_at_the_new_length_limits_passes_both() -> None:
    deck = with_question(prompt="x" * 1470, explanation="e" * 1000)
    load_deck_text(yaml.safe_dump(deck), "deck.yaml")
    VALIDATOR.validate(deck)


def test_a_poll_and_an_image_url_pass_both() -> None:
    deck = with_question(type="poll", answer=None, image="https://example.org/chart.png")
    load_deck_text(yaml.safe_dump(deck), "deck.yaml")
    VALIDATOR.validate(deck)
