"""Loading decks from text, files and folders, and the bank that holds them per server."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.bank import part_sizes, safe_yaml
from bot.bank.bank import Bank
from bot.bank.loader import load_deck_bytes, load_deck_file, load_deck_text, load_folder, validate_paths
from bot.bank.models import Deck, Kind, Question
from bot.bank.problems import DeckError, Problem

FULL = """\
id: capitals
title: Capitals of the world
description: Where governments sit.
language: en
tags: [geography, easy-start]
questions:
  - id: cap-01
    prompt: |
      What is the capital of France?
    choices: [Paris, Lyon, Marseille]
    answer: 0
    explanation: Paris has been the capital for most of France's history.
    translations:
      sn:
        prompt: Guta guru reFrance nderipi?
        choices: [Paris, Lyon, Marseille]
        explanation: Paris ndiro guta guru.
      pt-BR: {prompt: "Qual é a capital da França?"}
    tags: [europe]
    difficulty: Easy
  - id: cap_02
    lang: sn
    type: truefalse
    prompt: Harare iguta guru reZimbabwe.
    answer: yes
    translations:
      en: {prompt: Harare is the capital of Zimbabwe.}
  - id: cap-03
    type: text
    prompt: Name the capital of Japan.
    answers: [Tokyo, Tōkyō]
    translations:
      sn: {prompt: "Guta guru reJapan nderipi?", answers: [Tokiyo]}
  - id: "4"
    prompt: Which of these are in Africa?
    choices: [Harare, Nairobi, Oslo, 1984]
    answer: [Harare, 1]
  - id: cap-05
    type: truefalse
    prompt: Oslo is in Africa.
    answer: false
  - id: cap-06
    prompt: How many capitals does South Africa have?
    choices: [1, 2, 3, yes]
    answer: "3"
"""


def test_a_full_deck_reads_every_field() -> None:
    deck = load_deck_text(FULL, "capitals.yaml", guild_id=42)
    assert (deck.id, deck.title, deck.description, deck.language) == (
        "capitals",
        "Capitals of the world",
        "Where governments sit.",
        "en",
    )
    assert deck.tags == ("geography", "easy-start")
    assert deck.source == "capitals.yaml"
    assert deck.guild_id == 42
    assert [q.id for q in deck.questions] == ["cap-01", "cap_02", "cap-03", "4", "cap-05", "cap-06"]
    assert [q.line for q in deck.questions] == [7, 21, 28, 34, 38, 42]
    assert deck.languages == ("en", "pt-BR", "sn")

    first = deck.questions[0]
    assert first.kind is Kind.CHOICE
    assert first.prompt == "What is the capital of France?"  # the block scalar's newline is trimmed
    assert first.choices == ("Paris", "Lyon", "Marseille")
    assert first.answers == frozenset({0})
    assert first.lang == "en"
    assert first.tags == ("europe",)
    assert first.difficulty == "easy"
    assert first.translations["sn"].explanation == "Paris ndiro guta guru."
    # A translation without choices keeps the original's.
    assert first.in_language("pt-BR").choices == first.choices
    assert first.in_language("pt-BR").explanation == first.explanation


def test_true_false_choices_are_in_the_questions_language() -> None:
    deck = load_deck_text(FULL, "capitals.yaml")
    shona = deck.question("cap_02")
    assert shona is not None
    assert shona.kind is Kind.TRUEFALSE
    assert shona.lang == "sn"
    assert shona.choices == ("Ichokwadi", "Manyepo")
    assert shona.answers == frozenset({0})
    assert shona.answer_text == "Ichokwadi"
    assert shona.in_language("en").choices == ("True", "False")
    english = deck.question("cap-05")
    assert english is not None
    assert english.choices == ("True", "False")
    assert english.answers == frozenset({1})


def test_text_questions_accept_every_listed_answer() -> None:
    question = load_deck_text(FULL, "capitals.yaml").question("cap-03")
    assert question is not None
    assert question.kind is Kind.TEXT
    assert question.choices == ()
    assert question.accepted == ("Tokyo", "Tōkyō")
    assert question.answer_text == "Tokyo"
    assert question.in_language("sn").accepted == ("Tokyo", "Tōkyō", "Tokiyo")


def test_answers_may_name_choices_by_text_and_numbers_are_read_as_written() -> None:
    deck = load_deck_text(FULL, "capitals.yaml")
    several = deck.question("4")
    assert several is not None
    assert several.choices == ("Harare", "Nairobi", "Oslo", "1984")
    assert several.answers == frozenset({0, 1})
    # A quoted "3" is a choice's text, a bare 3 would be an index; `yes` stays the word.
    counted = deck.question("cap-06")
    assert counted is not None
    assert counted.choices == ("1", "2", "3", "yes")
    assert counted.answers == frozenset({2})


def test_every_problem_is_reported_not_just_the_first() -> None:
    text = """\
