"""Spaced repetition (fsrs) and practice sessions."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta, timezone
from types import MappingProxyType
from zoneinfo import ZoneInfo

import pytest

from bot.bank.models import Deck, Kind, Question, Translation
from bot.quiz.errors import AlreadyAnsweredError, InvalidChoiceError, MissingQuestionError, PracticeEndedError
from bot.quiz.practice import MemoryState, PracticeMode, PracticeSession, choose_questions, review

NOW = datetime(2025, 5, 10, 9, 30, tzinfo=UTC)
ME = 4242


def choice_question(qid: str, right: int) -> Question:
    return Question(
        id=qid,
        kind=Kind.CHOICE,
        prompt=f"{qid}?",
        choices=("one", "two", "three", "four"),
        answers=frozenset({right}),
        explanation=f"Because {qid}.",
        translations=MappingProxyType(
            {"sn": Translation(prompt=f"{qid} (sn)?", choices=("imwe", "piri", "tatu", "ina"))}
        ),
    )


DECK = Deck(
    id="bio",
    title="Biology",
    questions=(
        *(choice_question(f"q{i}", i % 4) for i in range(6)),
        Question(
            id="text",
            kind=Kind.TEXT,
            prompt="Powerhouse of the cell?",
            accepted=("mitochondria",),
            translations=MappingProxyType({"sn": Translation(prompt="?", accepted=("mitochondrion",))}),
        ),
    ),
)


# --- the scheduler ---------------------------------------------------------------------------


def test_a_right_answer_comes_back_later_than_a_wrong_one() -> None:
    right = review(None, True, NOW, question_key="bio/q0")
    wrong = review(None, False, NOW, question_key="bio/q0")
    assert right.due - NOW >= timedelta(days=1)
    assert NOW < wrong.due <= NOW + timedelta(hours=1)
    assert (right.reviews, right.lapses, right.last_review) == (1, 0, NOW)
    assert (wrong.reviews, wrong.lapses) == (1, 1)


def test_each_right_answer_pushes_the_question_further_out() -> None:
    memory = review(None, True, NOW)
    gaps = [memory.due - NOW]
    for _ in range(3):
        answered_at = memory.due
        memory = review(memory, True, answered_at)
        gaps.append(memory.due - answered_at)
    assert gaps == sorted(gaps)
    assert len(set(gaps)) == len(gaps)
    assert memory.reviews == 4


def test_forgetting_a_known_question_brings_it_back_within_the_hour() -> None:
    memory = review(None, True, NOW)
    memory = review(memory, True, memory.due)
    forgot_at = memory.due + timedelta(days=3)
    lapsed = review(memory, False, forgot_at)
    assert forgot_at < lapsed.due <= forgot_at + timedelta(hours=1)
    assert lapsed.lapses == 1
    relearnt = review(lapsed, True, lapsed.due)
    assert relearnt.due - lapsed.due >= timedelta(days=1)


def test_scheduling_is_deterministic_and_survives_json() -> None:
    first = review(review(None, True, NOW), True, NOW + timedelta(days=2))
    second = review(review(None, True, NOW), True, NOW + timedelta(days=2))
    assert first == second
    assert json.loads(first.card)["due"] == first.due.isoformat()


def test_any_utc_flavour_is_accepted_and_naive_refused() -> None:
    as_zoneinfo = NOW.astimezone(ZoneInfo("UTC"))
    as_offset = NOW.astimezone(timezone(timedelta(hours=2)))
    assert review(None, True, as_zoneinfo).due == review(None, True, as_offset).due
    with pytest.raises(ValueError, match="timezone-aware"):
        review(None, True, datetime(2025, 5, 10))  # naive: the mistake under test


# --- choosing questions ----------------------------------------------------------------------


def memories() -> dict[str, MemoryState]:
    """q0 due for 2 days, q1 due for 5 days, q2 not due yet, q3 due today; q4, q5, text unseen."""

    def due_at(due: datetime) -> MemoryState:
        state = review(None, True, due - timedelta(days=2))
        assert state.due == due
        return state

    return {
        "q0": due_at(NOW - timedelta(days=2)),
        "q1": due_at(NOW - timedelta(days=5)),
        "q2": due_at(NOW + timedelta(days=1)),
        "q3": due_at(NOW - timedelta(hours=1)),
        "elsewhere": due_at(NOW - timedelta(days=9)),  # another deck's question
    }


def test_review_mode_brings_back_only_due_questions_most_overdue_first() -> None:
    chosen = choose_questions(DECK, memories(), PracticeMode.REVIEW, 10, NOW, seed=1)
    assert chosen == ("q1", "q0", "q3")
    assert choose_questions(DECK, memories(), PracticeMode.REVIEW, 2, NOW, seed=1) == ("q1", "q0")


def test_new_mode_gives_unseen_questions_in_a_seeded_order() -> None:
    chosen = choose_questions(DECK, memories(), PracticeMode.NEW, 10, NOW, seed=1)
    assert sorted(chosen) == ["q4", "q5", "text"]
    assert chosen == choose_questions(DECK, memories(), PracticeMode.NEW, 10, NOW, seed=1)
    orders = {choose_questions(DECK, {}, PracticeMode.NEW, 7, NOW, seed=s) for s in range(10)}
    assert len(orders) > 1


def test_mixed_mode_puts_due_questions_before_new_ones() -> None:
    chosen = choose_questions(DECK, memories(), PracticeMode.MIXED, 5, NOW, seed=3)
    assert chosen[:3] == ("q1", "q0", "q3")
    assert set(chosen[3:]) <= {"q4", "q5", "text"}
    assert len(chosen) == 5
    everything = choose_questions(DECK, memories(), PracticeMode.MIXED, 50, NOW, seed=3)
    assert len(everything) == 6  # q2 is not due and is not filled in


def test_missed_mode_keeps_the_given_order_and_drops_unknown_ids() -> None:
    missed = ["q5", "gone", "q2", "q5", "q0"]
    chosen = choose_questions(DECK, {}, PracticeMode.MISSED, 10, NOW, missed=missed, seed=1)
    assert chosen == ("q5", "q2", "q0")
    assert choose_questions(DECK, {}, PracticeMode.MISSED, 2, NOW, missed=missed, seed=1) == ("q5", "q2")
    assert choose_questions(DECK, {}, PracticeMode.MISSED, 0, NOW, missed=missed, seed=1) == ()


# --- a session -------------------------------------------------------------------------------


def right_slot(session: PracticeSession) -> int:
    question = session.question
    return next(s for s, choice in enumerate(session.order) if question.is_right(choice))


def test_a_practice_session_from_start_to_finish() -> None:
    session = PracticeSession(user_id=ME, deck=DECK, question_ids=("q1", "q2", "text"), seed=5, language=None)
    assert (session.index, session.question_count, session.finished) == (0, 3, False)
    # Seed 5 shows q1's choices as two, four, three, one (stored seeds must keep their orders across
    # versions): its right choice, "two", is on A.
    assert session.order == (1, 3, 2, 0)

    result = session.answer(0, now=NOW)
    assert (result.question_id, result.index, result.right) == ("q1", 0, True)
    assert result.right_slots == {0}
    assert result.question.explanation == "Because q1."
    assert result.answered_at == NOW
    assert session.answered
    with pytest.raises(AlreadyAnsweredError) as again:
        session.answer(1, now=NOW)
    assert again.value.sentence == "You already chose A; answers can't be changed."

    assert session.next()
    assert not session.answered
    # q2 is shown three, two, one, four; its right choice, "three", is on A, so B is wrong.
    assert session.order == (2, 1, 0, 3)
    result = session.answer(1, now=NOW)
    assert not result.right and result.right_slots == {0}

    assert session.next()
    with pytest.raises(InvalidChoiceError):
        session.answer(0, now=NOW)
    assert session.answer(text="Mitochondrion", now=NOW).right  # accepted in a translation

    assert not session.next()
    assert session.finished
    assert (session.answered_count, session.right_count) == (3, 2)
    with pytest.raises(PracticeEndedError):
        session.answer(0, now=NOW)
    with pytest.raises(PracticeEndedError):
        _ = session.question
    assert not session.next()


def test_questions_are_shown_in_the_chosen_language() -> None:
    session = PracticeSession(user_id=ME, deck=DECK, question_ids=("q3",), seed=5, language="sn")
    assert session.question.prompt == "q3 (sn)?"
    assert session.question.choices == ("imwe", "piri", "tatu", "ina")
    result = session.answer(right_slot(session), now=NOW)
    assert result.right
    assert result.question.lang == "sn"


def test_skipping_a_question_leaves_it_unanswered() -> None:
    session = PracticeSession(user_id=ME, deck=DECK, question_ids=("q0", "q1"), seed=1, language=None)
    assert session.next()
    session.answer(right_slot(session), now=NOW)
    assert (session.answered_count, session.right_count) == (1, 1)


def test_a_session_survives_a_json_round_trip() -> None:
    session = PracticeSession(
        user_id=ME, deck=DECK, question_ids=("q0", "text", "q4"), seed=11, language="sn", guild_id=77
    )
    session.answer(right_slot(session), now=NOW)
    session.next()
    session.answer(text="nope", now=NOW + timedelta(seconds=9))
    snapshot = json.loads(json.dumps(session.to_dict()))
    back = PracticeSession.from_dict(snapshot, DECK)
    assert back.to_dict() == session.to_dict()
    assert (PracticeSession.guild_of(snapshot), back.guild_id, back.language) == (77, 77, "sn")
    assert (back.index, back.answered, back.answered_count, back.right_count) == (1, True, 2, 1)
    with pytest.raises(AlreadyAnsweredError) as caught:
        back.answer(text="mitochondria", now=NOW)
    assert caught.value.previous_text == "nope"
    assert back.next()
    assert session.next()
    assert back.order == session.order

    other = Deck(id="chem", title="Chemistry", questions=DECK.questions)
    with pytest.raises(ValueError, match="deck"):
        PracticeSession.from_dict(snapshot, other)


def test_a_session_needs_its_questions() -> None:
    with pytest.raises(MissingQuestionError):
        PracticeSession(user_id=ME, deck=DECK, question_ids=("q0", "gone"), seed=1, language=None)


def test_a_question_missed_minutes_ago_is_due_for_review_now() -> None:
    from datetime import UTC, datetime

    from bot.bank.models import Deck, Kind, Question
    from bot.quiz import PracticeMode, choose_questions, due_by, review

    now = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)
    deck = Deck(
        id="d",
        title="D",
        questions=tuple(
            Question(id=f"q{i}", kind=Kind.CHOICE, prompt="?", choices=("a", "b"), answers=frozenset({0}))
            for i in range(3)
        ),
    )
    missed = review(None, False, now)
    known = review(None, True, now)
    assert now < missed.due <= due_by(now) < known.due
    chosen = choose_questions(deck, {"q0": missed, "q1": known}, PracticeMode.REVIEW, 10, now, seed=1)
    assert chosen == ("q0",)


def test_the_members_retention_sets_the_interval() -> None:
    # fsrs: a first Good gives stability 2.3065 days; the interval is where recall falls to the retention.
    due_in = {r: review(None, True, NOW, desired_retention=r).due - NOW for r in (0.70, 0.90, 0.97)}
    assert due_in == {0.70: timedelta(days=21), 0.90: timedelta(days=2), 0.97: timedelta(days=1)}
    for outside in (0.5, 0.98):
        with pytest.raises(ValueError, match=r"between 0\.7 and 0\.97"):
            review(None, True, NOW, desired_retention=outside)


def answer_and_move(session: PracticeSession, right: bool) -> bool:
    """Answer the current question right or wrong, move on; whether the question comes back."""
    slot = right_slot(session) if right else (right_slot(session) + 1) % len(session.order)
    comes_back = session.answer(slot, now=NOW).comes_back
    session.next()
    return comes_back


def test_until_learned_a_missed_question_comes_back_until_right_twice_in_a_row() -> None:
    session = PracticeSession(
        user_id=ME,
        deck=DECK,
        question_ids=("q0", "q1", "q2", "q3", "q4"),
        seed=3,
        language=None,
        until_learned=True,
    )
    assert answer_and_move(session, right=False) is True  # q0 missed: back after three others
    assert session.question_ids == ("q0", "q1", "q2", "q3", "q0", "q4")
    assert answer_and_move(session, right=True) is False  # q1 right the first time: done
    assert answer_and_move(session, right=False) is True  # q2 missed: back after q3, q0, q4
    assert session.question_ids == ("q0", "q1", "q2", "q3", "q0", "q4", "q2")
    assert answer_and_move(session, right=True) is False  # q3
    assert answer_and_move(session, right=True) is True  # q0 right once after its miss: once more
    assert session.question_ids[-1] == "q0"
    # A restart here: the grown session is saved and rebuilt as it was.
    session = PracticeSession.from_dict(json.loads(json.dumps(session.to_dict())), DECK)
    assert session.until_learned and session.index == 5 and session.question_count == 8
    assert answer_and_move(session, right=True) is False  # q4
    assert answer_and_move(session, right=True) is True  # q2: once right after its miss
    assert session.question_ids[5:] == ("q4", "q2", "q0", "q2")
    assert answer_and_move(session, right=True) is False  # q0: right twice in a row, learned
    assert answer_and_move(session, right=True) is False  # q2: learned
    assert session.finished
    assert [(p.question_id, p.passes, p.learned) for p in session.passes()] == [
        ("q0", 3, True),
        ("q1", 1, True),
        ("q2", 3, True),
        ("q3", 1, True),
        ("q4", 1, True),
    ]


def test_without_until_learned_nothing_comes_back() -> None:
    session = PracticeSession(user_id=ME, deck=DECK, question_ids=("q0", "q1"), seed=3, language=None)
    assert answer_and_move(session, right=False) is False
    assert session.question_ids == ("q0", "q1") and not session.to_dict()["until_learned"]
    # A snapshot from before mode:learn existed has no until_learned: it plays as before.
    old = {k: v for k, v in session.to_dict().items() if k != "until_learned"}
    assert PracticeSession.from_dict(old, DECK).until_learned is False


def test_until_learned_stops_growing_at_its_limit() -> None:
    ids = tuple(f"q{i % 6}" for i in range(98))
    session = PracticeSession(
        user_id=ME, deck=DECK, question_ids=ids, seed=3, language=None, until_learned=True
    )
    assert answer_and_move(session, right=False) is True  # 99 asked in all: the limit
    assert session.question_count == 99
    assert answer_and_move(session, right=False) is False
    assert session.question_count == 99
