"""What a Moodle question says, kind by kind (read from GIFT or Moodle XML), before it is one of our questions.

Both readers produce these; bot/bank/importers/moodle_drafts.py turns the kinds a round plays into drafts
and sets the others aside with a sentence. Every kind keeps all its data, so when rounds learn to play
several right answers, orders, pairs, numbers and blanks, only that mapping changes.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

# The category names Moodle makes itself, never a topic: the placeholders of a context, "top", and each
# context's default category ("Default for Biology 101"), which Moodle names in its English.
_PLACES = ("$course$", "$system$", "$module$", "$cat1$", "$cat2$", "$cat3$", "$cat4$", "top")
_DEFAULT_CATEGORY = "default for "  # i18n: not shown


def topic_tags(names: Iterable[str]) -> tuple[str, ...]:
    """A category path's names as tags, leaving out the empty ones and those Moodle makes itself."""
    return tuple(
        name
        for name in (n.strip() for n in names)
        if name and name.lower() not in _PLACES and not name.lower().startswith(_DEFAULT_CATEGORY)
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class Item:
    """What every question has: where it starts, its name, its words, its general feedback and its tags."""

    line: int
    name: str = ""
    prompt: str = ""
    explanation: str = ""  # Moodle's general feedback
    tags: tuple[str, ...] = ()
    images: tuple[str, ...] = ()  # embedded files (`<file>`, @@PLUGINFILE@@) the question shows
    picture: str = ""  # an image the prompt shows from an https:// address, kept as the question's `image`


@dataclass(frozen=True, slots=True)
class Answer:
    """One answer with Moodle's grade for it in percent (100 right, 0 wrong, below 0 a penalty)."""

    text: str
    weight: float
    feedback: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class Choice(Item):
    """Multiple choice: `single` is one answer to pick (radio buttons), else several to tick."""

    answers: tuple[Answer, ...]
    single: bool = True
    blank: bool = False  # GIFT's missing word: the prompt holds `_____` where the answer goes


@dataclass(frozen=True, slots=True, kw_only=True)
class TrueFalse(Item):
    answer: bool
    right_feedback: str = ""
    wrong_feedback: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class ShortAnswer(Item):
    """A typed answer; answers below 100% are partial credit in Moodle. (GIFT's missing word typed is Gaps.)"""

    answers: tuple[Answer, ...]


@dataclass(frozen=True, slots=True)
class NumberAnswer:
    """A number within a tolerance (a range `low..high` is its middle and half its width)."""

    value: float
    tolerance: float
    weight: float = 100.0
    feedback: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class Numeric(Item):
    answers: tuple[NumberAnswer, ...]
    unit: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class Matching(Item):
    """Pairs to match: each left item with its right one; `extra` are right items matching nothing."""

    pairs: tuple[tuple[str, str], ...]
    extra: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class Ordering(Item):
    """Items written in their right order."""

    items: tuple[str, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class Gaps(Item):
    """Blanks in the prompt, written `{{1}}`, `{{2}}`…; each blank's right answers, and the words offered."""

    blanks: tuple[tuple[str, ...], ...]
    offered: tuple[str, ...] = ()
    # The prompt marks every blank `{{n}}`, once each and in order: it plays as a cloze question (each blank
    # typed, whether Moodle drags, drops or selects its words); else it is set aside.
    marked: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class Essay(Item):
    """An open answer a teacher marks by hand: there is no key."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Description(Item):
    """Text shown between questions: no question at all."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Other(Item):
    """A kind Moodle has and no reader here knows (calculated, random, a plugin's): its type, as written."""

    kind: str = ""


@dataclass(frozen=True, slots=True)
class Broken:
    """A question the file writes wrongly: where, and what is wrong, in one sentence."""

    line: int
    reason: str


@dataclass(slots=True)
class Items:
    """What a reader read: questions of every kind, and the broken ones with their reasons."""

    items: list[Item] = field(default_factory=list)
    broken: list[Broken] = field(default_factory=list)
