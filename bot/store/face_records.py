"""Records of how members show in the dashboard: their name and avatar as their interactions carried them."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

__all__ = ["MemberFace"]


@dataclass(frozen=True, slots=True)
class MemberFace:
    """A member's display name (Discord's global name, else their username) and avatar hash (None: Discord's
    default avatar), and when the bot last wrote them."""

    user_id: int
    name: str
    avatar: str | None
    seen_at: datetime
