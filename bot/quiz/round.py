"""A round played in a channel: its plan, the open question, answers, reveals, scores, what comes next."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from types import MappingProxyType
from typing import TYPE_CHECKING

from bot.bank.models import Deck, Kind, Question, typed_words
from bot.bank.order import arranged_text
from bot.locales import _
from bot.quiz.choosing import Filter, TooFewQuestionsError, matching_questions
from bot.quiz.clock import require_aware
from bot.quiz.cloze import blanks_right, marks_share, stored_marks
from bot.quiz.errors import (
    AlreadyAnsweredError,
    EmptyDeckError,
    HintAfterAnswerError,
    NoHintError,
    NotCurrentQuestionError,
    NotOpenYetError,
    QuestionClosedError,
    RoundEndedError,
    TeamError,
)
from bot.quiz.hints import MOST_HINTS, hinted_points, takes_hints
from bot.quiz.judging import judge_answer, read_typed_number
from bot.quiz.match import stored_pair_marks, top_wrong_pair
from bot.quiz.missed import closed_count, missed_questions
from bot.quiz.multi import picked_from, picked_share, picked_text, shared_points, top_wrong_set
from bot.quiz.numbers import most_given_wrong
from bot.quiz.options import RoundOptions
from bot.quiz.order import places_right, stored_order_marks, top_wrong_order
from bot.quiz.questions import questions_of
from bot.quiz.scoring import points
from bot.quiz.shuffle import choice_order, new_seed, pick_questions, slot_letter
from bot.quiz.streaks import SHOWN_FROM, streak_bonus
from bot.quiz.teams import Roster, TeamResult, team_name, team_standings
from bot.quiz.timing import READING_MAX, extra_seconds

if TYPE_CHECKING:
    from decimal import Decimal
    from fractions import Fraction

EVERY_QUESTION = Filter()
# How many of the fastest right answers a reveal names; and how many of the longest streaks.
FASTEST_SHOWN = 3
STREAKS_SHOWN = 3


@dataclass(frozen=True, slots=True)
class RoundPlan:
    """What a new round will play: its questions, in order, and the seed of its choice orders."""

    deck_id: str
    question_ids: tuple[str, ...]
    seed: int


def plan_round(
    deck: Deck, count: int, *, seed: int | None = None, only: Filter = EVERY_QUESTION, exact: bool = False
) -> RoundPlan:
    """Pick `count` questions of `deck` that the filter `only` keeps, for a new round.

    Fewer if the deck is smaller; but a filter that keeps none, or (when `exact`: the moderator asked
    for that many) fewer than `count`, raises TooFewQuestionsError saying how many it keeps.
    """
    if not deck.questions:
        raise EmptyDeckError
    if count < 1:
        raise ValueError(f"a round needs at least one question, got count={count}")
    pool = deck
    if only.active:
        kept = matching_questions(deck, only)
        if not kept or (exact and len(kept) < count):
            raise TooFewQuestionsError(len(kept), count, only)
        pool = replace(deck, questions=kept)
    seed = new_seed() if seed is None else seed
    return RoundPlan(deck_id=deck.id, question_ids=pick_questions(pool, count, seed), seed=seed)


@dataclass(frozen=True, slots=True)
class Verdict:
    """One member's judged answer to one question, before (and after) the store recorded it."""

    user_id: int
    question_index: int
    slot: int | None  # the display slot clicked; None for a typed answer
    choice: int | None  # the original index of that choice in the question
    text: str | None  # the typed answer, as typed
    right: bool
    ms: int  # since the question's buttons opened (posted, then its reading time)
    points: int  # the streak bonus included, when the round plays with one
    answered_at: datetime
    streak: int = 0  # right answers in a row ending with this one (0 for a wrong answer)
    hints: int = 0  # how many times the member pressed Hint before answering
    number: Decimal | None = None  # what a typed answer to a number question was read as
    # A multi question's picked set (original indices; `text` keeps it as `0,2`): right only when it is
    # the exact right set, its points a share of a right answer's (bot/quiz/multi.py).
    picked: frozenset[int] = frozenset()
    share: Fraction | None = None  # of a multi or cloze question's points earned; None for other kinds
    # A cloze question: whether each blank is right, in order (`text` keeps the typed blanks as JSON).
    blanks: tuple[bool, ...] = ()


