"""A server's own decks for every caller (Discord, the dashboard): the one save path, deleting, the quota,
and the questions members suggest, approved into their deck in one store transaction.

Callers parse what they were given and render what comes back; every rule about a server's decks is
here. A change reaches this process's bank at once and other processes through the deck version
(bot/decks/deck_versions.py). Errors a moderator or member can cause are UserErrors with their sentence.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

from bot.achievements import award_approval
from bot.bank.bank import Bank
from bot.bank.ids import slug
from bot.bank.import_formats import Format, upload_cap
from bot.bank.models import Deck
from bot.bank.problems import DeckError
from bot.bank.suggestions import check_suggestion, deck_with, from_json, to_json
from bot.decks.deck_versions import DeckVersions, record_digest
from bot.decks.quota import check_room
from bot.errors import UserError
from bot.locales import _, n_, slash
from bot.looks.text import clip
from bot.quiz.achievements import Achievement
from bot.results.asked import keep_deck_versions
from bot.store import Approval, DeckMoved, GuildDeckRecord, SuggestionRecord

if TYPE_CHECKING:
    from bot.store import Store

log = logging.getLogger(__name__)

# A member may have this many suggestions waiting at once, so one person cannot flood the queue.
MAX_PENDING_PER_MEMBER = 20
# The stored deck keeps the name of the file it came from, this long at most (the store's column).
SOURCE_NAME_LENGTH = 200
# A refusal lists the validator's reasons; this many characters of them are enough to act on.
REASONS_SHOWN = 1900
# An approval whose save finds its deck changed by another process reads the deck again and adds the
# question to that one, this many times in all before the moderator is asked to approve it again.
APPROVAL_TRIES = 3

# Told of each change: the server, the deck, what happened ("imported", "replaced", "edited",
# "extended", "created", "copied", "renamed", "deleted") and how many questions the deck has (had, when deleted).
DeckChanged = Callable[[int, str, str, int], None]


class SuggestionGone(UserError):
    """The suggestion does not exist, or is another server's."""


class AlreadyReviewed(UserError):
    """The suggestion was approved or rejected already (by another moderator, a moment ago)."""


class DeckRefused(UserError):
    """The deck or question cannot be kept as asked; the sentence says why."""


class DeckSavedMeanwhile(DeckRefused):
    """The deck an edit was made to was saved meanwhile (by another process): nothing was saved."""


@dataclass(frozen=True, slots=True)
class Saved:
    deck: Deck  # as the bank now holds it (the saved text read back)
    replaced: bool  # the server had a deck of that id, which this one replaced
    badges: tuple[Achievement, ...] = ()  # an approval's: what the suggestion's author newly earned


def _reasons(exc: DeckError) -> str:
    return "; ".join(p.message for p in exc.problems)


