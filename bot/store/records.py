"""Plain records the store takes and gives back: settings, rounds, answers, boards, stats, memories, practice."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields
from datetime import date, datetime

__all__ = [
    "FLAG_REASONS",
    "Answer",
    "Approval",
    "AuditEntry",
    "Board",
    "BoardLine",
    "DeckStats",
    "EarnedAchievement",
    "FirstTry",
    "FlagRecord",
    "GivenVersions",
    "GroupWeek",
    "GuildDeckRecord",
    "GuildSettings",
    "KeptItemFigures",
    "MemberStats",
    "Memory",
    "NewRound",
    "PollVote",
    "PracticeAnswer",
    "PracticeRecord",
    "Recorded",
    "ReportLine",
    "RoundFilter",
    "RoundProgress",
    "RoundRecord",
    "StruggleLine",
    "SuggestionRecord",
    "VersionRecord",
    "WebGuild",
    "WebSession",
    "WeekStats",
]


# The store imports nothing of the engine: round options cross it as plain columns, and bot/rounds/stored.py
# turns them into the engine's RoundOptions and back.
# The round options a server keeps as its defaults (RoundOptions' fields): GuildSettings names its columns
# after them.
DEFAULT_OPTIONS = (
    "questions", "seconds", "mode", "podium", "standings", "streak_bonus", "reading_seconds", "untimed",
    "long_prompts", "hints", "thread", "teams", "tags", "difficulty",
)  # fmt: skip
# Those a stored round keeps (its questions and its thread are kept as what they made, the filter shaped
# only its start).
KEPT_OPTIONS = tuple(
    name for name in DEFAULT_OPTIONS if name not in ("questions", "thread", "tags", "difficulty")
)


# How a server's round messages look: embeds and buttons, or one Components V2 card (bot/ui/round_layout.py).
CARD_STYLES = ("classic", "cards")
# Cards unless a server chose classic (issue 30), and outside a server. The default lives here, not in SQL:
# the migration's DEFAULT 'classic' kept the servers that had saved settings before as they were.
DEFAULT_CARD_STYLE = "cards"

ROUND_STATUSES = ("running", "finished", "stopped", "interrupted")
ENDED_STATUSES = ("finished", "stopped", "interrupted")


@dataclass(frozen=True, slots=True)
class GuildSettings:
    guild_id: int
    quiz_master_role_id: int | None = None
    questions: int = 10
    seconds: int = 20
    mode: str = "standard"  # "standard" | "speed"
    pause_seconds: int = 5  # pause between a reveal and the next question
    # Round options a /quiz start may override (issue 14): off or neutral by default.
    podium: int = 3  # places on the summary's podium, 1-10
    standings: str = "end"  # "end" | "live" (top 5 after each reveal) | "hidden" (no names before the end)
    streak_bonus: bool = False
    reading_seconds: int = 0  # a question shows this long before its buttons open, 0-30
    untimed: bool = False  # questions wait for every player or a moderator's Reveal
    long_prompts: bool = False  # +1 s per 100 characters of prompt beyond 200
    hints: bool = True  # typed questions offer a Hint button (each press costs a quarter of the points)
    tags: str = ""  # default filter: questions with any of these tags (space-separated); "" plays all
    difficulty: str | None = None  # default filter: easy | medium | hard; None plays all
    thread: bool = False  # rounds start in a new public thread under the channel
    teams: int = 0  # 0: no teams; 2-4: members join teams, scored by their mean points
    language: str | None = None  # what its channels read Bvunzo in (a bot/locales code); None: English
    card_style: str = DEFAULT_CARD_STYLE  # one of CARD_STYLES: how its rounds' questions look (issue 30)


@dataclass(frozen=True, slots=True)
class RoundStart:
    """What a round started with, new or stored: where, who, which questions, and the options it keeps
    (KEPT_OPTIONS, with its thread's channel)."""

    guild_id: int
    channel_id: int
    deck_id: str
    started_by: int
    question_ids: tuple[str, ...]
    seconds: int
    mode: str
    seed: int
    started_at: datetime
    podium: int = 3
    standings: str = "end"
    streak_bonus: bool = False
    reading_seconds: int = 0
    untimed: bool = False
    long_prompts: bool = False
    parent_channel_id: int | None = None  # a round in a thread: the channel the thread is under
    teams: int = 0
    hints: bool = True


@dataclass(frozen=True, slots=True)
class NewRound(RoundStart):
    # What each question asked, in question_ids' order: (digest, canonical JSON) of bot/bank/versions.py.
    asked: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class RoundRecord(RoundStart):
    """A stored round: how it started, and where it stands now."""

    id: int
    status: str  # one of ROUND_STATUSES
    current: int  # index of the question on now; -1 before the first is posted
    posted_at: datetime | None  # when the current question was posted: its clock starts there
    message_id: int | None  # the current question's message
    revealed: bool  # whether the current question has been revealed
    intro_message_id: int | None
    ended_at: datetime | None
    end_reason: str | None
    # The digest of the version each question asked, in question_ids' order (None: not known); empty for
    # a round from before versions were kept that the start-up has not given its snapshot yet.
    versions: tuple[str | None, ...] = ()


@dataclass(frozen=True, slots=True)
class RoundFilter:
    """Which of a server's rounds a list shows: started in [since, until), of one deck, answered in by one
    member; None for no bound."""

    since: datetime | None = None
    until: datetime | None = None
    deck_id: str | None = None
    member_id: int | None = None


@dataclass(frozen=True, slots=True)
class Answer:
    guild_id: int
    round_id: int
    question_index: int
    question_id: str
    deck_id: str
    user_id: int
    choice: int | None  # the ORIGINAL choice index, not the shuffled slot; None for text and multi answers
    # What the member typed, for text and number questions; for a multi question the set picked, as its
    # sorted ORIGINAL indices (`0,2`: bot/bank/models.py picked_text); for a cloze question the typed blanks
    # as a JSON list of strings (bot/bank/cloze.py blanks_text); for a match question the right item
    # chosen for each left one, `[1, 0, 2]` (bot/bank/match.py pairing_text); for an order question the
    # original indices in the order given (`2,0,1`: bot/bank/order.py arranged_text): no column was added
    # for any.
    text: str | None
    right: bool
    ms: int  # milliseconds from the question's posting to the answer
    points: int
    answered_at: datetime


@dataclass(frozen=True, slots=True)
class PollVote:
    """A member's vote on a poll of a round (a question with no right answer): no points, no accuracy."""

    guild_id: int
    round_id: int
    question_index: int
    user_id: int
    choice: int  # the ORIGINAL choice index
    voted_at: datetime


@dataclass(frozen=True, slots=True)
class Recorded:
    first: bool  # True: this call stored the answer
    previous: Answer | None  # when not first: what the member had answered before


@dataclass(frozen=True, slots=True)
class BoardLine:
    rank: int
    user_id: int
    points: int
    right: int
    answered: int

    @property
    def accuracy(self) -> float:
        return self.right / self.answered if self.answered else 0.0


@dataclass(frozen=True, slots=True)
class Board:
    lines: tuple[BoardLine, ...]
    total: int  # members on the whole board, not just this page


@dataclass(frozen=True, slots=True)
class DeckStats:
    deck_id: str
    points: int
    right: int
    answered: int


@dataclass(frozen=True, slots=True)
class WeekStats:
    week_start: date  # a Monday
    points: int
    right: int
    answered: int


@dataclass(frozen=True, slots=True)
class GroupWeek:
    """A server's round answers in one week (Monday to Sunday, UTC): how many, how many right, and how
    many members answered at least once."""

    week_start: date  # a Monday
    answered: int
    right: int
    members: int


@dataclass(frozen=True, slots=True)
class MemberStats:
    points: int
    answered: int
    right: int
    rounds: int
    best_streak: int
    week_points: int
    decks: tuple[DeckStats, ...]  # most points first
    weeks: tuple[WeekStats, ...]  # the last 8 weeks, oldest first, empty weeks included
    practice_answered: int
    practice_right: int


@dataclass(frozen=True, slots=True)
class ReportLine:
    question_index: int | None  # position in the round (0-based) for a round report; None for a deck report
    question_id: str
    answered: int
    right: int
    top_wrong_choice: int | None  # original index of the wrong choice chosen most (None: no wrong choice)
    top_wrong_count: int  # how many gave that wrong choice (or that wrong typed answer)
    top_wrong_text: str | None  # the most common wrong typed answer, for text questions


@dataclass(frozen=True, slots=True)
class StruggleLine:
    """How one question of a deck goes for a server's members: their first tries, and how many it is a leech for."""

    question_id: str
    members: int  # who answered it in this server (rounds or practice)
    first_right: int  # of whom right at their first try
    leeches: int  # of whom have failed it `failures` times or more


@dataclass(frozen=True, slots=True)
class FirstTry:
    """A member's first answer to one question of a deck in one server's rounds (item analysis)."""

    user_id: int
    question_id: str
    correct: bool
    choice: int | None  # the original choice index; None for typed answers
    version: str = ""  # the digest of the question's version answered ("": from before versions were kept)


@dataclass(frozen=True, slots=True)
class KeptItemFigures:
    """A deck's item figures in one server as last computed (bot/results/item_figures.py keeps them)."""

    guild_id: int
    deck_id: str
    questions: str  # a digest of the questions they judged (ids, versions, choices, keys)
    changes: int  # the deck's first-try mark when they were computed (Store.first_try_mark)
    computed_at: datetime
    figures: str  # JSON: sums and shares only, no member ids


@dataclass(frozen=True, slots=True)
class VersionRecord:
    """A question's version as kept: its canonical JSON and when it was first seen."""

    digest: str
    body: str
    first_seen_at: datetime


@dataclass(frozen=True, slots=True)
class GivenVersions:
    """Versions given to what was played before they were kept (rounds, assignments): the digests of each
    one's questions by its id (None: not known), and the versions (digest, canonical JSON) they name, first
    seen `at`."""

    digests: Sequence[tuple[int, Sequence[str | None]]]
    versions: Sequence[tuple[str, str]]
    at: datetime


@dataclass(frozen=True, slots=True)
class FlagRecord:
    """One member's report of a question that looks wrong, unclear or mistyped."""

    guild_id: int  # 0: flagged in direct messages
    deck_id: str
    question_id: str
    user_id: int
    reason: str  # one of FLAG_REASONS
    note: str | None
    status: str  # "open", "dismissed" or "resolved"
    flagged_at: datetime


FLAG_REASONS = ("wrong", "unclear", "typo", "other")


_MEMORY_KEY = ("user_id", "deck_id", "question_id")  # whose memory, of which question


@dataclass(frozen=True, slots=True)
class Memory:
    """One member's spaced-repetition state of one question."""

    user_id: int
    deck_id: str
    question_id: str
    card: str  # JSON text of the fsrs Card
    due: datetime
    reviews: int
    lapses: int
    last_review: datetime | None

    @classmethod
    def from_state(cls, user_id: int, deck_id: str, question_id: str, state: object) -> Memory:
        """The member's memory of the question as `state` holds it: the practice engine's MemoryState has
        the fields of a Memory but its key (the store imports no engine, as MemoryState.of imports no store)."""
        held = {
            field.name: getattr(state, field.name) for field in fields(cls) if field.name not in _MEMORY_KEY
        }
        return cls(user_id=user_id, deck_id=deck_id, question_id=question_id, **held)


@dataclass(frozen=True, slots=True)
class GuildDeckRecord:
    """A deck a server's moderators uploaded, kept as the text they sent."""

    guild_id: int
    deck_id: str
    source_name: str
    text: str
    uploaded_by: int
    uploaded_at: datetime


@dataclass(frozen=True, slots=True)
class PracticeAnswer:
    """A member's answer in practice: counted in /stats, never on a server's board."""

    user_id: int
    guild_id: int | None  # None: practised in direct messages
    deck_id: str
    question_id: str
    right: bool
    answered_at: datetime


@dataclass(frozen=True, slots=True)
class PracticeRecord:
    """A member's practice session in progress, kept so that it survives a restart."""

    id: int  # unique across restarts: an old message's buttons never reach a newer session
    user_id: int
    deck_id: str
    state: str  # JSON text of the practice engine's session (PracticeSession.to_dict)
    updated_at: datetime


@dataclass(frozen=True, slots=True)
class SuggestionRecord:
    """A question a member suggested for one of a server's decks, and what its review decided."""

    id: int
    guild_id: int
    deck_id: str
    author_id: int
    question: str  # JSON text: the question in the deck format's keys (prompt, choices, answer, ...)
    status: str  # pending, approved or rejected
    created_at: datetime
    reviewed_by: int | None = None


@dataclass(frozen=True, slots=True)
class Approval:
    """A moderator's approval of a pending suggestion: its final text, and its deck with it added."""

    suggestion_id: int
    reviewer_id: int
    at: datetime
    question: str  # the reviewer's final text (JSON, as SuggestionRecord.question)
    deck: GuildDeckRecord  # the suggestion's deck, the question added


@dataclass(frozen=True, slots=True)
class WebGuild:
    """A server as Discord listed it for a member at their web login."""

    id: int
    name: str
    icon: str | None = None  # Discord's hash of the server's icon, when it has one


@dataclass(frozen=True, slots=True)
class WebSession:
    """A signed-in browser: who, since when, until when; the cookie's id is kept only as its hash."""

    id_hash: str  # SHA-256 of the session id in the browser's cookie, hex
    user_id: int
    user_name: str
    guilds: tuple[WebGuild, ...]
    created_at: datetime
    expires_at: datetime


@dataclass(frozen=True, slots=True)
class AuditEntry:
    """One change made on the web: who made it, when, and what it was, in a moderator's words."""

    guild_id: int
    user_id: int
    user_name: str
    at: datetime
    action: str  # "settings saved", "flag resolved", "deck saved"...
    detail: str = ""
    id: int = 0  # given by the store; 0 for an entry not yet kept


@dataclass(frozen=True, slots=True)
class EarnedAchievement:
    """A badge a member earned in a server, kept once (bot/quiz/achievements.py names the badges)."""

    guild_id: int
    user_id: int
    achievement: str  # the badge's key, as bot/quiz/achievements.py's Achievement has it
    earned_at: datetime
    round_id: int | None  # the round it was earned in; None when not in a round


@dataclass(frozen=True, slots=True)
class RoundProgress:
    """What a member of a round has done in its server's rounds, that round included (for badges)."""

    user_id: int
    rounds: int  # rounds they answered in
    right: int  # right answers, all time
    comeback: bool  # right in that round on a question they had answered wrong in an earlier answer
