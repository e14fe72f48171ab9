"""The language this task writes in: one context variable, set per interaction or for a block."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

SOURCE = "en"
# The languages a catalog exists for, by the codes Discord and /preferences use. Shona is no Discord
# client locale; French and Brazilian Portuguese are, so their command names are localised too.
SHIPPED = ("en", "sn", "fr", "pt-BR")

_current: ContextVar[str] = ContextVar("bvunzo_language", default=SOURCE)


def language() -> str:
    """The language this task writes in."""
    return _current.get()


def use(code: str) -> None:
    """Write in `code` for the rest of this task (an interaction's own task: its member's language)."""
    _current.set(code if code in SHIPPED else SOURCE)


@contextmanager
def speaking(code: str) -> Iterator[None]:
    """Write in `code` inside the block: a post the whole channel sees speaks the server's language."""
    token = _current.set(code if code in SHIPPED else SOURCE)
    try:
        yield
    finally:
        _current.reset(token)
