"""What a deck's writer gives: the file's bytes and a sentence for each thing its format could not hold."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import TypeVar

from bot.bank.models import Deck, Kind, Question
from bot.locales import _, n_

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Exported:
    """A written deck: the file, and what stayed out of it, one sentence each (shown under the file)."""

    data: bytes
    notes: tuple[str, ...] = ()


def translations_note(deck: Deck, label: str) -> str | None:
    """The sentence saying the translations stayed out, when the deck has any."""
    if not any(q.translations for q in deck.questions):
        return None
    return _(
        "{format} cannot hold translations: the file has each question in its own language only.",
        format=label,
    )


class Unwritable(Exception):
    """A question of a kind its format holds that it still cannot say as it is: the reason, in words."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def by_kind(
    deck: Deck, writers: Mapping[Kind, Callable[[Question], T]], label: str
) -> tuple[list[T], list[str]]:
    """Each question written by its kind's writer, and a sentence for each kind (or reason, when a
    writer raises Unwritable) that left questions out."""
    written, missing, unwritable = [], Counter[Kind](), Counter[str]()
    for question in deck.questions:
        writer = writers.get(question.kind)
        if writer is None:
            missing[question.kind] += 1
            continue
        try:
            written.append(writer(question))
        except Unwritable as exc:
            unwritable[exc.reason] += 1
    notes = [left_out_note(kind, count, label) for kind, count in missing.items()]
    notes += [
        n_(
            "{n} question was left out: {reason}.",
            "{n} questions were left out: {reason}.",
            count,
            reason=reason,
        )
        for reason, count in unwritable.items()
    ]
    return written, notes


def left_out_note(kind: Kind, count: int, label: str) -> str:
    if kind is Kind.POLL:
        return n_(
            "{n} poll was left out: {format} has no question without a right answer.",
            "{n} polls were left out: {format} has no question without a right answer.",
            count,
            format=label,
        )
    return n_(
        "{n} question of the kind `{kind}` was left out: {format} cannot hold it.",
        "{n} questions of the kind `{kind}` were left out: {format} cannot hold them.",
        count,
        kind=kind.value,
        format=label,
    )


def notes_of(*groups: Iterable[str | None]) -> tuple[str, ...]:
    """Every sentence of the groups, in order, without the Nones."""
    return tuple(note for group in groups for note in group if note)
