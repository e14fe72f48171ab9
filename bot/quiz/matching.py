"""Lenient comparison of a typed answer with a question's accepted answers."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from bot.bank.models import Question

# Dropped from the front of an answer (when something follows), so "The Nile" is "Nile".
# English, French, Spanish, Italian, Portuguese and German articles; "l" is French "l'" once the
# apostrophe became a space.
ARTICLES = frozenset(
    {"a", "an", "the", "le", "la", "les", "l", "el", "los", "las", "il", "lo", "gli", "o", "os", "as"}
    | {"der", "die", "das", "un", "une", "uno", "una"}
)

# Typos forgiven, by the accepted answer's normalised length: short words have none, since one
# letter often makes another word ("cat"/"bat").
_TOLERANCE = ((9, 2), (5, 1))


def normalize(text: str) -> str:
    """Casefolded, accent-free words without punctuation or a leading article, single-spaced."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    kept: list[str] = []
    for char in decomposed:
        category = unicodedata.category(char)
        if category == "Mn":  # the accents NFKD split off their letters
            continue
        # Punctuation separates words ("e-mail", "l'eau"); comparing the compact forms too makes
        # "e-mail" match "email".
        kept.append(" " if category.startswith("P") else char)
    words = "".join(kept).split()
    if len(words) > 1 and words[0] in ARTICLES:
        words = words[1:]
    return " ".join(words)


def _tolerance(normalized: str) -> int:
    if any(char.isdigit() for char in normalized):
        return 0  # "1999" is not nearly "1998": numbers are right or wrong
    length = len(normalized.replace(" ", ""))
    for at_least, allowed in _TOLERANCE:
        if length >= at_least:
            return allowed
    return 0


def matches(given: str, accepted: Sequence[str]) -> bool:
    """Whether `given` is one of `accepted` once normalised, allowing a typo in longer answers.

    A typo is one edit (insert, delete, replace, or swap of two neighbours) for answers of 5–8
    letters and two for 9 or more; none for shorter answers or answers with digits in them.
    """
    said = normalize(given)
    if not said:
        return False
    said_compact = said.replace(" ", "")
    said_has_digits = any(char.isdigit() for char in said)
    for answer in accepted:
        wanted = normalize(answer)
        if not wanted:
            continue
        wanted_compact = wanted.replace(" ", "")
        if said_compact == wanted_compact:
            return True
        allowed = 0 if said_has_digits else _tolerance(wanted)
        if allowed and _typos(said_compact, wanted_compact, allowed) <= allowed:
            return True
    return False


def _typos(said: str, wanted: str, at_most: int) -> int:
    # rapidfuzz is imported on the first typed answer that is not exactly right: a bot whose decks have
    # no typed questions never loads it.
    from rapidfuzz.distance import OSA

    return OSA.distance(said, wanted, score_cutoff=at_most)


def accepted_answers(question: Question) -> tuple[str, ...]:
    """Every answer the question accepts, in its own language and all its translations."""
    seen = dict.fromkeys(question.accepted)
    for lang in sorted(question.translations):
        seen.update(dict.fromkeys(question.translations[lang].accepted))
    return tuple(seen)
