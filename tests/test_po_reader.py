"""The bot's own .po reader: what gettext answers from it, entry by entry, as a compiled .mo would."""

from __future__ import annotations

import gettext
import io
from pathlib import Path

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from bot.locales import COMMAND_CONTEXT, SHIPPED, SOURCE, catalog_path, translations
from bot.locales.po_reader import CompiledCatalog, Entry, read_entries

FRENCH = r"""# French translations.
#, fuzzy
msgid ""
msgstr ""
"Content-Type: text/plain; charset=utf-8\n"
"Plural-Forms: nplurals=3; plural=(n == 0 || n == 1) ? 0 : n != 0 && n % 1000000 == 0 ? 1 : 2;\n"

#: bot/ui/answers.py:12
#, python-brace-format
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

msgid ""
"A long sentence "
"on two lines."
msgstr ""
"Une longue phrase "
"sur deux lignes."

msgid "Say \"hi\"\tthen\nstop \\ here"
msgstr "Dites « salut »\tpuis\narrêtez \\ ici"

#, fuzzy, python-brace-format
msgid "Round over"
msgstr "Manche finie"

msgid "Not translated yet"
msgstr ""

msgid "{n} answer"
msgid_plural "{n} answers"
msgstr[0] "{n} réponse"
msgstr[1] ""

#~ msgid "An old sentence"
#~ msgstr "Une vieille phrase"
"""


@pytest.fixture
def french(tmp_path: Path) -> CompiledCatalog:
    path = tmp_path / "fr.po"
    path.write_text(FRENCH, encoding="utf-8")
    entries = list(read_entries(path))
    header = entries.pop(0)
    assert header.ids == [""]
    return CompiledCatalog(entries, header.strings[0])


def test_a_translation_and_one_in_a_context(french: CompiledCatalog) -> None:
    assert french.gettext("Locked in: {answer}") == "Verrouillé : {answer}"
    assert french.pgettext("button", "Next") == "Suivant"
    assert french.gettext("Next") == "Next"  # the context is part of the key


def test_the_plural_rule_comes_from_the_header(french: CompiledCatalog) -> None:
    assert [french.ngettext("{n} question", "{n} questions", n) for n in (0, 1, 2, 1_000_000)] == [
        "{n} question",
        "{n} question",
        "{n} questions",
        "{n} de questions",
    ]


def test_lines_are_joined_and_escapes_read(french: CompiledCatalog) -> None:
    assert french.gettext("A long sentence on two lines.") == "Une longue phrase sur deux lignes."
    assert french.gettext('Say "hi"\tthen\nstop \\ here') == "Dites « salut »\tpuis\narrêtez \\ ici"


def test_fuzzy_empty_and_obsolete_entries_are_english(french: CompiledCatalog) -> None:
    assert french.gettext("Round over") == "Round over"
    assert french.gettext("Not translated yet") == "Not translated yet"
    assert french.gettext("An old sentence") == "An old sentence"


def test_an_empty_plural_form_is_the_english_one(french: CompiledCatalog) -> None:
    assert french.ngettext("{n} answer", "{n} answers", 1) == "{n} réponse"
    assert french.ngettext("{n} answer", "{n} answers", 1_000_000) == "{n} answers"
    assert french.ngettext("{n} answer", "{n} answers", 5) == "{n} answers"


@pytest.mark.parametrize("code", [c for c in SHIPPED if c != SOURCE])
def test_every_entry_of_a_shipped_catalog_is_read(code: str) -> None:
    text = catalog_path(code).read_text(encoding="utf-8")
    translated = [e for e in read_entries(catalog_path(code)) if e.ids != [""]]
    assert len(translated) == text.count("\nmsgid ") - 1  # less the header's
    sample = next(e for e in translated if e.context is None and len(e.ids) == 1)
    assert translations(code).gettext(sample.ids[0]) == sample.strings[0]


@pytest.mark.parametrize("code", [c for c in SHIPPED if c != SOURCE])
def test_a_shipped_catalog_answers_as_babels_compiled_one(code: str) -> None:
    # What the bot did before it read .po files itself: Babel's reader, compiled to a .mo for gettext.
    with catalog_path(code).open("rb") as handle:
        catalog = read_po(handle, locale=code.replace("-", "_"))
    compiled = io.BytesIO()
    write_mo(compiled, catalog, use_fuzzy=False)
    compiled.seek(0)
    babels, ours = gettext.GNUTranslations(compiled), translations(code)
    for message in list(catalog)[1:]:
        if message.pluralizable:
            singular, plural = message.id
            for n in (0, 1, 2, 5, 21, 1_000_000):
                if message.context:
                    pair = (
                        babels.npgettext(message.context, singular, plural, n),
                        ours.npgettext(message.context, singular, plural, n),
                    )
                else:
                    pair = (babels.ngettext(singular, plural, n), ours.ngettext(singular, plural, n))
                assert pair[0] == pair[1], (message.id, n)
        elif message.context:
            assert babels.pgettext(message.context, message.id) == ours.pgettext(message.context, message.id)
        else:
            assert babels.gettext(message.id) == ours.gettext(message.id)


COMMANDS = r"""#, fuzzy
msgid ""
msgstr ""
"Plural-Forms: nplurals=3; plural=(n == 0 || n == 1) ? 0 : n != 0 && n % 1000000 == 0 ? 1 : 2;\n"

msgid "Round over"
msgstr "Manche finie"

msgctxt "command quiz start"
msgid "start"
msgstr "lancer"

msgctxt ""
"command quiz start option deck description, a context long enough to be "
"wrapped"
msgid "The deck to play"
msgstr "Le paquet à jouer"

msgctxt "button"
msgid "Next"
msgstr "Suivant"

#: a sentence that names "command quiz", read and left to the caller
msgid "Type /quiz"
msgstr "Tape /quiz"
"""


def test_the_entries_of_some_contexts_are_read_alone_with_the_header(tmp_path: Path) -> None:
    path = tmp_path / "fr.po"
    path.write_text(COMMANDS, encoding="utf-8")
    read = [(e.context, e.ids, e.strings) for e in read_entries(path, contexts="command ")]
    assert read == [
        (
            None,
            [""],
            {
                0: "Plural-Forms: nplurals=3; plural=(n == 0 || n == 1) ? 0 : n != 0 && n % 1000000 == 0 ? 1 : 2;\n"
            },
        ),
        ("command quiz start", ["start"], {0: "lancer"}),
        (
            "command quiz start option deck description, a context long enough to be wrapped",
            ["The deck to play"],
            {0: "Le paquet à jouer"},
        ),
        (None, ["Type /quiz"], {0: "Tape /quiz"}),
    ]


@pytest.mark.parametrize("code", [c for c in SHIPPED if c != SOURCE])
def test_a_shipped_catalogs_command_words_read_alone_are_those_read_with_the_rest(code: str) -> None:
    def commands(contexts: str | None) -> list[Entry]:
        read = read_entries(catalog_path(code), contexts=contexts)
        return [e for e in read if (e.context or "").startswith(COMMAND_CONTEXT)]

    alone = commands(COMMAND_CONTEXT)
    assert alone == commands(None)
    assert len(alone) > 200  # every name, description and choice of the tree
