"""What the question editor's form has no field for, kept from the question a save replaces.

The form shows a translation's prompt and explanation for every kind, and the words its kind translates
(choices, items, pairs, accepted answers); a true/false question's translated True and False are not
shown, and a field a later version of the deck format adds may not be yet. A save of the same kind keeps
those from the question it replaces, so an edit never drops what the author could not see.
"""

from __future__ import annotations

import dataclasses
from types import MappingProxyType

from bot.bank.models import Kind, Question, Translation

# The words of a translation, past its prompt and explanation, and the kinds whose form shows each.
_SHOWN_FOR = {
    "choices": (Kind.CHOICE, Kind.MULTI, Kind.POLL, Kind.ORDER),  # an order question's items
    "accepted": (Kind.TEXT,),
    "pairs": (Kind.MATCH,),
}


def _kept(words: Translation, before: Translation, kind: Kind) -> Translation:
    unshown = {name: getattr(before, name) for name, kinds in _SHOWN_FOR.items() if kind not in kinds}
    return dataclasses.replace(words, **unshown)


def kept_unshown(old: Question, new: Question) -> Question:
    """`new` with what the form does not show taken from `old`, when both are of one kind."""
    if old.kind is not new.kind:
        return new  # another kind's words would not fit it
    translations = {
        code: words if code not in old.translations else _kept(words, old.translations[code], new.kind)
        for code, words in new.translations.items()
    }
    return dataclasses.replace(new, translations=MappingProxyType(translations))
