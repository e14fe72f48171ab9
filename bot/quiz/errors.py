"""Domain errors of the quiz engines, each carrying the sentence a member is told."""

from __future__ import annotations

from bot.quiz.shuffle import slot_letter

# A typed answer quoted back to its author is cut here so the sentence stays one short line.
_QUOTE_LIMIT = 100


class QuizError(Exception):
    """Something a member or moderator did that the quiz refuses; `sentence` is shown to them."""

    sentence: str = "That can't be done right now."

    def __init__(self, sentence: str | None = None) -> None:
        if sentence is not None:
            self.sentence = sentence
        super().__init__(self.sentence)


class QuestionClosedError(QuizError):
    sentence = "This question is closed: the answer has been revealed."


class NotOpenYetError(QuizError):
    """A click during the question's reading time (its buttons are still disabled: a forged click)."""

    sentence = "This question isn't open yet: its buttons open when the reading time is over."


class NotCurrentQuestionError(QuizError):
    sentence = "That question is no longer open."


class RoundEndedError(QuizError):
    sentence = "This round has ended."


class PracticeEndedError(QuizError):
    sentence = "This practice session has ended."


class InvalidChoiceError(QuizError):
    sentence = "That is not one of this question's choices."


class TeamError(QuizError):
    """A team that is not there, or a change of team the round no longer allows."""

    sentence = "This round has no such team."


class EmptyDeckError(QuizError):
    sentence = "This deck has no questions to play."


class MissingQuestionError(QuizError):
    """A round or practice names a question its deck no longer has (the deck changed meanwhile)."""

    def __init__(self, question_id: str) -> None:
        self.question_id = question_id
        super().__init__(f"This deck no longer has question {question_id!r}; it cannot go on.")


class AlreadyAnsweredError(QuizError):
    """One answer per member per question: the first one stands."""

    def __init__(self, previous_slot: int | None = None, previous_text: str | None = None) -> None:
        self.previous_slot = previous_slot
        self.previous_text = previous_text
        if previous_slot is not None:
            sentence = f"You already chose {slot_letter(previous_slot)}; answers can't be changed."
        elif previous_text is not None:
            quoted = previous_text
            if len(quoted) > _QUOTE_LIMIT:
                quoted = quoted[: _QUOTE_LIMIT - 1] + "…"
            sentence = f"You already answered “{quoted}”; answers can't be changed."
        else:
            sentence = "You already answered this question; answers can't be changed."
        super().__init__(sentence)
