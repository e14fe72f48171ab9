"""Store contract: a store works as an async context manager, and a closed one refuses with a sentence."""

from __future__ import annotations

import pytest

from bot.store import Store, StoreError
from tests.store_contract.builders import answer, start
from tests.store_contract.conftest import Backend


async def test_a_closed_store_refuses_every_call_with_a_store_error(store: Store) -> None:
    rnd = await start(store)
    await store.close()
    await store.close()  # closing twice is harmless

    with pytest.raises(StoreError, match="closed"):
        await store.get_meta("anything")
    with pytest.raises(StoreError, match="closed"):
        await store.record_answer(answer(rnd, 0, user=1))
    with pytest.raises(StoreError, match="closed"):
        await store.start_practice(1, "deck", "{}", rnd.started_at)


async def test_leaving_the_context_closes_the_store(backend: Backend) -> None:
    async with await backend.open() as store:
        await store.set_meta("k", "v")
    with pytest.raises(StoreError, match="closed"):
        await store.get_meta("k")
    assert await (await backend.open()).get_meta("k") == "v"
