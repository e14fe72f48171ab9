"""Reading one deck's YAML into a Deck, collecting every problem with the line it is on."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, TypedDict, TypeGuard, TypeVar, Unpack

import yaml

from bot.bank import part_sizes
from bot.bank import safe_yaml as sy
from bot.bank.cloze import MAX_BLANKS, blank_numbers, too_many_blanks
from bot.bank.formulas import FORMULA_KEYS, formula_problems
from bot.bank.images import MAX_IMAGE_REFERENCE, check_image
from bot.bank.languages import is_language_code
from bot.bank.match_reader import FOR_MATCH, MATCH_MISPLACED, missing_pairs, read_pairs
from bot.bank.models import DIFFICULTIES, Deck, Kind, Question, Translation
from bot.bank.order_reader import FOR_ORDER, ORDER_MISPLACED, missing_items, read_items, translated_items
from bot.bank.problems import DeckError, Problem
from bot.bank.tolerance import EXACT, Tolerance, in_range, parse_decimal, parse_tolerance
from bot.locales import N_, _, n_

if TYPE_CHECKING:
    from decimal import Decimal

SLUG = re.compile(r"[A-Za-z0-9_-]+")
_NodeKind = TypeVar("_NodeKind", bound=yaml.Node)

DECK_KEYS = ("id", "title", "description", "language", "tags", "questions")
QUESTION_KEYS = (
    "id",
    "type",
    "lang",
    "prompt",
    "choices",
    "answer",
    "answers",
    "tolerance",
    "unit",
    "blanks",
    "items",
    "pairs",
    "explanation",
    "hint",
    "translations",
    "tags",
    "difficulty",
    "image",
    "suggested_by",
)
TRANSLATION_KEYS = ("prompt", "choices", "explanation", "answers", "items", "pairs")

# Words authors of other quiz formats reach for, and the key we use instead.
_KEY_HINTS = {
    "question": "prompt",
    "text": "prompt",
    "options": "choices",
    "correct": "answer",
    "explain": "explanation",
    "language": "lang",
    "kind": "type",
}

_PLAIN_TAGS: dict[type[yaml.Node], frozenset[str]] = {
    yaml.ScalarNode: sy.SCALAR_TAGS,
    yaml.SequenceNode: frozenset({sy.SEQ}),
    yaml.MappingNode: frozenset({sy.MAP}),
}

# key -> (key node, value node)
Fields = dict[str, tuple[yaml.Node, yaml.Node]]


class DeckReading(TypedDict, total=False):
    """How a deck's text is read, passed on as given from every loader (bot/bank/loader.py) to read_deck:
    the server it belongs to (None for a built-in deck), the id it takes when its text names none, and
    `keep_valid`: a question that fails validation is left out (its problems in `Deck.left_out`) and the
    rest of the deck is kept."""

    guild_id: int | None
    default_id: str | None
    keep_valid: bool


def read_deck(
    text: str,
    source: str,
    *,
    folder: Path | None = None,
    max_bytes: int = part_sizes.MAX_DECK_BYTES,
    **reading: Unpack[DeckReading],
) -> tuple[Deck, int]:
    """The deck in `text` and the line of its id (1 when it comes from the file name); DeckError if broken.

    With `keep_valid`, only deck-level problems, or no playable question, raise. `folder` is where the
    deck file lies, for its questions' image files; an upload has none.
    """
    guild_id, default_id = reading.get("guild_id"), reading.get("default_id")
    with sy.collector_paused():
        result, problems, left_out = _read(text, source, guild_id, default_id, folder, max_bytes)
    if not reading.get("keep_valid", False):
        problems = problems + left_out
    if problems or result is None:
        problems = problems or left_out or [Problem(source, 0, _("the deck could not be read"))]
        raise DeckError(sorted(problems, key=lambda p: p.line))
    deck, id_line = result
    if not deck.questions:  # every question is broken: they are the reasons the deck is skipped
        raise DeckError(sorted(left_out, key=lambda p: p.line))
    if left_out:
        deck = dataclasses.replace(deck, left_out=tuple(sorted(left_out, key=lambda p: p.line)))
    return deck, id_line


def read_stored_deck(
    text: str,
    source: str,
    *,
    guild_id: int | None,
    default_id: str | None = None,
    keep_valid: bool = False,
) -> Deck:
    """A server's deck from the YAML Bvunzo keeps it as: the one reading, under the one limit
    (MAX_STORED_DECK_BYTES), for saving it and for loading it again, so what was saved always loads."""
    deck, _line = read_deck(
        text,
        source,
        guild_id=guild_id,
        default_id=default_id,
        keep_valid=keep_valid,
        max_bytes=part_sizes.MAX_STORED_DECK_BYTES,
    )
    return deck


def _read(
    text: str, source: str, guild_id: int | None, default_id: str | None, folder: Path | None, max_bytes: int
) -> tuple[tuple[Deck, int] | None, list[Problem], list[Problem]]:
    # The node tree lives only in this frame, so it is freed before the collector runs again.
    root = sy.compose(text, source, max_bytes)
    reader = _Reader(source, folder)
    return reader.deck(root, guild_id=guild_id, default_id=default_id), reader.problems, reader.left_out


def is_slug(value: str, limit: int) -> bool:
    return len(value) <= limit and SLUG.fullmatch(value) is not None


def _show(value: str) -> str:
    """A value quoted in a message, cut short so one sentence stays readable."""
    return value if len(value) <= 60 else value[:57] + "..."


def _same(text: str) -> str:
    """What two choices or answers are compared by: case and spacing do not make them different."""
    return " ".join(text.split()).casefold()


def _short_tag(tag: str) -> str:
    prefix = "tag:yaml.org,2002:"
    return "!!" + tag[len(prefix) :] if tag.startswith(prefix) else tag


def _unknown_key(name: str, keys: tuple[str, ...], what: str) -> str:
    hint = _KEY_HINTS.get(name.lower())
    import difflib  # only a deck with a problem needs a suggestion

    close = [hint] if hint in keys else difflib.get_close_matches(name, keys, n=1, cutoff=0.6)
    if close:
        return _(
            "unknown key `{name}` in {what}; did you mean `{close}`?",
            name=_show(name),
            what=what,
            close=close[0],
        )
    return _(
        "unknown key `{name}` in {what}; the keys allowed here are {keys}",
        name=_show(name),
        what=what,
        keys=", ".join(keys),
    )


# How an item of a list is named in a problem ("choice 2 is empty").
CHOICE_ITEM = N_("choice {index}")
ANSWER_ITEM = N_("answer {index}")
TAG_ITEM = N_("tag {index}")


@dataclasses.dataclass(slots=True)
class _Body:
    """What a question's kind reads: its choices (as shown), the right ones, the typed answers it accepts."""

    choices: tuple[str, ...] = ()
    answers: frozenset[int] = frozenset()
    accepted: tuple[str, ...] = ()
    choice_count: int | None = None  # how many choices a translation must give, when known
    number: Decimal | None = None
    tolerance: Tolerance = EXACT
    unit: str = ""
    blanks: tuple[tuple[str, ...], ...] = ()
    pairs: tuple[tuple[str, str], ...] = ()


