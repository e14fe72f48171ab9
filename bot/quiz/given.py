"""What a member gave as an answer, as the keywords the round's engine judges it by (RoundState.judge)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypedDict


class AnswerGiven(TypedDict, total=False):
    """An answer's parts, each left out when not given: the slot clicked, the text typed, or the display
    slots a multi question's menu picked. The round service passes them on to RoundState.judge as given."""

    slot: int | None
    text: str | None
    slots: Sequence[int] | None
