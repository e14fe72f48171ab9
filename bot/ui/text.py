"""Text that fits Discord's limits: clipping, letters for choices, member mentions."""

from __future__ import annotations

# Discord's limits, imported here too because most renderers clip text with them.
from bot.ui.limits import (
    AUTOCOMPLETE_CHOICES,
    BUTTON_LABEL,
    CHOICE_NAME,
    CONTENT,
    CUSTOM_ID,
    EMBED_DESCRIPTION,
    EMBED_FIELDS,
    EMBED_TITLE,
    EMBED_TOTAL,
    FIELD_NAME,
    FIELD_VALUE,
    FOOTER,
)

__all__ = [
    "AUTOCOMPLETE_CHOICES",
    "BUTTON_LABEL",
    "CHOICE_NAME",
    "CONTENT",
    "CUSTOM_ID",
    "EMBED_DESCRIPTION",
    "EMBED_FIELDS",
    "EMBED_TITLE",
    "EMBED_TOTAL",
    "FIELD_NAME",
    "FIELD_VALUE",
    "FOOTER",
    "LANGUAGE_NAMES",
    "LETTERS",
    "clip",
    "language_name",
    "letter",
    "mention",
    "percent",
    "plural",
    "seconds_text",
]

LETTERS = "ABCDE"
ELLIPSIS = "…"


def clip(text: str, limit: int) -> str:
    """`text` shortened to at most `limit` characters, marking the cut with an ellipsis."""
    if len(text) <= limit:
        return text
    return text[: max(0, limit - 1)].rstrip() + ELLIPSIS


def letter(slot: int) -> str:
    return LETTERS[slot]


def mention(user_id: int) -> str:
    return f"<@{user_id}>"


def plural(n: int, word: str, many: str | None = None) -> str:
    return f"{n} {word if n == 1 else (many or word + 's')}"


def percent(part: int, whole: int) -> str:
    return f"{round(100 * part / whole)}%" if whole else "—"


def seconds_text(ms: int) -> str:
    return f"{ms / 1000:.1f} s"


# Names of the languages decks are written in, as their speakers write them; codes outside this list show
# as the code itself.
LANGUAGE_NAMES = {
    "en": "English",
    "sn": "chiShona",
    "nd": "isiNdebele",
    "zu": "isiZulu",
    "xh": "isiXhosa",
    "sw": "Kiswahili",
    "fr": "français",
    "pt": "português",
    "es": "español",
    "de": "Deutsch",
}


def language_name(code: str) -> str:
    return LANGUAGE_NAMES.get(code, code)
