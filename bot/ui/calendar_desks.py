"""The calendar's desks (cogs/calendar): the question of the day, assignments, and the calendar's own settings.

Beside bot/ui/desks.py and served the same way (`bot.ui.owners.provide(KEY, self)` in `cog_load`). The
question of the day's and the assignments' buttons find theirs in `from_custom_id` with `find_desk`;
the other cogs that show or change a calendar setting (/about, /quiz settings, /leaderboard, /stats)
ask `bot.ui.owners.get(KEY)` and say `unavailable(KEY)` when the calendar is not loaded.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

import discord

from bot.locales import N_
from bot.ui.desks import AnswerDesk
from bot.ui.owners import DeskKey

if TYPE_CHECKING:
    from bot.store import QotdDay


class QotdDesk(AnswerDesk, Protocol):
    """The question of the day (cogs/calendar/_qotd.py): its answers, its board and a member's streak.

    As an AnswerDesk it takes the menu and typed-answer form every kind but a lettered one answers with
    (cogs/answers.py, tags q…): the play is the day, YYYYMMDD, of the server clicking."""

    async def answer(
        self, interaction: discord.Interaction[Any], guild_id: int, day: int, slot: int
    ) -> None: ...

    async def show_board(self, interaction: discord.Interaction[Any]) -> None:
        """/leaderboard board:qotd."""
        ...

    async def stats_line(self, guild_id: int, user_id: int) -> str | None:
        """The member's daily streak for /stats; None when they never answered one here."""
        ...


class AssignmentDesk(AnswerDesk, Protocol):
    """Assignments (cogs/calendar/_assign.py): a Start, and a choice of an attempt's question; as an
    AnswerDesk, the menu and typed-answer form of the other kinds (tags g…: the play is the attempt)."""

    async def start_attempt(self, interaction: discord.Interaction[Any], assignment_id: int) -> None: ...

    async def answer(
        self, interaction: discord.Interaction[Any], attempt_id: int, index: int, slot: int
    ) -> None: ...


class CalendarDesk(Protocol):
    """The calendar itself (cogs/calendar/_cog.py): the server's time zone, its champion role, the runner."""

    async def set_timezone(self, guild_id: int, name: str) -> str:
        """Keep the server's zone; the sentence saying so."""
        ...

    async def timezone_line(self, guild_id: int) -> str: ...

    async def set_champion(
        self, guild: discord.Guild, role: discord.Role | None, period: str | None, count: int | None
    ) -> str: ...

    async def champion_problem(self, guild_id: int) -> str | None:
        """What went wrong at the last champion handover (for /about); None when nothing did."""
        ...

    async def reveal_qotd(self, day: QotdDay) -> bool:
        """Close `day` now and show its answer (/qotd reveal); False when it already was."""
        ...


# Names are marked for the catalog: bot/ui/desks.py's unavailable() shows them as `_(key.name)`.
QOTD_DESK = DeskKey[QotdDesk](N_("question of the day"))
ASSIGNMENT_DESK = DeskKey[AssignmentDesk](N_("assignments"))
CALENDAR_DESK = DeskKey[CalendarDesk](N_("calendar"))
