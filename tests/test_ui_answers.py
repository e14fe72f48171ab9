"""The answer components rounds and practice share: custom ids already on Discord keep reaching their play."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from cogs.answers import PRACTICE, ROUND, AnswerButton, Play, TypeAnswerButton

NO_INTERACTION: Any = None  # from_custom_id reads only the match


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
    match = AnswerButton(ROUND, 1, 0, 0).template.fullmatch(custom_id)
    assert match is not None
    button = await AnswerButton.from_custom_id(NO_INTERACTION, NO_INTERACTION, match)
    assert (button.play, button.play_id, button.index, button.slot) == (play, play_id, index, slot)
    assert button.custom_id == custom_id  # and the same id is sent again


@pytest.mark.parametrize(
    ("custom_id", "play", "play_id", "index"),
    [("bvz:1:x:55:3", ROUND, 55, 3), ("bvz:1:px:66:1", PRACTICE, 66, 1)],
)
async def test_type_answer_buttons_sent_before_an_upgrade(
    custom_id: str, play: Play, play_id: int, index: int
) -> None:
    match = TypeAnswerButton(ROUND, 1, 0).template.fullmatch(custom_id)
    assert match is not None
    button = await TypeAnswerButton.from_custom_id(NO_INTERACTION, NO_INTERACTION, match)
    assert (button.play, button.play_id, button.index) == (play, play_id, index)
    assert button.custom_id == custom_id


def test_labels_and_styles() -> None:
    chosen = AnswerButton(PRACTICE, 9, 2, 1, label="B · 3", style=discord.ButtonStyle.success, disabled=True)
    assert (chosen.item.label, chosen.item.style, chosen.item.disabled) == (
        "B · 3",
        discord.ButtonStyle.success,
        True,
    )
    assert AnswerButton(ROUND, 9, 2, 4).item.label == "E"
    assert TypeAnswerButton(PRACTICE, 9, 2, label="x" * 100).item.label == "x" * 79 + "…"  # Discord allows 80
