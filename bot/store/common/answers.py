"""Round answers as both engines give them back, and the door every answer goes in by: the engine's
group commit (bot/store/groups.py), which each backend's answers module writes its own way."""

from __future__ import annotations

from bot.store.groups import Groups
from bot.store.records import Answer, Recorded
from bot.store.sql.answers import ANSWER_COLUMNS, QUESTION_ANSWERS, ROUND_ANSWERS, AnswerRow
from bot.store.sql.engine import Engine


class SharedAnswers:
    _engine: Engine
    _answers: Groups[AnswerRow]

    async def record_answer(self, answer: Answer) -> Recorded:
        """Store the member's answer, committed before this returns; or tell what they answered before.

        Alone, the answer is its own transaction; in a burst it shares one with the answers that came
        with it (group commit, bot/store/groups.py) and this returns after that transaction's COMMIT.
        The UNIQUE (round, question, member) constraint decides between racing duplicates, from this
        store or any other process, so the read that follows a refused answer always finds the first.
        """
        self._engine.check_open()  # refuse at once when closed
        previous = await self._answers.write(ANSWER_COLUMNS.row(answer))
        if previous is None:
            return Recorded(first=True, previous=None)
        return Recorded(first=False, previous=ANSWER_COLUMNS.record(previous))

    async def round_answers(self, round_id: int, question_index: int | None = None) -> list[Answer]:
        """The round's answers (or one question's), in the order they came."""
        if question_index is None:
            return await self._engine.fetch_records(ANSWER_COLUMNS, ROUND_ANSWERS, round=round_id)
        return await self._engine.fetch_records(
            ANSWER_COLUMNS, QUESTION_ANSWERS, round=round_id, question=question_index
        )
