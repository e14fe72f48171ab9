"""The boards and a member's record as bot/results/member_records.py reads them back, and a server's
settings as bot/rounds/server_settings.py changes them: the real SQLite store in a file, hand-picked
answers and times, no Discord."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.bank import Bank
from bot.bank.loader import load_deck_text
from bot.practice import PracticeSessions
from bot.quiz import OptionsError
from bot.results.member_records import Records
from bot.results.played_rounds import PlayedRounds
from bot.rounds.server_settings import ServerSettings, changed_settings, round_options
from bot.rounds.stored import default_options, with_default_options
from bot.store import Answer, GuildSettings, NewRound, Store, open_store

GUILD, OTHER_GUILD, CHANNEL = 10, 11, 20
START = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)

DECK = load_deck_text(
    """\
id: capitals
title: Capitals
questions:
  - id: zw
    prompt: "Capital of Zimbabwe?"
    choices: ["Harare", "Bulawayo"]
    answer: 0
  - id: ke
    prompt: "Capital of Kenya?"
    choices: ["Mombasa", "Nairobi"]
    answer: 1
""",
    "capitals.yaml",
)
# The same deck as it was before "gone" was taken out of it.
EARLIER = load_deck_text(
    """\
id: capitals
title: Capitals
questions:
  - id: gone
    prompt: "Capital of Rhodesia?"
    choices: ["Salisbury", "Gwelo"]
    answer: 0
