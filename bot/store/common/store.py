"""Every concern written once, in one class: each engine's store is its own answers and connection on
top of this (bot/store/sqlite/store.py, bot/store/postgres/store.py)."""

from __future__ import annotations

from types import TracebackType
from typing import Self

from bot.store.common.achievements import SharedAchievements
from bot.store.common.answers import SharedAnswers
from bot.store.common.assignments import SharedAssignments
from bot.store.common.boards import SharedBoards
from bot.store.common.calendar import SharedCalendar
from bot.store.common.calendar_pages import SharedCalendarPages
from bot.store.common.decks import SharedDecks
from bot.store.common.faces import SharedFaces
from bot.store.common.fitting import SharedFitting
from bot.store.common.flags import SharedFlags
from bot.store.common.item_analysis import SharedItemAnalysis
from bot.store.common.pictures import SharedPictures
from bot.store.common.polls import SharedPolls
from bot.store.common.practice import SharedPractice
from bot.store.common.qotd import SharedQotd
from bot.store.common.reports import SharedReports
from bot.store.common.rounds import SharedRounds
from bot.store.common.settings import SharedSettings
from bot.store.common.suggestions import SharedSuggestions
from bot.store.common.versions import SharedVersions
from bot.store.common.web import SharedWeb


class SharedStore(
    SharedSettings,
    SharedRounds,
    SharedAnswers,
    SharedPolls,
    SharedBoards,
    SharedReports,
    SharedItemAnalysis,
    SharedPractice,
    SharedDecks,
    SharedPictures,
    SharedFlags,
    SharedSuggestions,
    SharedCalendar,
    SharedQotd,
    SharedAssignments,
    SharedWeb,
    SharedCalendarPages,
    SharedVersions,
    SharedAchievements,
    SharedFitting,
    SharedFaces,
):
    """What a store does, through the engine it is given (`_engine`), whichever engine that is."""

    async def close(self) -> None:
        """Each engine's store lets go of its own database (bot/store/sqlite, bot/store/postgres)."""
        raise NotImplementedError

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.close()
