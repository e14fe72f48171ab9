"""Whole decks a moderator makes, renames, copies and deletes, for any caller (the dashboard today).

Every rule of these four is here; each change is kept through ServerDecks' one save path, so a new deck
and a copy count against the server's quota, and other processes see it through the deck version. Only
the title is renamed: a deck's id keys its members' answers, reviews, leaderboards, schedules and the
versions of what past rounds asked, so a new id would cut a deck off its own history (copy it instead).
"""

from __future__ import annotations

import dataclasses

from bot.bank import part_sizes
from bot.bank.images import is_url
from bot.bank.models import Deck, Kind, Question
from bot.bank.pictures import picture_name
from bot.bank.problems import DeckError
from bot.bank.reader import is_slug
from bot.decks.pictures import DeckPictures, shown_names
from bot.decks.server_decks import REASONS_SHOWN, DeckRefused, Saved, ServerDecks, deck_taken
from bot.locales import N_, _, language
from bot.looks.text import clip

# The question a new deck starts with (a deck needs one to load): the editor opens on it at once.
FIRST_QUESTION_ID = "q-1"
# A rename whose save finds the deck changed by another process renames the deck as saved, this many
# times in all before the moderator is asked to rename it again.
RENAME_TRIES = 3
RENAMING_BUILT_IN = N_("`{deck}` is a built-in deck; only this server's own decks can be renamed.")


def _reasons(exc: DeckError) -> str:
    return "; ".join(p.message for p in exc.problems)


def no_such_deck(deck_id: str) -> str:
    return _("This server has no deck `{deck}`.", deck=clip(deck_id, 60))


