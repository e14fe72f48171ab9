"""Teams in a round: who plays for which team, balancing them, and team standings by mean points.

A team's score is the mean of its members' points, so a team of three does not beat a team of two
merely by being bigger; a member who has not scored yet counts with 0. Equal means share a rank.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.locales import N_, _, decimal, number

if TYPE_CHECKING:
    from fractions import Fraction  # imported by the first team standings: it brings decimal with it

# The teams' names in English, marked for the catalog: shown through `team_label` in the reader's language.
TEAM_NAMES = (N_("Red"), N_("Blue"), N_("Green"), N_("Gold"))
TEAM_MARKS = ("🟥", "🟦", "🟩", "🟨")
MIN_TEAMS, MAX_TEAMS = 2, 4


def team_label(team: int) -> str:
    """A team's name, as the task's language says it (a team button's label)."""
    return _(TEAM_NAMES[team])


def team_name(team: int) -> str:
    """A team's mark and name: "🟥 Red"."""
    return f"{TEAM_MARKS[team]} {team_label(team)}"


class Roster:
    """Which team each member plays for, in the order they joined."""

    def __init__(self, teams: int, members: Mapping[int, int] | None = None) -> None:
        if not MIN_TEAMS <= teams <= MAX_TEAMS:
            raise ValueError(f"a round has {MIN_TEAMS}-{MAX_TEAMS} teams, got {teams}")
        self.teams = teams
        self._team_of: dict[int, int] = {}
        for user, team in (members or {}).items():
            self.join(user, team)

    @property
    def members(self) -> Mapping[int, int]:
        return dict(self._team_of)

    def team_of(self, user_id: int) -> int | None:
        return self._team_of.get(user_id)

    def sizes(self) -> list[int]:
        sizes = [0] * self.teams
        for team in self._team_of.values():
            sizes[team] += 1
        return sizes

    def join(self, user_id: int, team: int) -> None:
        if not 0 <= team < self.teams:
            raise ValueError(f"this round has teams 0-{self.teams - 1}, not {team}")
        self._team_of.pop(user_id, None)  # a member who switches goes to the back of the join order
        self._team_of[user_id] = team

    def place_late(self, user_id: int) -> int:
        """A member who answers before picking a team joins the smallest (the first of equals)."""
        sizes = self.sizes()
        team = sizes.index(min(sizes))
        self.join(user_id, team)
        return team

    def balance(self) -> dict[int, int]:
        """Even the teams out: sizes then differ by at most one, the first teams taking the extra members.

        Members stay on their team while it has room, in join order; the latest joiners of an overfull
        team move to the teams short of members. Returns the new roster.
        """
        target = [
            len(self._team_of) // self.teams + (t < len(self._team_of) % self.teams)
            for t in range(self.teams)
        ]
        kept: dict[int, int] = {}
        movers: list[int] = []
        filled = [0] * self.teams
        for user, team in self._team_of.items():
            if filled[team] < target[team]:
                kept[user] = team
                filled[team] += 1
            else:
                movers.append(user)
        for user in movers:
            team = next(t for t in range(self.teams) if filled[t] < target[t])
            kept[user] = team
            filled[team] += 1
        self._team_of = {user: kept[user] for user in self._team_of}
        return dict(self._team_of)


@dataclass(frozen=True, slots=True)
class TeamResult:
    team: int
    members: int
    points: int  # all members' points together
    mean: Fraction  # points ÷ members: the team's score
    rank: int  # equal means share a rank (1, 1, 3)


def team_standings(roster: Mapping[int, int], teams: int, points: Mapping[int, int]) -> list[TeamResult]:
    """Each team with members, best mean first (then the team's order); `points` by member (absent: 0)."""
    from fractions import Fraction

    members: list[list[int]] = [[] for _ in range(teams)]
    for user, team in roster.items():
        members[team].append(user)
    scored = [
        (team, len(users), sum(points.get(user, 0) for user in users))
        for team, users in enumerate(members)
        if users
    ]
    scored.sort(key=lambda item: (-Fraction(item[2], item[1]), item[0]))
    results: list[TeamResult] = []
    for position, (team, size, total) in enumerate(scored, start=1):
        mean = Fraction(total, size)
        tied = bool(results) and results[-1].mean == mean
        results.append(TeamResult(team, size, total, mean, results[-1].rank if tied else position))
    return results


def mean_text(mean: Fraction) -> str:
    """A team's mean as players read it: one decimal, dropped when whole (150, 133.3; 133,3 in French)."""
    from fractions import Fraction

    tenths = math.floor(mean * 10 + Fraction(1, 2))  # half up, as players round
    return number(tenths // 10) if tenths % 10 == 0 else decimal(tenths / 10, 1)
