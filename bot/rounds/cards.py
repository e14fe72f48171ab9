"""What a round shows, as render-neutral cards: the channel port turns each into Discord's embeds and buttons.

The service decides what a message says from the engine's state; how it looks is bot/ui's (embeds)
and the port's (buttons, whose custom_ids dispatch back into cogs). A card holds engine objects and
plain values only, so the service and its tests never build a discord.py object.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from bot.bank.models import Deck, Question
from bot.quiz import PlayerResult, Reveal, RoundOptions
from bot.quiz.achievements import RoundBadges
from bot.quiz.teams import TeamResult


class Sentence:
    """A sentence written when it is shown, in the language spoken there and then.

    The round's own sentences (a resume notice, why a round was cut short) are made in its task, which
    speaks whichever language started it; the port shows them inside the server's language
    (bot/discord/round_channel.py), so they are written there: `Sentence(lambda: _("..."))`. Equal to a
    string, or another Sentence, that reads the same in the language spoken now.
    """

    __slots__ = ("_say",)

    def __init__(self, say: Callable[[], str]) -> None:
        self._say = say

    def __str__(self) -> str:
        return self._say()

    def __repr__(self) -> str:
        return f"Sentence({self._say()!r})"  # i18n: not shown

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sentence | str):
            return str(self) == str(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(str(self))


Said = str | Sentence  # what a card says: deck text as it is, or the bot's own words written when shown


@dataclass(frozen=True, slots=True)
class IntroCard:
    """A new round's first message: the deck, how it plays, who started it (None: a schedule did)."""

    round_id: int
    deck: Deck
    questions: int
    options: RoundOptions
    started_by: int | None


@dataclass(frozen=True, slots=True)
class TeamsCard:
    """The message members pick a team on, with its moderators' Auto-balance."""

    round_id: int
    teams: int


@dataclass(frozen=True, slots=True)
class QuestionCard:
    """A question while it is open: its choices in the round's order, its clock, how many answered.

    `opens_at` is set while the question is being read (its buttons disabled until then).
    """

    round_id: int
    index: int
    total: int
    question: Question
    order: tuple[int, ...]
    deck_title: str
    deadline: datetime | None
    answered: int
    opens_at: datetime | None
    untimed: bool
    hints: bool = False  # a typed question shows its Hint button


@dataclass(frozen=True, slots=True)
class RevealCard:
    """A question once revealed: the right choice, the counts, and what the round's standings allow."""

    round_id: int
    index: int
    total: int
    question: Question
    order: tuple[int, ...]
    reveal: Reveal
    deck_title: str
    names: bool  # False when the round hides every name before its end
    standings: tuple[PlayerResult, ...]
    teams: tuple[TeamResult, ...]
    reported: tuple[str, str]  # (deck id, question id) the question has in its own deck


@dataclass(frozen=True, slots=True)
class SummaryCard:
    """The round's end: its podium, every player's score, why it ended early (`note`)."""

    round_id: int
    deck: Deck
    scores: tuple[PlayerResult, ...]
    questions_played: int
    note: Said | None
    podium: int
    teams: tuple[TeamResult, ...]
    badges: tuple[RoundBadges, ...] = ()  # what members newly earned in the round, announced once here

    @property
    def buttons(self) -> bool:
        """Practise-what-I-missed and My-result, when someone played (nothing to look up otherwise)."""
        return bool(self.scores)


@dataclass(frozen=True, slots=True)
class Notice:
    """One sentence said in the channel (a resume, a round that could not resume, an error)."""

    text: Said


Card = IntroCard | TeamsCard | QuestionCard | RevealCard | SummaryCard | Notice
