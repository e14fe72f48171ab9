"""Length limits come from what Discord renders: long prompts and code blocks play whole; one broken
question no longer hides its deck."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.__main__ import main
from bot.bank import part_sizes
from bot.bank.loader import load_deck_text, load_folder
from bot.bank.models import Kind, Question
from bot.bank.problems import DeckError
from bot.quiz import Reveal
from bot.rounds.cards import QuestionCard, RevealCard
from bot.ui import practice as practice_ui
from bot.ui import round as round_ui

NOW = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)
CODE = "\n".join(
    f"    h{n} = checkpoint(block{n}, h{n - 1}, use_reentrant=False)  # layer {n:02d}" for n in range(1, 41)
)


def one_question(prompt: str, choices: list[str]) -> str:
    block = "\n".join("      " + line for line in prompt.splitlines())
    listed = "".join(f"      - {c!r}\n" for c in choices)
    return f"id: long\nquestions:\n  - id: q1\n    prompt: |-\n{block}\n    choices:\n{listed}    answer: 0\n"


def rendered_descriptions(question: Question) -> list[str]:
    order = tuple(range(len(question.choices)))
    reveal = Reveal(
        question_index=0,
        right_slots=frozenset({0}),
        counts=(12345,) * len(order),
        fastest=((10**18, 1234),) * 3,
        answered=5,
        right=1,
    )
    embeds = [
        round_ui.question_embed(
            QuestionCard(1, 0, 50, question, order, "T", NOW + timedelta(seconds=30), 99, None, False)
        ),
        round_ui.reveal_embed(RevealCard(1, 0, 50, question, order, reveal, "T", True, (), (), ("d", "q"))),
        practice_ui.practice_question_embed(question, order, index=0, total=50, deck_title="T"),
        practice_ui.feedback_embed(
            question,
            order,
            right=False,
            right_slots=frozenset({0}),
            chosen=1,
            typed=None,
            index=0,
            total=50,
            next_due=None,
        ),
    ]
    return [embed.description or "" for embed in embeds]


@pytest.mark.parametrize(
    "prompt",
    [
        pytest.param("Why? " + "x" * 1465, id="1470-characters"),
        pytest.param(
            "What does this run, and what does it keep?\n```python\n" + CODE + "\n```",
            id="40-line-code-block",
        ),
    ],
)
def test_a_long_prompt_plays_whole(prompt: str) -> None:
    choices = [
        "It keeps every activation",
        "It keeps one activation in four",
        "It keeps none",
        "It keeps the inputs",
    ]
    deck = load_deck_text(one_question(prompt, choices), "long.yaml")
    [question] = deck.questions
    assert question.prompt == prompt
    for description in rendered_descriptions(question):
        assert len(description) <= 4096
        assert prompt in description  # not cut short
        for choice in choices:
            assert choice in description


def test_the_largest_question_the_validator_allows_renders_whole() -> None:
    choices = [letter * 200 for letter in "abcde"]
    room = part_sizes.DISCORD_EMBED_DESCRIPTION - part_sizes.rendered_length("", choices, None)
    deck = load_deck_text(one_question("p" * room, choices), "max.yaml")
    for description in rendered_descriptions(deck.questions[0]):
        assert not description.endswith("…")
        assert ("p" * room) in description and all(c in description for c in choices)
    with pytest.raises(DeckError) as caught:
        load_deck_text(one_question("p" * (room + 7), choices), "max.yaml")
    assert caught.value.problems[0].message.endswith("so shorten it by 7")


def test_a_text_question_with_a_long_answer_is_measured_with_it() -> None:
    answer = "a" * 200
    prompt = "p" * (4096 - part_sizes.rendered_length("", (), answer) + 1)
    text = f"id: t\nquestions:\n  - id: q1\n    type: text\n    prompt: {prompt}\n    answers: [{answer}]\n"
    with pytest.raises(DeckError) as caught:
        load_deck_text(text, "t.yaml")
    assert [(p.line, p.message) for p in caught.value.problems] == [
        (
            5,
            "the question takes 4097 characters when shown (its prompt and the answer shown); at most 4096 fit "
            "in a Discord embed, so shorten it by 1",
        )
    ]


BROKEN_AMONG_GOOD = """id: mixed
questions:
  - id: q1
    prompt: First?
    choices: [a, b]
    answer: 0
  - id: q2
    prompt: Broken?
    choices: [a, b]
    answer: 5
  - id: q3
    prompt: Third?
    choices: [a, b]
    answer: 1
"""


def test_one_broken_question_is_left_out_and_the_rest_plays(tmp_path: Path) -> None:
    (tmp_path / "mixed.yaml").write_text(BROKEN_AMONG_GOOD, encoding="utf-8")
    (tmp_path / "no-id.yaml").write_text("id: [x]\nquestions: []\n", encoding="utf-8")
    decks, problems = load_folder(tmp_path)
    assert [(d.id, [q.id for q in d.questions]) for d in decks] == [("mixed", ["q1", "q3"])]
    assert decks[0].left_out[0].line == 10
    assert (
        f"{tmp_path / 'mixed.yaml'}:10: `answer` 5 is out of range: the choices are numbered 0 to 1; this question is left out and the rest of the deck plays"
        in [str(p) for p in problems]
    )
    # The deck-level error still skips its deck.
    assert any(p.file.endswith("no-id.yaml") for p in problems)


def test_validate_lists_the_left_out_question(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deck = tmp_path / "mixed.yaml"
    deck.write_text(BROKEN_AMONG_GOOD, encoding="utf-8")
    assert main(["validate", str(deck)]) == 1
    assert f"{deck}:10: `answer` 5 is out of range" in capsys.readouterr().out


def test_strict_loading_still_refuses_the_deck() -> None:
    with pytest.raises(DeckError):
        load_deck_text(BROKEN_AMONG_GOOD, "mixed.yaml")
    kept = load_deck_text(BROKEN_AMONG_GOOD, "mixed.yaml", keep_valid=True)
    assert [q.id for q in kept.questions] == ["q1", "q3"]
    assert kept.questions[0].kind is Kind.CHOICE
