"""Builders shared by the store tests: rounds and answers with hand-picked times (no tests here)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from bot.store import Answer, NewRound, RoundRecord, Store

T0 = datetime(2024, 5, 15, 12, 0, tzinfo=UTC)  # a Wednesday
QUESTIONS = tuple(f"q{n}" for n in range(10))

_channels = iter(range(1_000, 10**9))


async def start(
    store: Store,
    *,
    guild: int = 1,
    channel: int | None = None,
    deck: str = "deck",
    questions: tuple[str, ...] = QUESTIONS,
    at: datetime = T0,
    mode: str = "standard",
) -> RoundRecord:
    """A running round; each call gets a channel of its own unless one is given."""
    return await store.start_round(
        NewRound(
            guild_id=guild,
            channel_id=next(_channels) if channel is None else channel,
            deck_id=deck,
            started_by=99,
            question_ids=questions,
            seconds=20,
            mode=mode,
            seed=1234,
            started_at=at,
        )
    )


def answer(
    round: RoundRecord,
    index: int,
    user: int,
    *,
    right: bool = True,
    points: int | None = None,
    choice: int | None = 0,
    text: str | None = None,
    at: datetime | None = None,
    ms: int = 1_500,
) -> Answer:
    """An answer to question `index` of `round`; 100 points when right unless told otherwise."""
    return Answer(
        guild_id=round.guild_id,
        round_id=round.id,
        question_index=index,
        question_id=round.question_ids[index],
        deck_id=round.deck_id,
        user_id=user,
        choice=None if text is not None else choice,
        text=text,
        right=right,
        ms=ms,
        points=(100 if right else 0) if points is None else points,
        answered_at=at or T0 + timedelta(seconds=index * 30) + timedelta(milliseconds=ms),
    )
