"""Answering an interaction in time: one reply per interaction, deferred once if its work outlasts ~2 s.

Discord drops an interaction that has no first answer 3 s after it was created, and the member sees
"This interaction failed" even when the work (an answer written behind another program's lock, a
board read behind it) succeeds a moment later. So every interaction gets a deadline when it arrives:
2 s after Discord created it (its snowflake's time, so time spent reaching us counts). If nothing has
answered by then, the interaction is deferred, the way its answer will come (an ephemeral or public
"thinking" message, or a deferred update of the clicked message), and the answer, when the work ends,
edits that deferred reply or follows it up.

Every response goes through the interaction's `Reply` (`send`, `edit`, `defer`, `open_form` below): it
knows whether the first answer was used, and one lock orders the deadline's deferral and a reply sent
at the same moment, so an interaction is never answered twice.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import Any, TypeVar

import discord
from discord import app_commands

from bot.locales import _

log = logging.getLogger(__name__)

# Discord allows 3 s for the first answer; deferring at 2 s leaves a second for the deferral to arrive.
DEFER_AFTER_SECONDS = 2.0
_KEY = "bvunzo.reply"
_PUBLIC = "bvunzo.public_reply"

CommandT = TypeVar("CommandT", bound=app_commands.Command[Any, Any, Any])

# What the first answer was: nothing yet, a message or form, or one of the deferrals.
_NONE, _ANSWERED, _THINKING, _UPDATING = "none", "answered", "thinking", "updating"

_deadlines: set[asyncio.Task[None]] = set()  # deferrals in flight, kept from the garbage collector


class Reply:
    """The replies to one interaction: the first answer (or its deferral), then edits and follow-ups."""

    __slots__ = ("_ephemeral", "_filled", "_first", "_interaction", "_lock", "_timer", "edits", "ephemeral")

    def __init__(self, interaction: discord.Interaction[Any], *, ephemeral: bool, edits: bool) -> None:
        self._interaction = interaction
        self.ephemeral = ephemeral  # how the answer will be shown, should it be deferred
        self.edits = edits  # a click whose answer edits the clicked message
        self._lock = asyncio.Lock()
        self._first = _ANSWERED if interaction.response.is_done() else _NONE
        self._filled = False  # a "thinking" deferral was replaced by the answer
        self._ephemeral = ephemeral  # how the deferral was shown
        self._timer: asyncio.TimerHandle | None = None

    # -- the deadline ------------------------------------------------------------------------------

    def start(self, now: Callable[[], float] = time.time) -> None:
        """Defer when no answer has gone DEFER_AFTER_SECONDS after Discord created the interaction."""
        if self._timer is not None or self._first != _NONE:
            return
        age = now() - self._interaction.created_at.timestamp()
        # A clock behind Discord's never waits past the deadline counted from now; one ahead defers at once.
        delay = min(DEFER_AFTER_SECONDS, max(0.0, DEFER_AFTER_SECONDS - age))
        self._timer = asyncio.get_running_loop().call_later(delay, self._due)

    def _due(self) -> None:
        self._timer = None
        task = asyncio.get_running_loop().create_task(self._defer_if_silent(), name="bvunzo-deferral")
        _deadlines.add(task)
        task.add_done_callback(_deadlines.discard)

    async def _defer_if_silent(self) -> None:
        async with self._lock:
            if self._first != _NONE or self._interaction.response.is_done():
                return
            try:
                await self._defer(thinking=not self._updates)
            except discord.HTTPException as exc:
                log.warning("interaction %s could not be deferred: %s", self._interaction.id, exc)

    def _stop_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    @property
    def _updates(self) -> bool:
        """Whether a deferral can be an update of the clicked message (only a click or form on one)."""
        interaction = self._interaction
        return (
            self.edits
            and interaction.message is not None
            and interaction.type
            in (
                discord.InteractionType.component,
                discord.InteractionType.modal_submit,
            )
        )

    async def _defer(self, *, thinking: bool) -> None:
        response = self._interaction.response
        if thinking:
            self._ephemeral = self.ephemeral
            await response.defer(ephemeral=self.ephemeral, thinking=True)
            self._first = _THINKING
        else:
            await response.defer()
            self._first = _UPDATING

    # -- answering ---------------------------------------------------------------------------------

    async def send(self, content: str | None = None, *, ephemeral: bool = False, **fields: Any) -> None:
        """A message to the member: the first answer, the one a deferral promised, or a follow-up."""
        interaction = self._interaction
        async with self._lock:
            self._stop_timer()
            if self._first == _NONE and not interaction.response.is_done():
                await interaction.response.send_message(content, ephemeral=ephemeral, **fields)
                self._first = _ANSWERED
                return
            if content is not None:
                fields["content"] = content
            if self._first == _THINKING and not self._filled:
                # The first follow-up takes the "thinking..." message's place, shown as it was; a sentence
                # for the member alone cannot take a public one's place, so that one goes first.
                self._filled = True
                if ephemeral and not self._ephemeral:
                    await _quietly(interaction.delete_original_response())
            await interaction.followup.send(ephemeral=ephemeral, **fields)

    async def edit(self, **fields: Any) -> None:
        """Change the message the member clicked on (or the deferred answer standing in for it)."""
        interaction = self._interaction
        async with self._lock:
            self._stop_timer()
            if self._first == _NONE and not interaction.response.is_done():
                await interaction.response.edit_message(**fields)
                self._first = _ANSWERED
            else:
                # After a deferred update this is the clicked message; after "thinking", the thinking one.
                await interaction.edit_original_response(**_as_edit(fields))
                self._filled = True

    async def defer(self, *, thinking: bool = True) -> None:
        """Defer now (work known to be slow, such as drawing a chart); nothing when already answered."""
        async with self._lock:
            self._stop_timer()
            if self._first == _NONE and not self._interaction.response.is_done():
                await self._defer(thinking=thinking or not self._updates)

    async def open_form(self, modal: discord.ui.Modal) -> None:
        """Open a form: only possible as the first answer, so a deferred click is told to click again."""
        async with self._lock:
            self._stop_timer()
            if self._first == _NONE and not self._interaction.response.is_done():
                await self._interaction.response.send_modal(modal)
                self._first = _ANSWERED
                return
        await self.send(_("Bvunzo took too long to open that form; click again to open it."), ephemeral=True)


def _as_edit(fields: dict[str, Any]) -> dict[str, Any]:
    """send_message's fields as edit_original_response takes them (files become attachments)."""
    edit = {k: v for k, v in fields.items() if k not in ("file", "files", "ephemeral")}
    files = list(fields.get("files") or ()) + ([fields["file"]] if fields.get("file") else [])
    if files:
        edit["attachments"] = files
    return edit


