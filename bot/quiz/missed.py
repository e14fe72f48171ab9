"""What a member missed in a round: the one rule behind "Practise what I missed" and /practice mode:missed."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from bot.bank.models import Deck, Kind


def missed_questions(
    question_ids: Sequence[str],
    answers: Mapping[int, bool],
    *,
    closed: int | None = None,
    polls: Collection[int] = (),
) -> tuple[str, ...]:
    """Ids of the questions a member missed in a round, in round order, each once.

    Missed means: answered wrong, or left unanswered while the member was playing that round.
    A member plays a round from the first question they answered to the end of the round, so the
    questions before they joined are not theirs to miss, and a member who answered nothing missed
    nothing.

    `answers` maps a question's position in the round to whether the member's answer was right.
    `closed` is how many questions, from the first, have been revealed (all of them by default, as
    in an ended round): an unanswered question after those (still open, or never asked because the
    round was stopped) was not missed yet; a wrong answer to it is. `polls` are the positions of the
    round's polls: they have no right answer, so nobody misses them.
    """
    if not answers:
        return ()
    first = min(answers)
    closed = len(question_ids) if closed is None else closed
    missed: dict[str, None] = {}  # a dict keeps round order and drops a question asked twice
    for index in range(first, len(question_ids)):
        if index in polls:
            continue
        right = answers.get(index)
        if right is False or (right is None and index < closed):
            missed[question_ids[index]] = None
    return tuple(missed)


def closed_count(current: int, revealed: bool) -> int:
    """How many questions of a round are closed, from the question it is on and whether that one is revealed."""
    return current + 1 if revealed else max(current, 0)


def missed_in_round(
    deck: Deck, question_ids: Sequence[str], answers: Mapping[int, bool], *, current: int, revealed: bool
) -> tuple[str, ...]:
    """What a member missed in a stored round (`missed_questions`), its polls known from `deck`.

    `current` and `revealed` are where the round stands (its last question, and whether that one was
    revealed); a question the deck no longer has is left out, since there is nothing of it to practise.
    """
    polls = {
        index
        for index, question_id in enumerate(question_ids)
        if (question := deck.question(question_id)) is not None and question.kind is Kind.POLL
    }
    missed = missed_questions(question_ids, answers, closed=closed_count(current, revealed), polls=polls)
    return tuple(question_id for question_id in missed if deck.question(question_id) is not None)
