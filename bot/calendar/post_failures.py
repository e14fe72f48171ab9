"""Why a question of the day could not be posted, and whether the same minute's trouble is worth another try."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Literal

# The codes kept with the day (qotd_days.post_problem); bot/ui/qotd.py words each for whoever reads it.
PostProblem = Literal["channel_gone", "forbidden", "refused", "discord_down", "network", "question_gone"]
# Trouble that passes: the post is tried again at the next minute while the day's question is open.
PASSING: frozenset[str] = frozenset({"discord_down", "network"})


class PostFailed(Exception):
    """The port could not post the day's question: the reason's code."""

    def __init__(self, problem: PostProblem) -> None:
        super().__init__(problem)
        self.problem: PostProblem = problem


def next_try(problem: str, now: datetime, closes: datetime) -> datetime | None:
    """When to post again after `problem` at `now`: the start of the next minute, while the day is open;
    None when the trouble will not pass by itself (a deleted channel, a refusal) or the day is over."""
    if problem not in PASSING:
        return None
    at = now.replace(second=0, microsecond=0) + timedelta(minutes=1)
    return at if at < closes else None
