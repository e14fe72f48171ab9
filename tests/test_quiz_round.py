"""A round's state machine, driven by a fake clock."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from types import MappingProxyType

import pytest

from bot.bank.models import Deck, Kind, Question, Translation
from bot.quiz.errors import (
    AlreadyAnsweredError,
    EmptyDeckError,
    InvalidChoiceError,
    MissingQuestionError,
    NotCurrentQuestionError,
    QuestionClosedError,
    RoundEndedError,
)
from bot.quiz.options import RoundOptions
from bot.quiz.round import RestoredAnswer, Reveal, RoundState, Verdict, plan_round
from bot.quiz.scoring import Mode

START = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)
ALICE, BOB, CAROL, DAN, ERIN = 101, 102, 103, 104, 105


class Clock:
    """Time that moves only when a test says so."""

    def __init__(self) -> None:
        self.now = START

    def advance(self, seconds: float) -> datetime:
        self.now += timedelta(seconds=seconds)
        return self.now


def choice_question(qid: str, right: int, n: int = 4) -> Question:
    return Question(
        id=qid,
        kind=Kind.CHOICE,
        prompt=f"{qid}?",
        choices=tuple(f"{qid} choice {i}" for i in range(n)),
        answers=frozenset({right}),
    )


DECK = Deck(
    id="study",
    title="Study",
    questions=(
        choice_question("c1", 0),
        choice_question("c2", 1),
        choice_question("c3", 2),
        Question(
            id="tf", kind=Kind.TRUEFALSE, prompt="True?", choices=("True", "False"), answers=frozenset({0})
        ),
        Question(
            id="txt",
            kind=Kind.TEXT,
            prompt="Capital of Zimbabwe?",
            accepted=("Harare",),
            translations=MappingProxyType({"sn": Translation(prompt="Guta guru?", accepted=("Salisbury",))}),
        ),
        Question(
            id="two",
            kind=Kind.CHOICE,
            prompt="Pick both",
            choices=("w", "x", "y", "z"),
            answers=frozenset({1, 3}),
        ),
    ),
)


def new_round(
    ids: tuple[str, ...] = ("c1", "c2", "c3"), *, mode: Mode = Mode.STANDARD, seconds: int = 20
) -> RoundState:
    return RoundState(
        round_id=7, deck=DECK, question_ids=ids, seed=2024, options=RoundOptions(seconds=seconds, mode=mode)
    )


def right_slot(state: RoundState, index: int) -> int:
    question = state.question(index)
    return next(s for s, choice in enumerate(state.order(index)) if question.is_right(choice))


def wrong_slot(state: RoundState, index: int) -> int:
    question = state.question(index)
    return next(s for s, choice in enumerate(state.order(index)) if not question.is_right(choice))


def play(
    state: RoundState, user: int, now: datetime, *, right: bool = True, index: int | None = None
) -> Verdict:
    """A click the store committed: judge, then accept."""
    index = state.current if index is None else index
    slot = right_slot(state, index) if right else wrong_slot(state, index)
    verdict = state.judge(user, index, now, slot=slot)
    assert state.accept(verdict)
    return verdict


def test_a_whole_round_with_several_players() -> None:
    clock = Clock()
    state = new_round()
    assert (state.question_count, state.current, state.is_open, state.finished) == (3, -1, False, False)
    assert state.deadline is None

    # Question 1: Alice right, Bob wrong; the first question waits for its timer.
    state.open_question(0, clock.now)
    assert state.is_open
    assert state.deadline == START + timedelta(seconds=20)
    play(state, ALICE, clock.advance(2))
    play(state, BOB, clock.advance(3), right=False)
    assert state.answered_count == 2
    assert not state.reveal_due(clock.advance(1))
    assert state.reveal_due(clock.advance(14))  # the deadline
    first = state.reveal(clock.now)
    assert (first.answered, first.right, first.fastest) == (2, 1, ((ALICE, 2000),))
    assert not state.is_open
    assert not state.finished

    # Question 2: Carol joins; everyone from question 1 answers, so it is revealed early.
    state.open_question(1, clock.advance(3))
    play(state, CAROL, clock.advance(1))
    play(state, BOB, clock.advance(1))
    assert state.waiting_for() == {ALICE}
    assert not state.reveal_due(clock.now)
    play(state, ALICE, clock.advance(1))
    assert state.waiting_for() == frozenset()
    assert state.reveal_due(clock.now)
    second = state.reveal(clock.now)
    assert second.fastest == ((CAROL, 1000), (BOB, 2000), (ALICE, 3000))

    # Question 3: Carol now counts as an earlier player too; she never answers, so the timer decides.
    state.open_question(2, clock.advance(3))
    play(state, ALICE, clock.advance(4), right=False)
    play(state, BOB, clock.advance(1))
    assert state.waiting_for() == {CAROL}
    assert not state.reveal_due(clock.advance(10))
    assert state.reveal_due(clock.advance(5))
    state.reveal(clock.now)
    assert state.finished
    assert state.next_index is None

    assert state.players == {ALICE, BOB, CAROL}
    table = [(r.user_id, r.points, r.right, r.answered, r.rank) for r in state.scores()]
    # Alice and Bob both have 200 points and 2 right; Alice answered her last question first.
    assert table == [(ALICE, 200, 2, 3, 1), (BOB, 200, 2, 3, 1), (CAROL, 100, 1, 1, 3)]
    assert state.scores()[0].accuracy == pytest.approx(2 / 3)
    assert state.missed(ALICE) == ("c3",)
    assert state.missed(BOB) == ("c1",)
    assert state.missed(CAROL) == ("c3",)  # not c1: she was not there yet
    assert state.missed(ERIN) == ()


def test_judge_does_not_record_until_accepted() -> None:
    clock = Clock()
    state = new_round()
    state.open_question(0, clock.now)
    verdict = state.judge(ALICE, 0, clock.advance(1.5), slot=right_slot(state, 0))
    assert verdict == Verdict(
        user_id=ALICE,
        question_index=0,
        slot=right_slot(state, 0),
        choice=0,
        text=None,
        right=True,
        ms=1500,
        points=100,
        answered_at=clock.now,
        streak=1,
    )
    assert state.answered_count == 0
    assert state.players == frozenset()
    # The store refused it (say, a crash before commit): the member may click again.
    again = state.judge(ALICE, 0, clock.advance(1), slot=wrong_slot(state, 0))
    assert state.accept(again)
    assert state.answered_count == 1
    assert state.answers(0).get(ALICE) == again


def test_a_second_answer_is_refused_and_accept_is_idempotent() -> None:
    clock = Clock()
    state = new_round()
    state.open_question(0, clock.now)
    first = play(state, ALICE, clock.advance(1))
    letter = "ABCD"[first.slot or 0]
    with pytest.raises(AlreadyAnsweredError) as caught:
        state.judge(ALICE, 0, clock.advance(1), slot=wrong_slot(state, 0))
    assert caught.value.previous_slot == first.slot
    assert caught.value.sentence == f"You already chose {letter}; answers can't be changed."
    # Two clicks judged before either was accepted: the store kept one; the second accept is a no-op.
    late_twin = Verdict(ALICE, 0, wrong_slot(state, 0), 3, None, False, 2500, 0, clock.now)
    assert not state.accept(late_twin)
    assert state.answers(0).get(ALICE) == first
    assert state.answered_count == 1


def test_deadline_closes_the_question() -> None:
    clock = Clock()
    state = new_round(mode=Mode.SPEED)
    state.open_question(0, clock.now)
    assert not state.reveal_due(clock.advance(19.999))
    at_deadline = state.judge(ALICE, 0, clock.advance(0.001), slot=right_slot(state, 0))
    assert (at_deadline.ms, at_deadline.points) == (20_000, 50)
    assert state.reveal_due(clock.now)
    with pytest.raises(QuestionClosedError):
        state.judge(BOB, 0, clock.advance(0.001), slot=right_slot(state, 0))
    assert state.is_open  # closed to answers, but not revealed until the cog says so
    state.reveal(clock.now)
    with pytest.raises(QuestionClosedError) as caught:
        state.judge(BOB, 0, clock.now, slot=right_slot(state, 0))
    assert caught.value.sentence == "This question is closed: the answer has been revealed."


def test_speed_points_follow_the_clock() -> None:
    clock = Clock()
    state = new_round(mode=Mode.SPEED, seconds=30)
    state.open_question(0, clock.now)
    slot = right_slot(state, 0)
    assert state.judge(ALICE, 0, clock.now, slot=slot).points == 100
    assert state.judge(BOB, 0, clock.advance(15), slot=slot).points == 75
    assert state.judge(CAROL, 0, clock.advance(15), slot=slot).points == 50
    assert state.judge(DAN, 0, clock.now, slot=wrong_slot(state, 0)).points == 0
    with pytest.raises(QuestionClosedError):
        state.judge(ERIN, 0, clock.advance(1), slot=slot)


def test_standard_points() -> None:
    clock = Clock()
    state = new_round()
    state.open_question(0, clock.now)
    assert play(state, ALICE, clock.advance(19)).points == 100
    assert play(state, BOB, clock.now, right=False).points == 0


def test_the_first_question_waits_for_its_timer() -> None:
    clock = Clock()
    state = new_round()
    state.open_question(0, clock.now)
    for user in (ALICE, BOB, CAROL):
        play(state, user, clock.advance(1))
    assert state.waiting_for() == frozenset()
    assert not state.reveal_due(clock.advance(1))


def test_early_reveal_needs_someone_from_earlier_questions() -> None:
    clock = Clock()
    state = new_round()
    state.open_question(0, clock.now)
    state.reveal(clock.advance(20))  # nobody answered question 1
    state.open_question(1, clock.advance(2))
    play(state, ALICE, clock.advance(1))
    assert not state.reveal_due(clock.now)


def test_reveal_counts_per_slot_and_fastest() -> None:
    clock = Clock()
    state = new_round(("two",))
    state.open_question(0, clock.now)
    # Seed 2024 shows the choices w, y, x, z: the right ones (x and z) on C and D.
    assert state.order(0) == (0, 2, 1, 3)
    clicks = [(ALICE, 3, 4), (BOB, 2, 2), (CAROL, 0, 1), (DAN, 2, 7), (ERIN, 3, 3)]
    for user, slot, seconds in sorted(clicks, key=lambda c: c[2]):
        state.accept(state.judge(user, 0, START + timedelta(seconds=seconds), slot=slot))
    reveal = state.reveal(clock.advance(20))
    assert reveal == Reveal(
        question_index=0,
        right_slots=frozenset({2, 3}),
        counts=(1, 0, 2, 2),
        fastest=((BOB, 2000), (ERIN, 3000), (ALICE, 4000)),
        answered=5,
        right=4,
    )
    assert state.reveal(clock.advance(5)) is reveal  # idempotent


def test_answer_accepted_after_the_reveal_still_scores() -> None:
    clock = Clock()
    state = new_round()
    state.open_question(0, clock.now)
    verdict = state.judge(ALICE, 0, clock.advance(19), slot=right_slot(state, 0))
    reveal = state.reveal(clock.advance(1))  # the timer fired while the store was committing
    assert state.accept(verdict)
    assert reveal.answered == 0
    assert [(r.user_id, r.points) for r in state.scores()] == [(ALICE, 100)]


def test_refusals() -> None:
    clock = Clock()
    state = new_round(("c1", "txt", "c2"))
    with pytest.raises(NotCurrentQuestionError):
        state.judge(ALICE, 0, clock.now, slot=0)  # nothing posted yet
    state.open_question(0, clock.now)
    with pytest.raises(NotCurrentQuestionError) as caught:
        state.judge(ALICE, 1, clock.now, slot=0)
    assert caught.value.sentence == "That question is no longer open."
    for bad in (-1, 4, None):
        with pytest.raises(InvalidChoiceError):
            state.judge(ALICE, 0, clock.now, slot=bad)
    with pytest.raises(InvalidChoiceError):
        state.judge(ALICE, 0, clock.now, text="c1 choice 0")
    state.reveal(clock.advance(20))
    state.open_question(1, clock.now)
    with pytest.raises(InvalidChoiceError):
        state.judge(ALICE, 1, clock.now, slot=0)
    with pytest.raises(InvalidChoiceError):
        state.judge(ALICE, 1, clock.now, text="   ")
    with pytest.raises(NotCurrentQuestionError):
        state.judge(ALICE, 0, clock.now, slot=0)  # an old message's button
    state.stop()
    assert state.finished
    with pytest.raises(RoundEndedError) as ended:
        state.judge(ALICE, 1, clock.now, text="Harare")
    assert ended.value.sentence == "This round has ended."
    with pytest.raises(RoundEndedError):
        state.open_question(2, clock.now)


def test_questions_open_in_order() -> None:
    clock = Clock()
    state = new_round()
    with pytest.raises(ValueError, match="cannot open"):
        state.open_question(1, clock.now)
    state.open_question(0, clock.now)
    with pytest.raises(ValueError, match="cannot open"):
        state.open_question(1, clock.now)  # question 1 not revealed yet
    state.reveal(clock.advance(20))
    with pytest.raises(ValueError, match="cannot open"):
        state.open_question(0, clock.now)  # a revealed question does not reopen
    with pytest.raises(ValueError, match="timezone-aware"):
        state.open_question(1, datetime(2025, 3, 1, 12, 0))  # naive: the mistake under test
    state.open_question(1, clock.now)
    assert state.current == 1
    assert state.answered_count == 0


def test_text_answers_are_matched_in_every_language() -> None:
    clock = Clock()
    state = new_round(("txt",))
    state.open_question(0, clock.now)
    harare = state.judge(ALICE, 0, clock.advance(2), text="  harare. ")
    assert (harare.right, harare.slot, harare.choice, harare.text, harare.points) == (
        True,
        None,
        None,
        "  harare. ",
        100,
    )
    state.accept(harare)
    assert state.judge(BOB, 0, clock.now, text="Salisbury").right  # the Shona translation's answer
    wrong = state.judge(CAROL, 0, clock.now, text="Bulawayo")
    assert not wrong.right
    state.accept(wrong)
    with pytest.raises(AlreadyAnsweredError) as caught:
        state.judge(CAROL, 0, clock.now, text="Harare")
    assert caught.value.sentence == "You already answered “Bulawayo”; answers can't be changed."
    reveal = state.reveal(clock.advance(20))
    assert (reveal.right_slots, reveal.counts, reveal.answered, reveal.right) == (frozenset(), (), 2, 1)


def test_true_false_keeps_true_first() -> None:
    state = new_round(("tf",))
    assert state.order(0) == (0, 1)
    state.open_question(0, START)
    assert state.judge(ALICE, 0, START, slot=0).right


def stored(state: RoundState) -> list[RestoredAnswer]:
    """What the store would hold for every accepted answer."""
    return [
        RestoredAnswer(v.user_id, v.question_index, v.choice, v.text, v.right, v.ms, v.points, v.answered_at)
        for index in range(state.question_count)
        for v in state.answers(index).values()
    ]


def restore_like(state: RoundState, *, revealed: bool) -> RoundState:
    return RoundState.restore(
        round_id=state.round_id,
        deck=DECK,
        question_ids=state.question_ids,
        seed=state.seed,
        options=RoundOptions(seconds=state.seconds, mode=state.mode),
        answers=stored(state),
        current=state.current,
        revealed=revealed,
    )


def test_restore_keeps_scores_and_the_current_answers() -> None:
    clock = Clock()
    state = new_round(mode=Mode.SPEED)
    state.open_question(0, clock.now)
    play(state, ALICE, clock.advance(3))
    play(state, BOB, clock.advance(5), right=False)
    state.reveal(clock.advance(12))
    state.open_question(1, clock.advance(3))
    alice_now = play(state, ALICE, clock.advance(2), right=False)

    # The process dies here; a new one rebuilds the round from the store.
    restored = restore_like(state, revealed=False)
    assert restored.scores() == state.scores()
    assert (restored.current, restored.is_open, restored.deadline) == (1, False, None)
    assert restored.answered_count == 1
    assert restored.order(1) == state.order(1)
    assert not restored.reveal_due(clock.now)
    with pytest.raises(NotCurrentQuestionError):
        restored.judge(BOB, 1, clock.now, slot=0)  # the stale message, before the re-post

    restored.open_question(1, clock.advance(10))  # re-posted with a fresh timer
    assert restored.deadline == clock.now + timedelta(seconds=20)
    with pytest.raises(AlreadyAnsweredError) as caught:
        restored.judge(ALICE, 1, clock.advance(1), slot=0)
    assert caught.value.previous_slot == alice_now.slot
    assert restored.waiting_for() == {BOB}
    play(restored, BOB, clock.advance(1))
    assert restored.reveal_due(clock.now)
    reveal = restored.reveal(clock.now)
    assert reveal.answered == 2
    assert reveal.counts[alice_now.slot or 0] >= 1


def test_restore_after_a_reveal_moves_on() -> None:
    clock = Clock()
    state = new_round()
    state.open_question(0, clock.now)
    play(state, ALICE, clock.advance(3))
    original = state.reveal(clock.advance(17))
    restored = restore_like(state, revealed=True)
    with pytest.raises(ValueError, match="cannot open"):
        restored.open_question(0, clock.now)
    assert restored.reveal(clock.now) == original
    restored.open_question(1, clock.advance(3))
    assert restored.is_open


def test_restore_before_any_question() -> None:
    restored = RoundState.restore(round_id=1, deck=DECK, question_ids=('c1',), seed=1, options=RoundOptions(seconds=10, mode=Mode.STANDARD), answers=[], current=-1, revealed=False)  # fmt: skip
    restored.open_question(0, START)
    assert restored.is_open


def test_a_changed_deck_cannot_resume() -> None:
    with pytest.raises(MissingQuestionError) as caught:
        RoundState.restore(round_id=1, deck=DECK, question_ids=('c1', 'gone'), seed=1, options=RoundOptions(seconds=10, mode=Mode.STANDARD), answers=[], current=0, revealed=False)  # fmt: skip
    assert "gone" in caught.value.sentence


def test_ties_share_a_rank_and_the_earlier_finisher_comes_first() -> None:
    clock = Clock()
    state = new_round(("c1", "c2"))
    state.open_question(0, clock.now)
    play(state, CAROL, clock.advance(1))
    play(state, BOB, clock.advance(1))
    play(state, ALICE, clock.advance(1), right=False)
    state.reveal(clock.advance(20))
    state.open_question(1, clock.advance(1))
    play(state, BOB, clock.advance(1))
    play(state, CAROL, clock.advance(1))
    play(state, ALICE, clock.advance(1))
    ranks = [(r.user_id, r.rank) for r in state.scores()]
    assert ranks == [(BOB, 1), (CAROL, 1), (ALICE, 3)]


def test_missed_counts_unanswered_questions_only_once_revealed() -> None:
    clock = Clock()
    state = new_round()
    state.open_question(0, clock.now)
    play(state, ALICE, clock.advance(1))
    state.reveal(clock.advance(20))
    state.open_question(1, clock.now)
    assert state.missed(ALICE) == ()  # question 2 is still open for her
    state.reveal(clock.advance(20))
    assert state.missed(ALICE) == ("c2",)
    state.open_question(2, clock.now)
    play(state, ALICE, clock.advance(1), right=False)
    state.stop()
    assert state.missed(ALICE) == ("c2", "c3")


def test_plan_round() -> None:
    plan = plan_round(DECK, 4, seed=99)
    assert plan == plan_round(DECK, 4, seed=99)
    assert (plan.deck_id, plan.seed, len(plan.question_ids)) == ("study", 99, 4)
    assert len(plan_round(DECK, 50).question_ids) == len(DECK.questions)
    with pytest.raises(EmptyDeckError):
        plan_round(Deck(id="e", title="Empty", questions=()), 5)


def test_naive_datetimes_are_refused() -> None:
    state = new_round()
    state.open_question(0, START)
    with pytest.raises(ValueError, match="timezone-aware"):
        state.judge(ALICE, 0, datetime(2025, 3, 1, 12, 0, 1), slot=0)  # naive: the mistake under test


def test_a_late_answer_to_an_earlier_question_counts_its_player_as_waited_for() -> None:
    state = RoundState(
        round_id=1,
        deck=DECK,
        question_ids=["c1", "c2", "c3"],
        seed=3,
        options=RoundOptions(seconds=20, mode=Mode.STANDARD),
    )
    state.open_question(0, START)
    late = state.judge(BOB, 0, START + timedelta(seconds=1), slot=0)  # judged in time, written slowly
    state.accept(state.judge(ALICE, 0, START + timedelta(seconds=1), slot=0))
    state.reveal(START + timedelta(seconds=2))
    state.open_question(1, START + timedelta(seconds=3))
    state.accept(late)  # committed after the reveal: Bob is a player of this round now
    state.accept(state.judge(ALICE, 1, START + timedelta(seconds=4), slot=1))
    assert not state.reveal_due(START + timedelta(seconds=4))
    state.accept(state.judge(BOB, 1, START + timedelta(seconds=5), slot=1))
    assert state.reveal_due(START + timedelta(seconds=5))
