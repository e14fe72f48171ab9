"""A member's face as the dashboard draws it: their display name and avatar on Discord's CDN."""

from __future__ import annotations

import re
from dataclasses import dataclass

_ICON_HASH = re.compile(r"(?:a_)?[0-9a-f]{32}")

# Discord's CDN: server icons and avatars, the one image source off the dashboard's own site (its CSP).
CDN = "https://cdn.discordapp.com"  # i18n: not shown


def icon_hash(value: object) -> str | None:
    """A server icon's or avatar's hash as Discord gives it (hex, `a_` first when animated); anything else
    is none."""
    return value if isinstance(value, str) and _ICON_HASH.fullmatch(value) else None


@dataclass(frozen=True, slots=True)
class Face:
    """How a member shows in the dashboard's tables: their display name and avatar hash (None: Discord's
    default avatar, which the pages draw as the name's initial on a tile, as a server with no icon)."""

    user_id: int
    name: str
    avatar: str | None

    @property
    def avatar_url(self) -> str | None:
        """The avatar on Discord's CDN, 64 pixels wide (shown at 24); None for the default avatar."""
        return None if self.avatar is None else f"{CDN}/avatars/{self.user_id}/{self.avatar}.png?size=64"
