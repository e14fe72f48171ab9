"""Every custom_id Bvunzo sends: the `bvz:1:` namespace, and one template per kind of button or form.

A custom_id is the only memory a button or a form keeps across a restart, so this module is the one
place its layout is written: a component is built with `TEMPLATE.make(...)` and parsed with the same
template's `pattern` (a DynamicItem's `template=`, a `Form`'s). A custom_id reads
`bvz:<version>:<tag>:<part>:<part>...`; the tag says what the component is, the parts what it is about.

Ids already on members' messages must keep parsing after an upgrade: a template here may widen what
it accepts, never narrow it. A new layout for an old tag needs a new tag (or a new `VERSION`), while
the old template stays registered as long as messages carrying it may be clicked.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property

from bot.looks.discord_limits import CUSTOM_ID

# Everything Bvunzo sends starts with the prefix: the bot answers a click under it that it cannot take.
PREFIX = "bvz:"
VERSION = 1
NAMESPACE = f"{PREFIX}{VERSION}:"

# Ids from the store are integers; a snowflake (a Discord id) has up to 20 digits, so every id part
# takes that many, whatever it names today.
ID_DIGITS = 20
# Deck and question ids are slugs of at most 40 characters (bot/bank/part_sizes.py MAX_DECK_ID_LENGTH).
SLUG_LENGTH = 40
QUESTION_DIGITS = 2  # a round or a practice holds at most 50 questions


@dataclass(frozen=True, slots=True)
class Part:
    """One `:`-separated part of a custom_id: its group name, what it accepts, and its widest value."""

    name: str
    pattern: str
    widest: str  # the longest text `pattern` accepts, to check Discord's 100 characters with

    def __post_init__(self) -> None:
        if ":" in self.widest or not re.fullmatch(self.pattern, self.widest):
            raise ValueError(f"part {self.name}: {self.widest!r} must be a value of {self.pattern!r}")


def number(name: str, digits: int = ID_DIGITS) -> Part:
    return Part(name, rf"[0-9]{{1,{digits}}}", "9" * digits)


def digit(name: str, highest: int) -> Part:
    return Part(name, f"[0-{highest}]", str(highest))


def slug(name: str, *, empty: bool = False) -> Part:
    return Part(name, rf"[A-Za-z0-9_-]{{{0 if empty else 1},{SLUG_LENGTH}}}", "a" * SLUG_LENGTH)


def one_of(name: str, *values: str) -> Part:
    return Part(name, "|".join(re.escape(v) for v in values), max(values, key=len))


@dataclass(frozen=True)
class Template:
    """A kind of custom_id: the tags it is sent under (more than one when they share their parts)."""

    tags: tuple[str, ...]
    parts: tuple[Part, ...] = field(default=())

    @cached_property
    def pattern(self) -> re.Pattern[str]:
        tags = "|".join(re.escape(tag) for tag in self.tags)
        parts = "".join(f":(?P<{p.name}>{p.pattern})" for p in self.parts)
        return re.compile(f"{re.escape(NAMESPACE)}(?P<tag>{tags}){parts}")

    def make(self, *values: object, tag: str | None = None) -> str:
        """The custom_id of one component: its parts' values in order; `tag` when the template has several."""
        if tag is None:
            if len(self.tags) != 1:
                raise ValueError(f"choose one of the tags {self.tags}")
            tag = self.tags[0]
        if tag not in self.tags or len(values) != len(self.parts):
            raise ValueError(f"{tag!r} with {len(values)} parts does not fit {self.pattern.pattern!r}")
        custom_id = ":".join((NAMESPACE + tag, *(str(v) for v in values)))
        # Whatever is sent must come back to this template: a value it refuses is a bug, said loudly.
        if self.pattern.fullmatch(custom_id) is None or len(custom_id) > CUSTOM_ID:
            raise ValueError(f"custom_id {custom_id!r} does not fit {self.pattern.pattern!r}")
        return custom_id

    def parse(self, custom_id: str) -> re.Match[str] | None:
        return self.pattern.fullmatch(custom_id)

    def widest(self) -> list[str]:
        """The longest custom_id of each tag (what Discord's 100-character limit is checked with)."""
        return [":".join((NAMESPACE + tag, *(p.widest for p in self.parts))) for tag in self.tags]


ROUND = number("round")
PLAY = number("play_id")  # a round's or a practice session's id, in the components both share
SESSION = number("session")
QUESTION = number("q", QUESTION_DIGITS)  # the question's place in its round or practice
DECK = slug("deck")
QUESTION_ID = slug("q")  # the question's own id in its deck

