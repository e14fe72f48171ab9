"""The round options between the store's plain columns and the engine's RoundOptions, both ways.

The store keeps options as plain strings and numbers (it imports nothing of bot.quiz); this is the one
place that turns a server's settings or a stored round into the options a round plays with, and back.
"""

from __future__ import annotations

from dataclasses import asdict, fields, replace
from typing import Any

from bot.quiz.options import RoundOptions
from bot.quiz.round import RestoredAnswer, Verdict
from bot.store.records import DEFAULT_OPTIONS, KEPT_OPTIONS, Answer, GuildSettings, NewRound, RoundRecord


def _columns(options: RoundOptions, names: tuple[str, ...]) -> dict[str, Any]:
    """The options as the store's columns hold them: enums as their plain strings."""
    values = {name: getattr(options, name) for name in names}
    return {name: value.value if name in ("mode", "standings") else value for name, value in values.items()}


def default_options(settings: GuildSettings) -> RoundOptions:
    """The server's defaults for a new round."""
    return RoundOptions(**{name: getattr(settings, name) for name in DEFAULT_OPTIONS})


def with_default_options(settings: GuildSettings, options: RoundOptions) -> GuildSettings:
    """These settings with `options` as the server's defaults."""
    return replace(settings, **_columns(options, DEFAULT_OPTIONS))


def new_round(options: RoundOptions, **round: Any) -> NewRound:
    """A new round that plays with `options`; `round` gives the other fields."""
    return NewRound(**round, **_columns(options, KEPT_OPTIONS))


def round_options(record: RoundRecord) -> RoundOptions:
    """The options a stored round plays with, as it was started."""
    kept = {name: getattr(record, name) for name in KEPT_OPTIONS}
    return RoundOptions(
        questions=len(record.question_ids), thread=record.parent_channel_id is not None, **kept
    )


def result_options(record: RoundRecord) -> dict[str, Any]:
    """What a round's results file says it was played with: its deck, how it ended, and its options."""
    return {"deck": record.deck_id, "status": record.status, **asdict(round_options(record))}


def restored_answer(answer: Answer) -> RestoredAnswer:
    """A stored answer as the engine takes it back (after a restart, or when a click finds it there)."""
    return RestoredAnswer(**{f.name: getattr(answer, f.name) for f in fields(RestoredAnswer)})


def answer_to_keep(
    verdict: Verdict, *, guild_id: int, round_id: int, deck_id: str, question_id: str
) -> Answer:
    """A judged answer as the store keeps it: what the engine takes back (RestoredAnswer's fields, from
    the verdict), beside the server, the round and the deck's question it answers."""
    kept = {f.name: getattr(verdict, f.name) for f in fields(RestoredAnswer)}
    return Answer(guild_id=guild_id, round_id=round_id, deck_id=deck_id, question_id=question_id, **kept)
