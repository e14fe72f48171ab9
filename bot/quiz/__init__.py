"""The quiz engines: rounds and practice as pure state machines, with the clock passed in."""

from bot.quiz.errors import (
    AlreadyAnsweredError,
    EmptyDeckError,
    InvalidChoiceError,
    MissingQuestionError,
    NotCurrentQuestionError,
    NotOpenYetError,
    PracticeEndedError,
    QuestionClosedError,
    QuizError,
    RoundEndedError,
    TeamError,
)
from bot.quiz.learned import Mastery, deck_mastery, is_learned, learned_count
from bot.quiz.leeches import LEECH_FAILURES, Misses, is_leech, leeches, most_missed
from bot.quiz.matching import accepted_answers, matches, normalize
from bot.quiz.missed import closed_count, missed_in_round, missed_questions
from bot.quiz.options import OptionsError, RoundOptions
from bot.quiz.practice import (
    DEFAULT_RETENTION,
    MAX_RETENTION,
    MIN_RETENTION,
    MemoryState,
    PracticeMode,
    PracticeResult,
    PracticeSession,
    choose_questions,
    due_by,
    review,
    scheduler_for,
)
from bot.quiz.question_flags import FLAG_REASONS, FlaggedQuestion, flagged_questions, reason_label
from bot.quiz.round import (
    PlayerResult,
    RestoredAnswer,
    Reveal,
    RoundPlan,
    RoundState,
    Verdict,
    plan_round,
)
from bot.quiz.scoring import Mode, points
from bot.quiz.shuffle import LETTERS, choice_order, new_seed, pick_questions, slot_letter
from bot.quiz.until_learned import Passes, needs_another_pass, passes_of

__all__ = [
    "DEFAULT_RETENTION",
    "FLAG_REASONS",
    "LEECH_FAILURES",
    "LETTERS",
    "MAX_RETENTION",
    "MIN_RETENTION",
    "AlreadyAnsweredError",
    "EmptyDeckError",
    "FlaggedQuestion",
    "InvalidChoiceError",
    "Mastery",  # i18n: not shown
    "MemoryState",
    "Misses",  # i18n: not shown
    "MissingQuestionError",
    "Mode",  # i18n: not shown
    "NotCurrentQuestionError",
    "NotOpenYetError",
    "OptionsError",
    "Passes",  # i18n: not shown
    "PlayerResult",
    "PracticeEndedError",
    "PracticeMode",
    "PracticeResult",
    "PracticeSession",
    "QuestionClosedError",
    "QuizError",
    "RestoredAnswer",
    "Reveal",  # i18n: not shown
    "RoundEndedError",
    "RoundOptions",
    "RoundPlan",
    "RoundState",
    "TeamError",
    "Verdict",  # i18n: not shown
    "accepted_answers",
    "choice_order",
    "choose_questions",
    "closed_count",
    "deck_mastery",
    "due_by",
    "flagged_questions",
    "is_learned",
    "is_leech",
    "learned_count",
    "leeches",
    "matches",
    "missed_in_round",
    "missed_questions",
    "most_missed",
    "needs_another_pass",
    "new_seed",
    "normalize",
    "passes_of",
    "pick_questions",
    "plan_round",
    "points",
    "reason_label",
    "review",
    "scheduler_for",
    "slot_letter",
]