class ServerDecks:
    """A server's own decks and suggestions over one store and one bank."""

    def __init__(
        self,
        store: Store,
        bank: Bank,
        clock: Callable[[], datetime],
        *,
        versions: DeckVersions | None = None,
        on_change: DeckChanged | None = None,
    ) -> None:
        self.store = store
        self.bank = bank
        self.clock = clock
        self.versions = versions if versions is not None else DeckVersions(store, bank)
        self.on_change = on_change
        # A save that grows the deck this bank holds (an approval) is one at a time per server, so two
        # approvals at once both land; a page's edit carries the version it was drawn from instead.
        self._growing: dict[int, asyncio.Lock] = {}

    # -- reading -------------------------------------------------------------------------------------

    async def fresh(self, guild_id: int, *, eager: bool = True) -> Bank:
        """The bank, with the server's decks as the store has them now (another process may have changed
        them); not eager: asked at most once a second (autocomplete)."""
        await self.versions.refresh(guild_id, eager=eager)
        return self.bank

    async def version(self, guild_id: int) -> int:
        """The server's deck version, which a form carries to know nobody saved meanwhile."""
        return await self.store.deck_version(guild_id)

    # -- the quota and new decks ---------------------------------------------------------------------

    def check_room(self, guild_id: int, deck_id: str, questions: int = 0) -> None:
        """ServerDecksFull unless the server may keep a deck `deck_id` of `questions` questions."""
        check_room(self.bank.decks_for(guild_id), guild_id, deck_id, questions)

    def new_deck_id(
        self,
        guild_id: int,
        name: str,
        size: int | None = None,
        *,
        file_name: str = "",
        fmt: Format | None = None,
    ) -> str:
        """The id an upload for a deck named `name` (the file `file_name` of `size` bytes, in `fmt` when
        chosen) is kept under, once it is known to fit: refused before the file is downloaded or read."""
        most = upload_cap(file_name, fmt)
        if size is not None and size > most:
            raise DeckRefused(
                _(
                    "That file is {size} KiB; a deck may be at most {most} KiB, so split it into several files.",
                    size=-(-size // 1024),
                    most=most // 1024,
                )
            )

        deck_id = slug(name)
        if not deck_id:
            raise DeckRefused(_("A deck's name needs at least one letter or digit."))
        if self.bank.get(deck_id, None) is not None:
            raise DeckRefused(_("`{deck}` is the id of a built-in deck; choose another name.", deck=deck_id))
        self.check_room(guild_id, deck_id)
        return deck_id

    # -- the one save path ---------------------------------------------------------------------------

    async def save_import(self, guild_id: int, deck: Deck, text: str, *, source: str, by: int) -> Saved:
        """Keep an imported deck (`text`, the YAML the importer wrote, loads to `deck`)."""
        return await self._save(self._record(guild_id, deck, text, source, by), deck, None)

    async def save_edit(
        self, guild_id: int, deck: Deck, *, by: int, change: str = "edited", new: bool = False
    ) -> Saved:
        """Keep an edited deck, checked as a whole first (DeckError when it breaks a deck-wide rule).

        `new`: a deck made or copied here, kept only while the server has no deck of its id (DeckRefused
        otherwise, whoever took the id meanwhile). A round already playing the deck keeps the questions
        it started with; the next round gets these.
        """
        base = self.versions.parsed.digest(guild_id, deck.id)  # the text the edit was made to
        # Writing and reading back a deck of thousands of questions takes CPU: off the event loop.
        text, reread = await asyncio.to_thread(_edited_text, deck)
        record = self._record(guild_id, reread, text, deck.source or f"{deck.id}.yaml", by)
        if new:
            return await self._save(record, reread, change, new=True)
        # Saved over the stored deck only while it is the one edited: another process's save is not lost.
        now = await self._record_now(guild_id, deck.id)
        saved = None
        if now is not None and record_digest(now) == base:
            saved = await self._save_over(now, record, reread, change)
        if saved is None:
            raise DeckSavedMeanwhile(
                _("The deck `{deck}` changed while this was saved; nothing was saved.", deck=deck.id)
            )
        return saved

    async def save_over(self, was: GuildDeckRecord, deck: Deck, *, by: int, change: str) -> Saved | None:
        """save_edit of `deck`, edited from the stored `was`, kept only while the store still holds `was`
        (compare and set); None, nothing written, when another process saved or deleted it since."""
        text, reread = await asyncio.to_thread(_edited_text, deck)
        record = self._record(was.guild_id, reread, text, deck.source or f"{deck.id}.yaml", by)
        return await self._save_over(was, record, reread, change)

    async def _save_over(
        self, was: GuildDeckRecord, record: GuildDeckRecord, deck: Deck, change: str
    ) -> Saved | None:
        await self.fresh(record.guild_id)  # the quota counts the decks as they are now
        self.check_room(record.guild_id, deck.id, len(deck.questions))
        if not await self.store.save_guild_deck_over(record, was):
            return None
        return await self._saved(record, deck, change)

    async def _save(
        self, record: GuildDeckRecord, deck: Deck, change: str | None, *, new: bool = False
    ) -> Saved:
        await self.fresh(record.guild_id)  # the quota counts the decks as they are now
        self.check_room(record.guild_id, deck.id, len(deck.questions))
        if not new:
            await self.store.save_guild_deck(record)
        elif not await self.store.add_guild_deck(record):
            raise DeckRefused(deck_taken(deck.id))
        return await self._saved(record, deck, change)

    def _record(self, guild_id: int, deck: Deck, text: str, source: str, by: int) -> GuildDeckRecord:
        if deck.guild_id != guild_id:
            raise ValueError(f"deck {deck.id!r} of server {deck.guild_id} is not server {guild_id}'s")
        return GuildDeckRecord(guild_id, deck.id, source[:SOURCE_NAME_LENGTH], text, by, self.clock())

    async def _saved(self, record: GuildDeckRecord, deck: Deck, change: str | None) -> Saved:
        """What follows every save: the bank, the questions' versions, the deck version, the telling
        (`change` None: an import, which is "imported" or "replaced")."""
        self.versions.parsed.note(record, deck)
        replaced = self.bank.add(deck) is not None
        await keep_deck_versions(self.store, [deck], self.clock())  # the day each edit was made
        await self.versions.changed_here(record.guild_id)
        if change is None:
            change = "replaced" if replaced else "imported"
        self._tell(record.guild_id, deck.id, change, len(deck.questions))
        return Saved(deck, replaced)

    def _tell(self, guild_id: int, deck_id: str, change: str, questions: int) -> None:
        if self.on_change is not None:
            self.on_change(guild_id, deck_id, change, questions)

    # -- deleting ------------------------------------------------------------------------------------

    def check_deletable(self, guild_id: int, deck: Deck) -> None:
        if deck.guild_id != guild_id:
            raise DeckRefused(
                _(
                    "`{deck}` is a built-in deck; only decks this server imported can be deleted.",
                    deck=deck.id,
                )
            )

    async def delete(self, guild_id: int, deck_id: str) -> bool:
        """Delete the server's deck; False when it was already gone. Scores earned with it stay."""
        deleted = await self.store.delete_guild_deck(guild_id, deck_id)
        removed = self.bank.remove(deck_id, guild_id)
        await self.versions.changed_here(guild_id)
        if deleted:
            self._tell(guild_id, deck_id, "deleted", len(removed.questions) if removed else 0)
        return deleted

    # -- suggestions ---------------------------------------------------------------------------------

    def _own_deck(self, guild_id: int, deck_id: str) -> Deck:
        """The server's own deck a member suggests a question for."""
        deck = self.bank.get(deck_id, guild_id)
        if deck is None:
            raise DeckRefused(
                _(
                    "There is no deck called “{deck}” in this server; {cmd} lists them.",
                    deck=clip(deck_id, 60),
                    cmd=slash("decks"),
                )
            )
        self._check_own(guild_id, deck)
        return deck

    @staticmethod
    def _check_own(guild_id: int, deck: Deck) -> None:
        if deck.guild_id != guild_id:
            raise DeckRefused(
                _(
                    "`{deck}` is a built-in deck; questions can be suggested for this server's own decks.",
                    deck=deck.id,
                )
            )

    def own_decks(self, guild_id: int) -> list[Deck]:
        """The decks questions may be suggested for: the server's own (never a built-in one), by title."""
        own = [deck for deck in self.bank.decks_for(guild_id) if deck.guild_id == guild_id]
        return sorted(own, key=lambda deck: (deck.title.casefold(), deck.id))

    async def open_for_suggestions(self, guild_id: int, deck: Deck, author_id: int) -> None:
        """Refuse a suggestion before its form opens: a built-in deck, or the member's queue is full."""
        self._check_own(guild_id, deck)
        waiting = await self.store.pending_suggestions(
            guild_id, author_id=author_id, limit=MAX_PENDING_PER_MEMBER
        )
        if len(waiting) >= MAX_PENDING_PER_MEMBER:
            raise DeckRefused(
                n_(
                    "You have {n} suggestion waiting for review; suggest more once it is reviewed.",
                    "You have {n} suggestions waiting for review; suggest more once some are reviewed.",
                    len(waiting),
                )
            )

    @staticmethod
    def check_question(fields: Mapping[str, Any], language: str) -> None:
        """DeckRefused when the suggested question could not play, with the validator's reasons."""
        try:
            check_suggestion(dict(fields), language)
        except DeckError as exc:
            raise DeckRefused(
                clip(_("That question can't be used: {reasons}.", reasons=_reasons(exc)), REASONS_SHOWN)
            ) from exc

    async def suggest(
        self, guild_id: int, deck_id: str, author_id: int, fields: Mapping[str, Any]
    ) -> SuggestionRecord:
        """Queue a member's question for the moderators' review, checked first as it would play."""
        deck = self._own_deck(guild_id, deck_id)
        self.check_question(fields, deck.language)
        return await self.store.add_suggestion(
            guild_id, deck.id, author_id, to_json(dict(fields)), self.clock()
        )

    async def pending(self, guild_id: int, limit: int = 25) -> list[SuggestionRecord]:
        """The server's suggestions waiting for review, oldest first."""
        return await self.store.pending_suggestions(guild_id, limit=limit)

    async def reviewable(self, guild_id: int, suggestion_id: int) -> SuggestionRecord:
        """The server's suggestion, still waiting; SuggestionGone or AlreadyReviewed otherwise."""
        suggestion = await self.store.suggestion(suggestion_id)
        if suggestion is None or suggestion.guild_id != guild_id:
            raise SuggestionGone(_("That suggestion no longer exists."))
        if suggestion.status != "pending":
            raise AlreadyReviewed(already_reviewed(suggestion.status))
        return suggestion

    async def reject(self, guild_id: int, suggestion_id: int, reviewer_id: int) -> SuggestionRecord:
        suggestion = await self.reviewable(guild_id, suggestion_id)
        if not await self.store.settle_suggestion(suggestion.id, "rejected", reviewer_id, self.clock()):
            raise AlreadyReviewed(already_reviewed(""))
        return suggestion

    async def approve(
        self,
        guild_id: int,
        suggestion_id: int,
        reviewer_id: int,
        fields: Mapping[str, Any] | None = None,
    ) -> tuple[SuggestionRecord, Saved]:
        """Add the suggested question (as `fields`, when the moderator edited it) at the end of its deck.

        The deck is saved and the suggestion marked approved in one store transaction: neither is
        written without the other, and two moderators approving at once add it once. The save is made
        over the deck as it was read: when another process saved it meanwhile (another approval), the
        deck is read again and the question added to that, so neither question is lost.
        """
        async with self._growing.setdefault(guild_id, asyncio.Lock()):
            return await self._approve(guild_id, suggestion_id, reviewer_id, fields)

    async def _approve(
        self, guild_id: int, suggestion_id: int, reviewer_id: int, fields: Mapping[str, Any] | None
    ) -> tuple[SuggestionRecord, Saved]:
        for _try in range(APPROVAL_TRIES):
            suggestion = await self.reviewable(guild_id, suggestion_id)
            stored = await self.stored(guild_id, suggestion.deck_id)
            if stored is None:
                raise DeckRefused(
                    _("The deck `{deck}` is gone; reject the suggestion instead.", deck=suggestion.deck_id)
                )
            was, deck = stored
            question = from_json(suggestion.question) if fields is None else fields
            if fields is not None:
                self.check_question(fields, deck.language)
            record, grown = await self._grown(guild_id, deck, question, reviewer_id)
            try:
                approved = await self.store.approve_suggestion_over(
                    Approval(suggestion.id, reviewer_id, self.clock(), to_json(dict(question)), record), was
                )
            except DeckMoved:
                continue  # another process saved the deck since it was read: add the question to that one
            if not approved:
                raise AlreadyReviewed(already_reviewed(""))
            saved = await self._saved(record, grown, "extended")
            badges = await self._author_badges(guild_id, suggestion.author_id)
            return suggestion, dataclasses.replace(saved, badges=badges)
        raise DeckRefused(
            _(
                "The deck `{deck}` kept changing while the suggestion was approved; approve it again.",
                deck=clip(suggestion.deck_id, 60),
            )
        )

    async def _author_badges(self, guild_id: int, author_id: int) -> tuple[Achievement, ...]:
        """The badge the approval newly earns its author; none when the store fails (the approval is
        kept: the author's next approved suggestion earns it)."""
        try:
            return await award_approval(self.store, guild_id, author_id, self.clock())
        except Exception:
            log.exception("server %s: the approval badge of member %s was not kept", guild_id, author_id)
            return ()

    async def stored(self, guild_id: int, deck_id: str) -> tuple[GuildDeckRecord, Deck] | None:
        """The server's deck as the store holds it now, and the record it loads from (what a save is made
        over); None when the server has no such deck, or its text no longer loads."""
        await self.fresh(guild_id)  # the quota counts the server's other decks as they are now
        record = await self._record_now(guild_id, deck_id)
        # Parsed only when this process has not parsed that text before (off the event loop if so).
        deck = None if record is None else await asyncio.to_thread(self.versions.parsed.deck_of, record)
        return None if record is None or deck is None else (record, deck)

    async def _record_now(self, guild_id: int, deck_id: str) -> GuildDeckRecord | None:
        return next((r for r in await self.store.guild_decks(guild_id) if r.deck_id == deck_id), None)

    async def _grown(
        self, guild_id: int, deck: Deck, fields: Mapping[str, Any], reviewer_id: int
    ) -> tuple[GuildDeckRecord, Deck]:
        """The deck with the question added at its end, as the record to save and the deck it loads to."""
        try:
            text, grown = await asyncio.to_thread(deck_with, deck, dict(fields))
        except DeckError as exc:
            raise DeckRefused(
                clip(_("That question can't be added: {reasons}", reasons=_reasons(exc)), REASONS_SHOWN)
            ) from exc
        self.check_room(guild_id, deck.id, len(grown.questions))
        return self._record(guild_id, grown, text, deck.source or f"{deck.id}.yaml", reviewer_id), grown


def deck_taken(deck_id: str) -> str:
    """Why a new deck cannot have that id: the server has a deck of it already."""
    return _("This server already has a deck `{deck}`; choose another id.", deck=clip(deck_id, 60))


def already_reviewed(status: str) -> str:
    """Why a suggestion cannot be reviewed again: what became of it (a status the store keeps)."""
    if status == "approved":
        return _("That suggestion was already approved.")
    if status == "rejected":
        return _("That suggestion was already rejected.")
    return _("That suggestion was already reviewed.")


def _edited_text(deck: Deck) -> tuple[str, Deck]:
    """bot.bank.editing's edited_text, loaded with the first deck saved (the editor's rules are not needed
    at start)."""
    from bot.bank.editing import edited_text

    return edited_text(deck)
