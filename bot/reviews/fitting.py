"""Each member's fsrs parameters from their own answers: the training items, and who is fitted on what (pure)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum

from bot.bank.mixed import origin
from bot.quiz.clock import require_aware
from bot.store import PastReview, ReviewCount

# A member with this many reviews is fitted on their own; a server with as many (all its members' reviews
# together) is fitted too, and its fit serves its members who have fewer. The optimizer's own ladder sets
# the floor: fsrs-rs keeps its defaults under 8 training items and fits only the four initial stabilities
# under 64. 400 reviews, a quiz member's few answers per question over weeks, is about a hundred questions
# met several times: several hundred training items, enough for all 21 weights to move from the defaults
# on evidence rather than noise (bench/bench_fsrs_fit.py measures the gain on held-out reviews).
FIT_REVIEWS = 400

# fsrs's ratings, as the optimizer and the scheduler number them. An answer is a review: right is Good
# (Hard after a Hint), wrong is Again, as bot.quiz.practice.review rates them. Practice keeps no hints with
# its answers: a hinted right answer in practice is read as Good here.
AGAIN, HARD, GOOD = 1, 2, 3

# One review of a training item: (rating, whole days since the question's previous review), the first 0.
Step = tuple[int, int]
# The reviews of one question up to and including the one whose outcome the optimizer learns to predict.
TrainingItem = tuple[Step, ...]


def training_items(reviews: Iterable[PastReview]) -> list[TrainingItem]:
    """The optimizer's training items from reviews (in any order: one member's, or a server's members').

    Each member's reviews of each question, oldest first, give one item per review made a day or more
    after the one before it: the history up to and including it, whose last outcome (recalled or not after
    that many days) is what the optimizer learns to predict. Days are counted as fsrs's scheduler counts
    them (whole days of elapsed time), so a retry ten minutes after a miss is a same-day step (0): part of
    the histories, never an item's last review, since recall minutes later says nothing of forgetting
    (fsrs-rs leaves such items out, and refuses to evaluate them). A question met in a mixed deck's round
    is the question of its own deck, as its memory is (bot.bank.mixed.origin).
    """
    by_question: dict[tuple[int, str, str], list[PastReview]] = defaultdict(list)
    for past in reviews:
        require_aware(past.at, "a review's time")  # i18n: not shown (a programming error's message)
        by_question[(past.user_id, *origin(past.deck_id, past.question_id))].append(past)
    items: list[TrainingItem] = []
    for key in sorted(by_question):
        history = sorted(by_question[key], key=lambda past: past.at)
        steps: list[Step] = []
        for index, past in enumerate(history):
            days = 0 if index == 0 else (past.at - history[index - 1].at).days
            steps.append(((HARD if past.hinted else GOOD) if past.right else AGAIN, days))
            if days > 0:
                items.append(tuple(steps))
    return items


class Source(StrEnum):
    """Whose parameters schedule a member's reviews."""

    OWN = "own"
    SERVER = "server"
    DEFAULT = "default"


@dataclass(frozen=True, slots=True)
class Choice:
    """The parameters a member is scheduled with: fitted to them, to a server (`guild_id`), or fsrs's own."""

    source: Source
    guild_id: int | None = None  # the server whose fit a SERVER choice takes


def choose(reviews: int, home_server: int | None, fitted_servers: Mapping[int, object]) -> Choice:
    """Who a member with `reviews` reviews is fitted on: their own reviews when they have FIT_REVIEWS,
    else their home server's fit (the server where they answered most) when it has one, else the defaults."""
    if reviews >= FIT_REVIEWS:
        return Choice(Source.OWN)
    if home_server is not None and home_server in fitted_servers:
        return Choice(Source.SERVER, home_server)
    return Choice(Source.DEFAULT)


@dataclass(frozen=True, slots=True)
class Population:
    """Everyone who reviewed, as the refit sees them: each member's reviews and home server, each server's."""

    members: dict[int, int]
    homes: dict[int, int]
    servers: dict[int, int]

    @classmethod
    def of(cls, counts: Iterable[ReviewCount]) -> Population:
        members: dict[int, int] = defaultdict(int)
        servers: dict[int, int] = defaultdict(int)
        most: dict[int, tuple[int, int]] = {}
        for count in counts:
            members[count.user_id] += count.reviews
            if count.guild_id is None:
                continue
            servers[count.guild_id] += count.reviews
            # The most reviews, then the lowest id: the same home whatever order the rows come in.
            if (count.reviews, -count.guild_id) > most.get(count.user_id, (0, 0)):
                most[count.user_id] = (count.reviews, -count.guild_id)
        homes = {user: -guild for user, (_n, guild) in most.items()}
        return cls(dict(members), homes, dict(servers))

    def fitted_servers(self) -> list[int]:
        return sorted(guild for guild, reviews in self.servers.items() if reviews >= FIT_REVIEWS)
