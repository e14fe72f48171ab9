"""The desks buttons and forms hand their clicks to (Protocols with their keys), and finding one at a click.

Each desk is what one kind of component needs from the object owning its state; a cog serves it with
`bot.ui.owners.provide(KEY, self)` in `cog_load` (bot/ui/owners.py says why a registry). A DynamicItem
finds its desk once, in `from_custom_id`, with `find_desk`; when nobody serves it (a reload in
progress, an extension that failed to load) the member is told so in one sentence and the click goes
no further.
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

import discord

from bot.locales import N_, _
from bot.preferences.language_memory import speak_to
from bot.ui import replies
from bot.ui.owners import DeskKey, Owners

if TYPE_CHECKING:
    from bot.store import Period, RoundRecord

T = TypeVar("T")


# -- answering: rounds and practice share the answer buttons and the typed-answer form -----------------


@dataclass(frozen=True, slots=True)
class GivenAnswer:
    """An answer as a member gave it: to which play and question, the slot clicked, the text typed or the
    slots a multi question's menu picked."""

    play_id: int
    index: int
    slot: int | None = None
    text: str | None = None
    slots: tuple[int, ...] | None = None


@dataclass(frozen=True, slots=True)
class TextAnswerForm:
    """What the typed-answer form shows: its title, the question (as the input's label), how long it stays open."""

    title: str
    prompt: str
    seconds: float
    blanks: int = 0  # a cloze question's blanks, one text input each; 0: one input for the answer
    items: tuple[str, ...] = ()  # an order question's items in the order shown: its picker, not a form
    # A match question's left items, one select each, offering its right items: (index in the deck, text).
    lefts: tuple[str, ...] = ()
    rights: tuple[tuple[int, str], ...] = ()


class AnswerDesk(Protocol):
    """What owns a play members answer in (a round, a practice session)."""

    async def on_answer(self, interaction: discord.Interaction[Any], given: GivenAnswer) -> None: ...

    async def text_answer_form(
        self, interaction: discord.Interaction[Any], play_id: int, index: int
    ) -> TextAnswerForm: ...

    async def on_hint(self, interaction: discord.Interaction[Any], play_id: int, index: int) -> None:
        """A press of a typed question's Hint: the next hint, ephemerally."""


class RoundDesk(AnswerDesk, Protocol):
    """The rounds (cogs/quiz): their answers, and the other buttons of their messages."""

    async def on_translate(
        self, interaction: discord.Interaction[Any], round_id: int, index: int
    ) -> None: ...

    async def on_reveal(self, interaction: discord.Interaction[Any], round_id: int, index: int) -> None: ...

    async def on_practise_missed(self, interaction: discord.Interaction[Any], round_id: int) -> None: ...

    async def on_my_result(self, interaction: discord.Interaction[Any], round_id: int) -> None: ...

    async def on_team(self, interaction: discord.Interaction[Any], round_id: int, team: int) -> None: ...

    async def on_balance(self, interaction: discord.Interaction[Any], round_id: int) -> None: ...


class PracticeDesk(AnswerDesk, Protocol):
    """The practice sessions (cogs/practice): their answers, next, original language, and a round's misses."""

    async def on_next(self, interaction: discord.Interaction[Any], practice_id: int, index: int) -> None: ...

    async def on_original(
        self, interaction: discord.Interaction[Any], practice_id: int, index: int
    ) -> None: ...

    async def start_missed(self, interaction: discord.Interaction[Any], record: RoundRecord) -> None:
        """The round summary's button: practise what the clicker missed in that round."""
        ...


class FlagDesk(Protocol):
    """Reported questions (cogs/flags): the report form, its submission, and the moderators' list."""

    async def open_form(
        self, interaction: discord.Interaction[Any], deck_id: str, question_id: str
    ) -> None: ...

    async def keep_flag(
        self, interaction: discord.Interaction[Any], deck_id: str, question_id: str, reason: str, note: str
    ) -> None: ...

    async def show_flags(self, interaction: discord.Interaction[Any], *, edit: bool = False) -> None: ...

    async def close(
        self, interaction: discord.Interaction[Any], deck_id: str, question_id: str, status: str
    ) -> None: ...


class BoardDesk(Protocol):
    """The leaderboards (cogs/boards): one page of one."""

    async def show_board(
        self,
        interaction: discord.Interaction[Any],
        period: Period,
        deck_id: str | None,
        page: int,
        *,
        edit: bool,
    ) -> None: ...


class DeckDesk(Protocol):
    """A server's own decks (cogs/decks): deleting one, suggesting questions and reviewing them."""

    async def on_delete_answer(
        self, interaction: discord.Interaction[Any], deck_id: str, *, delete: bool
    ) -> None: ...

    async def on_suggestion_form(
        self, interaction: discord.Interaction[Any], kind: str, ref: str, typed: Mapping[str, str]
    ) -> None:
        """`kind` s: a member's suggestion for deck `ref`; e: a moderator's edit of suggestion `ref`."""
        ...

    async def on_review(
        self, interaction: discord.Interaction[Any], suggestion_id: int, action: str
    ) -> None: ...


class NoteDesk(Protocol):
    """Questions made from a message (cogs/decks/_notes.py): the deck picked for one."""

    async def on_note_deck(
        self, interaction: discord.Interaction[Any], message_id: int, deck_id: str
    ) -> None: ...


# Each key's name is marked for the catalog (N_): the sentence below shows it in the reader's language.
ROUND_DESK = DeskKey[RoundDesk](N_("rounds"))
PRACTICE_DESK = DeskKey[PracticeDesk](N_("practice"))
FLAG_DESK = DeskKey[FlagDesk](N_("question reports"))
BOARD_DESK = DeskKey[BoardDesk](N_("leaderboard"))
DECK_DESK = DeskKey[DeckDesk](N_("server decks"))
NOTE_DESK = DeskKey[NoteDesk](N_("questions from messages"))


def unavailable(key: DeskKey[Any]) -> str:
    """The sentence for a click whose desk nobody serves; `key.name` is an N_ constant (bot/ui/owners.py)."""
    return _(
        "Bvunzo's {part} part is not available right now (it may be restarting); try again in a minute.",
        part=_(key.name),
    )


async def find_desk(interaction: discord.Interaction[Any], key: DeskKey[T]) -> T | None:
    """Who serves `key` now; None, once the member has been told so in one sentence."""
    owners = getattr(interaction.client, "owners", None)
    found = owners.get(key) if isinstance(owners, Owners) else None
    if found is None:
        # A click's from_custom_id runs before cogs/guard.py has set the member's language: set it here.
        if isinstance(getattr(interaction, "user", None), discord.abc.User):  # not a forged, senderless one
            await speak_to(interaction)
        # Should the member not be told, there is nothing else to do with this click.
        with contextlib.suppress(discord.HTTPException):
            await replies.send(interaction, unavailable(key), ephemeral=True)
    return found
