"""Store contract: the first-try mark the triggers keep per member, and a deck's item figures as kept."""

from __future__ import annotations

from datetime import timedelta

from bot.store import KeptItemFigures, NewRound, Store
from tests.store_contract.builders import T0, answer, start

V1 = ("a" * 64, '{"prompt":"one"}')


async def test_the_mark_moves_with_every_change_to_a_decks_first_tries_and_only_then(store: Store) -> None:
    assert await store.first_try_mark(1, "bio") == 0
    old = await start(store, deck="bio", questions=("cell", "dna"))  # no versions: first tries at ''
    await store.record_answer(answer(old, 0, 7, right=True, at=T0))
    assert await store.first_try_mark(1, "bio") == 1
    await store.record_answer(answer(old, 1, 7, right=False, choice=1, at=T0 + timedelta(seconds=30)))
    await store.record_answer(answer(old, 0, 8, right=False, choice=2, at=T0 + timedelta(seconds=40)))
    assert await store.first_try_mark(1, "bio") == 3
    # A second, later try is no first try: nothing moves.
    again = await start(store, deck="bio", questions=("cell",), at=T0 + timedelta(days=1))
    await store.record_answer(answer(again, 0, 7, right=False, choice=3, at=T0 + timedelta(days=1)))
    assert await store.first_try_mark(1, "bio") == 3
    # An earlier try loaded late takes the first one's place: one change.
    await store.import_answers([answer(again, 0, 8, right=True, choice=0, at=T0 - timedelta(days=1))])
    assert await store.first_try_mark(1, "bio") == 4
    # cell's two tries move to a version: each is copied (a change) and its old row removed (another).
    await store.version_first_tries(1, "bio", "cell", V1[0])
    assert await store.first_try_mark(1, "bio") == 8
    # Another deck's and another server's first tries keep marks of their own.
    other = await start(store, deck="chem", questions=("cell",))
    elsewhere = await start(store, guild=2, deck="bio", questions=("cell",))
    await store.record_answer(answer(other, 0, 7, at=T0))
    await store.record_answer(answer(elsewhere, 0, 7, at=T0))
    assert (await store.first_try_mark(1, "bio"), await store.first_try_mark(1, "chem")) == (8, 1)
    assert await store.first_try_mark(2, "bio") == 1


async def test_a_versioned_round_moves_the_mark_once_per_first_try(store: Store) -> None:
    rnd = await store.start_round(NewRound(1, 5, "bio", 9, ("cell",), 20, "standard", 5, T0, asked=(V1,)))
    await store.import_answers([answer(rnd, 0, user, at=T0 + timedelta(seconds=user)) for user in (1, 2, 3)])
    await store.record_answer(answer(rnd, 0, 4, right=False, choice=1))
    await store.record_answer(answer(rnd, 0, 4, right=True))  # the same member again: refused or ignored
    assert await store.first_try_mark(1, "bio") == 4


async def test_item_figures_are_kept_per_server_and_deck_and_replaced_by_the_next(store: Store) -> None:
    assert await store.kept_item_figures(1, "bio") is None
    first = KeptItemFigures(1, "bio", "q" * 64, 3, T0, '{"members": 2}')
    await store.keep_item_figures(first)
    assert await store.kept_item_figures(1, "bio") == first
    later = KeptItemFigures(1, "bio", "r" * 64, 9, T0 + timedelta(minutes=2), '{"members": 5}')
    await store.keep_item_figures(later)
    await store.keep_item_figures(KeptItemFigures(2, "bio", "s" * 64, 1, T0, "{}"))
    assert await store.kept_item_figures(1, "bio") == later
    assert await store.kept_item_figures(1, "chem") is None
    assert (await store.kept_item_figures(2, "bio")).figures == "{}"  # type: ignore[union-attr]
