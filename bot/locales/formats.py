"""Numbers, percentages and dates as the task's language writes them (CLDR's data, through Babel).

Numbers in a shipped language need no Babel (bot/locales/digits.py holds their signs); Babel, and the
language's CLDR data, load with the first date written, or a number in a language not shipped.
"""

from __future__ import annotations

import math
from datetime import UTC, date, datetime
from functools import cache, lru_cache
from typing import TYPE_CHECKING

from bot.locales.current import language
from bot.locales.digits import SIGNS, Signs, exponent_written, percentage, written

if TYPE_CHECKING:
    from decimal import Decimal

    from babel import Locale
    from babel.dates import DateTimePattern


def _locale() -> str:
    return language().replace("-", "_")


def _signs(code: str, value: float) -> Signs | None:
    """The language's signs for a finite number; None sends it to Babel (∞, NaN, a language not shipped)."""
    return SIGNS.get(code) if math.isfinite(value) else None


def number(value: int) -> str:
    """A whole number: 12,345 in English, 12 345 in French, 12.345 in Portuguese.

    A round writes dozens per post: Python's own grouping with the language's signs, which Babel's general
    formatter (tens of microseconds a number) gives the same result as.
    """
    code = _locale()
    signs = SIGNS.get(code)
    if signs is None or isinstance(value, bool) or not isinstance(value, int):
        from babel import numbers

        return numbers.format_decimal(value, locale=code)
    grouped = f"{abs(value):,}".replace(",", signs.group)
    return signs.minus + grouped if value < 0 else grouped


def signs() -> Signs:
    """The language's decimal mark and separators (English's for a language not shipped), for reading a
    number a member typed."""
    return SIGNS.get(_locale(), SIGNS["en"])


# The most digits a reveal writes a number with (a phone's line); a longer one is written 6.022e23.
MOST_WRITTEN = 15


def exact(value: Decimal) -> str:
    """A deck's number with every decimal it was written with: 9.81 in English, 9,81 in French; one of
    more than MOST_WRITTEN digits written out (6.022e23, 1.6e-19) in its exponent form."""
    if not value.is_finite():
        return str(value)
    if abs(value.adjusted()) >= MOST_WRITTEN:
        return exponent_written(value, signs())
    places = max(0, -int(value.normalize().as_tuple().exponent))
    if max(value.adjusted(), 0) + 1 + places > MOST_WRITTEN:
        return exponent_written(value, signs())
    return written(value, signs(), places=places, least=places)


def decimal(value: float, places: int = 1) -> str:
    """A number with up to `places` decimals, as the language writes its decimal mark."""
    return _decimal(value, places, _locale())


def fixed(value: float, places: int = 1, *, grouping: bool = True) -> str:
    """A number with exactly `places` decimals (2.0 s; 0,90 in French), thousands grouped unless not."""
    code = _locale()
    signs = _signs(code, value)
    if signs is not None:
        return written(value, signs, places=places, least=places, grouping=grouping)
    from babel import numbers

    pattern = ("#,##0" if grouping else "0") + ("." + "0" * places if places else "")
    return numbers.format_decimal(value, format=pattern, locale=code)


def percent(ratio: float) -> str:
    """A ratio as a whole percentage: 0.75 is 75% in English, 75 % in French."""
    return _percent(ratio, _locale())


# The item analysis page writes thousands of shares (three per choice per question) that come back on
# every load: each one formatted once.
@lru_cache(maxsize=8192)
def _decimal(value: float, places: int, code: str) -> str:
    signs = _signs(code, value)
    if signs is not None:
        return written(value, signs, places=places, least=0)
    from babel import numbers

    pattern = "#,##0." + "#" * places if places else "#,##0"
    return numbers.format_decimal(value, format=pattern, locale=code)


@lru_cache(maxsize=8192)
def _percent(ratio: float, code: str) -> str:
    signs = _signs(code, ratio)
    if signs is not None:
        return percentage(ratio, signs)
    from babel import numbers

    return numbers.format_percent(ratio, locale=code)


def day(value: date | datetime) -> str:
    """A date as the language writes it in full (1 December 2026; 1 décembre 2026)."""
    from babel import dates

    return dates.format_date(value, format="long", locale=_locale())


def day_and_month(value: date | datetime) -> str:
    """A date within the year (1 Dec; 1 déc.)."""
    from babel import dates

    return dates.format_skeleton("MMMd", value, locale=_locale())


def moment(value: datetime) -> str:
    """A date and time of day, in the time zone `value` carries (a naive one read as UTC).

    What Babel's format_datetime(value, "medium") writes, its patterns looked up and parsed once per language
    instead of for every time (a tenth of its cost: a page of 25 assignments writes 50 of them).
    """
    glue, time_pattern, date_pattern, locale = _moment_patterns(_locale())
    if value.tzinfo is None:
        value = value.replace(tzinfo=UTC)
    time_text = time_pattern.apply(value.timetz(), locale, reference_date=value.date())
    return glue.replace("{0}", time_text).replace("{1}", date_pattern.apply(value.date(), locale))


@cache
def _moment_patterns(code: str) -> tuple[str, DateTimePattern, DateTimePattern, Locale]:
    """The language's medium date-and-time glue ("{1}, {0}"), its time and date patterns, its Locale."""
    from babel import Locale, dates

    locale = Locale.parse(code)
    glue = str(dates.get_datetime_format("medium", locale=locale)).replace("'", "")
    time_pattern = dates.parse_pattern(dates.get_time_format("medium", locale=locale))
    return glue, time_pattern, dates.parse_pattern(dates.get_date_format("medium", locale=locale)), locale


def weekday(value: date | datetime) -> str:
    """The day of the week, in full (Tuesday; mardi)."""
    from babel import dates

    return dates.format_date(value, format="EEEE", locale=_locale())
