"""Store contract: first tries at a deck's questions in one server, and the deck's answers per week."""

from __future__ import annotations

from datetime import date, timedelta

from bot.store import FirstTry, Store, WeekStats
from tests.store_contract.builders import T0, answer, start


async def test_first_tries_keep_each_members_earliest_answer_to_each_question_of_the_deck(
    store: Store,
) -> None:
    first = await start(store, deck="bio", questions=("cell", "dna"), at=T0)
    later = await start(store, deck="bio", questions=("dna", "cell"), at=T0 + timedelta(days=1))
    elsewhere = await start(store, deck="bio", guild=2, questions=("cell", "dna"))
    other_deck = await start(store, deck="chem", questions=("cell", "dna"))
    day = timedelta(days=1)
    # Member 7: cell wrong (choice 2) then right a day later; dna right.
    await store.record_answer(answer(first, 0, 7, right=False, choice=2, at=T0))
    await store.record_answer(answer(first, 1, 7, right=True, choice=1, at=T0 + timedelta(seconds=30)))
    await store.record_answer(answer(later, 1, 7, right=True, choice=0, at=T0 + day))
    # Member 5: only the later round: dna wrong as a typed answer, cell right.
    await store.record_answer(answer(later, 0, 5, right=False, text="helix", at=T0 + day))
    await store.record_answer(answer(later, 1, 5, right=True, choice=0, at=T0 + day + timedelta(seconds=30)))
    # Neither another server's round nor another deck's counts.
    await store.record_answer(answer(elsewhere, 0, 7, right=True, choice=0, at=T0 - day))
    await store.record_answer(answer(other_deck, 0, 7, right=True, choice=0, at=T0 - day))

    tries = await store.first_tries(1, "bio")

    assert tries == [
        FirstTry(5, "cell", True, 0),
        FirstTry(7, "cell", False, 2),
        FirstTry(5, "dna", False, None),
        FirstTry(7, "dna", True, 1),
    ]
    assert await store.first_tries(1, "nothing") == []


async def test_deck_weeks_count_the_decks_answers_per_week_ending_with_nows(store: Store) -> None:
    # T0 is Wednesday 2024-05-15: its week starts Monday 2024-05-13; the chart's eight weeks start on
    # Monday 2024-03-25.
    rnd = await start(store, deck="bio", questions=("cell", "dna", "rna"))
    other = await start(store, deck="chem", questions=("cell",))
    await store.record_answer(answer(rnd, 0, 1, right=True, at=T0))
    await store.record_answer(answer(rnd, 1, 1, right=False, choice=1, at=T0 + timedelta(hours=1)))
    await store.record_answer(answer(rnd, 0, 2, right=True, at=T0 - timedelta(weeks=2)))  # week of 04-29
    await store.record_answer(answer(rnd, 2, 2, right=True, at=T0 - timedelta(weeks=9)))  # before the chart
    await store.record_answer(answer(other, 0, 1, right=True, at=T0))

    weeks = await store.deck_weeks(1, "bio", T0)

    assert len(weeks) == 8
    assert weeks[0].week_start == date(2024, 3, 25)
    assert weeks[-1] == WeekStats(date(2024, 5, 13), points=100, right=1, answered=2)
    assert weeks[-3] == WeekStats(date(2024, 4, 29), points=100, right=1, answered=1)
    assert sum(w.answered for w in weeks) == 3
