"""Malicious or oversized uploads are refused with one sentence, before they cost time or memory."""

from __future__ import annotations

import pytest

from bot.bank import part_sizes
from bot.bank.importers import Format, import_deck, import_file
from bot.bank.loader import load_deck_text
from bot.bank.problems import DeckError


def refusal(data: bytes, name: str = "upload", fmt: Format | None = None) -> str:
    with pytest.raises(DeckError) as caught:
        import_deck(data, name, deck_id="x", fmt=fmt)
    [problem] = caught.value.problems
    return str(problem)


EXPORTS = [Format.MOODLE_XML, Format.QTI, Format.ANKI, Format.KAHOOT, Format.WAYGROUND]


@pytest.mark.parametrize("fmt", [None, *(f for f in Format if f not in EXPORTS)])
def test_a_2_mib_text_file_is_refused(fmt: Format | None) -> None:
    data = b"question,answer\n" + b"x" * (2 * 1024 * 1024)
    assert refusal(data, "big.csv", fmt) == (
        "big.csv: the file is 2049 KiB; a deck may be at most 1024 KiB, so split it into several decks"
    )


@pytest.mark.parametrize("fmt", [None, *EXPORTS])
def test_a_5_mib_file_is_refused_unread_whatever_its_format(fmt: Format | None) -> None:
    # A learning platform's export may be four times a text deck's cap (its markup is bulky): not five.
    data = b"PK\x03\x04" + b"x" * (5 * 1024 * 1024)
    assert refusal(data, "big.zip", fmt) == (
        "big.zip: the file is 5121 KiB; a deck may be at most 4096 KiB, so split it into several decks"
    )


ALIAS_BOMB = (
    "a: &a [x, x, x, x, x, x, x, x, x]\n"
    + "".join(
        f"{chr(98 + i)}: &{chr(98 + i)} [" + ", ".join([f"*{chr(97 + i)}"] * 9) + "]\n" for i in range(8)
    )
    + "questions: *i\n"
)


@pytest.mark.parametrize("fmt", [Format.YAML, Format.RED])
def test_an_alias_bomb_is_refused_without_expanding_it(fmt: Format) -> None:
    assert refusal(ALIAS_BOMB.encode(), "bomb.yaml", fmt) == (
        "bomb.yaml:2: anchors and aliases (`&name`, `*name`) are not allowed in a deck; write each value out in full"
    )


def test_a_tagged_red_question_is_left_out() -> None:
    text = "What?: !!python/object/apply:os.system [echo hi]\nOther?:\n- a\n"
    result, _ = import_deck(text.encode(), "tags.yaml", deck_id="x", fmt=Format.RED)
    assert [q.prompt for q in result.deck.questions] == ["Other?"]
    assert [str(p) for p in result.left_out] == [
        "tags.yaml:1: the tag `!!python/object/apply:os.system` is not allowed; write plain text"
    ]


def test_a_million_rows_are_refused_early() -> None:
    data = b"question,answer\n" + b"\n" * 1_000_000
    assert refusal(data, "rows.csv") == (
        "rows.csv:20001: the file has more than 20000 rows; a deck is far smaller"
    )


def test_an_unclosed_quote_is_refused_as_an_overlong_field() -> None:
    data = b'question,answer\n"Why?,Because\n' + b"more words, " * 2000
    assert refusal(data, "quote.csv") == (
        'quote.csv:2: a field starting on this row is longer than any question; a quote (") is probably not closed'
    )


def test_a_quote_left_open_over_most_of_a_file_is_named_too() -> None:
    data = b'question,answer\nFine?,yes\n"Why?,x\n' + b"more words, " * 80_000
    assert refusal(data, "quote.csv") == (
        'quote.csv:3: a field starting on this row is longer than any question; a quote (") is probably not closed'
    )


def test_more_questions_than_a_deck_holds_are_refused() -> None:
    rows = "".join(f"Q{n}?,A{n}\n" for n in range(part_sizes.MAX_QUESTIONS_PER_DECK + 1))
    assert refusal(("question,answer\n" + rows).encode(), "many.csv") == (
        "many.csv:5002: the file has more than 5000 questions; that many fit in one deck, so split it into "
        "several files"
    )


def test_upload_text_keeps_mentions_as_words() -> None:
    # Importers keep what the author wrote; the bot sends it with allowed mentions that ping no one.
    result, _ = import_deck(b"question,answer\n@everyone <@1> who?,me\n", "m.csv", deck_id="x")
    assert result.deck.questions[0].prompt == "@everyone <@1> who?"


def test_a_sheet_at_the_upload_cap_imports_and_loads_again() -> None:
    # 5,000 rows of 200 bytes: just under 1 MiB, and the YAML made of it is larger than the upload cap.
    row = "Question {n:04d} asks which of these four words is the one the teacher wants?,{w},b,c,d,A\n"
    text = "".join(row.format(n=n, w="w" * (200 - len(row.format(n=n, w="")))) for n in range(5000))
    data = ("question,choice1,choice2,choice3,choice4,answer\n" + text).encode()
    assert 1_000_000 < len(data) <= 1024 * 1024
    outcome = import_file(data, "big.csv", deck_id="big")
    assert outcome.kept is not None, outcome.lines()[:3]
    assert len(outcome.kept.deck.questions) == 5000
    assert len(outcome.kept.text.encode()) > 1024 * 1024
    stored = load_deck_text(
        outcome.kept.text, "stored", guild_id=1, max_bytes=part_sizes.MAX_STORED_DECK_BYTES
    )
    assert len(stored.questions) == 5000
