"""Polls in a round: questions with no right answer, counted but never scored, streaked or missed."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.bank.loader import load_deck_file
from bot.bank.models import Deck, Kind, Question
from bot.bank.problems import DeckError
from bot.quiz.options import RoundOptions
from bot.quiz.round import RoundState
from bot.quiz.scoring import Mode
from bot.quiz.shuffle import choice_order
from tests.test_quiz_round import ALICE, BOB, Clock, choice_question, play

SURE = Question(id="sure", kind=Kind.POLL, prompt="How sure are you?", choices=("Not", "A bit", "Very"))
DECK = Deck(id="d", title="D", questions=(choice_question("c1", 0), SURE, choice_question("c2", 1)))


def polled_round() -> RoundState:
    return RoundState(
        round_id=1,
        deck=DECK,
        question_ids=("c1", "sure", "c2"),
        seed=5,
        options=RoundOptions(seconds=20, mode=Mode.STANDARD, streak_bonus=True),
    )


def test_a_poll_counts_votes_but_scores_streaks_and_misses_nothing() -> None:
    clock = Clock()
    state = polled_round()
    assert state.polls == frozenset({1})
    state.open_question(0, clock.now)
    play(state, ALICE, clock.advance(1))
    play(state, BOB, clock.advance(1))
    state.reveal(clock.advance(1))
    state.open_question(1, clock.advance(1))
    vote = state.judge(ALICE, 1, clock.advance(1), slot=2)
    assert (vote.choice, vote.right, vote.points, vote.streak) == (2, False, 0, 0)
    assert state.accept(vote)
    tally = state.reveal(clock.advance(1))  # Bob did not vote
    assert (tally.counts, tally.right_slots, tally.answered, tally.right) == ((0, 0, 1), frozenset(), 1, 0)
    state.open_question(2, clock.advance(1))
    # The poll between neither breaks Alice's row nor counts in it: this is her second right in a row.
    assert play(state, ALICE, clock.advance(1)).points == 110
    play(state, BOB, clock.advance(1))
    state.reveal(clock.advance(1))
    assert [(r.user_id, r.points, r.right, r.answered) for r in state.scores()] == [
        (ALICE, 210, 2, 2),
        (BOB, 210, 2, 2),
    ]
    assert state.missed(BOB) == ()  # the poll he left alone is not a miss


def test_a_polls_choices_keep_their_written_order() -> None:
    assert choice_order(123, 4, 5, Kind.POLL) == (0, 1, 2, 3, 4)


def write(folder: Path, question: str) -> Path:
    path = folder / "poll.yaml"
    path.write_text(
        f"id: poll\ntitle: Poll\nquestions:\n  - id: p1\n    type: poll\n{question}", encoding="utf-8"
    )
    return path


def test_a_poll_in_a_deck_file(tmp_path: Path) -> None:
    deck = load_deck_file(write(tmp_path, "    prompt: Sure?\n    choices: [no, yes]\n"))
    assert (deck.questions[0].kind, deck.questions[0].choices, deck.questions[0].answers) == (
        Kind.POLL,
        ("no", "yes"),
        frozenset(),
    )


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (
            "    prompt: Sure?\n    choices: [no, yes]\n    answer: 1\n",
            "poll.yaml:8: a poll has no right answer; remove `answer`",
        ),
        ("    prompt: Sure?\n", "poll.yaml:4: this poll has no `choices`; list 2 to 5 of them"),
    ],
)
def test_a_poll_with_an_answer_or_without_choices_is_refused(tmp_path: Path, body: str, message: str) -> None:
    with pytest.raises(DeckError) as raised:
        load_deck_file(write(tmp_path, body))
    assert [f"{Path(p.file).name}:{p.line}: {p.message}" for p in raised.value.problems] == [message]
