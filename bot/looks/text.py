"""Text that fits Discord's limits without discord.py: clipping, letters for choices, mentions, languages' own names."""

from __future__ import annotations

from datetime import datetime

from bot import locales

LETTERS = "ABCDEFGHIJ"  # a choice question uses A-E; a multi question up to J
ELLIPSIS = "…"


def clip(text: str, limit: int) -> str:
    """`text` shortened to at most `limit` characters, marking the cut with an ellipsis."""
    if len(text) <= limit:
        return text
    return text[: max(0, limit - 1)].rstrip() + ELLIPSIS


def stamp(moment: datetime, style: str = "F") -> str:
    """`moment` in Discord's timestamp markup: each member's client shows it in their own zone and language
    (F: date and time in full, f: shorter, R: relative, as "in 2 days")."""
    return f"<t:{int(moment.timestamp())}:{style}>"


def letter(slot: int) -> str:
    return LETTERS[slot]


def mention(user_id: int) -> str:
    return f"<@{user_id}>"


def percent(part: int, whole: int) -> str:
    """`part` of `whole` as a whole percentage the task's language writes (67%, 67 %), or — of nothing."""
    return locales.percent(part / whole) if whole else "—"


def score_words(user_id: int, right: int, answered: int) -> dict[str, str]:
    """What a member's line of points names: `{member}`, `{right}` of `{answered}` and that `{share}`."""
    return {
        "member": mention(user_id),
        "right": locales.number(right),
        "answered": locales.number(answered),
        "share": percent(right, answered),
    }


def seconds_text(ms: int) -> str:
    """A duration in seconds with one decimal, as the task's language writes it (2.5 s, 2,5 s)."""
    shown = locales.fixed(ms / 1000)
    return f"{shown} s"


# Names of the languages decks are written in, as their speakers write them; codes outside this list show
# as the code itself. Each is its language's own name in every catalog (a Shona speaker looking for
# French finds "français"), so none goes through the catalog.
LANGUAGE_NAMES = {
    "en": "English",  # i18n: not shown (a language's own name, the same in every language)
    "sn": "chiShona",
    "nd": "isiNdebele",
    "zu": "isiZulu",
    "xh": "isiXhosa",
    "sw": "Kiswahili",  # i18n: not shown (a language's own name)
    "fr": "français",
    "pt": "português",
    "es": "español",
    "de": "Deutsch",  # i18n: not shown (a language's own name)
}


def language_name(code: str) -> str:
    """A language by its own name (chiShona, English, français), whatever language the task writes in."""
    return LANGUAGE_NAMES.get(code, code)
