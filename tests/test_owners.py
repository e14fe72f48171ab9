"""The owners registry: a desk is served by whoever provided it last, until that one withdraws."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Protocol

from bot.ui.owners import DeskKey, Owners

ROOT = Path(__file__).resolve().parents[1]
# A cog found by its name is `Any` to mypy and silently None when it is not loaded: desks replace it.
BY_COG_NAME = re.compile(r"get_cog\(|cog_named")


class Greeter(Protocol):
    def greet(self) -> str: ...


class English:
    def greet(self) -> str:
        return "hello"


class Shona:
    def greet(self) -> str:
        return "mhoro"


GREETER = DeskKey[Greeter]("greetings")
OTHER = DeskKey[Greeter]("greetings")  # same name, another desk


def test_a_desk_is_served_until_its_owner_withdraws() -> None:
    owners = Owners()
    assert owners.get(GREETER) is None
    english = English()
    owners.provide(GREETER, english)
    assert owners.get(GREETER) is english
    assert owners.get(OTHER) is None
    owners.withdraw(GREETER, english)
    assert owners.get(GREETER) is None


def test_an_old_owner_withdrawing_after_a_reload_leaves_the_new_one() -> None:
    owners = Owners()
    old, new = English(), Shona()
    owners.provide(GREETER, old)
    owners.provide(GREETER, new)  # a newer owner took the desk; the old one withdrawing late must not drop it
    owners.withdraw(GREETER, old)
    served = owners.get(GREETER)
    assert served is new
    assert served.greet() == "mhoro"


def by_cog_name(source: str) -> list[int]:
    """The lines of `source` that find an owner by its cog's name."""
    return [n for n, line in enumerate(source.splitlines(), 1) if BY_COG_NAME.search(line)]


def test_the_search_finds_both_spellings() -> None:
    source = 'a = 1\ncog = self.bot.get_cog("Qotd")\nowner = cog_named(bot, "Flags")\nb = cogs_named\n'
    assert by_cog_name(source) == [2, 3]


def test_no_owner_is_found_by_its_cog_name() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{line}"
        for folder in ("bot", "cogs")
        for path in sorted((ROOT / folder).rglob("*.py"))
        for line in by_cog_name(path.read_text(encoding="utf-8"))
    ]
    assert found == [], "use a desk (bot/ui/desks.py, bot.owners) instead of a cog's name: " + ", ".join(
        found
    )