@dataclasses.dataclass(slots=True)
class _Extras:
    """What any question may add to its kind's body."""

    explanation: str = ""
    translations: dict[str, Translation] = dataclasses.field(default_factory=dict)
    tags: tuple[str, ...] = ()
    difficulty: str | None = None
    suggested_by: int | None = None
    image: str | None = None
    hint: str | None = None


class _Reader:
    """Walks a deck's nodes once, building models and noting problems instead of stopping at the first."""

    def __init__(self, source: str, folder: Path | None = None) -> None:
        self.source = source
        self.folder = folder
        self.problems: list[Problem] = []
        # Problems of single questions: such a question is left out and the rest of its deck may play.
        self.left_out: list[Problem] = []
        # The question being read, for checking its translations at the size it will be shown.
        self.original_choices: tuple[str, ...] = ()
        self.original_accepted: tuple[str, ...] = ()
        self.original_blanks: tuple[tuple[str, ...], ...] = ()
        self.original_pairs: tuple[tuple[str, str], ...] = ()

    # -- plumbing -----------------------------------------------------------------------------------

    def report(self, where: yaml.Node | int, message: str) -> None:
        line = where if isinstance(where, int) else sy.line_of(where)
        self.problems.append(Problem(self.source, line, message))

    def plain(self, node: yaml.Node) -> bool:
        """Whether a node may be read: only YAML's plain tags are (aliases were refused while composing)."""
        allowed = node.tag in _PLAIN_TAGS[type(node)]
        if not allowed:
            self.report(
                node,
                _(
                    "the tag `{tag}` is not allowed in a deck; write plain text, numbers, lists and mappings",
                    tag=_show(_short_tag(node.tag)),
                ),
            )
        return allowed

    def is_a(
        self, node: yaml.Node, kind: type[_NodeKind], refusal: Callable[[str], str]
    ) -> TypeGuard[_NodeKind]:
        """Whether a node may be read and is a `kind` (a mapping, a list, a scalar); when it is not,
        `refusal` gives the problem's sentence from what the node is instead (`describe`)."""
        if not self.plain(node):
            return False
        if not isinstance(node, kind):
            self.report(node, refusal(self.describe(node)))
            return False
        return True

    @staticmethod
    def describe(node: yaml.Node) -> str:
        if isinstance(node, yaml.MappingNode):
            return _("a mapping")
        if isinstance(node, yaml.SequenceNode):
            return _("a list")
        if node.tag == sy.NULL:
            return _("empty")
        if node.tag == sy.BOOL:
            return _("true/false")
        if node.tag in (sy.INT, sy.FLOAT):
            return _("a number")
        return _("text")

    def mapping(self, node: yaml.Node, keys: tuple[str, ...], what: str) -> Fields | None:
        if not self.is_a(
            node,
            yaml.MappingNode,
            lambda given: _(
                "{what} must be a mapping of keys such as `{key}: ...`, not {given}",
                what=what,
                key=keys[0],
                given=given,
            ),
        ):
            return None
        fields: Fields = {}
        for key_node, value_node in node.value:
            if not self._plain_key(key_node, what):
                continue
            name = str(key_node.value)
            if name in fields:
                first = sy.line_of(fields[name][0])
                self.report(
                    key_node,
                    _(
                        "`{name}` is given twice in {what} (first on line {first})",
                        name=_show(name),
                        what=what,
                        first=first,
                    ),
                )
            elif name not in keys:
                self.report(key_node, _unknown_key(name, keys, what))
            else:
                fields[name] = (key_node, value_node)
        return fields

    def _plain_key(self, key_node: yaml.Node, what: str) -> bool:
        """Whether a mapping's key is a plain word (a tag, a list or a mapping as a key is reported)."""
        return self.is_a(
            key_node,
            yaml.ScalarNode,
            lambda given: _("a key in {what} must be a plain word, not {given}", what=what, given=given),
        )

    def text(
        self,
        node: yaml.Node,
        name: str,
        limit: int | None,
        *,
        allow_empty: bool = False,
        fits: str | None = None,
    ) -> str | None:
        """A scalar's text, stripped; numbers, dates and yes/no count as the words written.

        `name` is what the problem calls it, `fits` where it is shown (a Discord message when None)."""
        if not self.is_a(
            node, yaml.ScalarNode, lambda given: _("{name} must be text, not {given}", name=name, given=given)
        ):
            return None
        value = "" if node.tag == sy.NULL else str(node.value).strip()
        if not value and not allow_empty:
            self.report(node, _("{name} is empty", name=name))
            return None
        if limit is not None and len(value) > limit:
            self.report(
                node,
                n_(
                    "{name} is {n} character long; at most {limit} fit in {fits} ({over} over)",
                    "{name} is {n} characters long; at most {limit} fit in {fits} ({over} over)",
                    len(value),
                    n=len(value),
                    name=name,
                    limit=limit,
                    fits=fits or _("a Discord message"),
                    over=len(value) - limit,
                ),
            )
            return None
        return value

    def slug(self, node: yaml.Node, name: str, limit: int) -> str | None:
        value = self.text(node, name, None)
        if value is None:
            return None
        if not is_slug(value, limit):
            self.report(
                node,
                _(
                    "{name} `{value}` must be 1 to {limit} letters, digits, `-` or `_` (no spaces)",
                    name=name,
                    value=_show(value),
                    limit=limit,
                ),
            )
            return None
        return value

    def language(self, node: yaml.Node, name: str) -> str | None:
        value = self.text(node, name, 20)
        if value is None:
            return None
        if not is_language_code(value):
            self.report(
                node,
                _(
                    "{name} `{value}` is not a language code; use 2 or 3 lowercase letters such as `en` or "
                    "`sn`, optionally with a region such as `pt-BR`",
                    name=name,
                    value=_show(value),
                ),
            )
            return None
        return value

    def one_of(self, node: yaml.Node, name: str, allowed: tuple[str, ...]) -> str | None:
        value = self.text(node, name, 100)
        if value is None:
            return None
        if value.lower() in allowed:
            return value.lower()
        import difflib

        close = difflib.get_close_matches(value.lower(), allowed, n=1, cutoff=0.6)
        said = {"name": name, "value": _show(value), "allowed": ", ".join(allowed)}
        if close:
            sentence = _(
                "{name} `{value}` is not one of {allowed}; did you mean `{close}`?", close=close[0], **said
            )
        else:
            sentence = _("{name} `{value}` is not one of {allowed}", **said)
        self.report(node, sentence)
        return None

    def text_list(
        self,
        node: yaml.Node,
        name: str,
        item: str,
        limit: int,
        *,
        single_ok: bool = False,
        repeats_ok: bool = False,
    ) -> list[str | None] | None:
        """Each item's text (None for a broken item), or None when `node` is not a list at all.

        `item` names one item by its index: CHOICE_ITEM, ANSWER_ITEM or TAG_ITEM."""
        if single_ok and isinstance(node, yaml.ScalarNode) and node.tag != sy.NULL:
            value = self.text(node, name, limit)
            return None if value is None else [value]
        if not self.is_a(
            node,
            yaml.SequenceNode,
            lambda given: _("{name} must be a list, not {given}", name=name, given=given),
        ):
            return None
        return self._list_items(node, item, limit, repeats_ok=repeats_ok)

    def _list_items(
        self, node: yaml.SequenceNode, item: str, limit: int, *, repeats_ok: bool
    ) -> list[str | None]:
        """Each item's text (None for a broken one); an item the same as an earlier one is reported."""
        values: list[str | None] = []
        first_seen: dict[str, int] = {}
        for index, item_node in enumerate(node.value):
            value = self.text(item_node, _(item, index=index), limit)
            values.append(value)
            if value is None:
                continue
            key = _same(value)
            if key in first_seen and not repeats_ok:
                self.report(
                    item_node,
                    _(
                        "{item} is the same as {other} (`{value}`)",
                        item=_(item, index=index),
                        other=_(item, index=first_seen[key]),
                        value=_show(value),
                    ),
                )
            first_seen.setdefault(key, index)
        return values

    # -- the deck -----------------------------------------------------------------------------------

    def deck(
        self, root: yaml.Node | None, *, guild_id: int | None, default_id: str | None
    ) -> tuple[Deck, int] | None:
        if root is None:
            self.report(0, _("the file is empty; a deck needs at least a `questions` list"))
            return None
        fields = self.mapping(root, DECK_KEYS, _("the deck"))
        if fields is None:
            return None
        deck_id, id_line = self._deck_id(fields, root, default_id)
        title, description = self._deck_words(fields, deck_id)
        language = "en"
        if "language" in fields:
            language = self.language(fields["language"][1], _("the deck's `language`")) or "en"
        tags = self.tags(fields["tags"][1]) if "tags" in fields else ()

        questions = self.questions(fields, root, language)
        if self.problems or deck_id is None:
            return None
        deck = Deck(
            id=deck_id,
            title=title,
            questions=questions,
            description=description,
            language=language,
            tags=tags,
            source=self.source,
            guild_id=guild_id,
        )
        return deck, id_line

    def _deck_id(self, fields: Fields, root: yaml.Node, default_id: str | None) -> tuple[str | None, int]:
        """The deck's id (None after reporting why) and the line it is on: its `id`, else the file's name."""
        if "id" in fields:
            node = fields["id"][1]
            return self.slug(node, _("the deck id"), part_sizes.MAX_DECK_ID_LENGTH), sy.line_of(node)
        if default_id is None:
            self.report(root, _("the deck has no `id`; add one such as `id: my-deck`"))
            return None, 1
        if is_slug(default_id, part_sizes.MAX_DECK_ID_LENGTH):
            return default_id, 1
        self.report(
            1,
            _(
                "the deck has no `id` and its file name `{name}` cannot be one; add `id:` with 1 to "
                "{limit} letters, digits, `-` or `_`",
                name=_show(default_id),
                limit=part_sizes.MAX_DECK_ID_LENGTH,
            ),
        )
        return None, 1

    def _deck_words(self, fields: Fields, deck_id: str | None) -> tuple[str, str]:
        """The deck's title (its id when it has none) and description."""
        title = deck_id or ""
        if "title" in fields:
            title = (
                self.text(
                    fields["title"][1],
                    _("the deck's `title`"),
                    part_sizes.MAX_DECK_TITLE_LENGTH,
                    fits=_("Discord's menus"),
                )
                or ""
            )
        description = ""
        if "description" in fields:
            description = (
                self.text(
                    fields["description"][1],
                    _("the deck's `description`"),
                    part_sizes.MAX_DECK_DESCRIPTION_LENGTH,
                    allow_empty=True,
                    fits=_("the deck list"),
                )
                or ""
            )
        return title, description

    def tags(self, node: yaml.Node) -> tuple[str, ...]:
        if isinstance(node, yaml.ScalarNode) and node.tag == sy.NULL:
            self.plain(node)
            return ()
        values = self.text_list(
            node, "`tags`", TAG_ITEM, part_sizes.MAX_TAG_LENGTH, single_ok=True, repeats_ok=True
        )
        if values is None:
            return ()
        if len(values) > part_sizes.MAX_TAGS:
            self.report(
                node,
                n_(
                    "`tags` has {n} tag; at most {most} are allowed",
                    "`tags` has {n} tags; at most {most} are allowed",
                    len(values),
                    most=part_sizes.MAX_TAGS,
                ),
            )
        return tuple(dict.fromkeys(v for v in values if v))

    def questions(self, fields: Fields, root: yaml.Node, language: str) -> tuple[Question, ...]:
        if "questions" not in fields:
            self.report(root, _("the deck has no `questions`; add a list of questions"))
            return ()
        node = fields["questions"][1]
        if not self.is_a(
            node,
            yaml.SequenceNode,
            lambda given: _("`questions` must be a list of questions, not {given}", given=given),
        ):
            return ()
        if not node.value:
            self.report(node, _("`questions` is empty; a deck needs at least one question"))
            return ()
        if len(node.value) > part_sizes.MAX_QUESTIONS_PER_DECK:
            self.report(
                node,
                n_(
                    "the deck has {n} question; at most {most} fit in one deck, so split it into several files",
                    "the deck has {n} questions; at most {most} fit in one deck, so split it into several files",
                    len(node.value),
                    n=len(node.value),
                    most=part_sizes.MAX_QUESTIONS_PER_DECK,
                ),
            )
        first_line: dict[str, int] = {}
        questions = []
        for question_node in node.value:
            mark = len(self.problems)
            question = self.question(question_node, language, first_line)
            if len(self.problems) > mark:
                self.left_out.extend(self.problems[mark:])
                del self.problems[mark:]
            elif question is not None:
                questions.append(question)
        return tuple(questions)

    # -- one question -------------------------------------------------------------------------------

    def question(self, node: yaml.Node, deck_language: str, first_line: dict[str, int]) -> Question | None:
        fields = self.mapping(node, QUESTION_KEYS, _("a question"))
        if fields is None:
            return None
        before = len(self.problems)
        question_id = self.question_id(fields, node, first_line)
        kind, lang, prompt = self._kind_lang_prompt(fields, node, deck_language)
        body = _Body()
        if kind is not None:
            self.misplaced(fields, kind)
            body = _KIND_READERS[kind](self, fields, node, lang)
        if prompt and len(self.problems) == before and kind is not None:
            prompt_node = fields["prompt"][1]
            shown = (_number_shown(body),) if kind is Kind.NUMBER else body.accepted
            listed = body.choices or tuple(side for pair in body.pairs for side in pair)  # a match's pairs
            self.fits_embed(prompt_node, _("the question"), prompt, listed, shown, kind)
        extras = self.question_extras(fields, kind, lang, body)
        for where, problem in formula_problems(fields[k][1] for k in FORMULA_KEYS if k in fields):
            self.report(where, problem)
        if len(self.problems) > before or question_id is None or kind is None:
            return None
        return _question_of(question_id, kind, prompt, lang, body, extras, sy.line_of(node))

    def _kind_lang_prompt(
        self, fields: Fields, node: yaml.Node, deck_language: str
    ) -> tuple[Kind | None, str, str]:
        """The question's kind (None when its `type` is not one), language and prompt ("" if broken)."""
        kind: Kind | None = Kind.CHOICE
        if "type" in fields:
            name = self.one_of(fields["type"][1], _("the question `type`"), tuple(k.value for k in Kind))
            kind = Kind(name) if name is not None else None
        lang = deck_language
        if "lang" in fields:
            lang = self.language(fields["lang"][1], "`lang`") or deck_language
        prompt = ""
        if "prompt" not in fields:
            self.report(node, _("this question has no `prompt`; write the question under `prompt:`"))
        else:
            prompt = self.text(fields["prompt"][1], "`prompt`", part_sizes.MAX_PROMPT_LENGTH) or ""
        return kind, lang, prompt

    def question_id(self, fields: Fields, node: yaml.Node, first_line: dict[str, int]) -> str | None:
        if "id" not in fields:
            self.report(node, _("this question has no `id`; give it a short unique one such as `gc-01`"))
            return None
        id_node = fields["id"][1]
        question_id = self.slug(id_node, _("the question id"), part_sizes.MAX_QUESTION_ID_LENGTH)
        if question_id is not None:
            if question_id in first_line:
                self.report(
                    id_node,
                    _(
                        "the question id `{id}` is already used on line {line}",
                        id=question_id,
                        line=first_line[question_id],
                    ),
                )
            else:
                first_line[question_id] = sy.line_of(id_node)
        return question_id

    def misplaced(self, fields: Fields, kind: Kind) -> None:
        """Report each key given that this kind of question does not take, with what to write instead."""
        for name, message in _MISPLACED[kind].items():
            if name in fields:
                self.report(sy.line_of(fields[name][0]), _(message, key=name))

    def body_choices(
        self, fields: Fields, node: yaml.Node, body: _Body, missing: str, most: int = part_sizes.MAX_CHOICES
    ) -> list[str | None] | None:
        """The question's `choices`, kept in `body`; `missing` (marked N_, its {least} and {most} the bounds
        of its kind: `most` choices) is reported when it has none."""
        if "choices" not in fields:
            self.report(node, _(missing, least=part_sizes.MIN_CHOICES, most=most))
            return None
        choice_list = self.choice_list(fields["choices"][1], most=most)
        if choice_list is not None:
            body.choice_count = len(choice_list)
            body.choices = tuple(c or "" for c in choice_list)
        return choice_list

    def body_answer(
        self, fields: Fields, node: yaml.Node, read: Callable[[yaml.Node], frozenset[int]], missing: str
    ) -> frozenset[int]:
        """The right choices the question's `answer` gives, as `read` reads them; `missing` is reported
        when it has no `answer` (nor `answers`, whose misplacement is told already)."""
        if "answer" in fields:
            return read(fields["answer"][1])
        if "answers" not in fields:
            self.report(node, missing)
        return frozenset()

    # -- one reader per kind of question: what its choices and answers are --------------------------

    def choice_body(self, fields: Fields, node: yaml.Node, lang: str) -> _Body:
        body = _Body()
        missing = N_("this choice question has no `choices`; list {least} to {most} of them")
        choice_list = self.body_choices(fields, node, body, missing)
        body.answers = self.body_answer(
            fields,
            node,
            lambda answer: self.choice_answer(answer, choice_list),
            _("this question has no `answer`; give the right choice's index, counting from 0"),
        )
        return body

    def multi_body(self, fields: Fields, node: yaml.Node, lang: str) -> _Body:
        """Select all that apply: up to MAX_MULTI_CHOICES choices, `answer` the list of every right one."""
        body = _Body()
        missing = N_("this multi question has no `choices`; list {least} to {most} of them")
        choice_list = self.body_choices(fields, node, body, missing, most=part_sizes.MAX_MULTI_CHOICES)
        body.answers = self.body_answer(
            fields,
            node,
            lambda answer: self.choice_answer(answer, choice_list),
            _(
                "this multi question has no `answer`; list every right choice's index, counting from 0, "
                "such as `answer: [0, 2]`"
            ),
        )
        return body

    def true_false_body(self, fields: Fields, node: yaml.Node, lang: str) -> _Body:
        body = _Body(choices=part_sizes.true_false_choices(lang), choice_count=2)
        body.answers = self.body_answer(
            fields,
            node,
            self.true_false_answer,
            _("this true/false question has no `answer`; write `answer: true` or `answer: false`"),
        )
        return body

    def poll_body(self, fields: Fields, node: yaml.Node, lang: str) -> _Body:
        body = _Body()
        missing = N_("this poll has no `choices`; list {least} to {most} of them")
        self.body_choices(fields, node, body, missing)
        return body

    def text_body(self, fields: Fields, node: yaml.Node, lang: str) -> _Body:
        body = _Body()
        if "answers" not in fields:
            if "answer" not in fields:  # else told just above
                self.report(node, _("this text question has no `answers`; list every answer it accepts"))
            return body
        answers_node = fields["answers"][1]
        mark = len(self.problems)
        body.accepted = self.accepted(answers_node, "`answers`")
        if not body.accepted and len(self.problems) == mark:
            self.report(answers_node, _("`answers` is empty; give at least one accepted answer"))
        return body

    def number_body(self, fields: Fields, node: yaml.Node, lang: str) -> _Body:
        body = _Body()
        if "answer" not in fields:
            if "answers" not in fields:  # else told just above
                self.report(
                    node,
                    _("this number question has no `answer`; write the right number, such as `answer: 9.81`"),
                )
        else:
            body.number = self.number_answer(fields["answer"][1])
        if "tolerance" in fields:
            body.tolerance = self.tolerance(fields["tolerance"][1]) or EXACT
        if "unit" in fields:
            body.unit = self.text(fields["unit"][1], "`unit`", part_sizes.MAX_UNIT_LENGTH) or ""
        return body

    def number_answer(self, node: yaml.Node) -> Decimal | None:
        """A number question's `answer`: a number as YAML writes it, or quoted (`"981e-2"`)."""
        value = self.text(node, "`answer`", part_sizes.MAX_TEXT_ANSWER_LENGTH)
        if value is None:
            return None
        number = parse_decimal(value)
        if number is None:
            self.report(
                node,
                _(
                    "`answer` `{value}` is not a number; write the right number with a dot for decimals, "
                    "such as `answer: 9.81`",
                    value=_show(value),
                ),
            )
        elif not in_range(number):
            self.report(
                node,
                _(
                    "`answer` `{value}` is beyond the numbers a question plays; write a number from 1e-100 to "
                    "1e100 in size (or 0), such as `answer: 6.022e23`",
                    value=_show(value),
                ),
            )
            return None
        return number

    def tolerance(self, node: yaml.Node) -> Tolerance | None:
        value = self.text(node, "`tolerance`", 40)
        if value is None:
            return None
        tolerance = parse_tolerance(value)
        if tolerance is None:
            self.report(
                node,
                _(
                    "`tolerance` `{value}` is neither a number nor a percentage; write how far from the answer "
                    'a right answer may be, such as `tolerance: 0.05` or `tolerance: "1%"`',
                    value=_show(value),
                ),
            )
        elif tolerance.amount is not None and not in_range(tolerance.amount):
            self.report(
                node,
                _(
                    "`tolerance` `{value}` is beyond the numbers a question plays; write a tolerance from "
                    "1e-100 to 1e100 (or 0), such as `tolerance: 0.05`",
                    value=_show(value),
                ),
            )
            return None
        return tolerance

    def order_body(self, fields: Fields, node: yaml.Node, lang: str) -> _Body:
        """Items to put in order: under `items`, 3 to 8 texts written in the right order."""
        if "items" not in fields:
            missing_items(self, node)
            return _Body()
        items = read_items(self, fields["items"][1])
        return _Body(choices=items, choice_count=len(items) or None)

    def cloze_body(self, fields: Fields, node: yaml.Node, lang: str) -> _Body:
        """Blanks to fill: `{{1}}` to `{{n}}` in the prompt, and under `blanks` each one's accepted answers."""
        body = _Body()
        prompt_node = fields["prompt"][1] if "prompt" in fields else None
        count = self.prompt_blanks(prompt_node) if isinstance(prompt_node, yaml.ScalarNode) else None
        if "blanks" not in fields:
            self.report(
                node,
                _(
                    "this cloze question has no `blanks`; list each blank's accepted answers in order, such "
                    'as `blanks: [["Harare"], ["Zambezi", "Zambesi"]]`'
                ),
            )
            return body
        blanks_node = fields["blanks"][1]
        if not self.plain(blanks_node):
            return body
        if not isinstance(blanks_node, yaml.SequenceNode) or not blanks_node.value:
            self.report(
                blanks_node,
                _(
                    "`blanks` must be a list with one list of accepted answers per blank, not {given}",
                    given=self.describe(blanks_node),
                ),
            )
            return body
        body.blanks = tuple(self.blank(item, n) for n, item in enumerate(blanks_node.value, 1))
        if count is not None and count != len(body.blanks):
            self.report(
                sy.line_of(fields["blanks"][0]),
                n_(
                    "the prompt has {n} blank but `blanks` lists {given}; give one list of accepted answers "
                    "per blank, in order",
                    "the prompt has {n} blanks but `blanks` lists {given}; give one list of accepted answers "
                    "per blank, in order",
                    count,
                    given=len(body.blanks),
                ),
            )
        return body

    def match_body(self, fields: Fields, node: yaml.Node, lang: str) -> _Body:
        """Pairs to match: under `pairs`, 2 to 5 of `[left, right]`, no item twice on its side."""
        if "pairs" not in fields:
            missing_pairs(self, node)
            return _Body()
        return _Body(pairs=read_pairs(self, fields["pairs"][1]))

    def blank(self, node: yaml.Node, number: int) -> tuple[str, ...]:
        mark = len(self.problems)
        accepted = self.accepted(node, _("blank {number}", number=number))
        if not accepted and len(self.problems) == mark:
            self.report(node, _("blank {number} has no accepted answer; give at least one", number=number))
        return accepted

    def prompt_blanks(self, node: yaml.ScalarNode) -> int | None:
        """How many blanks a cloze prompt marks, once each of `{{1}}` to `{{n}}` is there once, in order."""
        numbers = blank_numbers(str(node.value))
        if not numbers:
            marks = "`{{1}}`, `{{2}}`"
            self.report(
                node, _("this cloze prompt has no blank; mark each one {marks} and so on", marks=marks)
            )
            return None
        repeated = sorted({n for n in numbers if numbers.count(n) > 1})
        if repeated:
            mark = f"`{{{{{repeated[0]}}}}}`"
            self.report(
                node, _("blank {mark} is in the prompt more than once; number each blank once", mark=mark)
            )
            return None
        if numbers != list(range(1, len(numbers) + 1)):
            self.report(
                node,
                _(
                    "the prompt's blanks are numbered {numbers}; number them from 1 in the order they come, "
                    "without a gap",
                    numbers=", ".join(str(n) for n in numbers),
                ),
            )
            return None
        if len(numbers) > MAX_BLANKS:
            self.report(node, too_many_blanks(len(numbers)))
            return None
        return len(numbers)

    # -- what every kind of question may add ----------------------------------------------------------

    def question_extras(self, fields: Fields, kind: Kind | None, lang: str, body: _Body) -> _Extras:
        extras = _Extras()
        extras.explanation = self.explanation(fields, "`explanation`")
        self.original_choices, self.original_accepted = body.choices, body.accepted
        self.original_blanks, self.original_pairs = body.blanks, body.pairs
        if kind is Kind.NUMBER:
            self.original_accepted = (_number_shown(body),)
        if "translations" in fields:
            extras.translations = self.translations(fields["translations"][1], kind, lang, body.choice_count)
        if "tags" in fields:
            extras.tags = self.tags(fields["tags"][1])
        difficulty_node = fields["difficulty"][1] if "difficulty" in fields else None
        if difficulty_node is not None and not (
            isinstance(difficulty_node, yaml.ScalarNode) and difficulty_node.tag == sy.NULL
        ):
            extras.difficulty = self.one_of(difficulty_node, "`difficulty`", DIFFICULTIES)
        if "suggested_by" in fields:
            extras.suggested_by = self.user_id(fields["suggested_by"][1])
        if "hint" in fields:
            extras.hint = self.text(fields["hint"][1], "`hint`", part_sizes.MAX_HINT_LENGTH) or None
        if "image" in fields:
            image_node = fields["image"][1]
            reference = self.text(image_node, "`image`", MAX_IMAGE_REFERENCE)
            if reference:
                problem, extras.image = check_image(reference, self.folder)
                if problem is not None:
                    self.report(image_node, problem)
        return extras

    def explanation(self, fields: Fields, name: str) -> str:
        """A question's or a translation's `explanation` (`name` is what a problem calls it); "" without one."""
        if "explanation" not in fields:
            return ""
        node = fields["explanation"][1]
        return (
            self.text(node, name, part_sizes.MAX_EXPLANATION_LENGTH, allow_empty=True, fits=_("the reveal"))
            or ""
        )

    def user_id(self, node: yaml.Node) -> int | None:
        """`suggested_by`: the Discord user id of the member who wrote the question (a /deck suggest)."""
        if self.plain(node) and isinstance(node, yaml.ScalarNode) and node.tag == sy.INT:
            try:
                value = int(sy.scalar_value(node))  # type: ignore[call-overload]
            except ValueError:
                value = 0
            if 0 < value < 2**63:
                return value
        self.report(node, _("`suggested_by` must be the Discord user id (a number) of the question's author"))
        return None

    def fits_embed(
        self,
        node: yaml.Node,
        what: str,
        prompt: str,
        choices: tuple[str, ...],
        accepted: tuple[str, ...],
        kind: Kind,
    ) -> None:
        """Report a question (or translation) too long to be shown whole in one embed description."""
        first_answer = (accepted[0] if accepted else "") if kind in (Kind.TEXT, Kind.NUMBER) else None
        size = part_sizes.rendered_length(prompt, choices, first_answer)
        limit = part_sizes.DISCORD_EMBED_DESCRIPTION
        if size > limit:
            counts = {"what": what, "size": size, "limit": limit, "over": size - limit}
            if kind in (Kind.TEXT, Kind.NUMBER):
                message = _(
                    "{what} takes {size} characters when shown (its prompt and the answer shown); at most "
                    "{limit} fit in a Discord embed, so shorten it by {over}",
                    **counts,
                )
            else:
                message = _(
                    "{what} takes {size} characters when shown (its prompt, choices and letters); at most "
                    "{limit} fit in a Discord embed, so shorten it by {over}",
                    **counts,
                )
            self.report(node, message)

    def choice_list(
        self, node: yaml.Node, name: str = "`choices`", *, most: int = part_sizes.MAX_CHOICES
    ) -> list[str | None] | None:
        values = self.text_list(node, name, CHOICE_ITEM, part_sizes.MAX_CHOICE_LENGTH)
        if values is not None and not part_sizes.MIN_CHOICES <= len(values) <= most:
            if most == part_sizes.MAX_MULTI_CHOICES:
                message = n_(
                    "a multi question needs {least} to {most} choices; this one has {n}",
                    "a multi question needs {least} to {most} choices; this one has {n}",
                    len(values),
                    least=part_sizes.MIN_CHOICES,
                    most=most,
                )
            else:
                message = n_(
                    "a choice question needs {least} to {most} choices; this one has {n}",
                    "a choice question needs {least} to {most} choices; this one has {n}",
                    len(values),
                    least=part_sizes.MIN_CHOICES,
                    most=most,
                )
            self.report(node, message)
        return values

    def choice_answer(self, node: yaml.Node, choices: list[str | None] | None) -> frozenset[int]:
        if not self.plain(node):
            return frozenset()
        items: list[yaml.Node] = [node]
        if isinstance(node, yaml.SequenceNode):
            items = [item for item in node.value if self.plain(item)]
            if not node.value:
                self.report(node, _("`answer` is an empty list; mark at least one right choice"))
        right: set[int] = set()
        broken = False
        for item in items:
            index = self.answer_index(item, choices)
            if index is None:
                broken = True
            elif index in right:
                self.report(item, _("`answer` names choice {index} twice", index=index))
            else:
                right.add(index)
        if not broken and choices is not None and len(choices) > 1 and len(right) == len(choices):
            self.report(node, _("`answer` marks every choice right; leave at least one wrong choice"))
        return frozenset(right)

    def answer_index(self, node: yaml.Node, choices: list[str | None] | None) -> int | None:
        """The index an `answer` (or one item of its list) names, or None after reporting why not."""
        if not isinstance(node, yaml.ScalarNode):
            self.report(
                node,
                _(
                    "`answer` must be an index, a choice's text or a list of them, not {given}",
                    given=self.describe(node),
                ),
            )
            return None
        if node.tag == sy.INT:
            return self._answer_number(node, choices)
        if node.tag == sy.NULL:
            self.report(
                node,
                _("`answer` is empty; give the right choice's index (counting from 0) or its exact text"),
            )
            return None
        if node.tag == sy.FLOAT:
            self.report(
                node,
                _(
                    "`answer` {value} is not a whole number; give the right choice's index (counting from 0) "
                    "or its exact text",
                    value=_show(str(node.value)),
                ),
            )
            return None
        return self._answer_text(node, choices)

    def _answer_number(self, node: yaml.ScalarNode, choices: list[str | None] | None) -> int | None:
        """An index `answer`: a whole number naming one of the choices, counting from 0."""
        try:
            index = int(sy.scalar_value(node))  # type: ignore[call-overload]
        except ValueError:
            self.report(node, _("`answer` `{value}` is not a whole number", value=_show(str(node.value))))
            return None
        if choices is not None and not 0 <= index < len(choices):
            self.report(
                node,
                _(
                    "`answer` {index} is out of range: the choices are numbered 0 to {last}",
                    index=index,
                    last=len(choices) - 1,
                ),
            )
            return None
        if index < 0:
            self.report(node, _("`answer` {index} is out of range: choices are numbered from 0", index=index))
            return None
        return index

    def _answer_text(self, node: yaml.ScalarNode, choices: list[str | None] | None) -> int | None:
        # Text (and a bare yes/no, read as the words written) names a choice by what it says.
        if choices is None:
            return None  # the choices are broken and already reported
        wanted = _same(str(node.value))
        for index, choice in enumerate(choices):
            if choice is not None and _same(choice) == wanted:
                return index
        self.report(
            node,
            _(
                "`answer` `{value}` is not one of the choices; give the right choice's index (counting from 0) "
                "or its exact text",
                value=_show(str(node.value).strip()),
            ),
        )
        return None

    def true_false_answer(self, node: yaml.Node) -> frozenset[int]:
        if not self.plain(node):
            return frozenset()
        given = self.describe(node)
        if isinstance(node, yaml.ScalarNode) and node.tag == sy.BOOL:
            try:
                return frozenset({0} if sy.scalar_value(node) else {1})
            except ValueError:  # an explicit `!!bool maybe`
                given = f"`{_show(str(node.value))}`"
        self.report(
            node, _("a true/false question's `answer` must be `true` or `false`, not {given}", given=given)
        )
        return frozenset()

    def accepted(self, node: yaml.Node, name: str) -> tuple[str, ...]:
        values = self.text_list(node, name, ANSWER_ITEM, part_sizes.MAX_TEXT_ANSWER_LENGTH, single_ok=True)
        if values is None:
            return ()
        if len(values) > part_sizes.MAX_TEXT_ANSWERS:
            self.report(
                node,
                n_(
                    "{name} has {n} answer; at most {most} are allowed",
                    "{name} has {n} answers; at most {most} are allowed",
                    len(values),
                    name=name,
                    most=part_sizes.MAX_TEXT_ANSWERS,
                ),
            )
        return tuple(v for v in values if v)

    def translations(
        self, node: yaml.Node, kind: Kind | None, own_lang: str, choice_count: int | None
    ) -> dict[str, Translation]:
        result: dict[str, Translation] = {}
        if not self.is_a(
            node,
            yaml.MappingNode,
            lambda given: _(
                "`translations` must be a mapping from a language code to that language's `prompt`, "
                "`choices` and `explanation`, not {given}",
                given=given,
            ),
        ):
            return result
        if len(node.value) > part_sizes.MAX_TRANSLATIONS:
            self.report(
                node,
                n_(
                    "the question has {n} translation; at most {most} fit in the language menu",
                    "the question has {n} translations; at most {most} fit in the language menu",
                    len(node.value),
                    most=part_sizes.MAX_TRANSLATIONS,
                ),
            )
        first_line: dict[str, int] = {}
        for key_node, value_node in node.value:
            code = self._translation_code(key_node, own_lang, first_line)
            if code is None:
                continue
            translation = self.translation(value_node, code, kind, choice_count)
            if translation is not None:
                result[code] = translation
        return result

    def _translation_code(self, key_node: yaml.Node, own_lang: str, first_line: dict[str, int]) -> str | None:
        """A translation's language code, once per question and not the question's own; else None."""
        code = self.language(key_node, _("the translation language"))
        if code is None:
            return None
        if code in first_line:
            self.report(
                key_node,
                _(
                    "the `{code}` translation is given twice (first on line {first})",
                    code=code,
                    first=first_line[code],
                ),
            )
            return None
        first_line[code] = sy.line_of(key_node)
        if code == own_lang:
            self.report(
                key_node,
                _(
                    "the `{code}` translation is in the question's own language; remove it or change `lang`",
                    code=code,
                ),
            )
            return None
        return code

    def translation(
        self, node: yaml.Node, code: str, kind: Kind | None, choice_count: int | None
    ) -> Translation | None:
        what = _("the `{code}` translation", code=code)
        fields = self.mapping(node, TRANSLATION_KEYS, what)
        if fields is None:
            return None
        before = len(self.problems)
        prompt = self._translated_prompt(fields, node, code)
        choices = self._translated_choices(fields, code, kind, choice_count)
        accepted = self._translated_answers(fields, code, kind)
        if kind is Kind.CLOZE and prompt:
            self.translated_blanks(fields["prompt"][1], code, prompt)
        if "items" in fields:
            choices = self.translated_items(fields["items"], code, kind, choice_count) or choices
        pairs = self.translated_pairs(fields, code, kind)
        explanation = self.explanation(fields, _("the `{code}` translation's `explanation`", code=code))
        if prompt and kind is not None and len(self.problems) == before:
            shown = self._translation_shown(choices, accepted, kind, choice_count)
            if shown is not None:
                self.fits_embed(node, what, prompt, *shown, kind)
        if len(self.problems) > before:
            return None
        return Translation(
            prompt=prompt, choices=choices, explanation=explanation, accepted=accepted, pairs=pairs
        )

    def _translated_prompt(self, fields: Fields, node: yaml.Node, code: str) -> str:
        prompt = ""
        if "prompt" not in fields:
            self.report(node, _("the `{code}` translation has no `prompt`", code=code))
        else:
            prompt = (
                self.text(
                    fields["prompt"][1],
                    _("the `{code}` translation's `prompt`", code=code),
                    part_sizes.MAX_PROMPT_LENGTH,
                )
                or ""
            )
        return prompt

    def _translated_choices(
        self, fields: Fields, code: str, kind: Kind | None, choice_count: int | None
    ) -> tuple[str, ...]:
        """A translation's choices, as many as the question's own; a kind with no choices to translate
        (text, number, cloze, order, match) is told what it translates instead."""
        choices: tuple[str, ...] = ()
        if "choices" in fields:
            key_node, choices_node = fields["choices"]
            if kind in _NO_TRANSLATED_CHOICES:
                self.report(key_node, _(_NO_TRANSLATED_CHOICES[kind], code=code))
            else:
                values = self.text_list(
                    choices_node,
                    _("the `{code}` translation's `choices`", code=code),
                    CHOICE_ITEM,
                    part_sizes.MAX_CHOICE_LENGTH,
                )
                if values is not None:
                    choices = tuple(v or "" for v in values)
                    if choice_count is not None and len(values) != choice_count:
                        self.report(
                            choices_node,
                            n_(
                                "the `{code}` translation has {n} choice but the question has {count}; translate "
                                "every choice, in the same order",
                                "the `{code}` translation has {n} choices but the question has {count}; translate "
                                "every choice, in the same order",
                                len(values),
                                code=code,
                                count=choice_count,
                            ),
                        )
        return choices

    def _translated_answers(self, fields: Fields, code: str, kind: Kind | None) -> tuple[str, ...]:
        """A text question's translated typed answers; other kinds translate their choices instead."""
        accepted: tuple[str, ...] = ()
        if "answers" in fields:
            key_node, answers_node = fields["answers"]
            if kind is Kind.TEXT:
                accepted = self.accepted(answers_node, _("the `{code}` translation's `answers`", code=code))
            elif kind is not None:
                self.report(
                    key_node,
                    _(
                        "`answers` in the `{code}` translation is only for text questions; choices are "
                        "translated in `choices`",
                        code=code,
                    ),
                )
        return accepted

    def _translation_shown(
        self, choices: tuple[str, ...], accepted: tuple[str, ...], kind: Kind, choice_count: int | None
    ) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
        """The choices and answers a translation shows (the question's own where it gives none), to check
        that it fits in a Discord message as the question must; None where there is nothing to check."""
        if choice_count is not None:
            return choices or self.original_choices, accepted
        if kind in (Kind.TEXT, Kind.NUMBER):
            return (), accepted or self.original_accepted
        return None

    def translated_pairs(self, fields: Fields, code: str, kind: Kind | None) -> tuple[tuple[str, str], ...]:
        """A match question's translated pairs, as many as the question's own, in the same order."""
        if "pairs" not in fields:
            return ()
        key_node, pairs_node = fields["pairs"]
        if kind is Kind.MATCH:
            return read_pairs(self, pairs_node, len(self.original_pairs), code)
        if kind is not None:
            self.report(
                key_node,
                _("`pairs` in the `{code}` translation is only for match questions; remove it", code=code),
            )
        return ()

    def translated_items(
        self, field: tuple[yaml.Node, yaml.Node], code: str, kind: Kind | None, count: int | None
    ) -> tuple[str, ...]:
        """An order question's translated items (kept as its translated choices), as many as its own."""
        key_node, items_node = field
        if kind is Kind.ORDER:
            return translated_items(self, items_node, code, count or 0)
        if kind is not None:
            self.report(
                key_node,
                _("`items` in the `{code}` translation is only for order questions; remove it", code=code),
            )
        return ()

    def translated_blanks(self, node: yaml.Node, code: str, prompt: str) -> None:
        """A cloze question's translated prompt keeps the original's blanks, `{{1}}` to `{{n}}`, once each."""
        count = len(self.original_blanks)
        if count and sorted(blank_numbers(prompt)) != list(range(1, count + 1)):
            self.report(
                node,
                n_(
                    "the `{code}` translation's `prompt` must hold the question's {n} blank, `{{{{1}}}}`, once",
                    "the `{code}` translation's `prompt` must hold the question's {n} blanks, `{{{{1}}}}` to "
                    "`{{{{{n}}}}}`, once each",
                    count,
                    code=code,
                ),
            )


