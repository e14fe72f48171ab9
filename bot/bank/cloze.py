"""Cloze questions (blanks to fill): the `{{n}}` marks in a prompt, the prompt as shown with its blanks,
and the typed blanks as an answer keeps them (a JSON list of strings in the store's text column)."""

from __future__ import annotations

import json
import re

from bot.locales import _

# A blank in a cloze prompt: `{{1}}` to `{{5}}` (Discord's modal takes at most five text inputs).
BLANK = re.compile(r"\{\{\s*(\d+)\s*\}\}")
MAX_BLANKS = 5


def blank_numbers(prompt: str) -> list[int]:
    """The numbers of the blanks in `prompt`, in the order they appear (repeats kept)."""
    return [int(number) for number in BLANK.findall(prompt)]


def too_many_blanks(count: int) -> str:
    """Why a prompt of `count` blanks, more than MAX_BLANKS, is refused: the answer form holds no more."""
    return _(
        "the prompt has {n} blanks; at most {most} fit in Discord's answer form, so split it",
        n=count,
        most=MAX_BLANKS,
    )


def shown_prompt(prompt: str) -> str:
    """The prompt as a member reads it: each `{{n}}` a visible blank, `____(n)`."""
    return BLANK.sub(lambda mark: f"____({int(mark.group(1))})", prompt)


def blanks_text(typed: list[str]) -> str:
    """The typed blanks as an answer keeps them: a JSON list of strings, `["Harare", ""]`."""
    return json.dumps(list(typed), ensure_ascii=False)


def blanks_from(text: str | None, count: int) -> list[str] | None:
    """The typed blanks `blanks_text` wrote, `count` of them; None for text that is not such a list."""
    try:
        value = json.loads(text or "")
    except ValueError:
        return None
    if not isinstance(value, list) or len(value) != count or not all(isinstance(v, str) for v in value):
        return None
    return value
