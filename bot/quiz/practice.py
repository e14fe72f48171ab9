"""Practice alone: spaced repetition of each member's questions (fsrs) and a practice session."""

from __future__ import annotations

import random
import zlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from datetime import datetime, timedelta
from enum import StrEnum
from functools import lru_cache
from itertools import islice
from typing import TYPE_CHECKING, Any

from bot.bank.models import Deck, Kind, Question, typed_words
from bot.quiz.clock import as_utc, require_aware
from bot.quiz.errors import (
    AlreadyAnsweredError,
    HintAfterAnswerError,
    NoHintError,
    PracticeEndedError,
)
from bot.quiz.hints import MOST_HINTS, Hint, hint_for, takes_hints
from bot.quiz.judging import judge_answer, right_slots
from bot.quiz.questions import questions_of
from bot.quiz.shuffle import choice_order, slot_letter
from bot.quiz.until_learned import MAX_ASKED, Passes, comes_back_at, needs_another_pass, passes_of

if TYPE_CHECKING:
    from fractions import Fraction

    from fsrs import Scheduler

# One fixed configuration for everyone. A single short step, so a question answered right the first
# time goes straight to days-long intervals (members practise daily, not every few minutes) while a
# wrong answer comes back ten minutes later. No fuzzing: the same answers give the same schedule.
# Each member may choose their own desired retention (fsrs's parameter: the chance of recall a review
# is scheduled for) within these bounds; higher means more reviews and more remembered.
DEFAULT_RETENTION = 0.90
MIN_RETENTION = 0.70
MAX_RETENTION = 0.97


# Kept per retention and fitted weights: a few members' worth at a time (each fit is one member's).
@lru_cache(maxsize=1024)
def scheduler_for(
    desired_retention: float = DEFAULT_RETENTION, parameters: tuple[float, ...] | None = None
) -> Scheduler:
    """The scheduler of a member who wants to recall `desired_retention` of their questions when due,
    with fsrs's weights fitted to them (`parameters`, bot/reviews/refit.py) or fsrs's defaults (None)."""
    if not MIN_RETENTION <= desired_retention <= MAX_RETENTION:
        raise ValueError(
            f"desired retention must be between {MIN_RETENTION} and {MAX_RETENTION}, got {desired_retention}"
        )
    from fsrs import Scheduler  # loaded when a review is first computed, not with the bot
    from fsrs.scheduler import DEFAULT_PARAMETERS

    return Scheduler(
        parameters=DEFAULT_PARAMETERS if parameters is None else parameters,
        desired_retention=desired_retention,
        learning_steps=(timedelta(minutes=10),),
        relearning_steps=(timedelta(minutes=10),),
        enable_fuzzing=False,
    )


# Like Anki's "learn ahead limit": a question missed minutes ago is offered for review now rather than
# ten minutes later, so a member who practises right after a round meets what they got wrong.
LEARN_AHEAD = timedelta(minutes=20)


def due_by(now: datetime) -> datetime:
    """Questions due before this moment count as due now."""
    return now + LEARN_AHEAD


class PracticeMode(StrEnum):
    MIXED = "mixed"
    REVIEW = "review"
    NEW = "new"
    MISSED = "missed"
    LEARN = "learn"  # mixed's questions, each missed one asked again until learned (bot.quiz.until_learned)


@dataclass(frozen=True, slots=True)
class MemoryState:
    """How well one member knows one question, as the store keeps it."""

    card: str  # the fsrs Card as JSON
    due: datetime
    reviews: int  # answers given in practice
    lapses: int  # of which wrong
    last_review: datetime | None

    @classmethod
    def of(cls, kept: object) -> MemoryState:
        """The state a stored memory holds (the store's Memory has the same fields; the engine imports no store)."""
        return cls(**{field.name: getattr(kept, field.name) for field in fields(cls)})


def review(
    previous: MemoryState | None,
    right: bool,
    now: datetime,
    *,
    question_key: str | None = None,
    desired_retention: float = DEFAULT_RETENTION,
    hinted: bool = False,
    parameters: tuple[float, ...] | None = None,
) -> MemoryState:
    """The memory after one more answer: right is rated Good (Hard when `hinted`: the member needed a
    Hint), wrong is rated Again.

    `question_key` (e.g. "deck/question") only names the fsrs card of a first review; scheduling
    does not depend on it. `desired_retention` and `parameters` are the member's (see scheduler_for).
    """
    from fsrs import Card, Rating

    now = as_utc(now)
    if previous is None:
        # An explicit id and due date: fsrs would otherwise read the wall clock (and sleep 1 ms).
        card_id = zlib.crc32(question_key.encode()) if question_key else int(now.timestamp() * 1000)
        card = Card(card_id=card_id, due=now)
    else:
        card = Card.from_json(previous.card)
    rating = (Rating.Hard if hinted else Rating.Good) if right else Rating.Again
    card, _log = scheduler_for(desired_retention, parameters).review_card(card, rating, now)
    return MemoryState(
        card=card.to_json(),
        due=card.due,
        reviews=(previous.reviews if previous else 0) + 1,
        lapses=(previous.lapses if previous else 0) + (not right),
        last_review=now,
    )


