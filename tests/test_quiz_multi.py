"""Multi questions ("select all that apply") judged: right only as the exact set, points for a part, the
reveal's sets, the reviews' lapses; every value worked out by hand."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from fractions import Fraction

import pytest

from bot.bank.models import Deck, Kind, Question
from bot.looks.round import reveal_look
from bot.quiz.errors import AlreadyAnsweredError, InvalidChoiceError
from bot.quiz.judging import judge_answer
from bot.quiz.multi import kept_share, partly, picked_from, picked_text, recalled, shared_points
from bot.quiz.options import RoundOptions
from bot.quiz.round import RestoredAnswer, RoundState
from bot.quiz.scoring import Mode
from bot.rounds.cards import RevealCard

START = datetime(2026, 12, 2, 20, 0, tzinfo=UTC)
# Right: 2, 3 and 5 (choices 0, 1 and 3); 4 is the one wrong choice.
PRIMES = Question(
    id="primes",
    kind=Kind.MULTI,
    prompt="Which are prime?",
    choices=("2", "3", "4", "5"),
    answers=frozenset({0, 1, 3}),
)
DECK = Deck(id="maths", title="Maths", questions=(PRIMES,))
AS_WRITTEN = (0, 1, 2, 3)


@pytest.mark.parametrize(
    ("slots", "right", "share"),
    [
        pytest.param((3, 0, 1), True, Fraction(1), id="exactly-the-right-set"),
        pytest.param((0, 1, 2, 3), False, Fraction(2, 3), id="every-choice: (3 - 1) / 3"),
        pytest.param((0,), False, Fraction(1, 3), id="one-of-three"),
        pytest.param((0, 2), False, Fraction(0), id="one-right-one-wrong: (1 - 1) / 3"),
        pytest.param((2,), False, Fraction(0), id="only-wrong: never below 0"),
    ],
)
def test_the_share_is_right_picked_less_wrong_picked_over_right(
    slots: tuple[int, ...], right: bool, share: Fraction
) -> None:
    judged = judge_answer(PRIMES, AS_WRITTEN, None, None, slots)
    assert (judged.right, judged.share, judged.picked) == (right, share, frozenset(slots))


def test_the_slots_are_read_through_the_order_shown() -> None:
    # Shown as 5, 4, 3, 2: slots A, C and D are choices 3, 1 and 0.
    judged = judge_answer(PRIMES, (3, 2, 1, 0), None, None, (0, 2, 3))
    assert (judged.right, judged.picked) == (True, frozenset({0, 1, 3}))


def test_points_are_a_share_of_a_right_answer_rounded_half_up() -> None:
    assert [shared_points(100, s) for s in (Fraction(1), Fraction(2, 3), Fraction(1, 3), Fraction(0))] == [
        100,
        67,
        33,
        0,
    ]
    assert shared_points(75, Fraction(1, 2)) == 38  # 37.5


@pytest.mark.parametrize(
    ("slot", "text", "slots", "sentence"),
    [
        (0, None, None, "This question is answered with its menu: pick every right choice."),
        (None, "2, 3", None, "This question is answered with its menu: pick every right choice."),
        (None, None, (), "Pick at least one choice."),
        (None, None, (1, 1), "That is not one of this question's choices."),
        (None, None, (4,), "That is not one of this question's choices."),
    ],
)
def test_a_multi_question_takes_only_a_set_of_its_slots(
    slot: int | None, text: str | None, slots: tuple[int, ...] | None, sentence: str
) -> None:
    with pytest.raises(InvalidChoiceError) as caught:
        judge_answer(PRIMES, AS_WRITTEN, slot, text, slots)
    assert caught.value.sentence == sentence


def test_a_choice_question_takes_no_set() -> None:
    choice = Question(id="c", kind=Kind.CHOICE, prompt="?", choices=("a", "b"), answers=frozenset({0}))
    with pytest.raises(InvalidChoiceError) as caught:
        judge_answer(choice, (0, 1), None, None, (0,))
    assert caught.value.sentence == "This question takes one answer, not a set of choices."


def test_a_set_is_kept_as_its_sorted_indices() -> None:
    assert picked_text({3, 0, 1}) == "0,1,3"
    assert picked_from("0,1,3") == frozenset({0, 1, 3})
    assert picked_from("two") == picked_from(None) == frozenset()


def test_below_half_the_points_is_a_lapse_from_half_on_hard() -> None:
    assert (recalled(False, Fraction(1, 3)), partly(Fraction(1, 3))) == (False, False)  # Again
    assert (recalled(False, Fraction(1, 2)), partly(Fraction(1, 2))) == (True, True)  # Hard
    assert (recalled(True, Fraction(1)), partly(Fraction(1))) == (True, False)  # Good
    assert (recalled(True, None), partly(None)) == (True, False)  # another kind: as before


def test_kept_points_are_read_back_as_the_same_rating() -> None:
    # The calendar keeps points, not shares: 4 of 9 right choices (the largest share below half a kind
    # can earn) is 44 points, still a lapse; half, 50, Hard; all, Good; none kept, as before.
    assert shared_points(100, Fraction(4, 9)) == 44
    assert (recalled(False, kept_share(44)), partly(kept_share(44))) == (False, False)
    assert (recalled(False, kept_share(50)), partly(kept_share(50))) == (True, True)
    assert (recalled(True, kept_share(100)), partly(kept_share(100))) == (True, False)
    assert kept_share(None) is None


def _slots(state: RoundState, *choices: int) -> list[int]:
    return [state.order(0).index(choice) for choice in choices]


def test_a_speed_round_scores_each_set_and_reveals_the_most_chosen_wrong_set() -> None:
    options = RoundOptions(seconds=20, mode=Mode.SPEED)
    state = RoundState(round_id=1, deck=DECK, question_ids=("primes",), seed=7, options=options)
    state.open_question(0, START)
    at_10s = START + timedelta(seconds=10)  # speed: 50 + 50 × 10/20 = 75 for a right answer
    picks = {1: (0, 1, 3), 2: (0, 1, 2, 3), 3: (2,), 4: (0, 1, 2, 3), 5: (0,)}
    verdicts = {}
    for user, choices in picks.items():
        verdicts[user] = state.judge(user, 0, at_10s, slots=_slots(state, *choices))
        assert state.accept(verdicts[user])
    # 75 × 1, 75 × 2/3, 0, 75 × 2/3, 75 × 1/3 = 25
    assert [verdicts[u].points for u in picks] == [75, 50, 0, 50, 25]
    assert [verdicts[u].right for u in picks] == [True, False, False, False, False]
    assert (verdicts[2].choice, verdicts[2].text, verdicts[2].slot) == (None, "0,1,2,3", None)
    with pytest.raises(AlreadyAnsweredError) as caught:
        state.judge(2, 0, at_10s, slots=[0])
    letters = ", ".join("ABCD"[slot] for slot in sorted(_slots(state, 0, 1, 2, 3)))
    assert caught.value.sentence == f"You already answered “{letters}”; answers can't be changed."

    reveal = state.reveal(START + timedelta(seconds=20))
    order = state.order(0)
    by_choice = {order[slot]: count for slot, count in enumerate(reveal.counts)}
    assert by_choice == {0: 4, 1: 3, 2: 3, 3: 3}  # how many picked 2, 3, 4 and 5
    assert (reveal.answered, reveal.right) == (5, 1)
    assert reveal.top_wrong_set == (frozenset(_slots(state, 0, 1, 2, 3)), 2)
    look = reveal_look(
        RevealCard(1, 0, 1, PRIMES, order, reveal, "Maths", True, (), (), ("maths", PRIMES.id))
    )
    right_letters = " + ".join("ABCD"[slot] for slot in sorted(_slots(state, 0, 1, 3)))
    assert f"**Right set:** {right_letters} — picked exactly by 1 of 5" in look.description
    assert "Most chosen wrong set: A + B + C + D (2 members)" in look.description


def test_a_restored_answer_is_read_again_from_its_kept_set() -> None:
    state = RoundState(round_id=1, deck=DECK, question_ids=("primes",), seed=7, options=RoundOptions())
    kept = RestoredAnswer(9, 0, None, "0,1,2,3", False, 4000, 67, START)
    verdict = state.verdict_of(kept)
    assert (verdict.picked, verdict.share, verdict.points, verdict.slot) == (
        frozenset({0, 1, 2, 3}),
        Fraction(2, 3),
        67,
        None,
    )


def test_a_round_restored_after_a_restart_tallies_and_refuses_by_its_kept_sets() -> None:
    kept = [
        RestoredAnswer(1, 0, None, "0,1,3", True, 1000, 100, START),
        RestoredAnswer(2, 0, None, "0,1,2,3", False, 2000, 67, START),
    ]
    state = RoundState.restore(
        round_id=1,
        deck=DECK,
        question_ids=("primes",),
        seed=7,
        options=RoundOptions(),
        answers=kept,
        current=0,
        revealed=False,
    )
    state.open_question(0, START + timedelta(minutes=1))  # re-posted
    with pytest.raises(AlreadyAnsweredError) as caught:
        state.judge(2, 0, START + timedelta(minutes=1, seconds=1), slots=[0])
    letters = ", ".join("ABCD"[slot] for slot in sorted(_slots(state, 0, 1, 2, 3)))
    assert caught.value.sentence == f"You already answered “{letters}”; answers can't be changed."
    reveal = state.reveal(START + timedelta(minutes=2))
    order = state.order(0)
    assert {order[slot]: count for slot, count in enumerate(reveal.counts)} == {0: 2, 1: 2, 2: 1, 3: 2}
    assert (reveal.right, reveal.top_wrong_set) == (1, (frozenset(_slots(state, 0, 1, 2, 3)), 1))
    assert [(r.user_id, r.points) for r in state.scores()] == [(1, 100), (2, 67)]