# What a translation of a kind with no choices of its own is told when it gives `choices`.
_NO_TRANSLATED_CHOICES = {
    Kind.TEXT: N_(
        "the `{code}` translation of a text question lists extra accepted `answers`, not `choices`"
    ),
    Kind.NUMBER: N_("the `{code}` translation of a number question has no `choices`; remove them"),
    Kind.CLOZE: N_("the `{code}` translation of a cloze question has no `choices`; remove them"),
    Kind.ORDER: N_("the `{code}` translation of an order question translates its `items`"),
    Kind.MATCH: N_("the `{code}` translation of a match question translates its `pairs`, not `choices`"),
}

# The keys each kind of question does not take, with what to write instead (marked N_; {key}: the key).
_NO_RIGHT_ANSWER = N_("a poll has no right answer; remove `{key}`")
_HINT_FOR_TEXT = N_("`hint` is for text questions, where a member types the answer; remove it here")
_FOR_NUMBERS = N_("`{key}` is for number questions; remove it here")
_FOR_CLOZE = N_("`blanks` is for cloze questions; remove it here")
_OTHER_KEYS = {
    "tolerance": _FOR_NUMBERS,
    "unit": _FOR_NUMBERS,
    "blanks": _FOR_CLOZE,
    "items": FOR_ORDER,
    "pairs": FOR_MATCH,
}
_CLOZE_TYPES = N_("a cloze question has no `{key}`; each blank's accepted answers go under `blanks`")
_MISPLACED: dict[Kind, dict[str, str]] = {
    Kind.CHOICE: {
        "answers": N_(
            "`answers` is for text questions; a choice question marks its right choice with `answer`"
        ),
        "hint": _HINT_FOR_TEXT,
        **_OTHER_KEYS,
    },
    Kind.TRUEFALSE: {
        "hint": _HINT_FOR_TEXT,
        "choices": N_("a true/false question gets its choices made for it; remove `choices`"),
        "answers": N_("a true/false question marks its answer with `answer: true` or `answer: false`"),
        **_OTHER_KEYS,
    },
    Kind.POLL: {
        "answer": _NO_RIGHT_ANSWER,
        "answers": _NO_RIGHT_ANSWER,
        "hint": _HINT_FOR_TEXT,
        **_OTHER_KEYS,
    },
    Kind.TEXT: {
        "choices": N_("a text question has no `choices`; list what it accepts under `answers`"),
        "answer": N_("a text question lists what it accepts under `answers`, not `answer`"),
        **_OTHER_KEYS,
    },
    Kind.MULTI: {
        "answers": N_(
            "`answers` is for text questions; a multi question lists every right choice under `answer`"
        ),
        "hint": _HINT_FOR_TEXT,
        **_OTHER_KEYS,
    },
    Kind.NUMBER: {
        "choices": N_("a number question has no `choices`; a member types the number that `answer` gives"),
        "answers": N_("a number question gives its one right number under `answer`, not `answers`"),
        "hint": N_("a number question has no `hint`; remove it"),
        "blanks": _FOR_CLOZE,
        "items": FOR_ORDER,
        "pairs": FOR_MATCH,
    },
    Kind.CLOZE: {
        "choices": _CLOZE_TYPES,
        "answer": _CLOZE_TYPES,
        "answers": _CLOZE_TYPES,
        "hint": N_("a cloze question has no `hint`; remove it"),
        "tolerance": _FOR_NUMBERS,
        "unit": _FOR_NUMBERS,
        "items": FOR_ORDER,
        "pairs": FOR_MATCH,
    },
    Kind.ORDER: {
        **ORDER_MISPLACED,
        "tolerance": _FOR_NUMBERS,
        "unit": _FOR_NUMBERS,
        "blanks": _FOR_CLOZE,
        "pairs": FOR_MATCH,
    },
    Kind.MATCH: {
        **MATCH_MISPLACED,
        "tolerance": _FOR_NUMBERS,
        "unit": _FOR_NUMBERS,
        "blanks": _FOR_CLOZE,
        "items": FOR_ORDER,
    },
}
_KIND_READERS: dict[Kind, Callable[[_Reader, Fields, yaml.Node, str], _Body]] = {
    Kind.CHOICE: _Reader.choice_body,
    Kind.TRUEFALSE: _Reader.true_false_body,
    Kind.POLL: _Reader.poll_body,
    Kind.TEXT: _Reader.text_body,
    Kind.NUMBER: _Reader.number_body,
    Kind.MULTI: _Reader.multi_body,
    Kind.CLOZE: _Reader.cloze_body,
    Kind.ORDER: _Reader.order_body,
    Kind.MATCH: _Reader.match_body,
}