def choose_questions(
    deck: Deck,
    memories: Mapping[str, MemoryState],
    mode: PracticeMode,
    count: int,
    now: datetime,
    *,
    missed: Sequence[str] = (),
    seed: int,
) -> tuple[str, ...]:
    """The ids of up to `count` questions of `deck` to practise.

    review: questions due now (or within LEARN_AHEAD), most overdue first. new: questions never practised, in a seeded
    order. mixed: the due ones, then new ones to fill up. missed: the given ids the deck still
    has, in the order given. `memories` is keyed by question id (other decks' ids are ignored).
    """
    require_aware(now)
    if count <= 0:
        return ()
    if mode is PracticeMode.MISSED:
        # What a round's member missed (missed_in_round) has no polls; the deck may have lost some since.
        known = (qid for qid in dict.fromkeys(missed) if deck.question(qid) is not None)
        return tuple(islice(known, count))
    # Polls have no right answer: there is nothing in them to practise or remember.
    ids = [q.id for q in deck.questions if q.kind is not Kind.POLL]
    horizon = due_by(now)
    due = sorted(
        (qid for qid in ids if qid in memories and memories[qid].due <= horizon),
        key=lambda qid: memories[qid].due,  # sorted() is stable: equal dues keep deck order
    )
    unseen = [qid for qid in ids if qid not in memories]
    random.Random(f"{seed}:new").shuffle(unseen)
    if mode is PracticeMode.REVIEW:
        chosen = due
    elif mode is PracticeMode.NEW:
        chosen = unseen
    else:
        chosen = due + unseen
    return tuple(chosen[:count])


@dataclass(frozen=True, slots=True)
class PracticeResult:
    """Feedback on one practice answer."""

    question_id: str
    index: int
    right: bool
    right_slots: frozenset[int]  # empty for a text question
    slot: int | None
    text: str | None
    question: Question  # as shown, in the session's language
    answered_at: datetime
    comes_back: bool = False  # until learned: the question will be asked again later in this session
    hints: int = 0  # presses of Hint before the answer: a hinted right answer is rated Hard
    # A multi question: the display slots picked, and the share of the points that set earns.
    slots: tuple[int, ...] = ()
    share: Fraction | None = None


@dataclass(frozen=True, slots=True)
class _Answer:
    slot: int | None
    text: str | None
    right: bool
    at: datetime
    hints: int = 0


