"""The question of the day as a service: posting and revealing for the runner, answers, streaks, its settings.

The runner (bot/calendar/daily.py) decides when; this service decides what: which question a day
asks as it asked it, who answered what, a member's streak, what /qotd status reports. Discord is
reached only through `QotdChannel` (cogs/calendar/_qotd_channel.py on discord.py), and a cog only
parses, asks this service and renders what it returns.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Protocol

from bot.achievements.service import award_streak
from bot.bank.models import Deck, Question, picked_from, typed_words
from bot.calendar.daily import daily_rule
from bot.calendar.kinds import Given, Way, askable, judge, slot_letters, way_of
from bot.calendar.post_failures import PostFailed
from bot.calendar.qotd import FEW_LEFT, Streak, daily_streak, day_of_number, unused_count
from bot.calendar.repeats import RuleError, parse_time
from bot.calendar.zones import zone_named
from bot.errors import UserError
from bot.locales import _, slash
from bot.looks.text import clip
from bot.quiz.achievements import Achievement
from bot.quiz.multi import kept_share
from bot.quiz.shuffle import choice_order
from bot.results.asked import keep_qotd_version, qotd_question
from bot.reviews import Reviews, save_reviews
from bot.rounds.host import ServiceHost
from bot.store import GuildSettings, QotdAnswer, QotdBoardLine, QotdDay, QotdSettings

if TYPE_CHECKING:
    from bot.store import Store

log = logging.getLogger(__name__)


def order_of(day: QotdDay, question: Question) -> tuple[int, ...]:
    """The day's order of the question's choices: the same for everyone, and after a restart."""
    return choice_order(day.seed, 0, len(question.choices), question.kind)


class CalendarHost(ServiceHost, Protocol):
    """The process as the calendar's services see it (BvunzoBot is one; a test builds its own)."""


@dataclass(frozen=True, slots=True)
class Shown:
    """A day's question as its message shows it."""

    day: QotdDay
    question: Question
    order: tuple[int, ...]
    title: str  # its deck's title (the deck's id once the deck is gone)


class QotdChannel(Protocol):
    """The day's message in its channel."""

    async def post(self, shown: Shown) -> int:
        """Post the question with its buttons; its message id. PostFailed with the reason when it cannot."""
        ...

    async def show_reveal(self, shown: Shown, counts: Sequence[int], right: int, answered: int) -> None:
        """Edit the day's message into its reveal; Discord's refusals are logged there. `counts`: per slot,
        how many chose (or, with a menu, picked) it; a typed question's is one count, of every answer;
        `right` of the `answered` members got it right."""
        ...


@dataclass(frozen=True, slots=True)
class LockedIn:
    said: str  # what the member gave, as they read it back: a letter, the letters picked, their words
    streak: int
    closes_at: datetime
    badges: tuple[Achievement, ...] = ()  # newly earned with this answer (a week of days in a row)


@dataclass(frozen=True, slots=True)
class QotdStatus:
    settings: QotdSettings
    title: str
    zone: str
    latest: QotdDay | None
    problem: str | None  # why the latest day's question was not posted
    answered: int  # answers to the latest day's question
    ids: Sequence[str] | None  # what the deck can ask; None when the deck is gone
    left: int  # questions the current cycle has not asked
    streak: Streak

    @property
    def few_left(self) -> bool:
        return self.left <= FEW_LEFT


@dataclass(frozen=True, slots=True)
class QotdBoard:
    lines: Sequence[QotdBoardLine]
    streaks: dict[int, Streak]
    total: int
    mine: tuple[int, int] | None  # the asker's answered days and streak, when not on the board