async def _quietly(call: Any) -> None:
    try:
        await call
    except discord.HTTPException as exc:
        log.debug("could not tidy a deferred answer: %s", exc)


# -- the interaction's Reply, by the interaction ----------------------------------------------------


def expect(interaction: discord.Interaction[Any], *, ephemeral: bool = True, edits: bool = False) -> Reply:
    """Start the interaction's deadline, saying how its answer will be shown; the one Reply it has."""
    reply: Reply | None = interaction.extras.get(_KEY)
    if reply is None:
        reply = Reply(interaction, ephemeral=ephemeral, edits=edits)
        interaction.extras[_KEY] = reply
    else:
        reply.ephemeral, reply.edits = ephemeral, edits
    reply.start()
    return reply


def reply_to(interaction: discord.Interaction[Any]) -> Reply:
    """The interaction's Reply (made on first use, with the deadline started, when none was expected)."""
    reply: Reply | None = interaction.extras.get(_KEY)
    return reply if reply is not None else expect(interaction)


async def send(
    interaction: discord.Interaction[Any],
    content: str | None = None,
    *,
    ephemeral: bool = False,
    **fields: Any,
) -> None:
    await reply_to(interaction).send(content, ephemeral=ephemeral, **fields)


async def edit(interaction: discord.Interaction[Any], **fields: Any) -> None:
    await reply_to(interaction).edit(**fields)


async def defer(interaction: discord.Interaction[Any], *, thinking: bool = True) -> None:
    await reply_to(interaction).defer(thinking=thinking)


async def open_form(interaction: discord.Interaction[Any], modal: discord.ui.Modal) -> None:
    await reply_to(interaction).open_form(modal)


def answered_publicly(command: CommandT) -> CommandT:
    """Mark a slash command whose answer everyone in the channel sees (a deferral of it is public too)."""
    command.extras[_PUBLIC] = True
    return command


def expect_command(interaction: discord.Interaction[Any]) -> None:
    """The deadline of a slash command, shown as its command says (ephemeral unless answered_publicly)."""
    command = interaction.command
    public = bool(command is not None and command.extras.get(_PUBLIC))
    expect(interaction, ephemeral=not public)
