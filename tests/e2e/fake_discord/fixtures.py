"""pytest fixtures for end-to-end tests; import them into a conftest.py or a test module to use them."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator

import pytest
import pytest_asyncio

from tests.e2e.fake_discord.server import FakeDiscord
from tests.e2e.fake_discord.spec import unavailable_reason
from tests.e2e.harness import discord_py_pointed_at


def require_spec() -> None:
    """Every request body is checked against Discord's OpenAPI file, which is vendored: its absence fails."""
    reason = unavailable_reason()
    if reason is not None:
        pytest.fail(reason, pytrace=False)


async def finish(fake: FakeDiscord) -> None:
    """Wait for pending interactions, stop the fake, and fail the test with every violation left in it."""
    try:
        await fake.settle()
    finally:
        await fake.stop()
    if fake.violations:
        pytest.fail(
            f"the bot broke Discord's rules ({len(fake.violations)}):\n{fake.report()}", pytrace=False
        )


@pytest_asyncio.fixture
async def fake_discord() -> AsyncIterator[FakeDiscord]:
    """A started fake Discord; at teardown, `finish` (take provoked violations with take_violations)."""
    require_spec()
    fake = FakeDiscord()
    await fake.start()
    yield fake
    await finish(fake)


@pytest.fixture
def discord_py_at_fake(fake_discord: FakeDiscord) -> Iterator[FakeDiscord]:
    """The fake, with discord.py's process-wide REST base and gateway pointed at it (restored afterwards)."""
    with discord_py_pointed_at(fake_discord):
        yield fake_discord
