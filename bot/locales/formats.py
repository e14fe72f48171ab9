"""Numbers, percentages and dates as the task's language writes them (CLDR's data, through Babel)."""

from __future__ import annotations

from datetime import date, datetime
from functools import cache, lru_cache

from babel import Locale, dates, numbers

from bot.locales.current import language


def _locale() -> str:
    return language().replace("-", "_")


@cache
def _grouping(code: str) -> tuple[str, str] | None:
    """The minus sign and thousands separator of a language whose whole numbers group by threes (all
    shipped ones do); None sends a language to Babel's full pattern."""
    locale = Locale.parse(code)
    pattern = locale.decimal_formats.get(None)
    if pattern is None or pattern.grouping != (3, 3):
        return None
    return numbers.get_minus_sign_symbol(locale), numbers.get_group_symbol(locale)


def number(value: int) -> str:
    """A whole number: 12,345 in English, 12 345 in French, 12.345 in Portuguese.

    A round writes dozens per post: CLDR's pattern is read once per language and applied by Python's own
    grouping, which Babel's general formatter (tens of microseconds a number) gives the same result as.
    """
    code = _locale()
    signs = _grouping(code)
    if signs is None or isinstance(value, bool) or not isinstance(value, int):
        return numbers.format_decimal(value, locale=code)
    minus, group = signs
    grouped = f"{abs(value):,}".replace(",", group)
    return minus + grouped if value < 0 else grouped


def decimal(value: float, places: int = 1) -> str:
    """A number with up to `places` decimals, as the language writes its decimal mark."""
    return _decimal(value, places, _locale())


def percent(ratio: float) -> str:
    """A ratio as a whole percentage: 0.75 is 75% in English, 75 % in French."""
    return _percent(ratio, _locale())


# Babel's formatter takes tens of microseconds a number, and the item analysis page writes thousands of
# shares (three per choice per question) that come back on every load: each one formatted once.
@lru_cache(maxsize=8192)
def _decimal(value: float, places: int, code: str) -> str:
    pattern = "#,##0." + "#" * places if places else "#,##0"
    return numbers.format_decimal(value, format=pattern, locale=code)


@lru_cache(maxsize=8192)
def _percent(ratio: float, code: str) -> str:
    return numbers.format_percent(ratio, locale=code)


def day(value: date | datetime) -> str:
    """A date as the language writes it in full (1 December 2026; 1 décembre 2026)."""
    return dates.format_date(value, format="long", locale=_locale())


def day_and_month(value: date | datetime) -> str:
    """A date within the year (1 Dec; 1 déc.)."""
    return dates.format_skeleton("MMMd", value, locale=_locale())


def moment(value: datetime) -> str:
    """A date and time of day, in the time zone `value` carries."""
    return dates.format_datetime(value, format="medium", locale=_locale())


def weekday(value: date | datetime) -> str:
    """The day of the week, in full (Tuesday; mardi)."""
    return dates.format_date(value, format="EEEE", locale=_locale())
