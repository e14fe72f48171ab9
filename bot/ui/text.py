"""Text that fits Discord's limits: clipping, letters for choices, member mentions."""

from __future__ import annotations

# Discord's documented limits (../shared/discord-api/LIMITS.md); every embed we build stays within them.
EMBED_TITLE = 256
EMBED_DESCRIPTION = 4096
EMBED_FIELDS = 25
FIELD_NAME = 256
FIELD_VALUE = 1024
FOOTER = 2048
EMBED_TOTAL = 6000
CONTENT = 2000
BUTTON_LABEL = 80
CUSTOM_ID = 100
CHOICE_NAME = 100
AUTOCOMPLETE_CHOICES = 25

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
