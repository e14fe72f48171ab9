"""Domain errors of the quiz engines, each carrying the sentence a member is told.

Each is raised inside the member's own interaction (a click, a command), so its sentence is written
when it is raised, in that member's language: a class keeps its English marked with `N_`, and
`sentence` is that message through the catalog.
"""

from __future__ import annotations

from bot.locales import N_, _
from bot.quiz.shuffle import slot_letter

# A typed answer quoted back to its author is cut here so the sentence stays one short line.
_QUOTE_LIMIT = 100


class QuizError(Exception):
    """Something a member or moderator did that the quiz refuses; `sentence` is shown to them."""

    message: str = N_("That can't be done right now.")  # the class's own sentence, in English

    def __init__(self, sentence: str | None = None) -> None:
        self.sentence = _(self.message) if sentence is None else sentence
        super().__init__(self.sentence)


class QuestionClosedError(QuizError):
    message = N_("This question is closed: the answer has been revealed.")


class NotOpenYetError(QuizError):
    """A click during the question's reading time (its buttons are still disabled: a forged click)."""

    message = N_("This question isn't open yet: its buttons open when the reading time is over.")


class NotCurrentQuestionError(QuizError):
    message = N_("That question is no longer open.")


class RoundEndedError(QuizError):
    message = N_("This round has ended.")


class PracticeEndedError(QuizError):
    message = N_("This practice session has ended.")


class InvalidChoiceError(QuizError):
    message = N_("That is not one of this question's choices.")


class TeamError(QuizError):
    """A team that is not there, or a change of team the round no longer allows."""

    message = N_("This round has no such team.")


class EmptyDeckError(QuizError):
    message = N_("This deck has no questions to play.")


class MissingQuestionError(QuizError):
    """A round or practice names a question its deck no longer has (the deck changed meanwhile)."""

    def __init__(self, question_id: str) -> None:
        self.question_id = question_id
        super().__init__(
            _("This deck no longer has question “{question}”; it cannot go on.", question=question_id)
        )


class AlreadyAnsweredError(QuizError):
    """One answer per member per question: the first one stands."""

    def __init__(self, previous_slot: int | None = None, previous_text: str | None = None) -> None:
        self.previous_slot = previous_slot
        self.previous_text = previous_text
        if previous_slot is not None:
            sentence = _(
                "You already chose {letter}; answers can't be changed.", letter=slot_letter(previous_slot)
            )
        elif previous_text is not None:
            quoted = previous_text
            if len(quoted) > _QUOTE_LIMIT:
                quoted = quoted[: _QUOTE_LIMIT - 1] + "…"
            sentence = _("You already answered “{answer}”; answers can't be changed.", answer=quoted)
        else:
            sentence = _("You already answered this question; answers can't be changed.")
        super().__init__(sentence)


class NoHintError(QuizError):
    """Hint on a question that takes none: answered with buttons, or in a server that turned hints off."""

    message = N_("This question has no hints.")


class HintAfterAnswerError(QuizError):
    message = N_("You have answered this question already: a hint can no longer help.")
