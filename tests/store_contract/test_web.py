"""Store contract: the web dashboard's sessions, audit log, deck versions, round list (and its filters),
the server's players and a member's servers."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from typing import Any

from bot.store import AuditEntry, RoundFilter, Store, WebGuild, WebSession
from tests.store_contract.builders import T0, answer, start
from tests.store_contract.conftest import Backend


def session(id_hash: str = "a" * 64, *, user: int = 7, hours: int = 12) -> WebSession:
    return WebSession(
        id_hash=id_hash,
        user_id=user,
        user_name="Tendai <b>",
        guilds=(WebGuild(1577238940987949056, "Study A", "a_" + "0f" * 16), WebGuild(2, "Stüdy “B”")),
        created_at=T0,
        expires_at=T0 + timedelta(hours=hours),
    )


async def test_a_session_is_kept_until_it_expires_or_ends(store: Store) -> None:
    kept = session()
    await store.save_web_session(kept)
    assert await store.web_session("a" * 64, T0 + timedelta(hours=1)) == kept
    assert await store.web_session("a" * 64, T0 + timedelta(hours=12)) is None  # expired at that moment
    assert await store.web_session("b" * 64, T0) is None
    assert await store.end_web_session("a" * 64) is True
    assert await store.web_session("a" * 64, T0) is None
    assert await store.end_web_session("a" * 64) is False


async def test_logging_out_everywhere_ends_every_session_of_that_member_only(backend: Backend) -> None:
    one, two = await backend.open(), await backend.open()  # two dashboards on one database
    await one.save_web_session(session("a" * 64, user=7))
    await two.save_web_session(session("b" * 64, user=7))
    await one.save_web_session(session("c" * 64, user=8))
    assert await two.end_member_web_sessions(7) == 2
    assert await one.web_session("a" * 64, T0) is None
    assert await one.web_session("b" * 64, T0) is None
    assert await two.web_session("c" * 64, T0) == session("c" * 64, user=8)
    assert await one.end_member_web_sessions(7) == 0
    assert await one.end_member_web_sessions(9) == 0


async def test_expired_sessions_are_forgotten(store: Store) -> None:
    await store.save_web_session(session("a" * 64, hours=1))
    await store.save_web_session(session("b" * 64, hours=3))
    assert await store.forget_web_sessions_before(T0 + timedelta(hours=2)) == 1
    assert await store.web_session("b" * 64, T0) is not None


async def test_the_first_claim_of_a_meta_key_wins(backend: Backend) -> None:
    one, two = await backend.open(), await backend.open()
    claims = await asyncio.gather(
        *(s.claim_meta("web_session_secret", f"secret-{n}") for n, s in enumerate([one, two] * 3))
    )
    assert len(set(claims)) == 1
    assert await one.claim_meta("web_session_secret", "later") == claims[0]
    assert await two.get_meta("web_session_secret") == claims[0]


async def test_the_audit_log_is_per_server_newest_first_with_pages(store: Store) -> None:
    for n in range(5):
        await store.add_audit(AuditEntry(1, 7, "Tendai", T0 + timedelta(minutes=n), f"change {n}", "d"))
    other = await store.add_audit(AuditEntry(2, 8, "Olivia", T0, "settings saved"))
    assert other.id > 0 and other.detail == ""
    newest = await store.audit_log(1, limit=2)
    assert [e.action for e in newest] == ["change 4", "change 3"]
    assert newest[0].at == T0 + timedelta(minutes=4) and newest[0].user_name == "Tendai"
    older = await store.audit_log(1, limit=10, before_id=newest[-1].id)
    assert [e.action for e in older] == ["change 2", "change 1", "change 0"]
    assert [e.action for e in await store.audit_log(2)] == ["settings saved"]
    assert await store.audit_log(3) == []


async def test_deck_versions_count_up_per_server_across_stores(backend: Backend) -> None:
    one, two = await backend.open(), await backend.open()
    assert await one.deck_version(1) == 0
    assert await one.bump_deck_version(1) == 1
    assert await two.bump_deck_version(1) == 2
    assert await one.deck_version(1) == 2
    assert await two.deck_version(2) == 0
    await asyncio.gather(*(s.bump_deck_version(3) for s in [one, two] * 5))
    assert await one.deck_version(3) == 10


async def test_a_servers_rounds_newest_first_and_a_members_servers(store: Store) -> None:
    first = await start(store, guild=1)
    second = await start(store, guild=1)
    elsewhere = await start(store, guild=2)
    third = await start(store, guild=1)
    assert [r.id for r in await store.guild_rounds(1)] == [third.id, second.id, first.id]
    assert [r.id for r in await store.guild_rounds(1, limit=1, before_id=second.id)] == [first.id]
    assert [r.id for r in await store.guild_rounds(2)] == [elsewhere.id]
    await store.record_answer(answer(first, 0, user=7))
    await store.record_answer(answer(elsewhere, 0, user=7))
    await store.record_answer(answer(third, 1, user=7))
    await store.record_answer(answer(second, 0, user=8))
    assert await store.member_guilds(7) == [1, 2]
    assert await store.member_guilds(8) == [1]
    assert await store.member_guilds(9) == []


async def test_a_servers_rounds_filtered_by_days_deck_and_member(store: Store) -> None:
    monday = await start(store, guild=1, deck="cells", at=T0 - timedelta(days=2))
    tuesday = await start(store, guild=1, deck="maps", at=T0 - timedelta(days=1))
    late = await start(store, guild=1, deck="cells", at=T0 - timedelta(milliseconds=1))
    today = await start(store, guild=1, deck="cells", at=T0)
    elsewhere = await start(store, guild=2, deck="cells", at=T0)
    member = 2**62  # a snowflake's size
    await store.record_answer(answer(monday, 0, user=member))
    await store.record_answer(answer(today, 0, user=member))
    await store.record_answer(answer(elsewhere, 0, user=member))
    await store.record_answer(answer(tuesday, 0, user=8))

    async def ids(**only: Any) -> list[int]:
        return [r.id for r in await store.guild_rounds(1, only=RoundFilter(**only))]

    assert await ids() == [today.id, late.id, tuesday.id, monday.id]
    assert await ids(since=T0 - timedelta(days=1), until=T0) == [late.id, tuesday.id]  # until: not included
    assert await ids(since=T0) == [today.id]
    assert await ids(deck_id="cells") == [today.id, late.id, monday.id]
    assert await ids(member_id=member) == [today.id, monday.id]
    assert await ids(member_id=member, deck_id="maps") == []
    assert await ids(deck_id="cells", until=T0) == [late.id, monday.id]
    filtered = await store.guild_rounds(1, limit=1, before_id=today.id, only=RoundFilter(deck_id="cells"))
    assert [r.id for r in filtered] == [late.id]


async def test_a_servers_players_the_latest_to_play_first(store: Store) -> None:
    first = await start(store, guild=1)
    elsewhere = await start(store, guild=2)
    await store.record_answer(answer(first, 0, user=8, at=T0))
    await store.record_answer(answer(first, 0, user=2**62, at=T0 + timedelta(seconds=5)))
    await store.record_answer(answer(first, 1, user=7, at=T0 + timedelta(seconds=9)))
    await store.record_answer(answer(first, 2, user=8, at=T0 + timedelta(seconds=3)))
    await store.record_answer(answer(elsewhere, 0, user=9))
    assert await store.guild_players(1, limit=10) == [7, 2**62, 8]
    assert await store.guild_players(1, limit=2) == [7, 2**62]
    assert await store.guild_players(3, limit=10) == []
