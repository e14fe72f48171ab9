"""The options of one round, as one record: a server's defaults, a /quiz start, the stored round, a resume."""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

from bot.bank.models import DIFFICULTIES
from bot.locales import N_, _, number
from bot.quiz.choosing import Filter
from bot.quiz.errors import QuizError
from bot.quiz.scoring import Mode
from bot.quiz.standings import PODIUM_DEFAULT, PODIUM_MAX, PODIUM_MIN, Standings
from bot.quiz.teams import MAX_TEAMS, MIN_TEAMS
from bot.quiz.timing import READING_MAX

QUESTIONS_MAX = 50
SECONDS_MIN, SECONDS_MAX = 5, 120


class OptionsError(QuizError):
    """A round option out of its range (a caller without Discord's own range checks, or a stale default)."""


@dataclass(frozen=True, slots=True)
class RoundOptions:
    """How a round plays. The twelve options a moderator sets, then the filter of what it may ask.

    Travels unchanged from `/quiz settings` (a server's defaults) through `/quiz start` (its overrides),
    the stored round and the engine's state to a resume: one record, never copied field by field.
    `questions`, `thread`, `tags` and `difficulty` shape the start only (the stored round keeps the
    questions it picked and the channel it plays in); the others are kept with the round.
    """

    questions: int = 10
    seconds: int = 20
    mode: Mode = Mode.STANDARD
    podium: int = PODIUM_DEFAULT  # places on the summary's podium
    standings: Standings = Standings.END
    streak_bonus: bool = False  # right answers in a row earn +10 each after the first, up to +50
    reading_seconds: int = 0  # a question shows this long before its buttons open
    untimed: bool = False  # no timer: a question waits for every player, or a moderator's Reveal
    long_prompts: bool = False  # long prompts earn more time (bot/quiz/timing.py)
    hints: bool = True  # typed questions have a Hint button, each press costing a quarter of the points
    thread: bool = False  # the round plays in a new public thread under the channel
    teams: int = 0  # 0: no teams; 2-4 teams scored by their members' mean points
    tags: str = ""  # only questions with one of these tags (separated by commas or spaces); "": all
    difficulty: str | None = None  # only questions of this difficulty; None: all

    def __post_init__(self) -> None:
        # Stored rows and Discord's choices arrive as plain strings.
        object.__setattr__(self, "mode", Mode(self.mode))
        object.__setattr__(self, "standings", Standings(self.standings))

    def but(self, **changes: Any) -> RoundOptions:
        """These options with the `changes` that are not None (a /quiz start's options left out are None)."""
        given = {name: value for name, value in changes.items() if value is not None}
        unknown = given.keys() - {f.name for f in fields(self)}
        if unknown:
            raise TypeError(f"no round option {', '.join(sorted(unknown))}")
        return replace(self, **given)

    @property
    def only(self) -> Filter:
        """Which questions the round may ask (ValueError for a difficulty the bank does not know)."""
        return Filter.parse(self.tags, self.difficulty)

    def check(self) -> RoundOptions:
        """These options, once each is within its range; OptionsError says which is not."""
        ranges = (
            (self.questions, 1, QUESTIONS_MAX, N_("A round has 1 to {most} questions, not {asked}.")),
            (
                self.seconds,
                SECONDS_MIN,
                SECONDS_MAX,
                N_("A question gives {least} to {most} seconds to answer, not {asked}."),
            ),
            (self.podium, PODIUM_MIN, PODIUM_MAX, N_("A podium has {least} to {most} places, not {asked}.")),
            (
                self.reading_seconds,
                0,
                READING_MAX,
                N_("The reading time is 0 to {most} seconds, not {asked}."),
            ),
        )
        for asked, least, most, sentence in ranges:
            if not least <= asked <= most:
                raise OptionsError(_(sentence, least=number(least), most=number(most), asked=number(asked)))
        if self.teams and not MIN_TEAMS <= self.teams <= MAX_TEAMS:
            raise OptionsError(
                _(
                    "A round has {least} to {most} teams, or 0 for none; one team is no contest.",
                    least=number(MIN_TEAMS),
                    most=number(MAX_TEAMS),
                )
            )
        try:
            self.only  # noqa: B018  (parsing is the check)
        except ValueError as exc:  # a difficulty the bank does not know
            raise OptionsError(
                _(
                    "difficulty is one of {choices}, not {asked}.",
                    choices=", ".join(DIFFICULTIES),
                    asked=repr(self.difficulty),
                )
            ) from exc
        return self
