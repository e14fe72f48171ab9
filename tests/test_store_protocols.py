"""The store's protocols by concern: Store is their union, and each method belongs to one concern."""

from __future__ import annotations

from bot.store import interface


def _own_methods(protocol: type) -> set[str]:
    return {
        name for name, value in vars(protocol).items() if callable(value) or isinstance(value, property)
    } - {
        "__init__",
        "__subclasshook__",
        "__class_getitem__",
        "__init_subclass__",
    }


def test_store_is_the_union_of_the_concerns_and_no_method_is_in_two() -> None:
    concerns = [
        interface.LifeStore,
        interface.SettingsStore,
        interface.RoundsStore,
        interface.AnswersStore,
        interface.VersionsStore,
        interface.PracticeStore,
        interface._DeckMaterialStore,
        interface.DecksStore,
        interface.CalendarStore,
        interface.WebStore,
    ]
    seen: dict[str, str] = {}
    for concern in concerns:
        for name in _own_methods(concern):
            assert name not in seen, f"{name} is in {seen[name]} and {concern.__name__}"
            seen[name] = concern.__name__
    assert _own_methods(interface.Store) == set()  # Store adds nothing of its own
    assert {"start_round", "claim_qotd_day", "approve_suggestion", "save_web_session", "close"} <= set(seen)
    assert seen["approve_suggestion"] == "DecksStore"
    assert seen["guild_settings"] == "SettingsStore"
    for concern in concerns:
        assert concern in interface.Store.__mro__
