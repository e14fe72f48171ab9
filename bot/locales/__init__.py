"""Every sentence Bvunzo writes, in each language it speaks: one gettext catalog, English the source.

Code writes English and wraps it: `_("Locked in: {answer}", answer=text)`, `n_("{n} question",
"{n} questions", count)`, `p_("button", "Next")` where one English word means two things. A constant
defined before any language is known is marked with `N_` and translated where it is shown: `_(NAME)`.
Which language a sentence is written in is the task's: `speaking(code)` sets it for a block (a post the
channel sees speaks the server's language), `use(code)` for the rest of an interaction's task.
"""

from bot.locales.catalog import (
    COMMAND_CONTEXT,
    N_,
    _,
    catalog_path,
    command_translations,
    n_,
    p_,
    slash,
    translations,
)
from bot.locales.choosing import catalog_language, reply_language
from bot.locales.current import SHIPPED, SOURCE, language, speaking, use
from bot.locales.formats import day, day_and_month, decimal, exact, fixed, moment, number, percent, signs

__all__ = [
    "COMMAND_CONTEXT",
    "N_",
    "SHIPPED",
    "SOURCE",
    "_",
    "catalog_language",
    "catalog_path",
    "command_translations",
    "day",
    "day_and_month",
    "decimal",
    "exact",
    "fixed",
    "language",
    "moment",
    "n_",
    "number",
    "p_",
    "percent",
    "reply_language",
    "signs",
    "slash",
    "speaking",
    "translations",
    "use",
]
