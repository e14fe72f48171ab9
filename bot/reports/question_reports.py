"""The rules of reporting a question and closing reports, whoever asks (a button, a form, a web page).

A member reports a question of a deck the bank holds now, with one of FLAG_REASONS and an optional note;
reporting it again replaces their reason and note. Moderators see one line per question and close all of
its open reports at once, as resolved (fixed) or dismissed (nothing to fix); closing a question whose
reports another moderator closed first is told so, in Discord and on the dashboard alike.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Protocol

from bot.bank.models import Deck, Question
from bot.errors import UserError
from bot.locales import _
from bot.quiz import FLAG_REASONS, FlaggedQuestion, flagged_questions
from bot.store import FlagRecord

# Reports made in direct messages are kept under server 0: no server's moderators see them.
NO_SERVER = 0
CLOSINGS = ("resolved", "dismissed")


class FlagStore(Protocol):
    """The part of the store this service uses."""

    async def flag_question(self, flag: FlagRecord) -> bool: ...

    async def open_flags(self, guild_id: int) -> list[FlagRecord]: ...

    async def close_flags(
        self, guild_id: int, deck_id: str, question_id: str, status: str, by: int, at: datetime
    ) -> int: ...


class QuestionReports:
    def __init__(self, store: FlagStore, clock: Callable[[], datetime]) -> None:
        self._store, self._clock = store, clock

    async def report(
        self, guild_id: int | None, deck: Deck, question: Question, user_id: int, reason: str, note: str
    ) -> bool:
        """Keep a member's report; True when it is new, False when it replaced their open one."""
        if reason not in FLAG_REASONS:
            raise UserError(
                _("Choose what is wrong with the question: wrong answer, unclear, typo or other.")
            )
        flag = FlagRecord(
            guild_id=NO_SERVER if guild_id is None else guild_id,
            deck_id=deck.id,
            question_id=question.id,
            user_id=user_id,
            reason=reason,
            note=note.strip() or None,
            status="open",
            flagged_at=self._clock(),
        )
        return await self._store.flag_question(flag)

    async def queue(self, guild_id: int) -> list[FlaggedQuestion]:
        """One line per reported question of the server: most reported first, then the longest waiting."""
        return flagged_questions(await self._store.open_flags(guild_id))

    async def close(self, guild_id: int, deck_id: str, question_id: str, status: str, by: int) -> int:
        """Close every open report of one question; how many were open. A sentence when none was."""
        if status not in CLOSINGS or not deck_id or not question_id:
            raise UserError(_("Choose Resolve or Dismiss on one of the listed questions."))
        closed = await self._store.close_flags(guild_id, deck_id, question_id, status, by, self._clock())
        if closed == 0:
            raise UserError(
                _("That question has no open reports here (another moderator may have closed them).")
            )
        return closed