id: broken
questions:
  - id: a
    prompt: ""
    choices: [x, y]
    answer: 5
  - id: a
    prompt: Fine?
    choices: [x, x]
    answer: 0
    colour: blue
"""
    with pytest.raises(DeckError) as caught:
        load_deck_text(text, "broken.yaml")
    assert [str(p) for p in caught.value.problems] == [
        "broken.yaml:4: `prompt` is empty",
        "broken.yaml:6: `answer` 5 is out of range: the choices are numbered 0 to 1",
        "broken.yaml:7: the question id `a` is already used on line 3",
        "broken.yaml:9: choice 1 is the same as choice 0 (`x`)",
        "broken.yaml:11: unknown key `colour` in a question; the keys allowed here are id, type, lang, "
        "prompt, "
        "choices, answer, answers, tolerance, unit, blanks, items, pairs, explanation, hint, translations, tags, difficulty, image, "
        "suggested_by",
    ]
    assert str(caught.value) == "\n".join(str(p) for p in caught.value.problems)


def test_problem_text() -> None:
    assert (
        str(Problem("questions/a.yaml", 12, "`prompt` is empty")) == "questions/a.yaml:12: `prompt` is empty"
    )
    assert str(Problem("questions/a.yaml", 0, "the file is empty")) == "questions/a.yaml: the file is empty"


def test_both_parsers_read_the_same_deck() -> None:
    with safe_yaml.pure_python():
        slow = load_deck_text(FULL, "capitals.yaml")
    assert load_deck_text(FULL, "capitals.yaml") == slow


def test_the_pure_python_switch_is_restored() -> None:
    with safe_yaml.pure_python():
        assert safe_yaml.loader_class() is safe_yaml.yaml.SafeLoader
    assert safe_yaml.FORCE_PURE_PYTHON is False


def test_a_deck_file_takes_its_id_from_the_file_name(tmp_path: Path) -> None:
    path = tmp_path / "world-capitals.yaml"
    path.write_text(FULL.replace("id: capitals\n", "", 1), encoding="utf-8")
    deck = load_deck_file(path)
    assert deck.id == "world-capitals"
    assert deck.source == str(path)
    assert deck.guild_id is None


def test_a_byte_order_mark_is_accepted(tmp_path: Path) -> None:
    path = tmp_path / "bom.yaml"
    path.write_bytes("\ufeff".encode() + FULL.encode())
    assert load_deck_file(path).id == "capitals"


def test_a_file_that_is_not_utf8_names_the_line(tmp_path: Path) -> None:
    path = tmp_path / "latin.yaml"
    path.write_bytes(b"id: latin\ntitle: Caf\xe9\n")
    with pytest.raises(DeckError) as caught:
        load_deck_file(path)
    assert [(p.line, p.message) for p in caught.value.problems] == [
        (2, "the file is not UTF-8 text; save it as UTF-8")
    ]


def test_an_upload_is_read_from_its_bytes() -> None:
    deck = load_deck_bytes(FULL.encode(), "upload.yaml", guild_id=9, default_id="upload")
    assert (deck.id, deck.guild_id, deck.source) == ("capitals", 9, "upload.yaml")
    with pytest.raises(DeckError) as caught:
        load_deck_bytes(b"x" * (part_sizes.MAX_DECK_BYTES + 1), "big.yaml")
    assert [(p.line, p.message) for p in caught.value.problems] == [
        (0, "the file is 1025 KiB; a deck may be at most 1024 KiB, so split it into several decks")
    ]
    with pytest.raises(DeckError) as caught:
        load_deck_bytes(b"id: x\n\xff\n", "bad.yaml")
    assert [p.line for p in caught.value.problems] == [2]


def test_a_missing_file_is_a_problem_not_a_crash(tmp_path: Path) -> None:
    with pytest.raises(DeckError) as caught:
        load_deck_file(tmp_path / "nowhere.yaml")
    [problem] = caught.value.problems
    assert problem.line == 0
    assert problem.message.startswith("cannot be read")


def _small_deck(deck_id: str, *, broken: bool = False) -> str:
    answer = 7 if broken else 0
    return (
        f"id: {deck_id}\nquestions:\n"
        f"  - id: q1\n    prompt: Which?\n    choices: [a, b]\n    answer: {answer}\n"
    )


def test_a_folder_loads_good_decks_and_reports_broken_ones(tmp_path: Path) -> None:
    (tmp_path / "b-good.yaml").write_text(_small_deck("beta"), encoding="utf-8")
    (tmp_path / "a-good.yml").write_text(_small_deck("alpha"), encoding="utf-8")
    (tmp_path / "c-broken.yaml").write_text(_small_deck("gamma", broken=True), encoding="utf-8")
    (tmp_path / "d-same-id.yaml").write_text(_small_deck("beta"), encoding="utf-8")
    (tmp_path / ".e-hidden.yaml").write_text("not: [a deck", encoding="utf-8")
    (tmp_path / "README.md").write_text("# not a deck", encoding="utf-8")
    (tmp_path / "sub.yaml").mkdir()

    decks, problems = load_folder(tmp_path)
    assert [d.id for d in decks] == ["alpha", "beta"]
    assert [str(p) for p in problems] == [
        f"{tmp_path / 'c-broken.yaml'}:6: `answer` 7 is out of range: the choices are numbered 0 to 1",
        f"{tmp_path / 'd-same-id.yaml'}:1: the deck id `beta` is already used by {tmp_path / 'b-good.yaml'}; "
        "every deck needs its own id, so this one is skipped",
    ]


def test_a_missing_folder_is_one_problem(tmp_path: Path) -> None:
    decks, problems = load_folder(tmp_path / "absent")
    assert decks == []
    assert len(problems) == 1
    assert problems[0].file == str(tmp_path / "absent")


def test_validate_paths_takes_files_and_folders(tmp_path: Path) -> None:
    folder = tmp_path / "decks"
    folder.mkdir()
    (folder / "one.yaml").write_text(_small_deck("one"), encoding="utf-8")
    (folder / "two.yaml").write_text(_small_deck("two", broken=True), encoding="utf-8")
    loose = tmp_path / "three.yaml"
    loose.write_text(_small_deck("one"), encoding="utf-8")

    assert validate_paths([folder / "one.yaml"]) == []
    # A file named again inside its folder is read once, so it does not clash with itself.
    assert validate_paths([folder / "one.yaml", folder]) == [
        Problem(str(folder / "two.yaml"), 6, "`answer` 7 is out of range: the choices are numbered 0 to 1")
    ]
    problems = validate_paths([folder, loose, tmp_path / "gone.yaml"])
    assert [(p.file, p.line) for p in problems] == [
        (str(tmp_path / "gone.yaml"), 0),
        (str(folder / "two.yaml"), 6),
        (str(loose), 1),
    ]
    assert problems[0].message == "no such file or folder"
    assert "already used by" in problems[2].message


# -- the bank ---------------------------------------------------------------------------------------


def _deck(deck_id: str, guild_id: int | None = None, questions: int = 1) -> Deck:
    return Deck(
        id=deck_id,
        title=deck_id.title(),
        questions=tuple(
            Question(id=f"q{n}", kind=Kind.CHOICE, prompt="?", choices=("a", "b"), answers=frozenset({0}))
            for n in range(questions)
        ),
        guild_id=guild_id,
    )


def test_each_server_sees_the_built_ins_and_its_own_decks() -> None:
    bank = Bank([_deck("zeta"), _deck("alpha"), _deck("mine", guild_id=1), _deck("theirs", guild_id=2)])
    assert [d.id for d in bank.decks_for(None)] == ["alpha", "zeta"]
    assert [d.id for d in bank.decks_for(1)] == ["alpha", "mine", "zeta"]
    assert [d.id for d in bank.decks_for(2)] == ["alpha", "theirs", "zeta"]
    assert bank.get("mine", 2) is None
    assert bank.get("mine", None) is None
    assert len(bank) == 4


def test_a_servers_deck_shadows_a_built_in_one_only_there() -> None:
    built_in = _deck("capitals")
    own = _deck("capitals", guild_id=7, questions=3)
    bank = Bank([built_in, own])
    assert bank.get("capitals", 7) is own
    assert bank.get("capitals", 8) is built_in
    assert bank.get("capitals", None) is built_in
    assert bank.decks_for(7) == [own]
    assert bank.question("capitals", "q2", 7) is own.questions[2]
    assert bank.question("capitals", "q2", 8) is None

    assert bank.remove("capitals", 7) is own
    assert bank.get("capitals", 7) is built_in
    assert bank.remove("capitals", 7) is None


def test_adding_replaces_the_same_servers_deck() -> None:
    bank = Bank()
    first = _deck("notes", guild_id=3)
    second = _deck("notes", guild_id=3, questions=4)
    assert bank.add(first) is None
    assert bank.add(second) is first
    assert bank.decks_for(3) == [second]
    assert len(bank) == 1
    assert bank.question_count == 4
    bank.add(_deck("extra", questions=2))
    assert bank.question_count == 6
    assert sorted(d.id for d in bank) == ["extra", "notes"]


def test_two_decks_of_one_id_for_one_server_are_a_bug() -> None:
    with pytest.raises(ValueError, match="capitals"):
        Bank([_deck("capitals"), _deck("capitals")])


def test_a_bank_from_a_folder(tmp_path: Path) -> None:
    (tmp_path / "one.yaml").write_text(_small_deck("one"), encoding="utf-8")
    (tmp_path / "two.yaml").write_text(_small_deck("two", broken=True), encoding="utf-8")
    bank, problems = Bank.from_folder(tmp_path)
    assert [d.id for d in bank.decks_for(None)] == ["one"]
    assert bank.question_count == 1
    assert len(problems) == 1
