"""The message catalog: shipped languages complete, and the check that says so catches each kind of gap."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from bot.cli import catalog_tools
from bot.locales import catalog_language, reply_language

FRESH = """
msgid "Locked in: {answer}"
msgstr ""

msgid "{n} question"
msgid_plural "{n} questions"
msgstr[0] ""
msgstr[1] ""

msgctxt "button"
msgid "Next"
msgstr ""
"""

FRENCH_HEADER = """msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"
"Plural-Forms: nplurals=3; plural=(n == 0 || n == 1) ? 0 : n != 0 && n % 1000000 == 0 ? 1 : 2;\\n"

"""


def catalog(text: str, locale: str | None = None) -> Catalog:
    return read_po(io.BytesIO(text.encode()), locale=locale)


def problems(french: str) -> list[str]:
    return catalog_tools.problems_in("fr", catalog(FRENCH_HEADER + french, "fr"), catalog(FRESH), "fr.po")


COMPLETE = """
msgid "Locked in: {answer}"
msgstr "Verrouillé : {answer}"

msgid "{n} question"
msgid_plural "{n} questions"
msgstr[0] "{n} question"
msgstr[1] "{n} de questions"
msgstr[2] "{n} questions"

msgctxt "button"
msgid "Next"
msgstr "Suivant"
"""


def test_a_complete_translation_has_no_problem() -> None:
    assert problems(COMPLETE) == []


def test_a_missing_message_is_named() -> None:
    text = COMPLETE.replace('msgctxt "button"\nmsgid "Next"\nmsgstr "Suivant"\n', "")
    assert problems(text) == ["fr.po: “Next” is not in the catalog (run `bvunzo locales extract`)"]


def test_an_empty_translation_is_named_with_its_line() -> None:
    text = COMPLETE.replace('msgstr "Suivant"', 'msgstr ""')
    assert problems(text) == ["fr.po:17: “Next” has no translation in fr"]


def test_an_empty_plural_form_is_a_missing_translation() -> None:
    text = COMPLETE.replace('msgstr[1] "{n} de questions"', 'msgstr[1] ""')
    assert problems(text) == ["fr.po:10: “{n} question” has no translation in fr"]


def test_a_fuzzy_entry_is_refused() -> None:
    text = COMPLETE.replace('msgctxt "button"', '#, fuzzy\nmsgctxt "button"')
    assert problems(text) == ["fr.po:18: “Next” is marked fuzzy; check its translation and remove the flag"]


def test_a_lost_or_invented_placeholder_is_refused() -> None:
    lost = COMPLETE.replace('"Verrouillé : {answer}"', '"Verrouillé"')
    assert problems(lost) == ["fr.po:7: the fr translation of “Locked in: {answer}” lacks {answer}"]
    invented = COMPLETE.replace('"Verrouillé : {answer}"', '"Verrouillé : {réponse}"')
    assert problems(invented) == [
        "fr.po:7: the fr translation of “Locked in: {answer}” lacks {answer}",
        "fr.po:7: the fr translation of “Locked in: {answer}” has {réponse}, which the English does not",
    ]


def test_a_plural_form_may_spell_its_count_but_not_lose_other_placeholders() -> None:
    spelled = COMPLETE.replace('msgstr[0] "{n} question"', 'msgstr[0] "une question"')
    assert problems(spelled) == []


def test_a_plural_needs_each_form_the_language_has() -> None:
    text = COMPLETE.replace('msgstr[2] "{n} questions"\n', "")  # French has three forms
    assert problems(text) == ["fr.po:10: “{n} question” has no translation in fr"]


def test_placeholders_are_the_named_fields_only() -> None:
    assert catalog_tools.placeholders("{n} of {total:,} · {{literal}} {name!r}") == {"n", "total", "name"}


def test_every_shipped_language_is_complete() -> None:
    """The gate `bvunzo locales check` runs in CI: the template matches the code, nothing is missing."""
    assert catalog_tools.check() == []


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        ("en-US", "en"),
        ("en-GB", "en"),
        ("fr", "fr"),
        ("pt-BR", "pt-BR"),
        ("pt_BR", "pt-BR"),
        ("sn", "sn"),
        ("SN", "sn"),
        ("es-ES", None),
        ("", None),
        (None, None),
    ],
)
def test_which_catalog_a_locale_reads(code: str | None, expected: str | None) -> None:
    assert catalog_language(code) == expected


def test_a_reply_speaks_the_choice_then_the_client_then_the_server() -> None:
    assert reply_language("sn", "fr", "pt-BR") == "sn"
    assert reply_language(None, "fr", "sn") == "fr"
    assert reply_language(None, "es-ES", "sn") == "sn"  # no Spanish catalog: the server's language
    assert reply_language("de", "ja", None) == "en"
    assert reply_language(None, "en-US", "sn") == "en"  # an English client reads English


def test_the_catalogs_ship_with_the_package() -> None:
    text = (Path(catalog_tools.ROOT) / "pyproject.toml").read_text()
    assert '"locales/*.po"' in text and '"locales/*.pot"' in text
