"""Teams: joining, late joiners, balancing, and team scores as the mean of members' points, by hand."""

from __future__ import annotations

from fractions import Fraction

import pytest

from bot.quiz.options import RoundOptions
from bot.quiz.round import RoundState
from bot.quiz.scoring import Mode
from bot.quiz.teams import Roster, mean_text, team_standings
from tests.test_quiz_round import ALICE, BOB, CAROL, DAN, DECK, ERIN, Clock, play

RED, BLUE, GREEN = 0, 1, 2


def test_a_team_scores_the_mean_of_its_members_so_size_does_not_win() -> None:
    # Red: 300 + 200 + 100 = 600 over 3 = 200. Blue: 250 + 150 = 400 over 2 = 200. Green: 190 alone.
    roster = {1: RED, 2: RED, 3: RED, 4: BLUE, 5: BLUE, 6: GREEN}
    points = {1: 300, 2: 200, 3: 100, 4: 250, 5: 150, 6: 190}
    results = team_standings(roster, 3, points)
    assert [(r.team, r.members, r.points, r.mean, r.rank) for r in results] == [
        (RED, 3, 600, Fraction(200), 1),
        (BLUE, 2, 400, Fraction(200), 1),
        (GREEN, 1, 190, Fraction(190), 3),
    ]


def test_a_member_without_points_counts_with_zero_and_an_empty_team_is_left_out() -> None:
    results = team_standings({1: RED, 2: RED, 3: GREEN}, 3, {1: 100})
    assert [(r.team, r.mean, r.rank) for r in results] == [(RED, Fraction(50), 1), (GREEN, Fraction(0), 2)]


@pytest.mark.parametrize(
    ("mean", "text"),
    [
        (Fraction(150), "150"),
        (Fraction(400, 3), "133.3"),
        (Fraction(201, 2), "100.5"),
        (Fraction(1001, 20), "50.1"),
    ],
)
def test_a_mean_reads_with_one_decimal_at_most(mean: Fraction, text: str) -> None:
    assert mean_text(mean) == text


def test_late_joiners_go_to_the_smallest_team_and_balance_moves_the_fewest() -> None:
    roster = Roster(2)
    for user in (1, 2, 3, 4):
        roster.join(user, RED)
    roster.join(5, BLUE)
    assert roster.place_late(6) == BLUE  # Red 4, Blue 1: the smallest
    assert roster.sizes() == [4, 2]
    assert roster.balance() == {1: RED, 2: RED, 3: RED, 4: BLUE, 5: BLUE, 6: BLUE}  # only member 4 moved
    assert roster.sizes() == [3, 3]


@pytest.mark.parametrize("teams", [0, 1, 5])
def test_a_round_has_two_to_four_teams(teams: int) -> None:
    with pytest.raises(ValueError, match="2-4 teams"):
        Roster(teams)


def test_a_round_of_teams_reports_its_team_standings_from_the_points_scored() -> None:
    clock = Clock()
    state = RoundState(
        round_id=9,
        deck=DECK,
        question_ids=("c1", "c2"),
        seed=1,
        options=RoundOptions(seconds=20, mode=Mode.STANDARD, teams=2),
    )
    assert state.roster is not None
    for user, team in ((ALICE, RED), (BOB, RED), (CAROL, BLUE)):
        state.roster.join(user, team)
    for index in (0, 1):
        state.open_question(index, clock.advance(5))
        play(state, ALICE, clock.advance(1))
        play(state, BOB, clock.advance(1), right=index == 0)
        play(state, CAROL, clock.advance(1), right=False)
        play(state, DAN, clock.advance(1))  # no team: the session places him before scoring shows
        state.reveal(clock.advance(1))
    state.roster.place_late(DAN)
    assert state.roster.team_of(DAN) == BLUE and state.roster.team_of(ERIN) is None
    # Red: 200 + 100 over 2 = 150; Blue: 0 + 200 over 2 = 100.
    assert [(r.team, r.mean) for r in state.team_results()] == [(RED, Fraction(150)), (BLUE, Fraction(100))]


def test_a_smaller_team_with_fewer_points_in_all_wins_on_its_mean() -> None:
    # Red: 200 + 100 + 100 = 400 over 3 = 133.3; Blue: 200 + 100 = 300 over 2 = 150.
    roster = {1: RED, 2: RED, 3: RED, 4: BLUE, 5: BLUE}
    results = team_standings(roster, 2, {1: 200, 2: 100, 3: 100, 4: 200, 5: 100})
    assert [(r.team, r.points, r.mean, r.rank) for r in results] == [
        (BLUE, 300, Fraction(150), 1),
        (RED, 400, Fraction(400, 3), 2),
    ]