def _number_shown(body: _Body) -> str:
    """A number question's answer as the reveal may show it, for measuring it against Discord's limits."""
    amount = f"{body.tolerance.amount}" if not body.tolerance.exact else ""
    return f"{body.number} {body.unit} (± {amount}%)" if amount else f"{body.number} {body.unit}"


def _question_of(
    question_id: str, kind: Kind, prompt: str, lang: str, body: _Body, extras: _Extras, line: int
) -> Question:
    """The question read without a problem; a true/false translation without its words gets its language's."""
    translations = extras.translations
    if kind is Kind.TRUEFALSE:
        translations = {
            code: t
            if t.choices
            else Translation(t.prompt, part_sizes.true_false_choices(code), t.explanation)
            for code, t in translations.items()
        }
    return Question(
        id=question_id,
        kind=kind,
        prompt=prompt,
        choices=body.choices,
        answers=body.answers,
        accepted=body.accepted,
        number=body.number,
        tolerance=body.tolerance,
        unit=body.unit,
        blanks=body.blanks,
        pairs=body.pairs,
        explanation=extras.explanation,
        lang=lang,
        translations=MappingProxyType(translations),
        tags=extras.tags,
        difficulty=extras.difficulty,
        image=extras.image,
        suggested_by=extras.suggested_by,
        hint=extras.hint,
        line=line,
    )