class QotdService:
    def __init__(self, host: CalendarHost, channel: QotdChannel) -> None:
        self.host = host
        self.channel = channel

    @property
    def store(self) -> Store:
        return self.host.store

    # -- the runner's side (bot.calendar.daily.QotdPort) ---------------------------------------------

    def holds(self, guild_id: int) -> bool:
        return self.host.holds_guild(guild_id)

    def question_ids(self, guild_id: int, deck_id: str) -> Sequence[str] | None:
        deck = self.host.bank.get(deck_id, guild_id)
        return None if deck is None else [q.id for q in deck.questions if askable(q)]

    async def shown(self, day: QotdDay) -> Shown | None:
        """The day's question as it was asked (None: its deck and version are gone)."""
        question = await qotd_question(self.store, self.host.bank, day)
        if question is None:
            return None
        deck = self.host.bank.get(day.deck_id, day.guild_id)
        return Shown(day, question, order_of(day, question), deck.title if deck is not None else day.deck_id)

    async def post_question(self, day: QotdDay, unused: int) -> int:
        shown = await self.shown(day)
        if shown is None:
            raise PostFailed("question_gone")
        await keep_qotd_version(self.store, day, shown.question, self.host.clock())
        return await self.channel.post(shown)

    async def reveal(self, day: QotdDay) -> None:
        shown = await self.shown(day)
        if shown is None or day.message_id is None:
            return
        answers = await self.store.qotd_answers(day.guild_id, day.day)
        right = sum(1 for a in answers if a.right)
        await self.channel.show_reveal(shown, reveal_counts(shown, answers), right, len(answers))
        await self._review(day, answers)

    async def _review(self, day: QotdDay, answers: Sequence[QotdAnswer]) -> None:
        """Answers to the question of the day are reviews too, as a round's are at its reveal."""
        # A partly right set, order or cloze is rated as rounds rate it: from half its points on, remembered
        # with gaps (Hard); below half, a lapse.
        reviews = Reviews(day.deck_id, day.question_id, self.host.clock())
        for answer in answers:
            reviews.add(answer.user_id, answer.right, kept_share(answer.points))
        if not reviews.rights:
            return
        try:
            await save_reviews(self.store, reviews)
        except Exception:
            log.exception("server %s: the question of the day's reviews were not saved", day.guild_id)

    # -- members ---------------------------------------------------------------------------------------

    async def streak(self, guild_id: int, user_id: int, open_day: int | None = None) -> Streak:
        posted = [day_of_number(d) for d in await self.store.qotd_posted_days(guild_id)]
        answered = {day_of_number(d) for d in await self.store.member_qotd_days(guild_id, user_id)}
        return daily_streak(posted, answered, day_of_number(open_day) if open_day else None)

    async def _open_day(self, guild_id: int) -> int | None:
        latest = await self.store.latest_qotd_day(guild_id)
        return latest.day if latest and latest.revealed_at is None else None

    async def asked(self, guild_id: int, day_number: int) -> Shown:
        """A day's question as it was asked (its typed-answer form shows it); a UserError once it is gone."""
        day = await self.store.qotd_day(guild_id, day_number)
        shown = None if day is None else await self.shown(day)
        if shown is None:
            raise UserError(_("That question of the day is no longer known; nothing was recorded."))
        return shown

    async def answer(self, guild_id: int, day_number: int, user_id: int, slot: int) -> LockedIn:
        """A click on a lettered button: `answer_given` with that slot."""
        return await self.answer_given(guild_id, day_number, user_id, Given(slot=slot))

    async def answer_given(self, guild_id: int, day_number: int, user_id: int, given: Given) -> LockedIn:
        """Keep a member's one answer to a day's question, judged as a round judges it; a UserError says
        why it was not kept."""
        day = await self.store.qotd_day(guild_id, day_number)
        shown = None if day is None else await self.shown(day)
        if day is None or shown is None:
            raise UserError(_("That question of the day is no longer known; nothing was recorded."))
        now = self.host.clock()
        if day.revealed_at is not None or now >= day.closes_at:
            raise UserError(_("This question of the day is closed: the answer has been revealed."))
        if given.slot is not None and given.slot >= len(shown.order):
            raise UserError(_("That button isn't one this question has; nothing was recorded."))
        verdict = judge(shown.question, shown.order, given)
        before = await self.store.record_qotd_answer(
            QotdAnswer(
                guild_id, day.day, user_id, verdict.choice, verdict.right, now, verdict.text, verdict.points
            )
        )
        if before is not None:
            raise UserError(already_answered(shown.question, shown.order, before.choice, before.text))
        run = await self.streak(guild_id, user_id, day.day)
        return LockedIn(
            verdict.words, run.current, day.closes_at, await self._badges(guild_id, user_id, run.current, now)
        )

    async def _badges(
        self, guild_id: int, user_id: int, streak: int, now: datetime
    ) -> tuple[Achievement, ...]:
        """The badges a member's streak newly earns, kept once; none when the store fails (the answer is
        kept already, and the next day's answer earns the badge again)."""
        try:
            return await award_streak(self.store, guild_id, user_id, streak, now)
        except Exception:
            log.exception(
                "server %s: the badges of member %s's daily streak were not kept", guild_id, user_id
            )
            return ()

    async def board(self, guild_id: int, user_id: int) -> QotdBoard:
        lines, total = await self.store.qotd_board(guild_id)
        open_day = await self._open_day(guild_id)
        streaks = {line.user_id: await self.streak(guild_id, line.user_id, open_day) for line in lines}
        mine = None
        if all(line.user_id != user_id for line in lines):
            days = await self.store.member_qotd_days(guild_id, user_id)
            if days:
                mine = (len(days), (await self.streak(guild_id, user_id, open_day)).current)
        return QotdBoard(lines, streaks, total, mine)

    async def member_days(self, guild_id: int, user_id: int) -> tuple[int, Streak] | None:
        """How many days the member answered and their streak (/stats); None when they never answered."""
        days = await self.store.member_qotd_days(guild_id, user_id)
        if not days:
            return None
        return len(days), await self.streak(guild_id, user_id, await self._open_day(guild_id))

    # -- moderators -------------------------------------------------------------------------------------

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        """The server's settings (who its quiz masters are)."""
        return await self.store.guild_settings(guild_id)

    async def zone_name(self, guild_id: int) -> str:
        return (await self.store.calendar_settings(guild_id)).timezone

    async def set_up(self, guild_id: int, channel_id: int, deck: Deck, time: str, by: int) -> QotdSettings:
        """Post `deck`'s questions in the channel every day at `time`; the settings kept (with the first time)."""
        try:
            at = parse_time(time)
        except RuleError as exc:
            raise UserError(str(exc)) from exc
        if not self.question_ids(guild_id, deck.id):
            raise UserError(
                _(
                    "“{deck}” has no questions with an answer to ask; pick another deck.",
                    deck=clip(deck.title, 80),
                )
            )
        unsaved = QotdSettings(guild_id, channel_id, deck.id, f"{at:%H:%M}", by, None)
        zone = zone_named(await self.zone_name(guild_id))
        first = daily_rule(unsaved).next_after(self.host.clock(), zone)
        settings = QotdSettings(guild_id, channel_id, deck.id, f"{at:%H:%M}", by, first)
        await self.store.save_qotd_settings(settings)
        return settings

    async def turn_off(self, guild_id: int) -> None:
        current = await self.store.qotd_settings(guild_id)
        if current is None or not current.enabled:
            raise UserError(
                _("The question of the day is already off; {cmd} starts it.", cmd=slash("qotd set"))
            )
        await self.store.save_qotd_settings(
            QotdSettings(
                guild_id, current.channel_id, current.deck_id, current.at, current.set_by, None, enabled=False
            )
        )

    async def status(self, guild_id: int, user_id: int) -> QotdStatus:
        current = await self.store.qotd_settings(guild_id)
        if current is None:
            raise UserError(
                _(
                    "This server has no question of the day; a moderator can start one with {cmd}.",
                    cmd=slash("qotd set"),
                )
            )
        deck = self.host.bank.get(current.deck_id, guild_id)
        latest = await self.store.latest_qotd_day(guild_id)
        problem = None if latest is None else await self.store.qotd_post_problem(guild_id, latest.day)
        answered = 0
        if latest is not None and problem is None:
            answered = len(await self.store.qotd_answers(guild_id, latest.day))
        ids = self.question_ids(guild_id, current.deck_id)
        left = (
            0 if ids is None else unused_count(ids, await self.store.qotd_history(guild_id, current.deck_id))
        )
        open_day = latest.day if latest and not latest.revealed_at else None
        return QotdStatus(
            settings=current,
            title=clip(deck.title if deck else current.deck_id, 80),
            zone=await self.zone_name(guild_id),
            latest=latest,
            problem=problem,
            answered=answered,
            ids=ids,
            left=left,
            streak=await self.streak(guild_id, user_id, open_day),
        )

    async def day_to_reveal(self, guild_id: int) -> QotdDay:
        """Today's open question (/qotd reveal); a UserError when there is none."""
        latest = await self.store.latest_qotd_day(guild_id)
        if latest is None or latest.revealed_at is not None:
            raise UserError(_("There is no open question of the day to reveal."))
        return latest


def reveal_counts(shown: Shown, answers: Sequence[QotdAnswer]) -> list[int]:
    """How the day's answers fell: per slot for lettered choices (a menu's picks count each choice
    picked), one count of every answer for a typed question."""
    way = way_of(shown.question)
    if way is Way.FORM:
        return [len(answers)]
    if way is Way.MENU:
        picks = [picked_from(a.text) for a in answers]
        return [sum(1 for picked in picks if original in picked) for original in shown.order]
    return [sum(1 for a in answers if a.choice == original) for original in shown.order]


def already_answered(question: Question, order: Sequence[int], choice: int | None, text: str | None) -> str:
    """The refusal of a second answer (to a day's or an assignment's question): the first one's letters,
    or its words, as the member gave them."""
    way = way_of(question)
    picked = {choice} if choice is not None else picked_from(text) if way is Way.MENU else set()
    if way is not Way.FORM and picked:
        return _("You already chose {letter}; answers can't be changed.", letter=slot_letters(order, picked))
    if way is Way.FORM and text:
        return _(
            "You already answered “{answer}”; answers can't be changed.",
            answer=clip(typed_words(question, text), 200),
        )
    return _("You have already answered; answers can't be changed.")
