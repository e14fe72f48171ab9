"""Which language a reply speaks: the member's choice, else their Discord client's, else the server's."""

from __future__ import annotations

from bot.locales.current import SHIPPED, SOURCE

# Discord's English locales, and any region of a shipped language Discord has no catalog for, read as
# the language itself (es-419 and es-ES would both read es, were Spanish shipped).
_BY_BASE = {code.split("-")[0].lower(): code for code in SHIPPED}


def catalog_language(code: str | None) -> str | None:
    """The shipped catalog for a language code or Discord locale (`en-US` → en, `pt-BR` → pt-BR, `fr` →
    fr, `pt-PT` → pt-BR as the nearest), or None when none is shipped."""
    if not code:
        return None
    text = code.strip().replace("_", "-")
    for shipped in SHIPPED:
        if text.lower() == shipped.lower():
            return shipped
    return _BY_BASE.get(text.split("-")[0].lower())


def reply_language(chosen: str | None, client_locale: str | None, server: str | None) -> str:
    """A member's own reply: their /preferences language where a catalog exists for it, else their
    client's locale where one does, else the server's language, else English."""
    for code in (chosen, client_locale, server):
        found = catalog_language(code)
        if found is not None:
            return found
    return SOURCE
