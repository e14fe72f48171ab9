"""A deck as plain JSON values and back, every field of it, exactly (bot/bank/deck_cache.py keeps decks so).

Unlike bot/bank/versions.py's canonical JSON (what a member saw, for digests), this holds all a reading
gives: lines, tags, difficulty, hints, the source. A number keeps its Decimal's own text (`9.81`, `981E-2`),
so it reads back with the same digits and exponent. Reading checks each value's type: a value of the wrong
kind is a ValueError or TypeError, never a deck that differs from the one written.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from bot.bank.models import Deck, Kind, Question, Translation
from bot.bank.problems import Problem
from bot.bank.tolerance import EXACT, Tolerance

if TYPE_CHECKING:
    from decimal import Decimal


def deck_to_json(deck: Deck) -> dict[str, Any]:
    return {
        "id": deck.id,
        "title": deck.title,
        "questions": [question_to_json(q) for q in deck.questions],
        "description": deck.description,
        "language": deck.language,
        "tags": list(deck.tags),
        "source": deck.source,
        "guild_id": deck.guild_id,
        "left_out": [[p.file, p.line, p.message] for p in deck.left_out],
    }


def deck_from_json(shape: Any) -> Deck:
    _same_keys(shape, DECK_KEYS)
    return Deck(
        id=_text(shape["id"]),
        title=_text(shape["title"]),
        questions=tuple(question_from_json(q) for q in _list(shape["questions"])),
        description=_text(shape["description"]),
        language=_text(shape["language"]),
        tags=_texts(shape["tags"]),
        source=_text(shape["source"]),
        guild_id=_maybe(_whole)(shape["guild_id"]),
        left_out=tuple(Problem(_text(f), _whole(line), _text(m)) for f, line, m in _list(shape["left_out"])),
    )


def question_to_json(q: Question) -> dict[str, Any]:
    return {
        "id": q.id,
        "kind": str(q.kind),
        "prompt": q.prompt,
        "choices": list(q.choices),
        "answers": sorted(q.answers),
        "accepted": list(q.accepted),
        "number": _decimal_text(q.number),
        "tolerance": [_decimal_text(q.tolerance.amount), q.tolerance.percent],
        "unit": q.unit,
        "blanks": [list(accepted) for accepted in q.blanks],
        "pairs": [list(pair) for pair in q.pairs],
        "explanation": q.explanation,
        "lang": q.lang,
        "translations": {lang: _translation_to_json(t) for lang, t in q.translations.items()},
        "tags": list(q.tags),
        "difficulty": q.difficulty,
        "image": q.image,
        "hint": q.hint,
        "line": q.line,
        "suggested_by": q.suggested_by,
    }


def question_from_json(shape: Any) -> Question:
    _same_keys(shape, QUESTION_KEYS)
    return Question(**{name: _QUESTION_READ[name](shape[name]) for name in QUESTION_KEYS})


def _translation_to_json(t: Translation) -> dict[str, Any]:
    """Each field as it is, its tuples (of texts, of pairs) as lists: a translation holds nothing else."""
    return {name: _lists(getattr(t, name)) for name in TRANSLATION_KEYS}


def _lists(value: Any) -> Any:
    return [_lists(item) for item in value] if isinstance(value, tuple) else value


def _translation_from_json(shape: Any) -> Translation:
    _same_keys(shape, TRANSLATION_KEYS)
    return Translation(**{name: _TRANSLATION_READ[name](shape[name]) for name in TRANSLATION_KEYS})


# -- values -------------------------------------------------------------------------------------------


def _same_keys(shape: Any, keys: tuple[str, ...]) -> None:
    if not isinstance(shape, dict) or sorted(shape) != sorted(keys):
        raise ValueError(f"not a mapping of {', '.join(keys)}")


def _text(value: Any) -> str:
    if not isinstance(value, str):
        raise TypeError(f"{value!r} is not text")
    return value


def _whole(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"{value!r} is not a whole number")
    return value


def _flag(value: Any) -> bool:
    if not isinstance(value, bool):
        raise TypeError(f"{value!r} is not true or false")
    return value


def _list(value: Any) -> list[Any]:
    if not isinstance(value, list):
        raise TypeError(f"{value!r} is not a list")
    return value


def _texts(value: Any) -> tuple[str, ...]:
    return tuple(_text(item) for item in _list(value))


def _pairs(value: Any) -> tuple[tuple[str, str], ...]:
    pairs = tuple(_texts(pair) for pair in _list(value))
    if any(len(pair) != 2 for pair in pairs):
        raise ValueError("a pair is not two texts")
    return pairs  # type: ignore[return-value]  # each checked to be two long


def _maybe(read: Callable[[Any], Any]) -> Callable[[Any], Any]:
    return lambda value: None if value is None else read(value)


def _decimal_text(number: Decimal | None) -> str | None:
    return None if number is None else str(number)


def _decimal(value: Any) -> Decimal:
    from decimal import Decimal  # as the reader: only a deck with a number question needs it

    return Decimal(_text(value))


def _tolerance(value: Any) -> Tolerance:
    amount, percent = _list(value)
    if amount is None and not _flag(percent):
        return EXACT
    return Tolerance(amount=_maybe(_decimal)(amount), percent=_flag(percent))


def _translations(value: Any) -> MappingProxyType[str, Translation]:
    if not isinstance(value, dict):
        raise TypeError(f"{value!r} is not a mapping")
    return MappingProxyType({_text(lang): _translation_from_json(t) for lang, t in value.items()})


_QUESTION_READ: dict[str, Callable[[Any], Any]] = {
    "id": _text,
    "kind": lambda value: Kind(_text(value)),
    "prompt": _text,
    "choices": _texts,
    "answers": lambda value: frozenset(_whole(i) for i in _list(value)),
    "accepted": _texts,
    "number": _maybe(_decimal),
    "tolerance": _tolerance,
    "unit": _text,
    "blanks": lambda value: tuple(_texts(accepted) for accepted in _list(value)),
    "pairs": _pairs,
    "explanation": _text,
    "lang": _text,
    "translations": _translations,
    "tags": _texts,
    "difficulty": _maybe(_text),
    "image": _maybe(_text),
    "hint": _maybe(_text),
    "line": _whole,
    "suggested_by": _maybe(_whole),
}
_TRANSLATION_READ: dict[str, Callable[[Any], Any]] = {
    "prompt": _text,
    "choices": _texts,
    "explanation": _text,
    "accepted": _texts,
    "pairs": _pairs,
}
QUESTION_KEYS = tuple(f.name for f in fields(Question))
TRANSLATION_KEYS = tuple(f.name for f in fields(Translation))
DECK_KEYS = tuple(f.name for f in fields(Deck) if f.init)
