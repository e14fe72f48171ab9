"""The owners a button finds its work with: each desk (a Protocol, under its key) and who serves it now.

A button or form sent before a restart names what it is about in its custom_id, and must find, when
it is clicked, the object that owns that state (the practice sessions, the server's decks...). It asks
`bot.ui.owners.get(PRACTICE_DESK)` and gets a `PracticeDesk | None` back, checked by mypy at both ends;
before this, buttons looked their cog up by its name and got `Any`.

Why a registry rather than typed attributes on BvunzoBot: bot/ never imports cogs, and a cog comes and
goes with its extension (a reload, an extension that failed to load). A cog provides itself in
`cog_load` and withdraws in `cog_unload`, so a click during a reload finds nothing and is told so in
one sentence, instead of reaching an unloaded cog.

Why a key object rather than the Protocol itself as the key: mypy refuses a Protocol where `type[T]`
is expected ("Only concrete class can be given", its type-abstract check), so each desk has a
`DeskKey[ItsProtocol]` beside it in bot/ui/desks.py; the key also names the desk for that sentence.
"""

from __future__ import annotations

from typing import Generic, TypeVar, cast

T = TypeVar("T")


class DeskKey(Generic[T]):
    """The key a desk of Protocol `T` is served under; `name` is how a member hears of it (`N_("practice")`,
    marked for the catalog: `unavailable()` in bot/ui/desks.py shows it translated)."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return f"DeskKey({self.name!r})"


class Owners:
    """Who serves each desk right now; a desk nobody serves gives None."""

    def __init__(self) -> None:
        self._served: dict[DeskKey[object], object] = {}

    def provide(self, key: DeskKey[T], owner: T) -> None:
        self._served[cast("DeskKey[object]", key)] = owner

    def withdraw(self, key: DeskKey[T], owner: T) -> None:
        """Withdraw `owner`, and only it: a newer owner provided since (a reload) stays."""
        if self._served.get(cast("DeskKey[object]", key)) is owner:
            del self._served[cast("DeskKey[object]", key)]

    def get(self, key: DeskKey[T]) -> T | None:
        # Stored only by provide, under a key of the same T: the cast restates what provide checked.
        return cast("T | None", self._served.get(cast("DeskKey[object]", key)))
