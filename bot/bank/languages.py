"""The one rule for language codes, shared by deck files and members' /language choice."""

from __future__ import annotations

import re

# An ISO 639 code, optionally with a region (ISO 3166 letters or a UN M.49 number): en, sn, fil,
# pt-BR, es-419.
LANGUAGE_CODE = re.compile(r"[a-z]{2,3}(?:-(?:[A-Z]{2}|[0-9]{3}))?")


def is_language_code(text: str) -> bool:
    """Whether `text` is a language code written exactly as decks write them (`pt-BR`, not `pt_br`)."""
    return LANGUAGE_CODE.fullmatch(text) is not None


def as_language_code(text: str) -> str | None:
    """`text` typed loosely by a member (`PT_br`, ` es-419 `) as the code decks use, or None if it is none."""
    language, dash, region = text.strip().replace("_", "-").partition("-")
    code = language.lower() + dash + region.upper()
    return code if is_language_code(code) else None
