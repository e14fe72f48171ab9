"""Which language a terminal speaks: its locale's environment variables, as a Discord client's locale."""

from __future__ import annotations

import os

from bot import locales


def terminal_language() -> str:
    """The language of the terminal's locale (LANG=sn_ZW.UTF-8 → sn), as Discord's locale is for practice.

    An unset or C locale reads as English, as Discord's default locale (en-US) does.
    """
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name, "").strip()
        if value:
            code = value.split("_")[0].split(".")[0].lower()
            return "en" if code in {"c", "posix", ""} else code
    return "en"


def catalog_of_terminal() -> str:
    """The catalog the terminal's language reads (LANG=pt_BR.UTF-8 → pt-BR), English where none is shipped."""
    return locales.catalog_language(terminal_language()) or locales.SOURCE
