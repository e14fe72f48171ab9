"""RetryPolicy: which failures are retried, for how long, and what a 404 becomes; time is a fake clock."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import discord
import pytest

from bot.discord.calls import (
    ChannelGone,
    DiscordUnavailable,
    MessageGone,
    RetryPolicy,
    is_expired_interaction,
)


@dataclass
class Response:
    """What discord.HTTPException reads from an aiohttp response."""

    status: int
    reason: str = "error"
    headers: dict[str, str] = field(default_factory=dict)


def failure(status: int, code: int = 0, headers: dict[str, str] | None = None) -> discord.HTTPException:
    response: Any = Response(status, headers=headers or {})
    data = {"message": "failed", "code": code}
    if status == 404:
        return discord.NotFound(response, data)
    if status == 403:
        return discord.Forbidden(response, data)
    if status >= 500:
        return discord.DiscordServerError(response, data)
    return discord.HTTPException(response, data)


class FakeTime:
    def __init__(self) -> None:
        self.now = 100.0
        self.slept: list[float] = []

    async def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        self.now += seconds

    def policy(self, budget: float = 30.0, jitter: float = 1.0) -> RetryPolicy:
        return RetryPolicy(budget=budget, sleep=self.sleep, monotonic=lambda: self.now, jitter=lambda: jitter)


def failing(*errors: BaseException, then: str = "sent") -> tuple[Callable[[], Awaitable[str]], list[int]]:
    calls: list[int] = []

    async def make() -> str:
        calls.append(1)
        if len(calls) <= len(errors):
            raise errors[len(calls) - 1]
        return then

    return make, calls


async def test_a_503_burst_is_retried_with_growing_waits() -> None:
    time = FakeTime()
    make, calls = failing(failure(503), failure(503), failure(502))
    assert await time.policy().call("the reveal", make) == "sent"
    assert len(calls) == 4
    assert time.slept == [0.5, 1.0, 2.0]  # jitter at its top: the whole step each time


async def test_jitter_spreads_the_wait_between_half_and_whole_step() -> None:
    time = FakeTime()
    make, _ = failing(failure(503), failure(503))
    await time.policy(jitter=0.0).call("the reveal", make)
    assert time.slept == [0.25, 0.5]


async def test_past_the_budget_it_gives_up() -> None:
    time = FakeTime()

    async def down() -> str:
        raise failure(503)

    with pytest.raises(DiscordUnavailable) as raised:
        await time.policy(budget=10).call("the reveal", down)
    # 0.5 + 1 + 2 + 4 = 7.5 s slept; the next wait (5 s, the cap) would pass 10 s.
    assert time.slept == [0.5, 1.0, 2.0, 4.0]
    assert raised.value.seconds == 7.5
    assert isinstance(raised.value.__cause__, discord.DiscordServerError)


async def test_connection_errors_are_retried_too() -> None:
    time = FakeTime()
    make, calls = failing(ConnectionResetError(), TimeoutError())
    assert await time.policy().call("the question", make) == "sent"
    assert len(calls) == 3


async def test_a_429_that_reaches_us_is_waited_out_for_at_least_retry_after() -> None:
    time = FakeTime()
    make, _ = failing(failure(429, headers={"Retry-After": "3"}))
    await time.policy().call("the summary", make)
    assert time.slept == [3.0]


@pytest.mark.parametrize(
    ("error", "becomes"),
    [(failure(404, 10008), MessageGone), (failure(404, 10003), ChannelGone)],
)
async def test_a_deleted_message_or_channel_is_not_retried(
    error: discord.HTTPException, becomes: type[Exception]
) -> None:
    time = FakeTime()
    make, calls = failing(error)
    with pytest.raises(becomes):
        await time.policy().call("the reveal", make)
    assert len(calls) == 1 and time.slept == []


@pytest.mark.parametrize("status", [400, 403, 404])
async def test_other_client_errors_are_raised_as_they_are(status: int) -> None:
    time = FakeTime()
    error = failure(status, 50013 if status == 403 else 0)
    make, calls = failing(error)
    with pytest.raises(type(error)):
        await time.policy().call("the reveal", make)
    assert len(calls) == 1


def test_expired_interactions_are_recognised() -> None:
    assert is_expired_interaction(failure(404, 10062))
    assert is_expired_interaction(failure(401, 50027))
    assert is_expired_interaction(failure(404, 10015))
    assert not is_expired_interaction(failure(404, 10008))
    assert not is_expired_interaction(ValueError("no"))
