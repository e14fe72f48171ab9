"""The names `days:` accepts: each shipped language's CLDR day names (wide, abbreviated, short) and English's."""

from __future__ import annotations

import unicodedata
from functools import cache
from typing import Literal

# Babel's locale for each shipped language (bot.locales.SHIPPED), English first: it is always accepted.
_SHOWN: tuple[Literal["wide", "abbreviated"], ...] = ("wide", "abbreviated")
_LOCALES = {"en": "en", "sn": "sn", "fr": "fr", "pt-BR": "pt_BR"}
_WIDTHS: tuple[Literal["wide", "abbreviated", "short"], ...] = ("wide", "abbreviated", "short")


def folded(text: str) -> str:
    """A day name as compared: case and accents folded, a trailing dot dropped (`Sáb.` is `sab`)."""
    plain = "".join(c for c in unicodedata.normalize("NFKD", text.casefold()) if not unicodedata.combining(c))
    return plain.strip().rstrip(".")


@cache
def _names() -> dict[str, int]:
    """Every accepted name (folded) to its weekday (Monday 0); no name means two days in these languages."""
    from babel.dates import get_day_names  # CLDR's dates, for the first schedule read or shown

    found: dict[str, int] = {}
    for locale in _LOCALES.values():
        for width in _WIDTHS:
            for context in ("format", "stand-alone"):
                for weekday, name in get_day_names(width, context, locale).items():
                    found[folded(name)] = weekday
    return found


def weekday_named(text: str) -> int | None:
    """The weekday (Monday 0) a day name means in English or a shipped language; None for anything else."""
    return _names().get(folded(text))


def names_in(language: str) -> list[str]:
    """The language's day names a member can write, Monday first: wide, then abbreviated (English too)."""
    from babel.dates import get_day_names

    shown: list[str] = []
    for code in dict.fromkeys((language, "en")):
        locale = _LOCALES.get(code, "en")
        for width in _SHOWN:
            for weekday in range(7):
                name = str(get_day_names(width, "format", locale)[weekday])
                if name not in shown:
                    shown.append(name)
    return shown
