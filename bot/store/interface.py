"""The store's interface: what every backend (SQLite, PostgreSQL) promises, in the records it speaks in.

The rest of Bvunzo types against `Store` and gets one from `bot.store.open_store`; no caller knows which
database is behind it. Times given and returned are aware UTC datetimes; a naive one is refused.
tests/store_contract/ holds the tests every backend must pass.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime
from types import TracebackType
from typing import Protocol, Self, runtime_checkable

from bot.store.assignment_records import (
    AssignmentAnswer,
    AssignmentRecord,
    AttemptRecord,
    NewAssignment,
)
from bot.store.calendar_page_records import AssignmentTally, DayFilter, PostedDayLine
from bot.store.calendar_records import (
    CalendarSettings,
    NewSchedule,
    OccurrenceRecord,
    QotdAnswer,
    QotdBoardLine,
    QotdDay,
    QotdSettings,
    ScheduleMove,
    ScheduleRecord,
    Shards,
)
from bot.store.face_records import MemberFace
from bot.store.fitting_records import MemberParameters, PastReview, ReviewCount, ServerParameters
from bot.store.outage import Outage
from bot.store.periods import Period
from bot.store.picture_records import DeckPictureRecord
from bot.store.records import (
    Answer,
    Approval,
    AuditEntry,
    Board,
    BoardLine,
    EarnedAchievement,
    FirstTry,
    FlagRecord,
    GivenVersions,
    GroupWeek,
    GuildDeckRecord,
    GuildSettings,
    KeptItemFigures,
    MemberStats,
    Memory,
    NewRound,
    PollVote,
    PracticeAnswer,
    PracticeRecord,
    Recorded,
    ReportLine,
    RoundFilter,
    RoundProgress,
    RoundRecord,
    StruggleLine,
    SuggestionRecord,
    VersionRecord,
    WebSession,
    WeekStats,
)


class LifeStore(Protocol):
    """Opening and closing the store, and whether its database answers."""

    # -- life ----------------------------------------------------------------------------------------

    async def close(self) -> None:
        """Write what is on its way, then let go of the database; the store answers StoreError after."""

    async def __aenter__(self) -> Self: ...

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None: ...

    @property
    def outage(self) -> Outage:
        """Whether the database answers, as the last calls found (StoreUnavailable while it does not)."""


class SettingsStore(Protocol):
    """Meta values, each server's settings, each member's language and retention."""

    # -- meta and settings ---------------------------------------------------------------------------

    async def get_meta(self, key: str) -> str | None:
        """A value the bot keeps for itself (the command tree's hash...); None when never set."""

    async def set_meta(self, key: str, value: str) -> None: ...

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        """The server's settings; the defaults when it never changed any."""

    async def save_guild_settings(self, settings: GuildSettings) -> None: ...

    async def member_language(self, user_id: int) -> str | None: ...

    async def member_languages(self) -> dict[int, str]:
        """Every member who chose a language, with it (one read when the bot starts, then now and then)."""

    async def set_member_language(self, user_id: int, language: str | None) -> None:
        """Remember the member's language; None forgets it (back to their Discord language)."""

    async def member_retention(self, user_id: int) -> float | None:
        """The member's desired retention (fsrs), 0.70-0.97; None when they never chose one."""

    async def member_retentions(self, user_ids: Sequence[int]) -> dict[int, float]:
        """The desired retention of each of these members who chose one, by member (a round's players)."""

    async def set_member_retention(self, user_id: int, retention: float | None) -> None:
        """Remember the member's desired retention; None forgets it (back to the default). ValueError
        outside 0.70-0.97."""


class RoundsStore(Protocol):
    """Rounds as they are played: started, posted, revealed, ended."""

    # -- rounds --------------------------------------------------------------------------------------

    async def start_round(self, new: NewRound, occurrence: tuple[int, datetime] | None = None) -> RoundRecord:
        """Store a running round; RoundAlreadyRunning (carrying that round) when the channel has one.

        ValueError for a round without questions. Two callers racing for one channel: exactly one wins.
        `occurrence` (schedule id, time): a schedule's round, created only if that claimed occurrence has
        no round yet, its id written to the claim in the same transaction; OccurrenceTaken otherwise.
        """

    async def get_round(self, round_id: int) -> RoundRecord | None: ...

    async def running_round(self, channel_id: int) -> RoundRecord | None: ...

    async def running_rounds(self) -> list[RoundRecord]:
        """Every round still running, oldest first: what to resume after a restart."""

    async def set_intro_message(self, round_id: int, message_id: int) -> None: ...

    async def save_teams(self, round_id: int, members: Mapping[int, int]) -> None:
        """Put each member (user id → team, from 0) on their team in the round; a member's new team replaces the old."""

    async def round_teams(self, round_id: int) -> dict[int, int]:
        """The round's members by team, in the order they first joined."""

    async def save_hints(self, round_id: int, index: int, user_id: int, hints: int) -> None:
        """The member pressed Hint `hints` times (1-3) on question `index`; fewer than kept change nothing."""

    async def round_hints(self, round_id: int) -> list[tuple[int, int, int]]:
        """Every press of Hint kept for the round, as (question_index, user_id, hints), by question then member."""

    async def round_members(self, round_id: int) -> list[int]:
        """Everyone who joined the round, by id (smallest first): answered a question, voted in a poll,
        pressed Hint or was counted in a team."""

    async def post_question(self, round_id: int, index: int, message_id: int, posted_at: datetime) -> None:
        """The round's question `index` is on screen from `posted_at` (its clock) in message `message_id`.

        ValueError for an unknown round or a question the round does not have.
        """

    async def reveal_question(self, round_id: int, index: int, revealed_at: datetime) -> None:
        """The question was revealed; a second reveal keeps the first time."""

    async def finish_round(
        self, round_id: int, status: str, ended_at: datetime, reason: str | None = None
    ) -> None:
        """End a running round as finished, stopped or interrupted; an ended round keeps its first ending."""

    async def last_finished_round(self, guild_id: int, channel_id: int) -> RoundRecord | None:
        """The channel's most recently ended round (finished, stopped or interrupted)."""

    async def latest_round_played(self, user_id: int, guild_id: int | None) -> RoundRecord | None:
        """The round of the member's latest answer (in this server when given); None if they never answered."""


class AnswersStore(Protocol):
    """Answers and poll votes in rounds, and the boards, stats and reports made of them."""

    # -- answers -------------------------------------------------------------------------------------

    async def record_answer(self, answer: Answer) -> Recorded:
        """Store the member's answer, committed before this returns; or tell what they answered before.

        Exactly once: of any number of concurrent calls for one (round, question, member), from this
        process or another, exactly one gets first=True; the others get that first answer. A busy
        database is waited for, never a reason to drop an answer. ValueError for an unknown round.
        """

    async def import_answers(self, answers: Iterable[Answer]) -> int:
        """Add many answers in one transaction (imports, benchmarks); duplicates are skipped.

        Returns how many were new; the boards count them as if each had been recorded.
        """

    async def round_answers(self, round_id: int, question_index: int | None = None) -> list[Answer]:
        """The round's answers (or one question's), in the order they came."""

    async def record_vote(self, vote: PollVote) -> PollVote | None:
        """Keep a member's vote on a poll, committed before this returns; None, or the vote they gave before.

        Exactly once, like record_answer. Votes never reach the boards or /stats. ValueError for an unknown round.
        """

    async def round_votes(self, round_id: int) -> list[PollVote]:
        """The votes on the round's polls, by question then time."""

    # -- leaderboards --------------------------------------------------------------------------------
    #
    # Round answers in one server only (practice never counts). Order: points, then right answers, then
    # whoever reached their score first (the earliest last answer in the period), then the member id.
    # Ranks are competition ranks by points alone: equal points share a rank (1, 2, 2, 4).

    async def leaderboard(
        self,
        guild_id: int,
        period: Period,
        now: datetime,
        *,
        deck_id: str | None = None,
        offset: int = 0,
        limit: int = 10,
    ) -> Board:
        """One page of the server's board for the period holding `now` (one deck's when given)."""

    async def member_rank(
        self, guild_id: int, user_id: int, period: Period, now: datetime, *, deck_id: str | None = None
    ) -> BoardLine | None:
        """The member's line on the board; None when they have no answer in the period."""

    # -- stats and reports ---------------------------------------------------------------------------

    async def member_stats(self, guild_id: int, user_id: int, now: datetime) -> MemberStats:
        """What /stats shows: round answers in this server, practice answers anywhere."""

    async def group_weeks(self, guild_id: int, now: datetime) -> tuple[GroupWeek, ...]:
        """The server's round answers per week (answered, right, members who answered), the chart's weeks
        ending with `now`'s (bot.store.weeks.Chart: oldest first, empty weeks with zeros)."""

    async def question_report(
        self, guild_id: int, *, round_id: int | None = None, deck_id: str | None = None
    ) -> list[ReportLine]:
        """Per question: answered, right, and the commonest wrong answer (exactly one of round or deck).

        For a round: every question in round order, unanswered ones with zeros (empty for a round of
        another server). For a deck: every question of it answered in this server's rounds, the least
        understood first (lowest share right, then most answered, then question id). Typed answers
        that differ only in case or spacing count as one mistake.
        """

    async def deck_struggles(self, guild_id: int, deck_id: str, *, failures: int) -> list[StruggleLine]:
        """Per question of the deck answered in this server (rounds and practice), the hardest first.

        Members: who answered it here; first_right: of whom right at their first answer here; leeches: of
        whom have failed it `failures` times or more (anywhere). Hardest: most leeches, then lowest share
        right at the first try, then most members, then question id.
        """

    async def first_tries(self, guild_id: int, deck_id: str) -> list[FirstTry]:
        """Each member's first answer to each version of each question of the deck in this server's
        rounds, by question id, version, then member: what item analysis (bot.quiz.item_analysis) is
        computed from. A question's own deck counts, so a mixed round's answers count for each question's
        deck. Kept as the answers are written (table first_tries), so this is one indexed read."""

    async def first_try_mark(self, guild_id: int, deck_id: str) -> int:
        """A number that grows whenever a first try of the deck in this server is added, replaced,
        moved to a version or removed (0 before any): kept by triggers per member, summed here."""

    async def kept_item_figures(self, guild_id: int, deck_id: str) -> KeptItemFigures | None:
        """The deck's item figures as last kept in this server; None when never."""

    async def keep_item_figures(self, figures: KeptItemFigures) -> None:
        """Keep a deck's item figures in place of the last ones."""

    async def stale_item_figures(self, guild_id: int | None = None) -> list[tuple[int, str]]:
        """The (server, deck) pairs whose kept item figures stand at another first-try mark than the
        deck's now (some first try changed since), by server then deck; of one server when given."""


class VersionsStore(Protocol):
    """The versions of questions as asked, and the glue that gives rounds, assignments and days theirs."""

    # -- versions of questions as asked (bot/bank/versions.py) ---------------------------------------

    async def keep_versions(self, versions: Sequence[tuple[str, str]], at: datetime) -> None:
        """Keep each (digest, canonical JSON) once; a version kept already keeps its first sighting."""

    async def question_versions(self, digests: Iterable[str]) -> dict[str, VersionRecord]:
        """The versions kept under those digests (a digest not kept is left out)."""

    async def rounds_without_versions(self) -> list[RoundRecord]:
        """Rounds from before versions were kept that have not been given their snapshot, by id."""

    async def set_round_versions(self, given: GivenVersions) -> None:
        """Give rounds without versions their digests (by round id), keeping the versions they name, all in
        one transaction; a round that has versions keeps them."""

    async def assignment_versions(self, assignment_id: int) -> tuple[str | None, ...] | None:
        """The digests of an assignment's questions, in question_ids' order; None when none were given."""

    async def assignments_without_versions(self) -> list[tuple[int, int, str, tuple[str, ...]]]:
        """(id, guild, deck, question ids) of each assignment without versions, by id."""

    async def set_assignment_versions(self, given: GivenVersions) -> None:
        """As set_round_versions, for assignments (by assignment id)."""

    async def qotd_version(self, guild_id: int, day: int) -> str | None:
        """The digest of the version a day's question of the day asked; None when none is known."""

    async def qotd_days_without_version(self) -> list[tuple[int, int, str, str]]:
        """(guild, day, deck, question) of each question of the day without a version."""

    async def set_qotd_version(
        self, guild_id: int, day: int, version: tuple[str, str] | None, at: datetime
    ) -> None:
        """Give a day without a version its (digest, JSON), or None when its question was gone (then it
        is not asked again); a day with a version keeps it."""

    async def unversioned_first_tries(self) -> list[tuple[int, str, str]]:
        """(guild, deck, question) of first tries from before versions were kept."""

    async def version_first_tries(self, guild_id: int, deck_id: str, question_id: str, digest: str) -> None:
        """Move a question's first tries from before versions were kept to version `digest`."""

    async def deck_weeks(self, guild_id: int, deck_id: str, now: datetime) -> tuple[WeekStats, ...]:
        """The deck's round answers in this server per week, the chart's weeks ending with `now`'s
        (bot.store.weeks.Chart: oldest first, empty weeks with zeros)."""


class PracticeStore(Protocol):
    """Practice answers, each member's memory of each question, practice sessions."""

    # -- practice and memories -----------------------------------------------------------------------

    async def record_practice(self, answer: PracticeAnswer, memory: Memory | None = None) -> None:
        """Store a practice answer and, when given, the member's new memory of it, in one transaction
        (ValueError when the memory is of another member or question)."""

    async def save_memories(self, memories: Sequence[Memory]) -> None:
        """Upsert many memories in one transaction (a round's reviews, written at each reveal)."""

    async def question_memories(
        self, deck_id: str, question_id: str, user_ids: Sequence[int]
    ) -> dict[int, Memory]:
        """What each of these members remembers of one question, by member (those who met it before)."""

    async def memories(self, user_id: int, deck_id: str) -> dict[str, Memory]:
        """The member's memory of each question of the deck they have met, by question id."""

    async def due_count(self, user_id: int, now: datetime, deck_id: str | None = None) -> int:
        """How many of the member's questions are due for review at `now`."""

    async def next_due(self, user_id: int, deck_id: str | None = None) -> datetime | None:
        """When the member's next review falls due (may be in the past); None with nothing to review."""

    async def practice_count_since(self, guild_id: int, user_id: int, since: datetime) -> int:
        """How many practice answers (each a review) the member gave in the server from `since` on;
        practice in a DM counts in no server."""

    # -- practice sessions ---------------------------------------------------------------------------

    async def start_practice(self, user_id: int, deck_id: str, state: str, now: datetime) -> int:
        """Keep a new practice session; its id is never given twice, across restarts too."""

    async def save_practice(self, practice_id: int, state: str, now: datetime) -> None:
        """Replace the session's state; an ended or forgotten session stays gone (nothing is written)."""

    async def practice(self, practice_id: int) -> PracticeRecord | None:
        """The session as last saved; None once ended or forgotten."""

    async def end_practice(self, practice_id: int) -> None: ...

    async def forget_practices_before(self, moment: datetime) -> int:
        """Remove the sessions last saved before `moment` (abandoned ones); returns how many."""


class _DeckMaterialStore(Protocol):
    """Flagged questions, uploaded decks and suggested questions (DecksStore adds the approval)."""

    # -- flagged questions ---------------------------------------------------------------------------

    async def flag_question(self, flag: FlagRecord) -> bool:
        """Keep a member's flag (its status is ignored: it is open). True when it counts as a new flag;
        False when that member's flag of that question in that server was already open (its reason and
        note are replaced). A dismissed or resolved flag is reopened by a new one. ValueError for a
        reason not in FLAG_REASONS."""

    async def open_flags(self, guild_id: int) -> list[FlagRecord]:
        """The server's open flags, oldest first."""

    async def close_flags(
        self, guild_id: int, deck_id: str, question_id: str, status: str, by: int, at: datetime
    ) -> int:
        """Mark the open flags of one question "dismissed" or "resolved"; returns how many were open."""

    # -- uploaded decks ------------------------------------------------------------------------------

    async def save_guild_deck(self, record: GuildDeckRecord) -> None:
        """Keep an uploaded deck; uploading the same deck id again replaces it."""

    async def add_guild_deck(self, record: GuildDeckRecord) -> bool:
        """Keep a new deck; False (and nothing changed) when the server has a deck of that id already."""

    async def save_guild_deck_over(self, record: GuildDeckRecord, was: GuildDeckRecord) -> bool:
        """Keep `record` only while the stored deck is still `was`, the one the change was made to
        (compare and set); False, with nothing written, when another process saved or deleted it since."""

    async def guild_decks(self, guild_id: int | None = None) -> list[GuildDeckRecord]:
        """The server's uploaded decks (every server's when None), by server then deck id."""

    async def delete_guild_deck(self, guild_id: int, deck_id: str) -> bool:
        """Forget an uploaded deck; False when there was none. Scores earned with it stay."""

    # -- suggested questions -------------------------------------------------------------------------

    async def add_suggestion(
        self, guild_id: int, deck_id: str, author_id: int, question: str, now: datetime
    ) -> SuggestionRecord:
        """Queue a member's suggested question (JSON text in the deck format's keys) for review."""

    async def suggestion(self, suggestion_id: int) -> SuggestionRecord | None:
        """One suggestion, whatever its status; None when there is no such id."""

    async def pending_suggestions(
        self, guild_id: int, *, author_id: int | None = None, limit: int = 25
    ) -> list[SuggestionRecord]:
        """A server's suggestions still waiting for review (only `author_id`'s, if given), oldest first."""

    async def settle_suggestion(
        self, suggestion_id: int, status: str, reviewer_id: int, now: datetime, question: str | None = None
    ) -> bool:
        """Approve or reject a pending suggestion (with the reviewer's edited `question`, if any).

        False when it was not pending: two moderators answering at once settle it once.
        """


class PicturesStore(Protocol):
    """The pictures uploaded for each server deck's questions (deleted with their deck: delete_guild_deck)."""

    async def add_deck_picture(self, record: DeckPictureRecord) -> bool:
        """Keep a deck's picture; False (nothing changed) when the deck keeps that name already."""

    async def deck_picture(self, guild_id: int, deck_id: str, name: str) -> DeckPictureRecord | None: ...

    async def server_picture(self, guild_id: int, name: str) -> DeckPictureRecord | None:
        """The picture of that name in any of the server's decks (a name is its bytes' digest)."""

    async def deck_picture_names(self, guild_id: int, deck_id: str) -> dict[str, datetime]:
        """The deck's pictures' names, in order, each with when it was kept."""

    async def copy_deck_pictures(self, guild_id: int, deck_id: str, to_deck_id: str, at: datetime) -> int:
        """Give the deck `to_deck_id` a copy of each of `deck_id`'s pictures; how many were copied."""

    async def delete_deck_picture(self, guild_id: int, deck_id: str, name: str) -> bool:
        """Forget one picture of the deck; False when it had none of that name."""

    async def server_picture_bytes(self, guild_id: int) -> int:
        """The bytes of every picture of the server's decks, together (a copied deck's counted again)."""


class CalendarStore(Protocol):
    """The group's calendar: schedules and their occurrences, champions, the question of the day, assignments."""

    # -- the group's calendar ------------------------------------------------------------------------

    async def calendar_settings(self, guild_id: int) -> CalendarSettings:
        """The server's time zone and champion role; UTC and none when it never set them."""

    async def save_calendar_settings(self, settings: CalendarSettings) -> None: ...

    async def add_schedule(self, new: NewSchedule, wake_at: datetime) -> ScheduleRecord:
        """Keep a scheduled round; the runner first looks at it at `wake_at` (its announcement or start)."""

    async def schedule(self, schedule_id: int) -> ScheduleRecord | None:
        """A schedule not removed; None otherwise."""

    async def guild_schedules(self, guild_id: int) -> list[ScheduleRecord]:
        """The server's schedules (those that already ran once too), by id."""

    async def remove_schedule(self, guild_id: int, schedule_id: int) -> bool:
        """Stop a schedule of this server; False when it has none by that id."""

    async def due_schedules(
        self, now: datetime, limit: int = 500, shards: Shards = None
    ) -> list[ScheduleRecord]:
        """Schedules whose runner should look at them by `now` (earliest first), of the servers on
        `shards` ((shard_count, ids); None: every server's); filtered before the limit counts."""

    async def move_schedule(
        self, schedule_id: int, move: ScheduleMove, result: tuple[str, datetime] | None = None
    ) -> bool:
        """Move a schedule on as `move` says, noting the `result` of the occurrence it leaves (what
        happened, when) if given; False when another process moved it first (its next_at is no longer
        `move.was`) or it was removed."""

    async def note_schedule_result(self, schedule_id: int, result: str, at: datetime) -> None:
        """What happened to the schedule's latest occurrence (`/quiz schedule list` shows it)."""

    async def claim_round_occurrence(self, claim: OccurrenceRecord, move: ScheduleMove) -> bool:
        """Claim the schedule's round at `claim.occurrence_at` (claimed at claim.claimed_at) and make the
        schedule's `move`, in one transaction: True for exactly one caller; a loser changes nothing. Outcome
        pending: its round is to be started (start_round with the occurrence, which gives the claim its
        round_id: ValueError for a claim that has one); missed or skipped are final."""

    async def settle_round_occurrence(
        self, schedule_id: int, occurrence: datetime, outcome: str, detail: str | None
    ) -> bool:
        """A pending occurrence that will get no round: skipped (detail: why) or missed."""

    async def claim_announcement(
        self, schedule_id: int, occurrence: datetime, now: datetime, *, stale_before: datetime
    ) -> bool:
        """Claim the announcement of the schedule's round at `occurrence`, pending until settled: True for
        exactly one caller, and again for one caller once a claim still pending was made by `stale_before`
        (its claimer died before posting)."""

    async def settle_announcement(self, schedule_id: int, occurrence: datetime) -> None:
        """The announcement claimed is posted (or will never be): it is not claimed again."""

    async def schedule_occurrences(self, schedule_id: int, limit: int = 5) -> list[OccurrenceRecord]:
        """The schedule's latest claimed occurrences, newest first, with what became of each."""

    async def pending_round_occurrences(
        self, since: datetime, claimed_by: datetime, limit: int = 500, shards: Shards = None
    ) -> list[tuple[ScheduleRecord, datetime]]:
        """Occurrences at or after `since`, claimed by `claimed_by`, whose round was never created (a
        crash between the claim and the start), on `shards`' servers, oldest first."""

    async def due_champions(
        self, now: datetime, limit: int = 500, shards: Shards = None
    ) -> list[CalendarSettings]:
        """Servers whose champion period ended by `now`, on `shards` (None: all), earliest first."""

    async def move_champion(
        self, guild_id: int, was: datetime, next_at: datetime, problem: str | None
    ) -> bool:
        """Move the server's champion period on from `was`, noting the handover's problem (None: it went well)."""

    async def period_top(
        self, guild_id: int, start: datetime, end: datetime, limit: int
    ) -> list[tuple[int, int]]:
        """The members with the most round points in the server from `start` to `end`, with their points."""

    async def champions(self, guild_id: int) -> list[int]:
        """Who won the server's latest champion period (the role's holders)."""

    async def save_champions(self, guild_id: int, period_end: datetime, user_ids: Sequence[int]) -> None: ...

    async def claim_occurrence(self, kind: str, key_id: int, occurrence: datetime, now: datetime) -> bool:
        """Claim one occurrence of something timed (kind: a round, an announcement...); True for exactly
        one caller however many processes ask, across restarts too."""

    # -- the question of the day -------------------------------------------------------------------

    async def qotd_settings(self, guild_id: int) -> QotdSettings | None:
        """The server's question of the day (on or off); None when it never set one."""

    async def save_qotd_settings(self, settings: QotdSettings) -> None: ...

    async def due_qotds(self, now: datetime, limit: int = 500, shards: Shards = None) -> list[QotdSettings]:
        """Servers whose next question of the day is due by `now`, on `shards` (None: all), earliest first."""

    async def move_qotd(self, guild_id: int, was: datetime, next_at: datetime | None) -> bool:
        """Move the server's next posting on from `was`; False when another process moved it first."""

    async def claim_qotd_day(self, day: QotdDay, retry_at: datetime | None = None) -> bool:
        """Keep the day's question; True for exactly one caller per server and day. `retry_at`: when the
        day is due to be posted again should its claimer die before posting it (the claim's lease)."""

    async def set_qotd_message(self, guild_id: int, day: int, message_id: int) -> None:
        """Keep the day's posted message (and forget any earlier failure to post it)."""

    async def qotd_post_failed(
        self, guild_id: int, day: int, problem: str, retry_at: datetime | None
    ) -> None:
        """Keep why the day's question could not be posted (a code) and when to try again (None: never)."""

    async def qotd_post_problem(self, guild_id: int, day: int) -> str | None:
        """Why the day's question is not posted (its code), or None."""

    async def qotd_days_to_retry(self, now: datetime, limit: int = 500) -> list[tuple[QotdDay, datetime]]:
        """Unposted days whose next try is due by `now`, with that try's time, every server's."""

    async def claim_qotd_retry(
        self, guild_id: int, day: int, retry_at: datetime, until: datetime | None = None
    ) -> bool:
        """Take the try due at `retry_at`; True for exactly one caller. `until`: the next try should the
        taker die before posting (None: no next try)."""

    async def qotd_day(self, guild_id: int, day: int) -> QotdDay | None: ...

    async def latest_qotd_day(self, guild_id: int) -> QotdDay | None:
        """The server's most recent question of the day."""

    async def qotd_days_to_reveal(
        self, now: datetime, limit: int = 500, shards: Shards = None
    ) -> list[QotdDay]:
        """Questions of the day past their closing and not yet revealed, on `shards` (None: all)."""

    async def reveal_qotd_day(self, guild_id: int, day: int, at: datetime) -> bool:
        """Mark the day's question revealed; True for exactly one caller (the one who edits the message)."""

    async def qotd_history(self, guild_id: int, deck_id: str) -> list[str]:
        """The question ids the server's posted questions of the day took from the deck, oldest first."""

    async def qotd_posted_days(self, guild_id: int) -> list[int]:
        """Every day (YYYYMMDD) the server's question of the day was posted, in order; a day Discord
        refused the post is not one."""

    async def record_qotd_answer(self, answer: QotdAnswer) -> QotdAnswer | None:
        """Keep a member's answer, committed before this returns; None, or the answer they gave before."""

    async def qotd_answers(self, guild_id: int, day: int) -> list[QotdAnswer]: ...

    async def member_qotd_days(self, guild_id: int, user_id: int) -> list[int]:
        """The days (YYYYMMDD) the member answered the server's question of the day, in order."""

    async def qotd_board(
        self, guild_id: int, *, offset: int = 0, limit: int = 10
    ) -> tuple[tuple[QotdBoardLine, ...], int]:
        """A page of members by right answers to the question of the day, and how many members there are."""

    # -- assignments ---------------------------------------------------------------------------------

    async def add_assignment(self, new: NewAssignment) -> AssignmentRecord: ...

    async def set_assignment_message(self, assignment_id: int, message_id: int) -> None: ...

    async def assignment(self, assignment_id: int) -> AssignmentRecord | None: ...

    async def guild_assignments(self, guild_id: int) -> list[AssignmentRecord]:
        """The server's latest 25 assignments, newest first."""

    async def close_assignment(self, guild_id: int, assignment_id: int, at: datetime) -> bool:
        """Close an open assignment of this server now; False when there is none open by that id."""

    async def start_attempt(
        self, assignment_id: int, user_id: int, at: datetime, most: int
    ) -> AttemptRecord | None:
        """The member's next attempt; None once they made `most` (two Starts at once make one)."""

    async def attempt(self, attempt_id: int) -> AttemptRecord | None: ...

    async def member_attempts(self, assignment_id: int, user_id: int) -> list[AttemptRecord]: ...

    async def assignment_attempts(self, assignment_id: int) -> list[AttemptRecord]:
        """Every member's attempts, in the order they started."""

    async def finish_attempt(self, attempt_id: int, at: datetime) -> bool: ...

    async def record_assignment_answer(self, answer: AssignmentAnswer) -> AssignmentAnswer | None:
        """Keep the attempt's answer, committed before this returns; None, or the one given before."""

    async def attempt_answers(self, attempt_id: int) -> list[AssignmentAnswer]: ...

    async def assignment_answers(self, assignment_id: int) -> list[AssignmentAnswer]:
        """Every attempt's answers, by attempt then question."""


class DecksStore(_DeckMaterialStore, Protocol):
    """A server's decks: flags, uploads, suggestions and their approval."""

    async def approve_suggestion(self, approval: Approval) -> bool:
        """Approve a pending suggestion (as the reviewer's final text) and save the approval's deck, the
        suggestion's deck with it added, in one transaction: both are written or neither is.

        False, with nothing written, when it was not pending. ValueError when the deck is not the
        suggestion's deck or the database refuses it (the suggestion then stays pending).
        """

    async def approve_suggestion_over(self, approval: Approval, was: GuildDeckRecord) -> bool:
        """approve_suggestion, saving the deck only over `was`, the stored deck the approval was made to
        (compare and set, in the same transaction).

        DeckMoved, with nothing written, when the stored deck is no longer `was` (another process
        saved or deleted it since it was read): read it again and approve onto that.
        """


class WebStore(Protocol):
    """The dashboard's sessions and audit log, the deck version, the rounds and servers it lists."""

    # -- the web dashboard ---------------------------------------------------------------------------

    async def claim_meta(self, key: str, value: str) -> str:
        """Keep `value` under `key` unless one is kept already; returns the one kept (first writer wins,
        across processes: two dashboards starting at once agree on one session secret)."""

    async def save_web_session(self, session: WebSession) -> None:
        """Keep a signed-in browser's session; saving the same id again updates its servers and expiry."""

    async def web_session(self, id_hash: str, now: datetime) -> WebSession | None:
        """The session with that id hash, unless it expired by `now` or was ended."""

    async def end_web_session(self, id_hash: str) -> bool:
        """Forget a session (logout); False when there was none."""

    async def forget_web_sessions_before(self, moment: datetime) -> int:
        """Remove the sessions expired by `moment`; returns how many."""

    async def end_member_web_sessions(self, user_id: int) -> int:
        """Forget every session of the member, in every browser ("log out everywhere"); returns how many."""

    async def add_audit(self, entry: AuditEntry) -> AuditEntry:
        """Write one change to the server's audit log; returns it with its id."""

    async def audit_log(
        self, guild_id: int, *, limit: int = 50, before_id: int | None = None
    ) -> list[AuditEntry]:
        """The server's audit log, newest first (older than `before_id` when given)."""

    async def bump_deck_version(self, guild_id: int) -> int:
        """Count one more change to the server's decks; returns the new version (1 for the first)."""

    async def deck_version(self, guild_id: int) -> int:
        """The server's deck version: 0 until its decks first change. A process whose copy of the decks
        is older loads them again."""

    async def guild_rounds(
        self,
        guild_id: int,
        *,
        limit: int = 25,
        before_id: int | None = None,
        only: RoundFilter = RoundFilter(),  # noqa: B008 (frozen: one shared value is safe)
    ) -> list[RoundRecord]:
        """The server's rounds, running and ended, newest first (older than `before_id` when given), those
        `only` lets through: started in its time span, of its deck, answered in by its member."""

    async def guild_players(self, guild_id: int, *, limit: int) -> list[int]:
        """Up to `limit` members who have answered in the server's rounds, the latest to play first."""

    async def member_guilds(self, user_id: int) -> list[int]:
        """The servers where the member has answered in a round, by id."""

    # -- the calendar's pages (bot/store/common/calendar_pages.py) --------------------------------------

    async def posted_days(
        self, guild_id: int, only: DayFilter, *, before: int | None = None, limit: int = 25
    ) -> list[PostedDayLine]:
        """The server's posted questions of the day `only` lets through, newest first (days before `before`,
        a YYYYMMDD, when given), each with how many members answered and how many were right."""

    async def posted_day(self, guild_id: int, day: int) -> QotdDay | None:
        """The server's question of day `day` (YYYYMMDD) if it was posted; None otherwise."""

    async def assignments_page(
        self, guild_id: int, *, before: int | None = None, limit: int = 25
    ) -> list[AssignmentRecord]:
        """Up to `limit` of the server's assignments, newest first (numbered below `before` when given)."""

    async def span_tallies(self, guild_id: int, oldest: int, newest: int) -> list[AssignmentTally]:
        """The members of each of the server's assignments numbered `oldest` to `newest` that has any, by
        assignment id: who started, who finished an attempt, each one's best points made in time."""

    async def qotd_span_answers(self, guild_id: int, first: int, last: int) -> list[QotdAnswer]:
        """The answers to the server's questions of the days `first` to `last` (YYYYMMDD), by day."""


class AchievementsStore(Protocol):
    """Each member's badges in each server: kept once, whoever asks first, whatever restarts."""

    async def keep_achievements(self, earned: Sequence[EarnedAchievement]) -> list[EarnedAchievement]:
        """Keep each badge not kept already for its member and server (one transaction); the ones kept now,
        in the order given. A badge kept before keeps its first time and round: it is not in the answer."""

    async def member_achievements(self, guild_id: int, user_id: int) -> list[EarnedAchievement]:
        """The member's badges in the server, first earned first (a deleted deck takes none away)."""

    async def achievements_in(self, user_id: int, guild_ids: Sequence[int]) -> list[EarnedAchievement]:
        """The member's badges in any of these servers, first earned first, in one read."""

    async def round_progress(self, guild_id: int, round_id: int) -> Mapping[int, RoundProgress]:
        """Each member who answered in the round, by id: their rounds and right answers in the server's
        rounds (that round included), and whether they got one of its questions right after a wrong answer
        to it before."""


class FittingStore(Protocol):
    """The reviews fsrs's parameters are fitted to, and the parameters fitted to each server and member."""

    async def review_counts(self) -> list[ReviewCount]:
        """How many reviews (round and practice answers) each member gave in each server (None: in direct
        messages), by member then server."""

    async def member_reviews(self, user_id: int, limit: int) -> list[PastReview]:
        """The member's newest `limit` reviews, anywhere, oldest first."""

    async def server_reviews(self, guild_id: int, limit: int) -> list[PastReview]:
        """The newest `limit` reviews given in the server, by any member, oldest first."""

    async def save_server_parameters(self, parameters: ServerParameters) -> None:
        """Keep the server's newest fit, in place of the one before."""

    async def server_parameters(self, guild_id: int) -> ServerParameters | None:
        """The server's newest fit; None when it has none."""

    async def keep_member_parameters(
        self, kept: Sequence[MemberParameters], forgotten: Sequence[int] = ()
    ) -> None:
        """In one transaction: keep each member's parameters (in place of theirs before), and forget those
        of the members `forgotten` (back to fsrs's defaults)."""

    async def member_parameters(self, user_ids: Sequence[int]) -> dict[int, MemberParameters]:
        """The parameters of each of these members who has some, by member (a round's players)."""


class FacesStore(Protocol):
    """How members show in the dashboard: their names and avatars as their interactions carried them."""

    async def save_member_faces(self, faces: Sequence[MemberFace]) -> None:
        """Keep these faces, each in place of its member's face before, in one transaction."""

    async def member_faces(self, user_ids: Sequence[int]) -> dict[int, MemberFace]:
        """The kept face of each of these members who has one, by member, in one read."""


@runtime_checkable
class Store(
    LifeStore,
    SettingsStore,
    RoundsStore,
    AnswersStore,
    VersionsStore,
    PracticeStore,
    DecksStore,
    PicturesStore,
    CalendarStore,
    WebStore,
    AchievementsStore,
    FittingStore,
    FacesStore,
    Protocol,
):
    """Bvunzo's memory. Every write is whole or not at all; every method may raise StoreError.

    The union of the protocols by concern above: a consumer that needs one concern takes that protocol
    (a RoundsStore, a CalendarStore, ...), and any Store is one.
    """
