"""Standings: a podium and top lines cut by shared ranks, medals by rank, places said in words."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bot.quiz.round import PlayerResult
from bot.quiz.standings import ordinal, place_mark, podium, top
from tests.test_quiz_round import new_round, play

START = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)


def result(user: int, points: int, rank: int) -> PlayerResult:
    return PlayerResult(user_id=user, points=points, right=points // 100, answered=3, accuracy=1.0, rank=rank)


FOUR_TIED = [result(1, 300, 1), result(2, 300, 1), result(3, 300, 1), result(4, 300, 1), result(5, 100, 5)]


def test_four_players_tied_on_300_all_stand_first_on_a_podium_of_three() -> None:
    assert [r.user_id for r in podium(FOUR_TIED, 3)] == [1, 2, 3, 4]
    assert [place_mark(r.rank) for r in FOUR_TIED] == ["🥇", "🥇", "🥇", "🥇", "5."]


def test_a_podium_keeps_the_places_within_its_size() -> None:
    results = [result(1, 300, 1), result(2, 200, 2), result(3, 200, 2), result(4, 100, 4), result(5, 0, 5)]
    assert [r.user_id for r in podium(results, 1)] == [1]
    assert [r.user_id for r in podium(results, 2)] == [1, 2, 3]
    assert [r.user_id for r in podium(results, 3)] == [1, 2, 3]
    assert [r.user_id for r in podium(results, 4)] == [1, 2, 3, 4]
    assert [r.user_id for r in podium(results, 10)] == [1, 2, 3, 4, 5]


@pytest.mark.parametrize("size", [0, 11])
def test_a_podium_has_one_to_ten_places(size: int) -> None:
    with pytest.raises(ValueError, match="1-10"):
        podium(FOUR_TIED, size)


def test_top_lines_take_in_whoever_ties_with_the_last_line() -> None:
    results = [result(u, 100 * (10 - u), u) for u in range(1, 5)]
    results += [result(5, 400, 5), result(6, 400, 5), result(7, 0, 7)]
    assert [r.user_id for r in top(results, 5)] == [1, 2, 3, 4, 5, 6]
    assert [r.user_id for r in top(results, 2)] == [1, 2]
    assert top([], 5) == []


def test_places_in_words() -> None:
    words = [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111)]
    assert words == ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st", "111th"]


def test_the_engine_gives_tied_players_one_rank() -> None:
    state = new_round(("c1",))
    state.open_question(0, START)
    for user in (11, 12, 13, 14):
        play(state, user, START + timedelta(seconds=user - 10))
    ranks = [(r.user_id, r.rank) for r in state.scores()]
    # Same points: the order says who reached them first, the rank is shared.
    assert ranks == [(11, 1), (12, 1), (13, 1), (14, 1)]