@dataclass(frozen=True, slots=True)
class RestoredAnswer:
    """An answer as the store kept it, to rebuild a round after a restart."""

    user_id: int
    question_index: int
    choice: int | None
    text: str | None
    right: bool
    ms: int
    points: int
    answered_at: datetime


@dataclass(frozen=True, slots=True)
class Reveal:
    """What the reveal of a question shows."""

    question_index: int
    right_slots: frozenset[int]  # display slots of the right choices; empty for a text question
    counts: tuple[int, ...]  # answers per display slot; empty for a text question
    fastest: tuple[tuple[int, int], ...]  # (user_id, ms) of the fastest right answers, fastest first
    answered: int
    right: int
    # (user_id, streak) of the longest streaks of right answers this question extended, longest first;
    # only streaks of SHOWN_FROM and more, and only in a round with the streak bonus.
    streaks: tuple[tuple[int, int], ...] = ()
    # (user_id, hints) of everyone who pressed Hint on this question, most hints first.
    hinted: tuple[tuple[int, int], ...] = ()
    # A number question's wrong number given most often (None when none was wrong, or not a number question).
    top_wrong_number: Decimal | None = None
    # A multi question's wrong set chosen most often (display slots) and by how many; `counts` are then
    # how many picked each choice, and `right` how many picked exactly the right set.
    top_wrong_set: tuple[frozenset[int], int] | None = None
    # A cloze question: how many answers got each blank right, blank by blank (a match question: pair by
    # pair; an order question: how many put each item in its place, item by item).
    blanks_right: tuple[int, ...] = ()
    # An order question's wrong order given most often (the items' original indices) and by how many.
    top_wrong_order: tuple[tuple[int, ...], int] | None = None
    # A match question's wrong pairing given most often: (left index, right index given, how many).
    top_wrong_pair: tuple[int, int, int] | None = None


@dataclass(frozen=True, slots=True)
class PlayerResult:
    """One member's standing in a round."""

    user_id: int
    points: int
    right: int
    answered: int
    accuracy: float  # right / answered, 0.0–1.0
    rank: int  # 1 for the most points; equal points share a rank (1, 2, 2, 4)


