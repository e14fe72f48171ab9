"""The one language-code rule: what decks accept is what /language accepts."""

from __future__ import annotations

import pytest

from bot.bank.languages import as_language_code, is_language_code


@pytest.mark.parametrize("code", ["en", "sn", "fil", "pt-BR", "es-419"])
def test_codes_decks_write(code: str) -> None:
    assert is_language_code(code)
    assert as_language_code(code) == code


@pytest.mark.parametrize("code", ["", "e", "english", "pt-br", "pt_BR", "es-41", "EN", "en-", "sn!"])
def test_not_written_as_a_deck_writes_them(code: str) -> None:
    assert not is_language_code(code)


@pytest.mark.parametrize(
    ("typed", "code"),
    [(" es-419 ", "es-419"), ("PT_br", "pt-BR"), ("EN", "en"), ("en-us", "en-US"), ("Sn", "sn")],
)
def test_a_member_may_type_a_code_loosely(typed: str, code: str) -> None:
    assert as_language_code(typed) == code


@pytest.mark.parametrize("typed", ["Shona!", "english", "en-", "es-41", "-BR", "pt-BRA", ""])
def test_what_is_no_code_at_all(typed: str) -> None:
    assert as_language_code(typed) is None
