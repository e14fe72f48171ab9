"""The owners registry: a desk is served by whoever provided it last, until that one withdraws."""

from __future__ import annotations

from typing import Protocol

from bot.owners import DeskKey, Owners


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