class RoundState:
    """The pure state of one round; the cog persists each accepted answer and drives the clock."""

    def __init__(
        self, *, round_id: int, deck: Deck, question_ids: Sequence[str], seed: int, options: RoundOptions
    ) -> None:
        self._check(options, question_ids)
        questions = questions_of(deck, question_ids)
        self.round_id = round_id
        self.deck = deck
        self.question_ids: tuple[str, ...] = tuple(question_ids)
        self.seed = seed
        self.options = options
        self.seconds = options.seconds
        self.mode = options.mode
        self.streaks = options.streak_bonus  # right answers in a row earn the streak bonus
        self.reading_seconds = options.reading_seconds  # a question shows this long before its buttons open
        self.untimed = options.untimed  # no timer: a question waits for every player, or a moderator's Reveal
        self.long_prompts = options.long_prompts  # long prompts earn more time (bot/quiz/timing.py)
        # Who plays for which team, in a round of teams.
        self.roster = Roster(options.teams) if options.teams else None
        self._questions: tuple[Question, ...] = questions
        self._orders: tuple[tuple[int, ...], ...] = tuple(
            choice_order(seed, index, len(q.choices), q.kind) for index, q in enumerate(questions)
        )
        self.polls = frozenset(i for i, q in enumerate(questions) if q.kind is Kind.POLL)
        self._current = -1
        self._posted_at: datetime | None = None
        self._revealed = False  # whether the current question is closed
        self._closing = False  # its reveal has begun: no new answers, the judged ones still count
        self._skipped = False  # a moderator asked to reveal it now
        self._stopped = False
        self._reveals: dict[int, Reveal] = {}
        # Players of the questions before the current one, worked out once per question: reveal_due
        # runs on every click, and rebuilding this set each time grows with players × questions.
        self._earlier: tuple[int, frozenset[int]] | None = None
        self._answers: list[dict[int, Verdict]] = [{} for _ in questions]
        self.hints_on = options.hints  # typed questions offer a Hint, each press costing points
        self._hints: list[dict[int, int]] = [{} for _ in questions]  # per question: user -> presses

    @staticmethod
    def _check(options: RoundOptions, question_ids: Sequence[str]) -> None:
        if options.seconds <= 0:
            raise ValueError(f"seconds must be positive, got {options.seconds}")
        if not 0 <= options.reading_seconds <= READING_MAX:
            raise ValueError(f"reading time is 0-{READING_MAX} s, got {options.reading_seconds}")
        if not question_ids:
            raise EmptyDeckError

    # --- the round's shape -------------------------------------------------------------------

    @property
    def question_count(self) -> int:
        return len(self._questions)

    @property
    def current(self) -> int:
        """The index of the question posted last (or being re-posted after a restart); -1 before."""
        return self._current

    @property
    def posted_at(self) -> datetime | None:
        return self._posted_at

    @property
    def revealed(self) -> bool:
        """Whether the current question has been revealed."""
        return self._revealed

    @property
    def is_open(self) -> bool:
        """A question is posted and takes answers (it may be past its deadline, awaiting the reveal)."""
        return self._posted_at is not None and not (self._revealed or self._closing or self._stopped)

    def is_revealed(self, index: int) -> bool:
        """Whether question `index` has had its answer shown (so a translation may show it too)."""
        return index < self._current or (index == self._current and self._revealed)

    @property
    def stopped(self) -> bool:
        """Ended early with `/quiz stop`."""
        return self._stopped

    @property
    def finished(self) -> bool:
        """Stopped, or the last question has been revealed."""
        return self._stopped or (self._current == self.question_count - 1 and self._revealed)

    @property
    def next_index(self) -> int | None:
        """The question to post next; None once the round is over.

        That is the one after a revealed question, or the current question itself when it was never
        revealed: a round resumed after a restart re-posts it, keeping the answers it already has.
        A stopped round posts nothing more (a question it was showing is still revealed first).
        """
        if self._stopped:
            return None
        following = self._current + 1 if self._revealed or self._current < 0 else self._current
        return following if following < self.question_count else None

    @property
    def questions_played(self) -> int:
        """How many questions have been revealed: a summary says the round played that many."""
        return closed_count(self._current, self._revealed)

    @property
    def resuming_at(self) -> int:
        """The number (from 1) of the question a resumed round goes on with; the last if all were revealed."""
        return min(self.questions_played, self.question_count - 1) + 1

    @property
    def opens_at(self) -> datetime | None:
        """When the current question's buttons open (its reading time over); None until it is posted."""
        if self._posted_at is None:
            return None
        return self._posted_at + timedelta(seconds=self.reading_seconds)

    def reading(self, now: datetime) -> bool:
        """The current question is posted and still in its reading time."""
        opens_at = self.opens_at
        return opens_at is not None and now < opens_at

    def seconds_for(self, index: int) -> int:
        """Seconds question `index` gives to answer: the round's, plus more for a long prompt when asked."""
        extra = extra_seconds(self._questions[index].prompt) if self.long_prompts else 0
        return self.seconds + extra

    @property
    def deadline(self) -> datetime | None:
        """When the current question's time runs out: its time counts from when its buttons open.

        None until it is posted, and always in an untimed round.
        """
        opens_at = self.opens_at
        if opens_at is None or self.untimed:
            return None
        return opens_at + timedelta(seconds=self.seconds_for(self._current))

    def question(self, index: int) -> Question:
        return self._questions[index]

    def order(self, index: int) -> tuple[int, ...]:
        """Display order of question `index`: element `slot` is the original choice index."""
        return self._orders[index]

    def verdict_of(self, stored: RestoredAnswer, streak: int = 0) -> Verdict:
        """An answer the store kept, as this round counts it: its slot is found in the question's order."""
        return Verdict(
            user_id=stored.user_id,
            question_index=stored.question_index,
            slot=self.slot_of(stored.question_index, stored.choice),
            choice=stored.choice,
            text=stored.text,
            right=stored.right,
            ms=stored.ms,
            points=stored.points,
            answered_at=stored.answered_at,
            streak=streak,
            hints=self.hints_of(stored.user_id, stored.question_index),
            number=self._number_of(stored.question_index, stored.text),
            picked=(picked := self._picked_of(stored.question_index, stored.text)),
            blanks=(marks := self._marks_of(stored.question_index, stored.text)),
            share=self._share_of(stored.question_index, picked, marks),
        )

    def _share_of(self, index: int, picked: frozenset[int], marks: tuple[bool, ...]) -> Fraction | None:
        question = self._questions[index]
        if question.kind in (Kind.CLOZE, Kind.MATCH, Kind.ORDER):
            return marks_share(marks)
        return picked_share(question, picked) if question.kind is Kind.MULTI else None

    def _marks_of(self, index: int, text: str | None) -> tuple[bool, ...]:
        """A kept answer to a cloze question: each blank judged again from the blanks its text holds (a
        match question's: each pair from the pairing its text holds)."""
        question = self._questions[index]
        if question.kind is Kind.ORDER:  # each place judged again from the order its text holds
            return stored_order_marks(question, text)
        if question.kind is Kind.MATCH:
            return stored_pair_marks(question, text)
        return stored_marks(question, text) if question.kind is Kind.CLOZE else ()

    def _picked_of(self, index: int, text: str | None) -> frozenset[int]:
        """A kept answer to a multi question: the set its text holds, of the choices the question has."""
        if self._questions[index].kind is not Kind.MULTI:
            return frozenset()
        return frozenset(c for c in picked_from(text) if c in self._orders[index])

    def already_answered(self, index: int, choice: int | None, text: str | None) -> AlreadyAnsweredError:
        """What a second answer is told: the letter chosen, the text typed, or the letters of a set."""
        if self._questions[index].kind is Kind.MULTI:
            slots = sorted(self._orders[index].index(c) for c in self._picked_of(index, text))
            return AlreadyAnsweredError(None, ", ".join(slot_letter(slot) for slot in slots) or None)
        return AlreadyAnsweredError(self.slot_of(index, choice), typed_words(self._questions[index], text))

    def _number_of(self, index: int, text: str | None) -> Decimal | None:
        """A kept answer to a number question, read again (in the language the round is resumed in)."""
        question = self._questions[index]
        if question.kind is not Kind.NUMBER or text is None:
            return None
        return read_typed_number(question, text)

    def slot_of(self, index: int, choice: int | None) -> int | None:
        """The display slot (the letter a member saw) of the original choice `choice` of question `index`.

        None for a typed answer, or a choice the question no longer has. Stored answers keep the choice,
        so an earlier answer is told back, and restored, with this.
        """
        order = self._orders[index]
        return order.index(choice) if choice is not None and choice in order else None

    # --- playing -----------------------------------------------------------------------------

    def open_question(self, index: int, posted_at: datetime) -> None:
        """Start the clock of question `index`, whose message was posted at `posted_at`.

        `index` must follow the revealed current question; or it is the current question itself
        when that one was never posted or is re-posted after a restart (its answers are kept).
        """
        require_aware(posted_at, "posted_at")
        if self.finished:
            raise RoundEndedError
        reopening = index == self._current and not self._revealed
        following = index == self._current + 1 and (self._current == -1 or self._revealed)
        if not (reopening or following) or not 0 <= index < self.question_count:
            raise ValueError(
                f"cannot open question {index}: current is {self._current}, revealed={self._revealed}"
            )
        self._current = index
        self._posted_at = posted_at
        self._revealed = False
        self._closing = False
        self._skipped = False

    def _check_open(self, question_index: int, now: datetime) -> None:
        """QuizError unless question `question_index` takes answers (and hints) at `now`."""
        require_aware(now)
        if self._stopped:
            raise RoundEndedError
        if question_index != self._current:
            raise RoundEndedError if self.finished else NotCurrentQuestionError
        if self._revealed or self._closing:
            raise QuestionClosedError
        if self._posted_at is None:
            # Restored after a restart and not yet re-posted: the old message's buttons are stale.
            raise NotCurrentQuestionError
        if self.reading(now):
            raise NotOpenYetError
        deadline = self.deadline
        if deadline is not None and now > deadline:
            raise QuestionClosedError(_("Time is up: this question is closed."))

    def judge(
        self,
        user_id: int,
        question_index: int,
        now: datetime,
        *,
        slot: int | None = None,
        text: str | None = None,
        slots: Sequence[int] | None = None,
    ) -> Verdict:
        """Judge an answer without recording it (`slots`: what a multi question's menu picked);
        `accept` records it once the store committed it."""
        self._check_open(question_index, now)
        self._check_first(user_id, question_index)
        question = self._questions[question_index]
        judged = judge_answer(question, self._orders[question_index], slot, text, slots)
        choice, right = judged.choice, judged.right
        text = _kept_text(question, judged.picked, judged.arranged, text)
        ms = self._ms_open(now)
        streak = self.streak_before(user_id, question_index) + 1 if right else 0
        hints = self.hints_of(user_id, question_index)
        earned = self._earned(right, judged.share, ms, question_index, streak)
        # A poll has no right answer (judged never right): no points, and no streak made or broken.
        return Verdict(
            user_id=user_id,
            question_index=question_index,
            slot=slot,
            choice=choice,
            text=text,
            right=right,
            ms=ms,
            points=hinted_points(earned, hints),
            answered_at=now,
            streak=streak,
            hints=hints,
            number=judged.number,
            picked=judged.picked,
            share=judged.share,
            blanks=judged.blanks,
        )

    def _check_first(self, user_id: int, question_index: int) -> None:
        """One answer per member and question: a second is told the first."""
        previous = self._answers[question_index].get(user_id)
        if previous is not None:
            raise self.already_answered(question_index, previous.choice, previous.text)

    def _ms_open(self, now: datetime) -> int:
        """How long the current question's buttons have been open at `now`, in milliseconds."""
        opens_at = self.opens_at
        assert opens_at is not None
        return max(0, (now - opens_at) // timedelta(milliseconds=1))

    def _earned(self, right: bool, share: Fraction | None, ms: int, index: int, streak: int) -> int:
        """An answer's points with its streak's bonus: a multi question's, its share of a right answer's."""
        bonus = streak_bonus(streak) if self.streaks and right else 0
        if share is None:
            return points(self.mode, right, ms, self.seconds_for(index)) + bonus
        return shared_points(points(self.mode, True, ms, self.seconds_for(index)), share) + bonus

    # --- hints -------------------------------------------------------------------------------

    def hints_of(self, user_id: int, index: int) -> int:
        """How many times the member pressed Hint on question `index`."""
        return self._hints[index].get(user_id, 0)

    def next_hint(self, user_id: int, question_index: int, now: datetime) -> int:
        """The presses a member's press of Hint makes, without recording it (`note_hints` does, once the
        store kept it); a press past the last costs nothing more. QuizError when no hint can be given."""
        self._check_open(question_index, now)
        if not self.hints_on or not takes_hints(self._questions[question_index]):
            raise NoHintError
        if user_id in self._answers[question_index]:
            raise HintAfterAnswerError
        return min(self.hints_of(user_id, question_index) + 1, MOST_HINTS)

    def note_hints(self, user_id: int, index: int, hints: int) -> None:
        """Record a member's presses of Hint on question `index` (never fewer than already noted)."""
        if not 0 <= index < self.question_count:
            raise ValueError(f"no question {index} in this round")
        self._hints[index][user_id] = max(hints, self.hints_of(user_id, index))

    def accept(self, verdict: Verdict) -> bool:
        """Record a verdict the store has committed; False if this member's answer was already in.

        Accepted even after the reveal or the stop: an acknowledged answer is always scored (it is
        then missing from the reveal's counts, which were already shown).
        """
        if not 0 <= verdict.question_index < self.question_count:
            raise ValueError(f"no question {verdict.question_index} in this round")
        answers = self._answers[verdict.question_index]
        if verdict.user_id in answers:
            return False
        answers[verdict.user_id] = verdict
        if verdict.question_index < self._current:
            self._earlier = None  # a late answer to an earlier question adds a player
        return True

    def stop(self) -> None:
        """End the round early (`/quiz stop`); points earned stay.

        An open question takes no more answers and is due for its reveal at once; none follows it.
        """
        self._stopped = True

    def skip(self) -> None:
        """Make the open question due for its reveal now (`/quiz skip`).

        A skip asked for between questions is forgotten when the next one opens: it does not carry over.
        """
        self._skipped = True

    def close(self) -> None:
        """Begin the reveal of the current question: new answers are refused from now on.

        Answers judged before this still count when `accept`ed; `reveal` then tallies them all, so a
        caller that writes answers concurrently closes, waits for those writes, then reveals.
        """
        if self._current < 0:
            raise ValueError("no question has been opened yet")
        self._closing = True

    # --- who is playing ----------------------------------------------------------------------

    @property
    def answered_count(self) -> int:
        """How many answered the current question."""
        return len(self._answers[self._current]) if self._current >= 0 else 0

    def answers(self, index: int) -> Mapping[int, Verdict]:
        """The accepted answers to question `index`, by user id."""
        return MappingProxyType(self._answers[index])

    @property
    def players(self) -> frozenset[int]:
        """Everyone who answered any question of this round so far."""
        return frozenset(user for answers in self._answers for user in answers)

    def _earlier_players(self) -> frozenset[int]:
        if self._earlier is None or self._earlier[0] != self._current:
            players = frozenset(
                user for answers in self._answers[: max(self._current, 0)] for user in answers
            )
            self._earlier = (self._current, players)
        return self._earlier[1]

    def streak_before(self, user_id: int, index: int) -> int:
        """How many questions right in a row the member had just before question `index`.

        A wrong answer ends a streak and so does a question left unanswered: a streak is the member's
        answers to the questions one after another, with nothing in between (polls aside).
        """
        streak = 0
        for earlier in range(index - 1, -1, -1):
            if earlier in self.polls:
                continue  # a poll between two right answers neither counts nor breaks the row
            verdict = self._answers[earlier].get(user_id)
            if verdict is None or not verdict.right:
                break
            streak += 1
        return streak

    def waiting_for(self) -> frozenset[int]:
        """Players of earlier questions who have not answered the current one yet (reveal_due's rule)."""
        if self._current < 0:
            return frozenset()
        return frozenset(self._earlier_players() - self._answers[self._current].keys())

    def reveal_due(self, now: datetime) -> bool:
        """The posted question should be revealed now: it was skipped, closed or stopped, its time is
        up, or everyone who played an earlier question has answered it.

        The first question has no earlier players, so it always waits for its timer (or a skip); in an
        untimed round, for a moderator's Reveal.
        """
        require_aware(now)
        if self._posted_at is None or self._revealed:
            return False
        if self._skipped or self._closing or self._stopped:
            return True
        deadline = self.deadline
        if deadline is not None and now >= deadline:
            return True
        return bool(self._earlier_players()) and not self.waiting_for()

    def reveal(self, now: datetime) -> Reveal:
        """Close the current question and say how it went; calling it again gives the same Reveal."""
        require_aware(now)
        if self._current < 0:
            raise ValueError("no question has been opened yet")
        self._revealed = True
        cached = self._reveals.get(self._current)
        if cached is None:
            cached = self._reveals[self._current] = self._tally(self._current)
        return cached

    def _tally(self, index: int) -> Reveal:
        answers = self._answers[index].values()
        question = self._questions[index]
        order = self._orders[index]
        counts = [0] * len(order)
        for verdict in answers:
            if verdict.slot is not None and 0 <= verdict.slot < len(counts):
                counts[verdict.slot] += 1
            for chosen in verdict.picked:  # a multi question: each choice of the set
                counts[order.index(chosen)] += 1
        right = sorted((v for v in answers if v.right), key=lambda v: (v.ms, v.answered_at, v.user_id))
        streaks: list[tuple[int, int]] = []
        if self.streaks:
            # Worked out again from the answers rather than read from the verdicts: after a restart the
            # restored answers carry no streak.
            runs = ((v.user_id, self.streak_before(v.user_id, index) + 1) for v in right)
            streaks = sorted((run for run in runs if run[1] >= SHOWN_FROM), key=lambda r: (-r[1], r[0]))
        return Reveal(
            question_index=index,
            right_slots=frozenset(slot for slot, choice in enumerate(order) if question.is_right(choice)),
            counts=tuple(counts),
            fastest=tuple((v.user_id, v.ms) for v in right[:FASTEST_SHOWN]),
            answered=len(answers),
            right=len(right),
            streaks=tuple(streaks[:STREAKS_SHOWN]),
            hinted=tuple(sorted(self._hints[index].items(), key=lambda hinted: (-hinted[1], hinted[0]))),
            top_wrong_number=_top_wrong_number(question, answers),
            top_wrong_set=_top_wrong_set(question, order, answers),
            blanks_right=places_right(question, (v.blanks for v in answers))
            or blanks_right(question, (v.blanks for v in answers)),
            top_wrong_order=top_wrong_order(question, (v.text for v in answers)),
            top_wrong_pair=top_wrong_pair(question, (v.text for v in answers))
            if question.kind is Kind.MATCH
            else None,
        )

    # --- results -----------------------------------------------------------------------------

    def scores(self) -> list[PlayerResult]:
        """Every player's result: most points first, then most right, then who finished earliest."""
        totals: dict[int, list[int]] = {}
        last_answer: dict[int, datetime] = {}
        for index, answers in enumerate(self._answers):
            if index in self.polls:
                continue  # votes are not answers: they would lower everyone's accuracy
            for user, verdict in answers.items():
                total = totals.setdefault(user, [0, 0, 0])
                total[0] += verdict.points
                total[1] += verdict.right
                total[2] += 1
                if user not in last_answer or verdict.answered_at > last_answer[user]:
                    last_answer[user] = verdict.answered_at
        ordered = sorted(totals, key=lambda u: (-totals[u][0], -totals[u][1], last_answer[u], u))
        results: list[PlayerResult] = []
        for position, user in enumerate(ordered, start=1):
            got, right, answered = totals[user]
            tied = bool(results) and results[-1].points == got
            results.append(
                PlayerResult(
                    user_id=user,
                    points=got,
                    right=right,
                    answered=answered,
                    accuracy=right / answered,
                    rank=results[-1].rank if tied else position,
                )
            )
        return results

    # --- teams -------------------------------------------------------------------------------

    def join_team(self, user_id: int, team: int) -> None:
        """Put the member on `team`: TeamError when the round has no such team, or they already answered."""
        roster = self.roster
        if roster is None or not 0 <= team < roster.teams:
            raise TeamError
        now = roster.team_of(user_id)
        if now is not None and user_id in self.players:
            raise TeamError(
                _(
                    "You play for {team}; teams stay as they are once you have answered.",
                    team=team_name(now),
                )
            )
        roster.join(user_id, team)

    def place_late(self, user_id: int) -> int | None:
        """A member who answered without a team joins the smallest; None if they have one (or no teams)."""
        roster = self.roster
        if roster is None or roster.team_of(user_id) is not None:
            return None
        return roster.place_late(user_id)

    def balance_teams(self) -> dict[int, int]:
        """Even the teams out (Roster.balance); TeamError in a round without teams."""
        if self.roster is None:
            raise TeamError(_("This round has no teams."))
        return self.roster.balance()

    def team_results(self) -> list[TeamResult]:
        """The teams by mean points of their members (bot/quiz/teams.py); empty in a round without teams."""
        if self.roster is None:
            return []
        points = {result.user_id: result.points for result in self.scores()}
        return team_standings(self.roster.members, self.roster.teams, points)

    def missed(self, user_id: int) -> tuple[str, ...]:
        """Ids of the questions this member missed so far, by the one rule of `missed_questions`."""
        answers = {i: by_user[user_id].right for i, by_user in enumerate(self._answers) if user_id in by_user}
        return missed_questions(self.question_ids, answers, closed=self.questions_played, polls=self.polls)

    # --- after a restart ---------------------------------------------------------------------

    @classmethod
    def restore(
        cls,
        *,
        round_id: int,
        deck: Deck,
        question_ids: Sequence[str],
        seed: int,
        options: RoundOptions,
        answers: Iterable[RestoredAnswer],
        current: int,
        revealed: bool,
        team_members: Mapping[int, int] | None = None,
        hints: Iterable[tuple[int, int, int]] = (),
    ) -> RoundState:
        """Rebuild a round from the store. The current question is not open: the service re-posts it
        and calls `open_question(current, posted_at)` (or, if `revealed`, opens the next one).

        Stored right/points are kept as they were scored when recorded, even if the deck changed; `hints`
        are the presses of Hint kept, as (question_index, user_id, hints).
        """
        state = cls(round_id=round_id, deck=deck, question_ids=question_ids, seed=seed, options=options)
        if options.teams:
            state.roster = Roster(options.teams, team_members)
        if not -1 <= current < state.question_count:
            raise ValueError(f"current={current} is outside this round's {state.question_count} questions")
        state._current = current
        state._revealed = revealed and current >= 0
        for index, user_id, presses in hints:
            state.note_hints(user_id, index, presses)
        for stored in answers:
            state.accept(state.verdict_of(stored))
        return state


def _top_wrong_number(question: Question, answers: Iterable[Verdict]) -> Decimal | None:
    if question.kind is not Kind.NUMBER or question.number is None:
        return None
    given = (v.number for v in answers if v.number is not None)
    return most_given_wrong(given, question.number, question.tolerance)


def _kept_text(
    question: Question, picked: frozenset[int], arranged: tuple[int, ...], text: str | None
) -> str | None:
    """What an answer keeps in its text: a multi question's set (`0,2`), an order question's original
    items as given (`2,0,1`), else the text typed."""
    if question.kind is Kind.MULTI:
        return picked_text(picked)
    return arranged_text(arranged) if question.kind is Kind.ORDER else text


def _top_wrong_set(
    question: Question, order: Sequence[int], answers: Iterable[Verdict]
) -> tuple[frozenset[int], int] | None:
    """A multi question's most chosen wrong set, in display slots."""
    if question.kind is not Kind.MULTI:
        return None
    top = top_wrong_set((v.picked for v in answers), question.answers)
    if top is None:
        return None
    return frozenset(order.index(chosen) for chosen in top[0]), top[1]
