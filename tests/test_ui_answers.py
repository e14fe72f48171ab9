"""The answer components rounds and practice share: custom ids already on Discord keep reaching their play's desk."""

from __future__ import annotations

from datetime import UTC, datetime
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.ui.answers import PRACTICE_TAGS, ROUND_TAGS, answer_button, type_answer_button
from bot.ui.desks import PRACTICE_DESK, ROUND_DESK
from bot.ui.owners import Owners
from bot.ui.round_views import translate_button
from cogs.answers import PRACTICE, ROUND, AnswerButton, Play, TypeAnswerButton
from cogs.quiz._buttons import TranslateButton

ROUNDS_DESK: Any = object()  # whoever serves a desk: the buttons only hand it on
PRACTICE_SESSIONS: Any = object()


class Response:
    """What an interaction's response records of a refusal (discord.py's InteractionResponse, in short)."""

    def __init__(self) -> None:
        self.said: list[tuple[str, bool]] = []

    def is_done(self) -> bool:
        return bool(self.said)

    async def send_message(self, content: str, *, ephemeral: bool = False) -> None:
        self.said.append((content, ephemeral))


def clicked(*, served: bool = True) -> Any:
    """An interaction of a bot whose desks are served (or not: an extension that failed to load)."""
    owners = Owners()
    if served:
        owners.provide(ROUND_DESK, ROUNDS_DESK)
        owners.provide(PRACTICE_DESK, PRACTICE_SESSIONS)
    # What bot/replies reads of an interaction besides: its extras and when Discord created it.
    return SimpleNamespace(
        client=SimpleNamespace(owners=owners), response=Response(), extras={}, created_at=datetime.now(UTC)
    )


@pytest.mark.parametrize(
    ("custom_id", "play", "play_id", "index", "slot"),
    [
        ("bvz:1:a:123:4:2", ROUND, 123, 4, 2),
        ("bvz:1:p:987654321098:0:4", PRACTICE, 987654321098, 0, 4),
    ],
)
async def test_answer_buttons_sent_before_an_upgrade(
    custom_id: str, play: Play, play_id: int, index: int, slot: int
) -> None:
    sent = answer_button(ROUND_TAGS if play is ROUND else PRACTICE_TAGS, play_id, index, slot)
    assert sent.custom_id == custom_id  # what bot/ui sends today is what was sent before
    match = AnswerButton.__discord_ui_compiled_template__.fullmatch(custom_id)
    assert match is not None
    interaction = clicked()
    button = await AnswerButton.from_custom_id(interaction, sent, match)
    assert (button.play, button.play_id, button.index, int(button.parts["slot"])) == (
        play,
        play_id,
        index,
        slot,
    )
    assert button.desk is (ROUNDS_DESK if play is ROUND else PRACTICE_SESSIONS)
    assert await button.interaction_check(interaction)


@pytest.mark.parametrize(
    ("custom_id", "play", "play_id", "index"),
    [("bvz:1:x:55:3", ROUND, 55, 3), ("bvz:1:px:66:1", PRACTICE, 66, 1)],
)
async def test_type_answer_buttons_sent_before_an_upgrade(
    custom_id: str, play: Play, play_id: int, index: int
) -> None:
    sent = type_answer_button(ROUND_TAGS if play is ROUND else PRACTICE_TAGS, play_id, index)
    assert sent.custom_id == custom_id
    match = TypeAnswerButton.__discord_ui_compiled_template__.fullmatch(custom_id)
    assert match is not None
    interaction = clicked()
    button = await TypeAnswerButton.from_custom_id(interaction, sent, match)
    assert (button.play, button.play_id, button.index) == (play, play_id, index)
    assert button.desk is (ROUNDS_DESK if play is ROUND else PRACTICE_SESSIONS)


async def test_a_click_nobody_serves_is_refused_in_one_sentence_and_goes_no_further() -> None:
    for item, sent in (
        (AnswerButton, answer_button(ROUND_TAGS, 123, 4, 2)),
        (TranslateButton, translate_button(7, 0)),
    ):
        assert sent.custom_id is not None
        match = item.__discord_ui_compiled_template__.fullmatch(sent.custom_id)
        assert match is not None
        interaction = clicked(served=False)
        button = await item.from_custom_id(interaction, sent, match)
        assert button.desk is None
        assert not await button.interaction_check(interaction)  # discord.py calls no callback then
        assert interaction.response.said == [
            (
                "Bvunzo's rounds part is not available right now (it may be restarting); try again in a minute.",
                True,
            )
        ]


def test_labels_and_styles() -> None:
    chosen = answer_button(
        PRACTICE_TAGS, 9, 2, 1, label="B · 3", style=discord.ButtonStyle.success, disabled=True
    )
    assert (chosen.label, chosen.style, chosen.disabled) == ("B · 3", discord.ButtonStyle.success, True)
    assert answer_button(ROUND_TAGS, 9, 2, 4).label == "E"
    assert (
        type_answer_button(PRACTICE_TAGS, 9, 2, label="x" * 100).label == "x" * 79 + "…"
    )  # Discord allows 80
