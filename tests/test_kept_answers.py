"""A round's answer on its way to the store and back, and a report's commonest wrong answer in words."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.bank.models import Kind, Question
from bot.looks.top_wrong import top_wrong_words
from bot.quiz.round import RestoredAnswer, Verdict
from bot.rounds.stored import answer_to_keep, restored_answer
from bot.store import Answer

AT = datetime(2026, 12, 3, 9, 30, tzinfo=UTC)
CAPITALS = Question(
    id="zw",
    kind=Kind.CHOICE,
    prompt="Capital of Zimbabwe?",
    choices=("Harare", "Bulawayo", "Mutare"),
    answers=frozenset({0}),
)


def test_a_verdict_is_kept_with_its_round_and_comes_back_as_it_was() -> None:
    verdict = Verdict(
        user_id=42, question_index=3, slot=2, choice=1, text=None, right=False, ms=5120, points=0,
        answered_at=AT, streak=0, hints=1,
    )  # fmt: skip
    kept = answer_to_keep(verdict, guild_id=7, round_id=11, deck_id="capitals", question_id="zw")
    assert kept == Answer(7, 11, 3, "zw", "capitals", 42, 1, None, False, 5120, 0, AT)
    assert restored_answer(kept) == RestoredAnswer(42, 3, 1, None, False, 5120, 0, AT)


def test_the_commonest_wrong_answer_reads_as_the_question_words_it() -> None:
    picks = Question(
        id="p", kind=Kind.MULTI, prompt="Primes?", choices=("2", "4", "5"), answers=frozenset({0, 2})
    )
    cloze = Question(
        id="c", kind=Kind.CLOZE, prompt="{{1}} is on the {{2}}.", blanks=(("Harare",), ("Nile",))
    )
    assert top_wrong_words(CAPITALS, 1, None) == "Bulawayo"
    assert top_wrong_words(CAPITALS, 9, None) is None  # a choice the question no longer has
    assert top_wrong_words(picks, None, "0,1") == "2 + 4"
    assert top_wrong_words(cloze, None, '["Lusaka", "Zambezi"]') == "(1) Lusaka · (2) Zambezi"
    assert top_wrong_words(None, None, "0,1") == "0,1"  # the question left its deck: the text as kept
    assert top_wrong_words(CAPITALS, None, "") is None
