"""Each way a deck can be wrong, with the exact sentence and line its author is shown."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot.bank import part_sizes, safe_yaml
from bot.bank.loader import load_deck_text
from bot.bank.problems import DeckError

HEAD = "id: demo\ntitle: Demo\nquestions:\n"  # the first question starts on line 4


def question(*lines: str) -> str:
    """A question in block style: its first line starts with `- `, the others are indented under it."""
    return "  - " + lines[0] + "\n" + "".join(f"    {line}\n" for line in lines[1:])


def deck(*questions: str, head: str = HEAD) -> str:
    return head + "".join(questions)


GOOD = question("id: q1", "prompt: Which one?", "choices: [a, b]", "answer: 0")
QUESTION_KEYS = (
    "id, type, lang, prompt, choices, answer, answers, tolerance, unit, blanks, items, pairs, explanation, hint, translations, tags, difficulty, "
    "image, "
    "suggested_by"
)

CASES = [
    # ids
    pytest.param(
        deck(question("prompt: Which one?", "choices: [a, b]", "answer: 0")),
        4,
        "this question has no `id`; give it a short unique one such as `gc-01`",
        id="missing-question-id",
    ),
    pytest.param(
        deck(GOOD, question("id: q1", "prompt: Another?", "choices: [a, b]", "answer: 1")),
        8,
        "the question id `q1` is already used on line 4",
        id="duplicate-question-id",
    ),
    pytest.param(
        deck(question("id: q 1", "prompt: Which one?", "choices: [a, b]", "answer: 0")),
        4,
        "the question id `q 1` must be 1 to 40 letters, digits, `-` or `_` (no spaces)",
        id="question-id-not-a-slug",
    ),
    pytest.param(
        deck(question("id: " + "q" * 41, "prompt: Which one?", "choices: [a, b]", "answer: 0")),
        4,
        f"the question id `{'q' * 41}` must be 1 to 40 letters, digits, `-` or `_` (no spaces)",
        id="question-id-too-long",
    ),
    pytest.param(
        "title: Demo\nquestions:\n" + GOOD,
        1,
        "the deck has no `id`; add one such as `id: my-deck`",
        id="missing-deck-id",
    ),
    pytest.param(
        deck(GOOD, head="id: my deck\nquestions:\n"),
        1,
        "the deck id `my deck` must be 1 to 40 letters, digits, `-` or `_` (no spaces)",
        id="deck-id-not-a-slug",
    ),
    # answers of choice questions
    pytest.param(
        deck(question("id: q1", "prompt: Which one?", "choices: [a, b]", "answer: 2")),
        7,
        "`answer` 2 is out of range: the choices are numbered 0 to 1",
        id="answer-out-of-range",
    ),
    pytest.param(
        deck(question("id: q1", "prompt: Which one?", "choices: [a, b]", "answer: -1")),
        7,
        "`answer` -1 is out of range: the choices are numbered 0 to 1",
        id="answer-negative",
    ),
    pytest.param(
        deck(question("id: q1", "prompt: Which one?", "choices: [a, b, c]", "answer: [0, 3]")),
        7,
        "`answer` 3 is out of range: the choices are numbered 0 to 2",
        id="answer-list-out-of-range",
    ),
    pytest.param(
        deck(question("id: q1", "prompt: Which one?", "choices: [a, b, c]", "answer: [1, 1]")),
        7,
        "`answer` names choice 1 twice",
        id="answer-list-repeats",
    ),
    pytest.param(
        deck(question("id: q1", "prompt: Which one?", "choices: [a, b]", "answer: [0, 1]")),
        7,
        "`answer` marks every choice right; leave at least one wrong choice",
        id="answer-all-right",
    ),
    pytest.param(
        deck(question("id: q1", "prompt: Which one?", "choices: [a, b]", "answer: []")),
        7,
        "`answer` is an empty list; mark at least one right choice",
        id="answer-empty-list",
    ),
    pytest.param(
        deck(question("id: q1", "prompt: Which one?", "choices: [Paris, Rome]", "answer: Pari")),
        7,
        "`answer` `Pari` is not one of the choices; give the right choice's index (counting from 0) or its "
        "exact text",
        id="answer-text-not-a-choice",
    ),
    pytest.param(
        deck(question("id: q1", "prompt: Which one?", "choices: [a, b]", "answer: 1.0")),
        7,
        "`answer` 1.0 is not a whole number; give the right choice's index (counting from 0) or its "
        "exact text",
        id="answer-float",
    ),
    pytest.param(
        deck(question("id: q1", "prompt: Which one?", "choices: [a, b]", "answer:")),
        7,
        "`answer` is empty; give the right choice's index (counting from 0) or its exact text",
        id="answer-empty",
    ),
    pytest.param(
        deck(question("id: q1", "prompt: Which one?", "choices: [a, b]", "answer: {index: 0}")),
        7,
        "`answer` must be an index, a choice's text or a list of them, not a mapping",
        id="answer-mapping",
    ),
    pytest.param(
        deck(question("id: q1", "prompt: Which one?", "choices: [a, b]")),
        4,
        "this question has no `answer`; give the right choice's index, counting from 0",
        id="missing-answer",
    ),
    pytest.param(
        deck(question("id: q1", "prompt: Which one?", "choices: [a, b]", "answer: 0", "answers: [a]")),
        8,
        "`answers` is for text questions; a choice question marks its right choice with `answer`",
        id="answers-in-choice-question",
    ),
    # prompts and choices
    pytest.param(
        deck(question("id: q1", 'prompt: ""', "choices: [a, b]", "answer: 0")),
        5,
        "`prompt` is empty",
        id="empty-prompt",
    ),
    pytest.param(
        deck(question("id: q1", "prompt: '   '", "choices: [a, b]", "answer: 0")),
        5,
        "`prompt` is empty",
        id="blank-prompt",
    ),
    pytest.param(
        deck(question("id: q1", "choices: [a, b]", "answer: 0")),
        4,
        "this question has no `prompt`; write the question under `prompt:`",
        id="missing-prompt",
    ),
    pytest.param(
        deck(question("id: q1", "prompt: [Which one]", "choices: [a, b]", "answer: 0")),
        5,
        "`prompt` must be text, not a list",
        id="prompt-wrong-type",
    ),
    pytest.param(
        deck(question("id: q1", "prompt: " + "x" * 4057, "choices: [a, b]", "answer: 0")),
        5,
        "`prompt` is 4057 characters long; at most 4056 fit in a Discord message (1 over)",
        id="prompt-too-long",
    ),
    pytest.param(
        # 3950 + the frame (40) + two choice lines (2 x 25) + ... = 4096 + 20
        deck(
            question(
                "id: q1",
                "prompt: " + "x" * 3950,
                "choices: [" + "a" * 40 + ", " + "b" * 38 + "]",
                "answer: 0",
            )
        ),
        5,
        "the question takes 4116 characters when shown (its prompt, choices and letters); at most 4096 "
        "fit in a Discord embed, so shorten it by 20",
        id="question-too-long-when-shown",
    ),
    pytest.param(
        deck(question("id: q1", "prompt: Which one?", "choices:", "  - a", '  - ""', "answer: 0")),
        8,
        "choice 1 is empty",
        id="empty-choice",
    ),
    pytest.param(
        deck(question("id: q1", "prompt: Which one?", "choices:", "  - Paris", "  - ' paris '", "answer: 0")),
        8,
        "choice 1 is the same as choice 0 (`paris`)",
        id="duplicate-choice",
    ),
    pytest.param(
        deck(question("id: q1", "prompt: Which one?", "choices: [a]", "answer: 0")),
        6,
        "a choice question needs 2 to 5 choices; this one has 1",
        id="too-few-choices",
    ),
    pytest.param(
        deck(question("id: q1", "prompt: Which one?", "choices: [a, b, c, d, e, f]", "answer: 0")),
        6,
        "a choice question needs 2 to 5 choices; this one has 6",
        id="too-many-choices",
    ),
    pytest.param(
        deck(question("id: q1", "prompt: Which one?", "choices: a or b", "answer: 0")),
        6,
        "`choices` must be a list, not text",
        id="choices-wrong-type",
    ),
    pytest.param(
        deck(question("id: q1", "prompt: Which one?", "choices:", "  - a", "  - " + "b" * 201, "answer: 0")),
        8,
        "choice 1 is 201 characters long; at most 200 fit in a Discord message (1 over)",
        id="choice-too-long",
    ),
    pytest.param(
        deck(question("id: q1", "prompt: Which one?", "answer: 0")),
        4,
        "this choice question has no `choices`; list 2 to 5 of them",
        id="missing-choices",
    ),
    pytest.param(
        deck(
            question(
                "id: q1", "prompt: Which one?", "choices: [a, b]", "answer: 0", "explanation: " + "e" * 1001
            )
        ),
        8,
        "`explanation` is 1001 characters long; at most 1000 fit in the reveal (1 over)",
        id="explanation-too-long",
    ),
    # keys
    pytest.param(
        deck(
            question("id: q1", "prompt: Which one?", "choices: [a, b]", "answer: 0", "explanaton: Because.")
        ),
        8,
        "unknown key `explanaton` in a question; did you mean `explanation`?",
        id="unknown-key-close",
    ),
    pytest.param(
        deck(question("id: q1", "question: Which one?", "choices: [a, b]", "answer: 0", "prompt: Which?")),
        5,
        "unknown key `question` in a question; did you mean `prompt`?",
        id="unknown-key-hint",
    ),
    pytest.param(
        deck(question("id: q1", "prompt: Which one?", "choices: [a, b]", "answer: 0", "zzz: 1")),
        8,
        f"unknown key `zzz` in a question; the keys allowed here are {QUESTION_KEYS}",
        id="unknown-key-far",
    ),
    pytest.param(
        deck(GOOD, head="id: demo\nlang: en\nquestions:\n"),
        2,
        "unknown key `lang` in the deck; did you mean `language`?",
        id="unknown-deck-key",
    ),
    pytest.param(
        deck(question("id: q1", "prompt: Which one?", "choices: [a, b]", "prompt: Which?", "answer: 0")),
        7,
        "`prompt` is given twice in a question (first on line 5)",
        id="repeated-key",
    ),
    pytest.param(
        deck(question("id: q1", "prompt: Which one?", "choices: [a, b]", "answer: 0", "[x]: 1")),
        8,
        "a key in a question must be a plain word, not a list",
        id="key-not-a-word",
    ),
    # kinds
    pytest.param(
        deck(question("id: q1", "type: choise", "prompt: Which one?", "choices: [a, b]", "answer: 0")),
        5,
        "the question `type` `choise` is not one of choice, truefalse, text, number, poll, multi, cloze, order, match; did you mean `choice`?",
        id="unknown-type",
    ),
    pytest.param(
        deck(question("id: q1", "type: truefalse", "prompt: The sky is blue.", "answer: 0")),
        7,
        "a true/false question's `answer` must be `true` or `false`, not a number",
        id="truefalse-answer-not-bool",
    ),
    pytest.param(
        deck(question("id: q1", "type: truefalse", "prompt: The sky is blue.")),
        4,
        "this true/false question has no `answer`; write `answer: true` or `answer: false`",
        id="truefalse-missing-answer",
    ),
    pytest.param(
        deck(question("id: q1", "type: truefalse", "prompt: Blue?", "choices: [Yes, No]", "answer: true")),
        7,
        "a true/false question gets its choices made for it; remove `choices`",
        id="truefalse-with-choices",
    ),
    pytest.param(
        deck(question("id: q1", "type: text", "prompt: Capital of France?")),
        4,
        "this text question has no `answers`; list every answer it accepts",
        id="text-missing-answers",
    ),
    pytest.param(
        deck(question("id: q1", "type: text", "prompt: Capital of France?", "answers: []")),
        7,
        "`answers` is empty; give at least one accepted answer",
        id="text-answers-empty-list",
    ),
    pytest.param(
        deck(
            question("id: q1", "type: text", "prompt: Capital of France?", "answers:", "  - Paris", "  - ''")
        ),
        9,
        "answer 1 is empty",
        id="text-answer-empty",
    ),
    pytest.param(
        deck(
            question("id: q1", "type: text", "prompt: Capital?", "answers: [Paris]", "choices: [Paris, Rome]")
        ),
        8,
        "a text question has no `choices`; list what it accepts under `answers`",
        id="text-with-choices",
    ),
    pytest.param(
        deck(question("id: q1", "type: text", "prompt: Capital?", "answer: Paris")),
        7,
        "a text question lists what it accepts under `answers`, not `answer`",
        id="text-with-answer",
    ),
    pytest.param(
        deck(question("id: q1", "prompt: Which one?", "choices: [a, b]", "answer: 0", "difficulty: meduim")),
        8,
        "`difficulty` `meduim` is not one of easy, medium, hard; did you mean `medium`?",
        id="unknown-difficulty",
    ),
    # languages and translations
    pytest.param(
        deck(question("id: q1", "lang: English", "prompt: Which one?", "choices: [a, b]", "answer: 0")),
        5,
        "`lang` `English` is not a language code; use 2 or 3 lowercase letters such as `en` or `sn`, "
        "optionally with a region such as `pt-BR`",
        id="bad-lang",
    ),
    pytest.param(
        deck(GOOD, head="id: demo\nlanguage: shona\nquestions:\n"),
        2,
        "the deck's `language` `shona` is not a language code; use 2 or 3 lowercase letters such as `en` or "
        "`sn`, optionally with a region such as `pt-BR`",
        id="bad-deck-language",
    ),
    pytest.param(
        deck(
            question(
                "id: q1",
                "prompt: Which one?",
                "choices: [a, b, c]",
                "answer: 0",
                "translations:",
                "  sn:",
                "    prompt: Ndeipi?",
                "    choices: [A, B]",
            )
        ),
        11,
        "the `sn` translation has 2 choices but the question has 3; translate every choice, "
        "in the same order",
        id="translation-choice-count",
    ),
    pytest.param(
        deck(
            question(
                "id: q1",
                "prompt: Which one?",
                "choices: [a, b]",
                "answer: 0",
                "translations:",
                "  SN: {prompt: X}",
            )
        ),
        9,
        "the translation language `SN` is not a language code; use 2 or 3 lowercase letters such as `en` or "
        "`sn`, optionally with a region such as `pt-BR`",
        id="translation-bad-language",
    ),
    pytest.param(
        deck(
            question(
                "id: q1",
                "prompt: Which one?",
                "choices: [a, b]",
                "answer: 0",
                "translations:",
                "  en: {prompt: X}",
            )
        ),
        9,
        "the `en` translation is in the question's own language; remove it or change `lang`",
        id="translation-own-language",
    ),
    pytest.param(
        deck(
            question(
                "id: q1",
                "type: text",
                "prompt: Capital?",
                "answers: [Harare]",
                "translations:",
                "  sn:",
                "    prompt: Guta guru?",
                "    choices: [Harare]",
            )
        ),
        11,
        "the `sn` translation of a text question lists extra accepted `answers`, not `choices`",
        id="translation-choices-of-a-text-question",
    ),
    pytest.param(
        deck(
            question(
                "id: q1",
                "type: order",
                "prompt: Smallest first",
                "items: [one, two, three]",
                "translations:",
                "  sn:",
                "    prompt: Chidiki pakutanga",
                "    choices: [motsi, piri, tatu]",
            )
        ),
        11,
        "the `sn` translation of an order question translates its `items`",
        id="translation-choices-of-an-order-question",
    ),
    pytest.param(
        deck(
            question(
                "id: q1",
                "prompt: Which one?",
                "choices: [a, b]",
                "answer: 0",
                "translations:",
                "  sn:",
                "    choices: [A, B]",
            )
        ),
        10,
        "the `sn` translation has no `prompt`",
        id="translation-missing-prompt",
    ),
    pytest.param(
        deck(
            question(
                "id: q1",
                "prompt: Which one?",
                "choices: [a, b]",
                "answer: 0",
                "translations:",
                "  sn:",
                "    prompt: Ndeipi?",
                "    explenation: Nekuti.",
            )
        ),
        11,
        "unknown key `explenation` in the `sn` translation; did you mean `explanation`?",
        id="translation-unknown-key",
    ),
    pytest.param(
        deck(question("id: q1", "prompt: Which one?", "choices: [a, b]", "answer: 0", "translations: [sn]")),
        8,
        "`translations` must be a mapping from a language code to that language's `prompt`, `choices` and "
        "`explanation`, not a list",
        id="translations-wrong-type",
    ),
    # the deck
    pytest.param(
        "id: demo\ntitle: Demo\n",
        1,
        "the deck has no `questions`; add a list of questions",
        id="missing-questions",
    ),
    pytest.param(
        "id: demo\nquestions: []\n",
        2,
        "`questions` is empty; a deck needs at least one question",
        id="empty-questions",
    ),
    pytest.param(
        "id: demo\nquestions: none yet\n",
        2,
        "`questions` must be a list of questions, not text",
        id="questions-wrong-type",
    ),
    pytest.param(
        "- id: q1\n  prompt: Which one?\n",
        1,
        "the deck must be a mapping of keys such as `id: ...`, not a list",
        id="deck-is-a-list",
    ),
    pytest.param(
        deck("  - just a sentence\n"),
        4,
        "a question must be a mapping of keys such as `id: ...`, not text",
        id="question-is-text",
    ),
    pytest.param(
        deck(GOOD, head="id: demo\ntitle: " + "T" * 101 + "\nquestions:\n"),
        2,
        "the deck's `title` is 101 characters long; at most 100 fit in Discord's menus (1 over)",
        id="title-too-long",
    ),
    pytest.param(
        deck(GOOD, head="id: demo\ndescription: " + "d" * 301 + "\nquestions:\n"),
        2,
        "the deck's `description` is 301 characters long; at most 300 fit in the deck list (1 over)",
        id="description-too-long",
    ),
    pytest.param(
        deck(GOOD, head="id: demo\ntags: [" + "t" * 41 + "]\nquestions:\n"),
        2,
        "tag 0 is 41 characters long; at most 40 fit in a Discord message (1 over)",
        id="tag-too-long",
    ),
    # what the YAML itself may hold
    pytest.param(
        "id: demo\nquestions:\n---\nid: other\n",
        3,
        "this is not valid YAML: but found another document (expected a single document in the stream)",
        id="two-documents",
    ),
    pytest.param(
        deck(
            question("id: q1", "prompt: Which one?", "choices: &both [a, b]", "answer: 0"),
            question("id: q2", "prompt: Which other?", "choices: *both", "answer: 1"),
        ),
        10,
        "anchors and aliases (`&name`, `*name`) are not allowed in a deck; write each value out in full",
        id="alias",
    ),
    pytest.param(
        deck(
            question("id: q1", "prompt: !!python/object/apply:os.system [ls]", "choices: [a, b]", "answer: 0")
        ),
        5,
        "the tag `!!python/object/apply:os.system` is not allowed in a deck; write plain text, numbers, "
        "lists "
        "and mappings",
        id="python-tag",
    ),
    pytest.param(
        deck(question("id: q1", "prompt: !secret Which one?", "choices: [a, b]", "answer: 0")),
        5,
        "the tag `!secret` is not allowed in a deck; write plain text, numbers, lists and mappings",
        id="custom-tag",
    ),
    pytest.param(
        "id: demo\ntitle: Bell\x07\n",
        2,
        "the text holds the control character U+0007, which a deck cannot contain",
        id="control-character",
    ),
    pytest.param("", 0, "the file is empty; a deck needs at least a `questions` list", id="empty-file"),
    pytest.param(
        "# only a comment\n", 0, "the file is empty; a deck needs at least a `questions` list", id="comment"
    ),
]


@pytest.fixture(params=["libyaml", "pure-python"])
def parser(request: pytest.FixtureRequest) -> Iterator[str]:
    """Run a test with libyaml's parser and again with PyYAML's own: both must say the same."""
    if request.param == "libyaml" and not safe_yaml.HAVE_LIBYAML:
        pytest.skip("libyaml is not installed")
    with safe_yaml.pure_python(request.param == "pure-python"):
        yield request.param


@pytest.mark.parametrize(("text", "line", "message"), CASES)
def test_each_problem_names_its_line_and_says_what_to_fix(
    parser: str, text: str, line: int, message: str
) -> None:
    with pytest.raises(DeckError) as caught:
        load_deck_text(text, "deck.yaml")
    assert [(p.file, p.line, p.message) for p in caught.value.problems] == [("deck.yaml", line, message)]


def test_a_yaml_syntax_error_names_its_line(parser: str) -> None:
    # The wording of the parser's own complaint differs between libyaml and PyYAML.
    with pytest.raises(DeckError) as caught:
        load_deck_text("id: demo\nquestions:\n  - id: q1\n    prompt: [Which one\n", "deck.yaml")
    [problem] = caught.value.problems
    assert problem.line == 5
    assert problem.message.startswith("this is not valid YAML: ")


def test_a_file_name_that_cannot_be_an_id_is_named() -> None:
    with pytest.raises(DeckError) as caught:
        load_deck_text("questions:\n" + GOOD, "My Deck.yaml", default_id="My Deck")
    assert [(p.line, p.message) for p in caught.value.problems] == [
        (
            1,
            "the deck has no `id` and its file name `My Deck` cannot be one; add `id:` with 1 to 40 letters, "
            "digits, `-` or `_`",
        )
    ]


def test_too_many_questions() -> None:
    many = "".join(
        question(f"id: q{n}", "prompt: Which one?", "choices: [a, b]", "answer: 0")
        for n in range(part_sizes.MAX_QUESTIONS_PER_DECK + 1)
    )
    with pytest.raises(DeckError) as caught:
        load_deck_text(deck(many), "big.yaml")
    assert [(p.line, p.message) for p in caught.value.problems] == [
        (4, "the deck has 5001 questions; at most 5000 fit in one deck, so split it into several files")
    ]


def test_a_text_over_the_size_limit_is_refused_before_parsing() -> None:
    text = "id: demo\ndescription: " + "é" * (part_sizes.MAX_DECK_BYTES // 2) + "\n"
    with pytest.raises(DeckError) as caught:
        load_deck_text(text, "huge.yaml")
    [problem] = caught.value.problems
    assert problem.line == 0
    assert (
        problem.message
        == "the file is 1025 KiB; a deck may be at most 1024 KiB, so split it into several decks"
    )


def test_an_alias_bomb_is_refused_without_expanding_it() -> None:
    # Nine levels of nine aliases would expand to 9**9 strings.
    levels = "".join(f"  - &l{i} [" + ", ".join([f"*l{i - 1}"] * 9) + "]\n" for i in range(1, 9))
    text = "id: demo\ntags:\n  - &l0 [x, x, x, x, x, x, x, x, x]\n" + levels + "questions: *l8\n"
    with pytest.raises(DeckError) as caught:
        load_deck_text(text, "bomb.yaml")
    assert [(p.line, p.message) for p in caught.value.problems] == [
        (4, "anchors and aliases (`&name`, `*name`) are not allowed in a deck; write each value out in full")
    ]
