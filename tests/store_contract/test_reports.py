"""Store contract: per-question reports of a round or of a deck, for moderators."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.store import PracticeAnswer, ReportLine, Store
from tests.store_contract.builders import T0, answer, start


async def test_round_report_counts_every_question_in_round_order(store: Store) -> None:
    rnd = await start(store, questions=("q-a", "q-b", "q-c", "q-text"))
    other = await start(store)  # another round of the same deck: not in this round's report
    plays = [
        (0, 1, True, 0, None),
        (0, 2, False, 2, None),
        (0, 3, False, 2, None),
        (0, 4, False, 1, None),
        (1, 1, False, 3, None),
        (1, 2, False, 1, None),  # 1 and 3 tie: the lower choice index is reported
        (3, 1, False, None, "Mitochondrion"),
        (3, 2, False, None, "  mitochondrion "),
        (3, 3, False, None, "Ribosome"),
        (3, 4, True, None, "nucleus"),
    ]
    for n, (index, user, right, choice, text) in enumerate(plays):
        await store.record_answer(
            answer(rnd, index, user, right=right, choice=choice, text=text, at=T0 + timedelta(seconds=n))
        )
    await store.record_answer(answer(other, 2, 1, right=False, choice=3))

    report = await store.question_report(1, round_id=rnd.id)

    assert report == [
        ReportLine(0, "q-a", answered=4, right=1, top_wrong_choice=2, top_wrong_count=2, top_wrong_text=None),
        ReportLine(1, "q-b", answered=2, right=0, top_wrong_choice=1, top_wrong_count=1, top_wrong_text=None),
        ReportLine(
            2, "q-c", answered=0, right=0, top_wrong_choice=None, top_wrong_count=0, top_wrong_text=None
        ),
        ReportLine(
            3,
            "q-text",
            answered=4,
            right=1,
            top_wrong_choice=None,
            top_wrong_count=2,
            top_wrong_text="Mitochondrion",
        ),
    ]
    assert await store.question_report(2, round_id=rnd.id) == []  # another server's round


async def test_deck_report_adds_up_every_round_of_the_deck_in_this_server(store: Store) -> None:
    first = await start(store, deck="bio", questions=("cell", "dna"))
    second = await start(store, deck="bio", questions=("dna", "cell"))
    elsewhere = await start(store, deck="bio", guild=2, questions=("cell", "dna"))
    other_deck = await start(store, deck="chem", questions=("cell", "dna"))
    await store.record_answer(answer(first, 0, 1, right=True))  # cell
    await store.record_answer(answer(first, 1, 1, right=False, choice=2))  # dna
    await store.record_answer(answer(second, 0, 2, right=False, choice=2))  # dna
    await store.record_answer(answer(second, 0, 3, right=False, choice=1))  # dna
    await store.record_answer(answer(second, 1, 2, right=True))  # cell
    await store.record_answer(answer(second, 1, 3, right=False, choice=3))  # cell
    await store.record_answer(answer(elsewhere, 0, 1, right=False, choice=3))
    await store.record_answer(answer(other_deck, 0, 1, right=False, choice=3))

    report = await store.question_report(1, deck_id="bio")

    # The least understood first: dna 0/3, then cell 2/3.
    assert report == [
        ReportLine(
            None, "dna", answered=3, right=0, top_wrong_choice=2, top_wrong_count=2, top_wrong_text=None
        ),
        ReportLine(
            None, "cell", answered=3, right=2, top_wrong_choice=3, top_wrong_count=1, top_wrong_text=None
        ),
    ]
    assert await store.question_report(1, deck_id="nothing") == []


async def test_a_report_is_of_a_round_or_of_a_deck(store: Store) -> None:
    with pytest.raises(ValueError, match="exactly one"):
        await store.question_report(1)
    with pytest.raises(ValueError, match="exactly one"):
        await store.question_report(1, round_id=1, deck_id="deck")


async def test_deck_struggles_first_tries_and_leeches_hardest_first(store: Store) -> None:
    from bot.store import Memory, StruggleLine

    rnd = await start(store, deck="bio", questions=("cell", "dna", "rna"))
    elsewhere = await start(store, deck="bio", guild=2, questions=("cell", "dna", "rna"))
    at = iter(T0 + timedelta(seconds=n) for n in range(100))
    # cell: member 1 wrong then right, member 2 right, member 3 wrong; dna: 1 and 2 right; rna: 3 right.
    for index, user, right in [
        (0, 1, False),
        (0, 2, True),
        (0, 3, False),
        (1, 1, True),
        (1, 2, True),
        (2, 3, True),
    ]:
        await store.record_answer(answer(rnd, index, user, right=right, at=next(at)))
    # Member 1 then practises cell right (not a first try), and member 4 practises dna wrong in this server.
    await store.record_practice(PracticeAnswer(1, 1, "bio", "cell", True, next(at)))
    await store.record_practice(PracticeAnswer(4, 1, "bio", "dna", False, next(at)))
    # Neither another server's round nor a direct message counts.
    await store.record_answer(answer(elsewhere, 2, 5, right=False, at=next(at)))
    await store.record_practice(PracticeAnswer(6, None, "bio", "rna", False, next(at)))

    def memory(user: int, question: str, lapses: int) -> Memory:
        return Memory(user, "bio", question, "{}", T0, reviews=lapses + 1, lapses=lapses, last_review=T0)

    # Leeches: dna for member 4 (4 failures), cell for members 1 and 3 (5 and 4); 3 failures is none.
    # Member 6 has failed rna 9 times but never answered it in this server.
    await store.save_memories(
        [
            memory(4, "dna", 4),
            memory(1, "cell", 5),
            memory(3, "cell", 4),
            memory(2, "cell", 3),
            memory(6, "rna", 9),
        ]
    )
    assert await store.deck_struggles(1, "bio", failures=4) == [
        StruggleLine("cell", members=3, first_right=1, leeches=2),
        StruggleLine("dna", members=3, first_right=2, leeches=1),
        StruggleLine("rna", members=1, first_right=1, leeches=0),
    ]
    assert await store.deck_struggles(1, "chem", failures=4) == []
    assert await store.deck_struggles(2, "bio", failures=4) == [StruggleLine("rna", 1, 0, 0)]
