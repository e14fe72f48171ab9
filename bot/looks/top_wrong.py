"""The commonest wrong answer of a question's report, in the question's own words (Discord's and the web's)."""

from __future__ import annotations

from bot.bank.models import Kind, Question, picked_words, typed_words


def top_wrong_words(question: Question | None, choice: int | None, text: str | None) -> str | None:
    """The most chosen wrong choice (`choice`, an original index) or the most given wrong text, as members
    read it; None for none. A question no longer in its deck shows the text as it was kept."""
    if question is not None and not question.typed and choice is not None:
        return question.choices[choice] if 0 <= choice < len(question.choices) else None
    if not text:
        return None
    if question is None:
        return text
    if question.kind is Kind.MULTI:
        return picked_words(question, text)
    return typed_words(question, text)  # a cloze question's blanks, (1) … · (2) …; an order's, a match's
