"""Red-DiscordBot trivia lists: `question: [answers]` mappings with AUTHOR, DESCRIPTION and CONFIG keys."""

from __future__ import annotations

import yaml

from bot.bank import part_sizes
from bot.bank import safe_yaml as sy
from bot.bank.importers.distractors import with_distractors
from bot.bank.importers.drafts import DeckDraft
from bot.bank.problems import DeckError, Problem
from bot.locales import _

RESERVED = ("AUTHOR", "DESCRIPTION", "CONFIG", "$schema")


def read_red_trivia(text: str, source: str, *, distractors: bool) -> DeckDraft:
    """Each question becomes a text question (typed answer); with `distractors`, a choice question
    whose wrong choices are right answers of other questions in the list."""
    root = sy.compose(text, source)  # refuses tags, aliases and nesting bombs as for our decks
    if not isinstance(root, yaml.MappingNode):
        raise DeckError([Problem(source, 1, _("a trivia list is a mapping of `question: [answers]`"))])
    draft = DeckDraft(source)
    pairs: list[tuple[int, str, list[str]]] = []
    explanations: dict[int, str] = {}
    first_line: dict[str, int] = {}
    for key, value in root.value:
        line = sy.line_of(key)
        if not isinstance(key, yaml.ScalarNode) or key.tag not in sy.SCALAR_TAGS:
            draft.skip(line, _("a question must be text"))
            continue
        name = str(key.value).strip()
        if name in RESERVED:
            _read_reserved(draft, name, value, line)
            continue
        answers = _question_answers(draft, line, name, value, first_line)
        if answers is None:
            continue
        # An answer too long to type or to be a choice is a remark: it becomes the explanation.
        short = [a for a in answers if len(a) <= part_sizes.MAX_CHOICE_LENGTH]
        long = [a for a in answers if len(a) > part_sizes.MAX_CHOICE_LENGTH]
        if short and long and len(long[0]) <= part_sizes.MAX_EXPLANATION_LENGTH:
            explanations[line] = long[0]
            answers = short
        pairs.append((line, name, answers))
    _add_questions(draft, pairs, explanations, distractors=distractors)
    return draft


def _read_reserved(draft: DeckDraft, name: str, value: yaml.Node, line: int) -> None:
    """The list's own keys: its DESCRIPTION is the deck's, its AUTHOR a note; CONFIG is Red's alone."""
    if name == "DESCRIPTION" and isinstance(value, yaml.ScalarNode):
        draft.description = str(value.value)
    elif name == "AUTHOR" and isinstance(value, yaml.ScalarNode):
        draft.note(line, _("written by {author}", author=value.value))


def _question_answers(
    draft: DeckDraft, line: int, name: str, value: yaml.Node, first_line: dict[str, int]
) -> list[str] | None:
    """The answers of the question `name`, or None with the reason told to `draft`."""
    if isinstance(value, yaml.ScalarNode) and value.tag != sy.NULL:
        # Red's questions are lists; one line of text is a key of the list itself, such as a
        # translated AUTHOR (`FORFATTER: ...`), and asking it would make a question of a name.
        draft.set_apart(
            line,
            _(
                "`{name}` holds one line of text, not a list of answers, so it is not a question (a key such "
                "as AUTHOR in another language?); write its answers as `- answer` lines",
                name=name[:60],
            ),
        )
        return None
    tagged = _tagged(value)
    if tagged is not None:
        draft.skip(line, _("the tag `{tag}` is not allowed; write plain text", tag=tagged[:60]))
        return None
    answers = _answers(value)
    if answers is None:
        draft.skip(line, _("the answers must be a list of text, such as `- Paris`"))
        return None
    if not answers:
        draft.skip(line, _("the question has no answers"))
        return None
    same = " ".join(name.split()).casefold()
    if same in first_line:
        # Red reads such a file keeping the last; we keep the first and say so.
        draft.skip(
            line, _("the same question is asked on line {line}; only that one is kept", line=first_line[same])
        )
        return None
    first_line[same] = line
    return answers


def _add_questions(
    draft: DeckDraft,
    pairs: list[tuple[int, str, list[str]]],
    explanations: dict[int, str],
    *,
    distractors: bool,
) -> None:
    if distractors:
        for line, prompt, choices in with_distractors(pairs):
            draft.add(line, prompt=prompt, choices=choices, answer=0, explanation=explanations.get(line))
    else:
        for line, prompt, answers in pairs:
            draft.add(
                line, type="text", prompt=prompt, answers=_unique(answers), explanation=explanations.get(line)
            )


def _tagged(node: yaml.Node) -> str | None:
    """The first tag other than YAML's plain ones, as written (`!!python/...`), if any."""
    nodes = [node, *(node.value if isinstance(node, yaml.SequenceNode) else ())]
    for item in nodes:
        plain = sy.SCALAR_TAGS | {sy.SEQ, sy.MAP}
        if isinstance(item, yaml.Node) and item.tag not in plain:
            prefix = "tag:yaml.org,2002:"
            return "!!" + item.tag[len(prefix) :] if item.tag.startswith(prefix) else item.tag
    return None


def _answers(node: yaml.Node) -> list[str] | None:
    # Red accepts numbers and booleans as answers: the words written (`yes`, `1984`) are what count.
    if isinstance(node, yaml.ScalarNode) and node.tag != sy.NULL:
        return [str(node.value).strip()] if str(node.value).strip() else []
    if not isinstance(node, yaml.SequenceNode):
        return None
    answers = []
    for item in node.value:
        if not isinstance(item, yaml.ScalarNode) or item.tag not in sy.SCALAR_TAGS:
            return None
        if str(item.value).strip():
            answers.append(str(item.value).strip())
    return answers


def _unique(answers: list[str]) -> list[str]:
    """Answers that differ only in case or spacing are one answer to our lenient matching."""
    seen: dict[str, str] = {}
    for answer in answers:
        seen.setdefault(" ".join(answer.split()).casefold(), answer)
    return list(seen.values())
