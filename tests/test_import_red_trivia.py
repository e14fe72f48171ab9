"""Red-DiscordBot trivia lists import: every question counted against the file, as text or choices."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.bank.importers import Format, import_deck
from bot.bank.models import Kind
from bot.bank.problems import DeckError

HERE = Path(__file__).parent
VENDORED = HERE / "samples" / "imports" / "red"
SHARED = HERE.parents[1] / "shared" / "red-trivia-lists"
ALL_LISTS = sorted(SHARED.glob("*.yaml")) if SHARED.is_dir() else []

# A question is a key at the start of a line (quoted or not) ending in `:`, the reserved keys aside.
_KEY = re.compile(r"""^(?:"(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^\s#'"-][^\n]*?):\s*$""")
_RESERVED = ("AUTHOR:", "DESCRIPTION:", "CONFIG:", "$schema:")


def questions_in_file(path: Path) -> int:
    """Count the questions of a list by reading its lines, independently of the importer."""
    return sum(
        1
        for line in path.read_text(encoding="utf-8").splitlines()
        if _KEY.match(line) and not line.startswith(_RESERVED)
    )


def test_the_shared_folder_holds_all_54_lists() -> None:
    if not SHARED.is_dir():
        pytest.skip(
            "Red-DiscordBot's 54 lists are GPL-3.0 and not copied here; they are read from "
            "../shared/red-trivia-lists, which this clone lacks (CI has it)"
        )
    assert len(ALL_LISTS) == 54


@pytest.mark.parametrize("path", ALL_LISTS, ids=lambda p: p.stem)
def test_every_red_list_imports_every_question(path: Path) -> None:
    imported, fmt = import_deck(path.read_bytes(), path.name, deck_id=path.stem)
    assert fmt is Format.RED
    # Each question of the file is imported, or left out with its line and reason.
    assert len(imported.deck.questions) + len(imported.left_out) == questions_in_file(path)
    for problem in imported.left_out:
        assert "the same question is asked on line" in problem.message
    assert all(q.kind is Kind.TEXT for q in imported.deck.questions)


@pytest.mark.parametrize(
    ("name", "count", "left_out"),
    [
        ("capitals", 12, []),
        ("elements", 10, []),
        ("mixed", 6, ["mixed.yaml:16: the same question is asked on line 7; only that one is kept"]),
    ],
)
def test_vendored_lists_import(name: str, count: int, left_out: list[str]) -> None:
    path = VENDORED / f"{name}.yaml"
    imported, _ = import_deck(path.read_bytes(), path.name, deck_id=name)
    assert len(imported.deck.questions) == count
    assert [str(p) for p in imported.left_out] == left_out
    assert len(imported.deck.questions) + len(imported.left_out) == questions_in_file(path)


def test_a_red_question_becomes_a_text_question_with_every_answer() -> None:
    path = VENDORED / "capitals.yaml"
    imported, _ = import_deck(path.read_bytes(), path.name, deck_id="capitals", title="Capitals")
    deck = imported.deck
    assert deck.title == "Capitals"
    assert deck.description == "Name the capital city of each country of southern Africa."
    first = deck.questions[0]
    assert first.prompt == "What is the capital of Zimbabwe?"
    assert first.accepted == ("Harare",)
    assert deck.questions[9].accepted == ("Pretoria", "Cape Town", "Bloemfontein")


def test_red_answers_written_as_numbers_or_yes_keep_their_words() -> None:
    text = "AUTHOR: me\nHow many?:\n- 1984\n- nineteen eighty-four\nIs it?:\n- yes\n"
    imported, _ = import_deck(text.encode(), "numbers.yaml", deck_id="n")
    assert [q.accepted for q in imported.deck.questions] == [("1984", "nineteen eighty-four"), ("yes",)]


def test_distractors_come_from_other_answers_of_the_same_list() -> None:
    path = VENDORED / "elements.yaml"
    imported, _ = import_deck(path.read_bytes(), path.name, deck_id="elements", distractors=True)
    symbols = {s.strip('"') for s in re.findall(r"^- (\S+)$", path.read_text(encoding="utf-8"), re.MULTILINE)}
    assert len(imported.deck.questions) == 10
    for question in imported.deck.questions:
        assert question.kind is Kind.CHOICE
        assert len(question.choices) == 4
        assert question.answers == frozenset({0})
        assert len({c.casefold() for c in question.choices}) == 4
        assert set(question.choices) <= symbols
    # The same list imported again gets the same choices, so a re-import does not reshuffle history.
    again, _ = import_deck(path.read_bytes(), path.name, deck_id="elements", distractors=True)
    assert [q.choices for q in again.deck.questions] == [q.choices for q in imported.deck.questions]


def test_a_long_answer_becomes_the_explanation() -> None:
    remark = "Four: " + "Andy Moog, Grant Fuhr, Jussi Markkanen and Devan Dubnyk. " * 4
    text = f'How many goalies?:\n- "{remark}"\n- 4\n- four\n'
    imported, _ = import_deck(text.encode(), "hockey.yaml", deck_id="h")
    [question] = imported.deck.questions
    assert question.accepted == ("4", "four")
    assert question.explanation == remark.strip()


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        (
            "Q one?:\n- a\nQ two?: {x: 1}\n",
            "red.yaml:3: the answers must be a list of text, such as `- Paris`",
        ),
        ("Q one?:\n- a\nQ two?: []\n", "red.yaml:3: the question has no answers"),
    ],
)
def test_a_broken_red_question_is_left_out_with_its_line(text: str, reason: str) -> None:
    imported, _ = import_deck(text.encode(), "red.yaml", deck_id="r", fmt=Format.RED)
    assert len(imported.deck.questions) == 1
    assert [str(p) for p in imported.left_out] == [reason]


def test_red_yaml_with_an_alias_is_refused() -> None:
    text = "Q one?: &a\n- a\nQ two?: *a\n"
    with pytest.raises(DeckError) as caught:
        import_deck(text.encode(), "red.yaml", deck_id="r", fmt=Format.RED)
    assert "anchors and aliases" in str(caught.value.problems[0])
