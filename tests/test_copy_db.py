"""`bvunzo copy-db`: SQLite → PostgreSQL and back, checked after, and a target in use refused unless forced."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from datetime import timedelta
from pathlib import Path

import pytest

from bot.__main__ import main
from bot.store import (
    BoardLine,
    DeckPictureRecord,
    FlagRecord,
    GuildDeckRecord,
    GuildSettings,
    MemberFace,
    Memory,
    PollVote,
    PracticeAnswer,
    Store,
    open_store,
)
from tests.store_contract.builders import T0, answer, start

# A server deck's picture: bytes of every value (a BLOB in SQLite, a bytea in PostgreSQL).
PICTURE = DeckPictureRecord(1, "mine", "00112233aabbccdd.png", "image/png", bytes(range(256)), "ab" * 32, T0)


async def fill(store: Store) -> None:
    """Two servers' worth of everything a member leaves behind."""
    bio = await start(store, guild=1, channel=11, deck="bio")
    chem = await start(store, guild=2, channel=22, deck="chem")
    await store.post_question(bio.id, 0, message_id=900, posted_at=T0)
    await store.record_answer(answer(bio, 0, user=1, points=100))
    await store.record_answer(answer(bio, 1, user=1, points=80))
    await store.record_answer(answer(bio, 0, user=2, right=False, choice=3))
    await store.record_answer(answer(bio, 1, user=2, points=90, text="photosynthesis"))
    await store.record_answer(answer(chem, 0, user=3, points=50))
    await store.finish_round(bio.id, "finished", T0 + timedelta(minutes=5))
    due = T0 + timedelta(days=2)
    await store.record_practice(
        PracticeAnswer(1, None, "bio", "q0", True, T0), Memory(1, "bio", "q0", "{}", due, 1, 0, T0)
    )
    await store.save_guild_deck(GuildDeckRecord(1, "mine", "mine.yaml", "deck: text", 5, T0))
    await store.add_deck_picture(PICTURE)
    await store.save_member_faces([MemberFace(1 << 60, "Rudo", "ab" * 16, T0), MemberFace(2, "Bo", None, T0)])
    await store.save_guild_settings(
        GuildSettings(
            1,
            quiz_master_role_id=1 << 60,
            questions=7,
            standings="live",
            untimed=True,
            tags="cells dna",
            teams=3,
        )
    )
    await store.record_vote(PollVote(1, bio.id, 2, 5, 1, T0))
    await store.save_teams(chem.id, {3: 1, 4: 0})
    await store.set_member_language(2, "fr")
    await store.start_practice(4, "bio", '{"position": 2}', T0)
    await store.add_suggestion(1, "mine", 3, '{"prompt": "Why?"}', T0)
    await store.set_member_retention(2, 0.85)
    await store.flag_question(FlagRecord(1, "bio", "q0", 3, "typo", "teh", "open", T0))


async def check(store: Store) -> None:
    """What fill() left, read back through the store: the values written by hand above."""
    board = await store.leaderboard(1, "all", T0)
    assert board.lines == (BoardLine(1, 1, 180, 2, 2), BoardLine(2, 2, 90, 1, 2))
    assert (await store.leaderboard(2, "week", T0)).lines == (BoardLine(1, 3, 50, 1, 1),)
    assert await store.member_rank(1, 2, "today", T0, deck_id="bio") == BoardLine(2, 2, 90, 1, 2)
    ended = await store.last_finished_round(1, 11)
    assert ended is not None
    assert (ended.status, ended.ended_at, ended.current, ended.message_id) == (
        "finished",
        T0 + timedelta(minutes=5),
        0,
        900,
    )
    stats = await store.member_stats(1, 1, T0)
    assert (stats.points, stats.rounds, stats.practice_answered) == (180, 1, 1)
    assert (await store.memories(1, "bio"))["q0"].due == T0 + timedelta(days=2)
    assert [d.text for d in await store.guild_decks(1)] == ["deck: text"]
    assert await store.deck_picture(1, "mine", "00112233aabbccdd.png") == PICTURE  # byte for byte
    assert await store.member_faces([1 << 60, 2]) == {
        1 << 60: MemberFace(1 << 60, "Rudo", "ab" * 16, T0),
        2: MemberFace(2, "Bo", None, T0),
    }
    settings = await store.guild_settings(1)
    assert settings == GuildSettings(
        1, quiz_master_role_id=1 << 60, questions=7, standings="live", untimed=True, tags="cells dna", teams=3
    )
    assert await store.round_votes(1) == [PollVote(1, 1, 2, 5, 1, T0)]
    assert list((await store.round_teams(2)).items()) == [(3, 1), (4, 0)]
    assert await store.member_language(2) == "fr"
    assert await store.member_retention(2) == 0.85
    assert await store.open_flags(1) == [FlagRecord(1, "bio", "q0", 3, "typo", "teh", "open", T0)]
    latest = await store.latest_round_played(2, None)
    assert latest is not None and latest.deck_id == "bio"
    assert [r.channel_id for r in await store.running_rounds()] == [22]  # the chem round never ended
    (suggested,) = await store.pending_suggestions(1)
    assert (suggested.id, suggested.author_id, suggested.question) == (1, 3, '{"prompt": "Why?"}')
    practice = await store.practice(1)
    assert practice is not None and (practice.user_id, practice.state) == (4, '{"position": 2}')


