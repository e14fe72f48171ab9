"""A round's posts and edits through Discord's bad days: retried for a while, or the round is cut short.

RoundChannel is the discord.py side of the round service's channel port (bot/rounds/port.py): it
turns each card into its message (bot/ui/round_cards.py) and makes every Discord call a round makes.
A transient failure (5xx, a dropped connection) is retried with the bot's RetryPolicy; once that gives
up, or once Discord says the question message or the channel is gone (404), the call raises
RoundCutShort with the sentence the round's summary gives, and nothing more is sent to a message or a
channel known to be dead.

Every card becomes its message here, in the server's language (`_content`): a round's task was started
by a moderator (whose own language it would otherwise write in) or by a schedule (none), but what the
channel reads is the server's. Only the replies to each member's clicks speak the member's language.

Its edits are paced here, all in one place, on the bot's clock: Discord allows a channel's messages no
more than 5 edits in any 5 seconds, and a quick round (no pause, early reveals) would edit faster. An
edit that must wait sleeps on that clock until the limit allows it (a test's clock wakes it when
moved). A post carries one nonce through all its tries, with enforce_nonce, so a retry after a failure
that Discord had in fact carried out returns the message it made instead of posting it twice.
"""

from __future__ import annotations

import logging
import secrets
from collections import deque
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any, TypeVar

import discord

from bot.discord.calls import ChannelGone, DiscordUnavailable, MessageGone, RetryPolicy
from bot.locales import N_, SOURCE, _, decimal, speaking
from bot.looks.formula_pictures import PICTURES, FormulaPicture, shown_formulas
from bot.looks.round import formula_name
from bot.quiz.clock import Clock
from bot.rounds import Card, RoundCutShort, Sentence
from bot.rounds.cards import QuestionCard, RevealCard
from bot.ui.round import formula_file
from bot.ui.round_cards import content_of, files_of

if TYPE_CHECKING:
    from bot.decks.pictures import DeckPictures
    from bot.preferences.language_memory import Languages

log = logging.getLogger(__name__)

T = TypeVar("T")

MESSAGE_GONE = N_("The question message was deleted, so the round ended.")
CHANNEL_GONE = N_("The channel was deleted, so the round ended.")
NO_ACCESS = N_("Bvunzo may no longer post in this channel, so the round ended.")
UNAVAILABLE = N_("Discord kept failing for {seconds} seconds, so the round ended.")

# Discord's limit on edits of one channel's messages (DESIGN: never more than 5 edits in any 5 seconds).
EDITS_PER_WINDOW = 5
EDIT_WINDOW = timedelta(seconds=5)
# The question messages a round keeps at hand to edit (it edits only its current one).
KEPT_MESSAGES = 4


class EditPace:
    """When the next edit may go out: the times of the last edits, kept on the bot's clock."""

    def __init__(self) -> None:
        self.times: deque[datetime] = deque(maxlen=EDITS_PER_WINDOW)

    def free_at(self, now: datetime) -> datetime:
        """When one more edit keeps within the limit (`now` or earlier: it may go now)."""
        if self.times and now < self.times[-1]:
            self.times.clear()  # the clock was set back: the old times say nothing about now
        if len(self.times) < EDITS_PER_WINDOW:
            return now
        return self.times[0] + EDIT_WINDOW

    def edited(self, now: datetime) -> None:
        self.times.append(now)