class PracticeSession:
    """One member's run through chosen questions, one at a time; plain data, see to_dict()."""

    def __init__(
        self,
        *,
        user_id: int,
        deck: Deck,
        question_ids: Sequence[str],
        seed: int,
        language: str | None,
        guild_id: int | None = None,
        until_learned: bool = False,
    ) -> None:
        questions = questions_of(deck, question_ids)
        self.user_id = user_id
        self.guild_id = guild_id  # the server it was started in (its decks, its practice counts); None: a DM
        self.deck = deck
        self.question_ids: tuple[str, ...] = tuple(question_ids)
        self.seed = seed
        self.language = language
        self._questions: tuple[Question, ...] = questions
        self._index = 0
        self._answers: dict[int, _Answer] = {}
        self._hints: dict[int, int] = {}  # presses of Hint, by question position
        # mode:learn: each missed question is put back later in the session (bot.quiz.until_learned)
        self.until_learned = until_learned

    @property
    def question_count(self) -> int:
        return len(self._questions)

    @property
    def index(self) -> int:
        """The current question's position; equals question_count once finished."""
        return self._index

    @property
    def finished(self) -> bool:
        return self._index >= len(self._questions)

    def _require_current(self) -> int:
        if self.finished:
            raise PracticeEndedError
        return self._index

    @property
    def question(self) -> Question:
        """The current question in the session's language (itself where it has no translation)."""
        return self._questions[self._require_current()].in_language(self.language)

    @property
    def order(self) -> tuple[int, ...]:
        """Display order of the current question's choices (slot → original index)."""
        index = self._require_current()
        question = self._questions[index]
        return choice_order(self.seed, index, len(question.choices), question.kind)

    @property
    def answered(self) -> bool:
        return self._index in self._answers

    @property
    def answered_count(self) -> int:
        return len(self._answers)

    @property
    def right_count(self) -> int:
        return sum(answer.right for answer in self._answers.values())

    def answer(
        self,
        slot: int | None = None,
        *,
        text: str | None = None,
        now: datetime,
        slots: Sequence[int] | None = None,
    ) -> PracticeResult:
        """Judge the answer to the current question (one answer per question); `slots`: the display slots
        a multi question's menu picked (kept as their letters, which a second answer is told)."""
        require_aware(now)
        index = self._require_current()
        if index in self._answers:
            previous = self._answers[index]
            raise AlreadyAnsweredError(previous.slot, typed_words(self._questions[index], previous.text))
        question = self._questions[index]
        order = self.order
        judged = judge_answer(question, order, slot, text, slots)
        right = judged.right
        picked = self._kept_slots(question, slots, multi=judged.share is not None)
        if picked:
            text = ", ".join(slot_letter(s) for s in picked)
        hints = self._hints.get(index, 0)
        self._answers[index] = _Answer(slot=slot, text=text, right=right, at=now, hints=hints)
        comes_back = self.until_learned and self._put_back(index)
        return PracticeResult(
            question_id=question.id,
            index=index,
            right=right,
            right_slots=right_slots(question, order),
            slot=slot,
            text=text,
            question=question.in_language(self.language),
            answered_at=now,
            comes_back=comes_back,
            hints=hints,
            slots=picked,
            share=judged.share,
        )

    @staticmethod
    def _kept_slots(question: Question, slots: Sequence[int] | None, *, multi: bool) -> tuple[int, ...]:
        """A multi question's set in letter order; an order question's order as given; else none."""
        picked = tuple(slots or ()) if question.kind is Kind.ORDER else ()
        return picked or (tuple(sorted(slots or ())) if multi else ())

    def take_hint(self) -> Hint:
        """One press of Hint on the current (typed) question: the next hint, in the session's language.

        NoHintError for a question answered with buttons, HintAfterAnswerError once it is answered.
        """
        index = self._require_current()
        if not takes_hints(self._questions[index]):
            raise NoHintError
        if index in self._answers:
            raise HintAfterAnswerError
        presses = self._hints[index] = min(self._hints.get(index, 0) + 1, MOST_HINTS)
        return hint_for(self.question, presses)

    def _answers_to(self, question_id: str) -> list[bool]:
        return [a.right for i, a in sorted(self._answers.items()) if self.question_ids[i] == question_id]

    def _put_back(self, index: int) -> bool:
        """Until learned: ask the question at `index` again later, if the rule says so and there is room."""
        question_id = self.question_ids[index]
        if not needs_another_pass(self._answers_to(question_id)) or len(self.question_ids) >= MAX_ASKED:
            return False
        at = comes_back_at(index, len(self.question_ids))
        self.question_ids = (*self.question_ids[:at], question_id, *self.question_ids[at:])
        self._questions = (*self._questions[:at], self._questions[index], *self._questions[at:])
        return True

    def passes(self) -> tuple[Passes, ...]:
        """Each question once, in the order first asked, with how many passes it took (until learned)."""
        answered = [(self.question_ids[i], a.right) for i, a in sorted(self._answers.items())]
        return passes_of(self.question_ids, answered)

    def next(self) -> bool:
        """Move to the next question (an unanswered one is skipped); False once there is none."""
        if not self.finished:
            self._index += 1
        return not self.finished

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready snapshot; `from_dict(snapshot, deck)` rebuilds the session."""
        return {
            "version": 1,
            "user_id": self.user_id,
            "guild_id": self.guild_id,
            "deck_id": self.deck.id,
            "question_ids": list(self.question_ids),
            "seed": self.seed,
            "language": self.language,
            "until_learned": self.until_learned,
            "index": self._index,
            "answers": [
                {
                    "index": i,
                    "slot": a.slot,
                    "text": a.text,
                    "right": a.right,
                    "at": a.at.isoformat(),
                    "hints": a.hints,
                }
                for i, a in sorted(self._answers.items())
            ],
            "hints": {str(i): presses for i, presses in sorted(self._hints.items())},
        }

    @staticmethod
    def guild_of(data: Mapping[str, Any]) -> int | None:
        """The server of a snapshot, to find its deck (a server's own decks are seen there only)."""
        return None if data.get("guild_id") is None else int(data["guild_id"])

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], deck: Deck) -> PracticeSession:
        """The session of a to_dict() snapshot; ValueError for a snapshot of another version or deck."""
        if data.get("version") != 1:
            raise ValueError(f"unknown practice snapshot version {data.get('version')!r}")
        if data["deck_id"] != deck.id:
            raise ValueError(f"snapshot is of deck {data['deck_id']!r}, not {deck.id!r}")
        session = cls(
            user_id=int(data["user_id"]),
            deck=deck,
            question_ids=[str(qid) for qid in data["question_ids"]],
            seed=int(data["seed"]),
            language=data["language"],
            guild_id=cls.guild_of(data),
            until_learned=bool(
                data.get("until_learned", False)
            ),  # sessions saved before mode:learn have none
        )
        session._index = min(int(data["index"]), session.question_count)
        for item in data["answers"]:
            session._answers[int(item["index"])] = _Answer(
                slot=item["slot"],
                text=item["text"],
                right=bool(item["right"]),
                at=datetime.fromisoformat(item["at"]),
                hints=int(item.get("hints", 0)),  # sessions saved before hints have none
            )
        session._hints = {int(i): int(presses) for i, presses in data.get("hints", {}).items()}
        return session