async def on(location: Path | str, work: Callable[[Store], Awaitable[None]]) -> None:
    async with await open_store(location) as store:
        await work(store)


def test_sqlite_to_postgres_and_back(
    postgres_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source, back = tmp_path / "source.db", tmp_path / "back.db"
    asyncio.run(on(source, fill))

    assert main(["copy-db", str(source), postgres_url]) == 0
    out = capsys.readouterr().out
    assert "answers: 5 rows" in out and "board_totals: 6 rows" in out
    asyncio.run(on(postgres_url, check))

    async def goes_on(store: Store) -> None:
        # New rows get ids after the copied ones: the sequences were moved past them.
        fresh = await start(store, guild=1, deck="bio")
        assert fresh.id == 3
        assert (await store.record_answer(answer(fresh, 0, user=1))).first
        await store.save_teams(fresh.id, {7: 0})  # a team row numbered after the copied ones
        assert await store.round_teams(fresh.id) == {7: 0}
        assert await store.start_practice(5, "bio", "{}", T0) == 2

    asyncio.run(on(postgres_url, goes_on))

    assert main(["copy-db", postgres_url, f"sqlite:///{back}"]) == 0
    assert "answers: 6 rows" in capsys.readouterr().out

    async def check_back(store: Store) -> None:
        assert (await store.leaderboard(1, "all", T0)).lines[0] == BoardLine(1, 1, 280, 3, 3)
        assert len(await store.round_answers(3)) == 1

    asyncio.run(on(back, check_back))


def test_postgres_to_sqlite_keeps_everything(postgres_url: str, tmp_path: Path) -> None:
    asyncio.run(on(postgres_url, fill))
    target = tmp_path / "copy.db"
    assert main(["copy-db", postgres_url, str(target)]) == 0
    asyncio.run(on(target, check))


def test_a_target_in_use_is_refused_unless_forced(
    postgres_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "source.db"
    asyncio.run(on(source, fill))
    assert main(["copy-db", str(source), postgres_url]) == 0
    capsys.readouterr()

    assert main(["copy-db", str(source), postgres_url]) == 1
    err = capsys.readouterr().err
    assert "already holds a Bvunzo database" in err and "--force" in err

    # Forced: the target is emptied first, so nothing is doubled.
    assert main(["copy-db", str(source), postgres_url, "--force"]) == 0
    assert "answers: 5 rows" in capsys.readouterr().out
    asyncio.run(on(postgres_url, check))


def test_copying_a_database_onto_itself_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = str(tmp_path / "one.db")
    assert main(["copy-db", path, path]) == 1
    assert "FROM and TO are the same" in capsys.readouterr().err


def test_an_unreachable_target_is_one_sentence(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "source.db"
    asyncio.run(on(source, fill))
    assert main(["copy-db", str(source), "postgresql://bvunzo:secret@127.0.0.1:1/bvunzo"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("bvunzo: Bvunzo cannot reach PostgreSQL at postgresql://bvunzo:***@127.0.0.1:1/")
    assert "secret" not in err and "Traceback" not in err
