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
)
from bot.quiz.learned import is_learned, learned_count
from bot.quiz.matching import accepted_answers, matches, normalize
from bot.quiz.missed import closed_count, missed_questions
from bot.quiz.practice import (
    SCHEDULER,
    MemoryState,
    PracticeMode,
    PracticeResult,
    PracticeSession,
    choose_questions,
    due_by,
    review,
)
from bot.quiz.reviews import reviewed
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

__all__ = [
    "LETTERS",
    "SCHEDULER",
    "AlreadyAnsweredError",
    "EmptyDeckError",
    "InvalidChoiceError",
    "MemoryState",
    "MissingQuestionError",
    "Mode",
    "NotCurrentQuestionError",
    "NotOpenYetError",
    "PlayerResult",
    "PracticeEndedError",
    "PracticeMode",
    "PracticeResult",
    "PracticeSession",
    "QuestionClosedError",
    "QuizError",
    "RestoredAnswer",
    "Reveal",
    "RoundEndedError",
    "RoundPlan",
    "RoundState",
    "Verdict",
    "accepted_answers",
    "choice_order",
    "choose_questions",
    "closed_count",
    "due_by",
    "is_learned",
    "learned_count",
    "matches",
    "missed_questions",
    "new_seed",
    "normalize",
    "pick_questions",
    "plan_round",
    "points",
    "review",
    "reviewed",
    "slot_letter",
]