class RoundChannel:
    """The channel a round talks in; remembers what Discord said is gone so it is not called again."""

    def __init__(
        self,
        channel: discord.abc.Messageable,
        policy: RetryPolicy,
        round_id: int,
        clock: Clock,
        *,
        guild_id: int | None = None,
        languages: Languages | None = None,
        card_style: Callable[[int | None], Awaitable[str]] | None = None,
        pictures: DeckPictures | None = None,
    ) -> None:
        self.pictures = pictures  # the pictures uploaded for the server's decks (None: none posted)
        self.channel = channel
        self.card_style = card_style  # the server's, read at the round's first post (None: classic)
        self._cards: bool | None = None
        self.guild_id = guild_id
        self.languages = languages
        self.policy = policy
        self.round_id = round_id
        self.clock = clock
        self.pace = EditPace()
        self.cut: RoundCutShort | None = None
        self.channel_gone = False
        self.messages: dict[int, discord.Message] = {}

    # -- the port (bot/rounds/port.py: RoundPosts) ---------------------------------------------------

    async def post(self, what: str, card: Card) -> int:
        picture = stored = None
        if isinstance(card, QuestionCard):
            picture = await PICTURES.picture(shown_formulas(card.question, explanation=False))
            PICTURES.prepare(shown_formulas(card.question, explanation=True))  # ready for the reveal
            if self.pictures is not None:
                stored = await self.pictures.posted(self.guild_id, card.question)
        content = await self._content(card, formulas=picture is not None, cards=await self._in_cards())
        message = await self.send_with_files(what, files_of(card, picture, stored), **content)
        self.messages[message.id] = message
        while len(self.messages) > KEPT_MESSAGES:
            del self.messages[next(iter(self.messages))]
        return message.id

    async def edit(self, what: str, message_id: int, card: Card) -> None:
        """An edit that must be seen (a reveal, the buttons opening): waits for the pace, then retried."""
        if self.cut is not None:
            raise self.cut  # nothing to wait for: the round is over
        if self.pace.free_at(self.clock()) > self.clock():
            log.info("round %s: %s waits for Discord's edit limit", self.round_id, what)
            while (free_at := self.pace.free_at(self.clock())) > self.clock():
                await self.clock.sleep_until(free_at)
        self.pace.edited(self.clock())
        message = self._message(message_id)
        picture = await self._explained(message, card)
        formulas = picture is not None or _carries_formulas(message, card)
        content = await self._content(card, formulas=formulas, cards=message.flags.components_v2)
        await self._call(what, lambda: message.edit(**content, **_replacing(message, card, picture)))

    async def edit_in_passing(self, what: str, message_id: int, card: Card) -> bool:
        """An edit the next one makes up for (the live count): one try, but a deleted message still counts.

        False when it was left out because the pace is full (the next edit shows the same and more).
        """
        if self.cut is not None:
            raise self.cut
        now = self.clock()
        if self.pace.free_at(now) > now:
            return False
        self.pace.edited(now)
        message = self._message(message_id)
        formulas = _carries_formulas(message, card)
        content = await self._content(card, formulas=formulas, cards=message.flags.components_v2)
        try:
            await RetryPolicy(budget=0).call(
                f"round {self.round_id}: {what}", lambda: message.edit(**content)
            )
        except DiscordUnavailable:
            log.warning("round %s: %s failed; the next edit catches up", self.round_id, what)
        except (MessageGone, ChannelGone, discord.Forbidden) as exc:
            raise self._cut_by(what, exc) from exc
        return True

    async def last_word(self, what: str, card: Card) -> None:
        """The summary: still said after a deleted message or a failure, never into a deleted channel."""
        if self.channel_gone:
            return
        nonce = _nonce()
        try:
            content = await self._content(card, cards=await self._in_cards())
            await self.policy.call(
                f"round {self.round_id}: {what}", lambda: self.channel.send(nonce=nonce, **content)
            )
        except (discord.HTTPException, DiscordUnavailable, MessageGone, ChannelGone) as exc:
            log.warning("round %s: could not post %s: %s", self.round_id, what, exc)

    async def _content(self, card: Card, *, formulas: bool = False, cards: bool = False) -> dict[str, Any]:
        """The card as its message, written in the server's language: every post and edit passes here.

        `cards`: as a Components V2 card. A post takes the server's card style; an edit keeps the style
        its message was posted in (a message cannot leave Components V2 once in it); a server that
        changes its style sees the change from its next round on.
        """
        code = SOURCE if self.languages is None else await self.languages.server(self.guild_id)
        with speaking(code):
            return content_of(card, formulas=formulas, cards=cards)

    async def _in_cards(self) -> bool:
        """Whether the server's rounds look like Components V2 cards: read once, at the round's first post
        (classic when the store cannot say: a round goes on in the look every client shows)."""
        if self._cards is None:
            style = "classic"
            if self.card_style is not None:
                try:
                    style = await self.card_style(self.guild_id)
                except Exception as exc:  # the store's weather: the round plays, classic
                    log.warning("round %s: card style not read (%s); classic", self.round_id, exc)
            self._cards = style == "cards"
        return self._cards

    async def _explained(self, message: discord.Message, card: Card) -> FormulaPicture | None:
        """A reveal whose explanation adds formulas: the picture of them all, to replace the question's
        (None: nothing to replace, or not drawn in time, when the question's picture stays)."""
        if not isinstance(card, RevealCard) or not card.question.explanation:
            return None
        asked = shown_formulas(card.question, explanation=False)
        revealed = shown_formulas(card.question, explanation=True)
        if revealed == asked:
            return None
        return await PICTURES.picture(revealed)

    # -- Discord's calls -----------------------------------------------------------------------------

    def _message(self, message_id: int) -> discord.Message:
        """A message this round posted here (a round edits only its latest ones)."""
        return self.messages[message_id]

    async def send_with_files(
        self, what: str, make_files: Callable[[], list[discord.File]], **content: Any
    ) -> discord.Message:
        """A post that may upload files (a question's image, its formulas): each try opens them anew,
        since discord.py closes a file once a try has sent it."""

        nonce = _nonce()

        def attempt() -> Awaitable[discord.Message]:
            files = make_files()
            if not files:
                return self.channel.send(nonce=nonce, **content)
            return self.channel.send(files=files, nonce=nonce, **content)

        return await self._call(what, attempt)

    async def _call(self, what: str, make: Callable[[], Awaitable[T]]) -> T:
        if self.cut is not None:
            raise self.cut
        try:
            return await self.policy.call(f"round {self.round_id}: {what}", make)
        except (MessageGone, ChannelGone, discord.Forbidden, DiscordUnavailable) as exc:
            raise self._cut_by(what, exc) from exc

    def _cut_by(self, what: str, error: Exception) -> RoundCutShort:
        budget = self.policy.budget
        if isinstance(error, MessageGone):
            why = Sentence(lambda: _(MESSAGE_GONE))
        elif isinstance(error, ChannelGone):
            self.channel_gone = True
            why = Sentence(lambda: _(CHANNEL_GONE))
        elif isinstance(error, discord.Forbidden):
            why = Sentence(lambda: _(NO_ACCESS))
        else:
            why = Sentence(lambda: _(UNAVAILABLE, seconds=decimal(budget)))
        with speaking(SOURCE):  # the log's language
            said = str(why)
        log.warning("round %s: %s failed (%s): %s", self.round_id, what, error, said)
        self.cut = RoundCutShort(why)
        return self.cut


def _carries_formulas(message: discord.Message, card: Card) -> bool:
    """Whether the question's message was posted with its formulas' picture (drawn in time)."""
    if not isinstance(card, QuestionCard | RevealCard):
        return False
    return any(a.filename == formula_name(card.index) for a in message.attachments)


def _replacing(message: discord.Message, card: Card, picture: FormulaPicture | None) -> dict[str, Any]:
    """An edit's attachments when a reveal's picture replaces the question's (made anew for each try);
    otherwise none, so the edit keeps the message's uploads."""
    if picture is None or not isinstance(card, RevealCard):
        return {}
    name = formula_name(card.index)
    kept: list[discord.Attachment | discord.File] = [a for a in message.attachments if a.filename != name]
    return {"attachments": [*kept, formula_file(picture, card.index)]}


def _nonce() -> str:
    """One post's nonce, the same on every try (discord.py sends it with enforce_nonce)."""
    return str(secrets.randbits(63))