# -- answering, in rounds (tags a, x, ms) and in practice (p, px, pms): cogs/answers.py ------------------------
# The question of the day (q…: its play is the day, YYYYMMDD, of the clicking server) and an assignment's
# attempt (g…: its play is the attempt) answer with the same components under their own tags.
ANSWER = Template(("a", "p", "qa", "ga"), (PLAY, QUESTION, digit("slot", 4)))  # choice A-E
TYPE_ANSWER = Template(("x", "px", "qx", "gx"), (PLAY, QUESTION))
TYPED_ANSWER_FORM = Template(("xm", "pxm", "qxm", "gxm"), (PLAY, QUESTION))
HINT = Template(("h", "ph", "qh", "gh"), (PLAY, QUESTION))  # a typed question's Hint (rounds, practice)
# A multi question's select menu ("select all that apply"): its values are the display slots picked.
ANSWER_SET = Template(("ms", "pms", "qms", "gms"), (PLAY, QUESTION))
# An order question's picker (an ephemeral message its Answer button opens): the order so far is the
# display slots pressed, first to last; a press of an item (or Start again, the empty order) edits the
# picker, Submit answers with the whole order. The tags are the typed-answer button's and `o` or `s`. An
# item already placed keeps a button, disabled, whose order would name it twice (nine digits at most).
SO_FAR = Part("so_far", "[0-7]{0,9}", "012345670")
ORDER_STEP = Template(("xo", "pxo", "qxo", "gxo"), (PLAY, QUESTION, SO_FAR))
ORDER_SUBMIT = Template(("xs", "pxs", "qxs", "gxs"), (PLAY, QUESTION, SO_FAR))

# -- rounds: cogs/quiz -----------------------------------------------------------------------------
TRANSLATE = Template(("t",), (ROUND, QUESTION))
REVEAL = Template(("v",), (ROUND, QUESTION))
PRACTISE_MISSED = Template(("m",), (ROUND,))
MY_RESULT = Template(("r",), (ROUND,))
JOIN_TEAM = Template(("j",), (ROUND, digit("team", 3)))
BALANCE_TEAMS = Template(("b",), (ROUND,))

# -- practice: next (pn) and original language (po) ---------------------------------------------------
PRACTICE_STEP = Template(("pn", "po"), (SESSION, QUESTION))

# -- flags: report a question, its form, and the moderators' resolve (r) or dismiss (d) ---------------
REPORT_QUESTION = Template(("f",), (DECK, QUESTION_ID))
REPORT_FORM = Template(("fm",), (DECK, QUESTION_ID))
CLOSE_FLAGS = Template(("fc",), (one_of("action", "r", "d"), DECK, QUESTION_ID))

# -- boards: a leaderboard page, previous (p) or next (n); an empty deck is the whole server's --------
BOARD_PAGE = Template(
    ("lb",),
    (
        one_of("period", "all", "month", "week", "today"),
        number("page", 5),
        one_of("dir", "p", "n"),
        slug("deck", empty=True),
    ),
)

# -- decks: delete (dd) or keep (dk) a deck; suggest a question (fs) or edit a suggestion (fe); review
# approve (sa), edit (se), reject (sr) -------------------------------------------------------------------
DELETE_DECK = Template(("dd", "dk"), (DECK,))
SUGGEST_FORM = Template(("fs",), (slug("ref"),))
EDIT_SUGGESTION_FORM = Template(("fe",), (number("ref"),))
REVIEW_SUGGESTION = Template(("sa", "se", "sr"), (number("id"),))
# The deck a question made from message `msg` is for (a select): cogs/decks/_notes.py.
NOTE_DECK = Template(("nd",), (number("msg"),))

# -- imports: a moderator corrects what column `col` of the upload for deck `deck` holds (a select) ------
IMPORT_COLUMN = Template(("ic",), (number("col", 2), DECK))

# -- the question of the day: a choice A-E of a server's question of one day (YYYYMMDD): cogs/calendar --
QOTD_ANSWER = Template(("qd",), (number("guild"), number("day", 8), digit("slot", 4)))

# -- assignments: the Start button of an assignment (as), a choice A-E of one attempt's question (aa) ----
ASSIGNMENT_START = Template(("as",), (number("assignment"),))
ASSIGNMENT_ANSWER = Template(("aa",), (number("attempt"), QUESTION, digit("slot", 4)))

TEMPLATES: dict[str, Template] = {
    name: value for name, value in list(globals().items()) if isinstance(value, Template)
}
