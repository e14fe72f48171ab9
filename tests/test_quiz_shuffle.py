"""Seeded question picks and choice orders."""

from __future__ import annotations

import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from bot.bank.models import Deck, Kind, Question
from bot.quiz.shuffle import choice_order, new_seed, pick_questions, slot_letter

ROOT = Path(__file__).resolve().parent.parent


def seed_like_deck() -> Deck:
    """Eight four-choice questions whose right answers sit at A, B, C, D, A, B, C, D."""
    questions = tuple(
        Question(
            id=f"q{i}",
            kind=Kind.CHOICE,
            prompt=f"Question {i}?",
            choices=("one", "two", "three", "four"),
            answers=frozenset({i % 4}),
        )
        for i in range(8)
    )
    return Deck(id="seed", title="Seed", questions=questions)


def right_slots(seed: int, deck: Deck) -> tuple[int, ...]:
    slots = []
    for index, question in enumerate(deck.questions):
        order = choice_order(seed, index, len(question.choices), question.kind)
        slots.append(next(slot for slot, choice in enumerate(order) if question.is_right(choice)))
    return tuple(slots)


@given(
    seed=st.integers(min_value=0, max_value=2**63 - 1),
    index=st.integers(min_value=0, max_value=49),
    n=st.integers(min_value=1, max_value=5),
    kind=st.sampled_from([Kind.CHOICE, Kind.TRUEFALSE]),
)
def test_choice_order_is_a_deterministic_permutation(seed: int, index: int, n: int, kind: Kind) -> None:
    order = choice_order(seed, index, n, kind)
    assert sorted(order) == list(range(n))
    assert choice_order(seed, index, n, kind) == order


def test_true_false_keeps_its_order() -> None:
    assert all(choice_order(seed, 0, 2, Kind.TRUEFALSE) == (0, 1) for seed in range(50))


def test_text_questions_have_no_choices() -> None:
    assert choice_order(7, 0, 0, Kind.TEXT) == ()


def test_right_answer_slot_is_not_the_authors_pattern() -> None:
    deck = seed_like_deck()
    authors_pattern = (0, 1, 2, 3, 0, 1, 2, 3)
    patterns = [right_slots(seed, deck) for seed in range(200)]
    # An identity "shuffle" would give the author's pattern every time; a fair one about once in 65536.
    assert patterns.count(authors_pattern) <= 1
    assert len(set(patterns)) > 190
    # Across seeds, each question's right answer lands on every letter, roughly evenly.
    for index in range(8):
        landed = Counter(right_slots(seed, deck)[index] for seed in range(400))
        assert set(landed) == {0, 1, 2, 3}
        assert min(landed.values()) > 60  # 100 expected per letter
    # Within one round the right answers do not all share a letter.
    assert all(len(set(slots)) > 1 for slots in patterns)


def test_same_question_in_another_round_or_place_moves() -> None:
    orders = {choice_order(seed, 0, 4, Kind.CHOICE) for seed in range(30)}
    assert len(orders) > 10
    assert len({choice_order(1, index, 4, Kind.CHOICE) for index in range(30)}) > 10


def test_orders_are_the_same_in_another_process() -> None:
    # A restarted bot must show a question's choices in the same order, whatever PYTHONHASHSEED.
    script = (
        "from bot.quiz.shuffle import choice_order as o; "
        "print([o(123456789, i, 5, 'choice') for i in range(5)])"
    )
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    out = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    ).stdout.strip()
    # Written down by hand from a run of today's code: an upgrade that reshuffles live rounds fails here.
    shown = [(0, 4, 2, 1, 3), (4, 0, 1, 2, 3), (4, 2, 3, 0, 1), (0, 3, 2, 4, 1), (0, 3, 4, 2, 1)]
    assert out == str(shown)
    assert [choice_order(123456789, i, 5, Kind.CHOICE) for i in range(5)] == shown


def test_pick_questions_is_a_seeded_sample() -> None:
    deck = seed_like_deck()
    picked = pick_questions(deck, 5, seed=42)
    assert picked == ("q2", "q5", "q3", "q1", "q6")  # by hand: a resumed round plays what it picked
    assert pick_questions(deck, 5, seed=42) == picked
    assert len({pick_questions(deck, 5, seed=s) for s in range(20)}) > 1


def test_pick_questions_clips_the_count() -> None:
    deck = seed_like_deck()
    assert sorted(pick_questions(deck, 50, seed=1)) == sorted(q.id for q in deck.questions)
    assert pick_questions(deck, 0, seed=1) == ()
    assert pick_questions(Deck(id="e", title="Empty", questions=()), 3, seed=1) == ()


def test_new_seed_fits_sqlite_integer() -> None:
    seeds = {new_seed() for _ in range(20)}
    assert len(seeds) > 1
    assert all(0 <= s < 2**63 for s in seeds)


def test_slot_letters() -> None:
    assert [slot_letter(i) for i in range(5)] == ["A", "B", "C", "D", "E"]
