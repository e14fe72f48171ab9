"""Who moderates a server: Manage Server (or Administrator, or the owner), or the server's quiz-master role.

The one rule for Discord's commands (cogs/permissions.py) and the dashboard's pages (bot/web/access.py),
judged on plain data: each side reads the member's standing its own way (an interaction, the bot's REST
view) and asks here.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

# Discord's permission bits (the developer docs' table): either one makes a member a server's manager.
ADMINISTRATOR = 1 << 3
MANAGE_GUILD = 1 << 5


@dataclass(frozen=True, slots=True)
class Standing:
    """A member's place in one server, as Discord tells it: their permission bits, roles and ownership."""

    permissions: int  # the member's permission bits there (Discord's resolved ones, or their roles' sum)
    role_ids: Collection[int]
    owner: bool = False


def manages_server(standing: Standing) -> bool:
    """Manage Server, Administrator (which carries every permission) or the server's owner: may change
    the server's settings, and moderates whatever role the server chose."""
    return standing.owner or bool(standing.permissions & (ADMINISTRATOR | MANAGE_GUILD))


def is_moderator(standing: Standing, quiz_master_role_id: int | None) -> bool:
    """May run rounds and see the server's pages: a manager, or a holder of the quiz-master role."""
    if manages_server(standing):
        return True
    return quiz_master_role_id is not None and quiz_master_role_id in standing.role_ids
