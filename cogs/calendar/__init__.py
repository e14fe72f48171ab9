"""The group's calendar in Discord: /quiz schedule, the server's time zone, and the runner's Discord side."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cogs.calendar._cog import CalendarCog

if TYPE_CHECKING:
    from bot.app import BvunzoBot

__all__ = ["CalendarCog", "setup"]


async def setup(bot: BvunzoBot) -> None:
    await bot.add_cog(CalendarCog(bot))
