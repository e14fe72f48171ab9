"""Flagged questions: members' reports of a question that looks wrong, unclear or mistyped, per question."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from bot.locales import N_, _

# What a member may say is wrong with a question, in the order the form offers them; the labels are
# English marked for the catalog: show them with `reason_label` (or `_(FLAG_REASONS[key])`).
FLAG_REASONS: dict[str, str] = {
    "wrong": N_("Wrong answer"),
    "unclear": N_("Unclear"),
    "typo": N_("Typo"),
    "other": N_("Other"),
}


def reason_label(reason: str) -> str:
    """A flag's reason as the task's language names it (an unknown key shows as itself)."""
    label = FLAG_REASONS.get(reason)
    return reason if label is None else _(label)


class Flag(Protocol):
    """One member's flag, as the store keeps it (bot.store.FlagRecord)."""

    @property
    def deck_id(self) -> str: ...
    @property
    def question_id(self) -> str: ...
    @property
    def reason(self) -> str: ...
    @property
    def note(self) -> str | None: ...
    @property
    def flagged_at(self) -> datetime: ...


@dataclass(frozen=True, slots=True)
class FlaggedQuestion:
    deck_id: str
    question_id: str
    members: int  # how many flagged it (each member once)
    reasons: tuple[tuple[str, int], ...]  # reason and how many gave it, commonest first
    notes: tuple[str, ...]  # what members wrote, oldest first
    first_at: datetime


def flagged_questions(flags: Iterable[Flag]) -> list[FlaggedQuestion]:
    """One line per flagged question: most flagged first, then the longest waiting."""
    grouped: dict[tuple[str, str], list[Flag]] = {}
    for flag in sorted(flags, key=lambda f: f.flagged_at):
        grouped.setdefault((flag.deck_id, flag.question_id), []).append(flag)
    order = list(FLAG_REASONS)
    lines = []
    for (deck_id, question_id), group in grouped.items():
        counts = Counter(f.reason for f in group)
        reasons = sorted(
            counts.items(), key=lambda rc: (-rc[1], order.index(rc[0]) if rc[0] in order else 99)
        )
        lines.append(
            FlaggedQuestion(
                deck_id=deck_id,
                question_id=question_id,
                members=len(group),
                reasons=tuple(reasons),
                notes=tuple(f.note for f in group if f.note),
                first_at=group[0].flagged_at,
            )
        )
    return sorted(lines, key=lambda line: (-line.members, line.first_at))
