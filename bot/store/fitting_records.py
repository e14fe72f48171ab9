"""Records of fitted fsrs parameters: each member's answers as reviews, and the parameters fitted to them."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

__all__ = ["MemberParameters", "PastReview", "ReviewCount", "ServerParameters"]


@dataclass(frozen=True, slots=True)
class PastReview:
    """One answer a member gave to one question (in a round, in practice, to the question of the day or in an
    assignment): one review of it."""

    user_id: int
    deck_id: str
    question_id: str
    right: bool
    at: datetime
    hinted: bool = False  # they pressed Hint first (kept for rounds; practice keeps no hints with answers)


@dataclass(frozen=True, slots=True)
class ReviewCount:
    """How many reviews a member gave in one server (None: practice in direct messages)."""

    user_id: int
    guild_id: int | None
    reviews: int


@dataclass(frozen=True, slots=True)
class ServerParameters:
    """fsrs parameters fitted to all the reviews of a server's members there."""

    guild_id: int
    parameters: tuple[float, ...]  # fsrs's 21 weights, in its order
    reviews: int  # how many reviews they were fitted to
    fitted_at: datetime


@dataclass(frozen=True, slots=True)
class MemberParameters:
    """The fsrs parameters a member's reviews are scheduled with: fitted to their own reviews, or their
    server's (`guild_id`, copied from its fit). A member with none is scheduled with fsrs's defaults."""

    user_id: int
    parameters: tuple[float, ...]
    reviews: int  # how many reviews they were fitted to (the server's, for a server's fit)
    fitted_at: datetime
    guild_id: int | None = None  # None: fitted to the member's own reviews