class WholeDecks:
    """A server's decks as wholes: made, renamed, copied, deleted, over the server's ServerDecks."""

    def __init__(self, decks: ServerDecks) -> None:
        self.decks = decks

    # -- the rules -----------------------------------------------------------------------------------

    async def _playable(self, guild_id: int, deck_id: str) -> Deck:
        """The deck of that id this server plays now (its own or a built-in one); DeckRefused if none."""
        deck = (await self.decks.fresh(guild_id)).get(deck_id, guild_id)
        if deck is None or not is_slug(deck_id, part_sizes.MAX_DECK_ID_LENGTH):  # a mixed id is no deck
            raise DeckRefused(no_such_deck(deck_id))
        return deck

    async def _own(self, guild_id: int, deck_id: str) -> Deck:
        deck = await self._playable(guild_id, deck_id)
        if deck.guild_id != guild_id:
            raise DeckRefused(_(RENAMING_BUILT_IN, deck=deck.id))
        return deck

    async def check_new_id(self, guild_id: int, deck_id: str) -> None:
        """DeckRefused unless `deck_id` is a deck id (as deck files write them) that no deck here has."""
        if not is_slug(deck_id, part_sizes.MAX_DECK_ID_LENGTH):
            raise DeckRefused(
                _(
                    "A deck id is 1 to {most} letters, digits, `-` or `_`, with no spaces (such as "
                    "`biology-1`).",
                    most=part_sizes.MAX_DECK_ID_LENGTH,
                )
            )
        bank = await self.decks.fresh(guild_id)
        if bank.get(deck_id, None) is not None:
            raise DeckRefused(_("`{deck}` is the id of a built-in deck; choose another id.", deck=deck_id))
        # `Bio` beside `bio` would be two decks no member could tell apart in a list.
        taken = {d.id.casefold(): d.id for d in bank.decks_for(guild_id)}
        if deck_id.casefold() in taken:
            raise DeckRefused(deck_taken(taken[deck_id.casefold()]))

    @staticmethod
    def checked_title(title: str) -> str:
        title = title.strip()
        if not title or len(title) > part_sizes.MAX_DECK_TITLE_LENGTH:
            raise DeckRefused(
                _("Give the deck a name of 1 to {most} characters.", most=part_sizes.MAX_DECK_TITLE_LENGTH)
            )
        return title

    async def _keep(self, guild_id: int, deck: Deck, by: int, change: str, *, new: bool) -> Saved:
        """Kept through the one save path (the quota asked there); the deck's own rules refused in words."""
        try:
            return await self.decks.save_edit(guild_id, deck, by=by, change=change, new=new)
        except DeckError as exc:
            raise DeckRefused(self._refusal(exc)) from exc

    @staticmethod
    def _refusal(exc: DeckError) -> str:
        return clip(_("Nothing was saved: {problem}", problem=_reasons(exc)), REASONS_SHOWN)

    # -- the four changes ----------------------------------------------------------------------------

    async def create(self, guild_id: int, deck_id: str, title: str, *, by: int) -> Saved:
        """A new deck of this server, in the language of whoever makes it, holding one question to edit
        (FIRST_QUESTION_ID): the bank loads no deck without a question."""
        deck_id, title = deck_id.strip(), self.checked_title(title)
        await self.check_new_id(guild_id, deck_id)
        first = Question(
            id=FIRST_QUESTION_ID,
            kind=Kind.CHOICE,
            prompt=_("Write the deck's first question here."),
            choices=(_("The right answer"), _("A wrong answer")),
            answers=frozenset({0}),
            lang=language(),
        )
        deck = Deck(
            deck_id, title, (first,), language=language(), source=f"{deck_id}.yaml", guild_id=guild_id
        )
        return await self._keep(guild_id, deck, by, "created", new=True)

    async def rename(self, guild_id: int, deck_id: str, title: str, *, by: int) -> Saved:
        """The server's deck under a new title; its id, questions and their versions stay as they are.

        The title is set on the deck as stored now and saved over it: a question another process saves
        meanwhile is read again and kept under the new title, never lost to the rename."""
        title = self.checked_title(title)
        for _try in range(RENAME_TRIES):
            await self._own(guild_id, deck_id)
            stored = await self.decks.stored(guild_id, deck_id)
            if stored is None:
                raise DeckRefused(no_such_deck(deck_id))
            was, deck = stored
            try:
                renamed = dataclasses.replace(deck, title=title)
                saved = await self.decks.save_over(was, renamed, by=by, change="renamed")
            except DeckError as exc:
                raise DeckRefused(self._refusal(exc)) from exc
            if saved is not None:
                return saved
        raise DeckRefused(
            _("The deck `{deck}` kept changing while it was renamed; rename it again.", deck=deck_id)
        )

    async def duplicate(
        self, guild_id: int, deck_id: str, new_id: str, *, title: str | None = None, by: int
    ) -> Saved:
        """A copy of a deck this server plays (its own or a built-in one) as the server's own deck
        `new_id`: the same questions, counted against the quota as a new deck."""
        source = await self._playable(guild_id, deck_id)
        if any(q.image and not is_url(q.image) and picture_name(q.image) is None for q in source.questions):
            # A server's deck keeps its images as https links only: the copy would lose its pictures.
            raise DeckRefused(
                _(
                    "`{deck}` shows pictures from files beside it, which a server's own deck cannot keep, "
                    "so it cannot be copied.",
                    deck=source.id,
                )
            )
        new_id = new_id.strip()
        title = source.title if title is None or not title.strip() else self.checked_title(title)
        await self.check_new_id(guild_id, new_id)
        copy = dataclasses.replace(
            source, id=new_id, title=title, source=f"{new_id}.yaml", guild_id=guild_id, left_out=()
        )
        saved = await self._keep(guild_id, copy, by, "copied", new=True)
        # After the save, so a refused copy leaves no pictures behind; until they are copied, the copy's
        # rounds post them from the source deck (a picture's name is its bytes: the same in both).
        if source.guild_id == guild_id and shown_names(source):
            await DeckPictures(self.decks.store, self.decks.clock).copy(guild_id, source.id, new_id)
        return saved

    async def delete(self, guild_id: int, deck_id: str) -> Deck:
        """The server's deck gone from the bank (the deck as it was); what was played with it stays:
        past rounds, their answers and versions, points, reviews and badges."""
        deck = await self._playable(guild_id, deck_id)
        self.decks.check_deletable(guild_id, deck)
        if not await self.decks.delete(guild_id, deck.id):
            raise DeckRefused(no_such_deck(deck.id))  # another moderator deleted it a moment ago
        return deck