""",
    "capitals.yaml",
)
RIGHT = {"zw": 0, "ke": 1, "gone": 0}


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    opened = await open_store(tmp_path / "bvunzo.db")
    yield opened
    await opened.close()


async def a_round_with_points(store: Store, points: dict[int, int]) -> None:
    """One round in GUILD where each member of `points` answered zw once, right when they earned points."""
    record = await store.start_round(
        NewRound(GUILD, CHANNEL, "capitals", 1, ("zw",), 20, "standard", 7, START)
    )
    await store.post_question(record.id, 0, 500, START)
    for user_id, earned in points.items():
        answer = Answer(
            GUILD, record.id, 0, "zw", "capitals", user_id, 0, None, earned > 0, 900, earned, START
        )
        await store.record_answer(answer)


async def test_a_board_page_past_the_end_is_the_last_and_tells_the_viewers_line(store: Store) -> None:
    await a_round_with_points(store, {101: 100, 102: 100, 103: 0, 104: 50, 105: 100})
    records = Records(store)
    first = await records.board_page(GUILD, "all", START, deck_id=None, page=0, size=2, viewer=103)
    assert (first.page, first.pages, first.board.total) == (0, 3, 5)
    assert [line.points for line in first.board.lines] == [100, 100]
    # The viewer is on the last page, not this one: their line comes anyway, with its rank (ties share 1).
    assert first.viewer_line is not None and (first.viewer_line.rank, first.viewer_line.points) == (5, 0)
    past = await records.board_page(GUILD, "all", START, deck_id=None, page=7, size=2, viewer=103)
    assert (past.page, [line.user_id for line in past.board.lines]) == (2, [103])
    empty = await records.board_page(OTHER_GUILD, "all", START, deck_id=None, page=3, size=2, viewer=103)
    assert (empty.page, empty.pages, empty.board.total, empty.viewer_line) == (3, 1, 0, None)


async def practised(store: Store, user_id: int, question_id: str, *, misses: int, at: datetime) -> None:
    """The member practised the question `misses` times, wrong each time, a day apart up to `at`."""
    deck = EARLIER if question_id == "gone" else DECK
    sessions = PracticeSessions(store, Bank([deck]), lambda _name, _guild: deck, lambda: now)
    for day in range(misses, 0, -1):
        now = at - timedelta(days=day - 1)
        practice = await sessions.begin(user_id, GUILD, deck, [question_id], language=None)
        wrong = 1 - RIGHT[question_id]
        await sessions.answer(practice, practice.session.order.index(wrong), None)
        await sessions.next(practice)


async def test_a_members_record_and_most_missed(store: Store) -> None:
    await a_round_with_points(store, {101: 100})
    await practised(store, 101, "ke", misses=5, at=START - timedelta(minutes=5))  # a leech, due again soon
    await practised(store, 101, "gone", misses=2, at=START - timedelta(days=3))  # no longer in the deck
    records = Records(store)
    found = await records.member_record(GUILD, 101, [DECK], START)
    assert found.stats.points == 100
    assert found.retention == 0.9  # fsrs's default: no /preferences chosen
    # ke comes back within the 20 minutes reviews learn ahead; gone is long due (due counts every memory kept).
    assert found.due == 2
    assert [(d.deck.id, d.missed) for d in found.memories.decks] == [("capitals", True)]
    assert [(q.id, misses.failures) for _deck, q, misses in found.memories.leeches] == [("ke", 5)]
    missed = await records.missed_most(101, DECK, 10)
    assert [(q.id, misses.failures) for q, misses in missed] == [("ke", 5)]  # "gone" is left out
    assert await records.missed_most(102, DECK, 10) == []
    assert await records.servers_played(101, {GUILD}, START) == [(GUILD, found.stats)]
    assert await records.servers_played(101, {OTHER_GUILD}, START) == []


async def test_settings_change_as_the_command_gives_them(store: Store) -> None:
    settings = ServerSettings(store)
    current = await settings.of(GUILD)
    given = {
        "questions": 12,
        "streaks": True,
        "reading": 3,
        "tags": "Maps  capitals maps",
        "difficulty": "hard",
    }
    changed = changed_settings(current, given, role_id=555, clear_role=False, pause=9, language="sn")
    assert (
        default_options(changed).questions,
        default_options(changed).streak_bonus,
        default_options(changed).reading_seconds,
    ) == (
        12,
        True,
        3,
    )
    assert default_options(changed).tags == "capitals maps"  # as the filter reads them
    assert (changed.quiz_master_role_id, changed.pause_seconds, changed.language) == (555, 9, "sn")
    assert await settings.save(current, changed) is True
    assert await settings.save(changed, changed) is False
    kept = await settings.of(GUILD)
    assert kept == changed

    # "any" clears the difficulty; English is kept as None; clear_role wins over the role kept.
    again = changed_settings(
        kept, {"difficulty": "any"}, role_id=None, clear_role=True, pause=None, language="en"
    )
    assert (
        default_options(again).difficulty,
        again.language,
        again.quiz_master_role_id,
        again.pause_seconds,
    ) == (
        None,
        None,
        None,
        9,
    )
    with pytest.raises(OptionsError):
        changed_settings(kept, {"questions": 500}, role_id=None, clear_role=False, pause=None, language=None)


def test_a_rounds_options_are_the_servers_with_the_given_ones_in_place() -> None:
    server = with_default_options(
        GuildSettings(guild_id=GUILD),
        round_options(GuildSettings(guild_id=GUILD), {"seconds": 45, "mode": "speed"}),
    )
    options = round_options(server, {"questions": 3, "seconds": None, "streaks": True})
    assert (options.questions, options.seconds, options.mode, options.streak_bonus) == (3, 45, "speed", True)


async def test_a_played_round_is_found_only_in_its_own_server(store: Store) -> None:
    await a_round_with_points(store, {101: 100, 102: 0})
    rounds = PlayedRounds(store)
    [listed] = await rounds.listed(GUILD, limit=5, before_id=None)
    assert await rounds.of_server(OTHER_GUILD, listed.id) is None
    assert await rounds.of_server(GUILD, listed.id + 1) is None
    record = await rounds.of_server(GUILD, listed.id)
    assert record is not None and record.question_ids == ("zw",)
    played = await rounds.played(record, Bank([DECK]))
    assert played.deck is not None and played.deck.question("zw") is not None
    assert sorted((a.user_id, a.right) for a in played.answers) == [(101, True), (102, False)]
    [line] = await rounds.question_lines(record)
    assert (line.answered, line.right) == (2, 1)
