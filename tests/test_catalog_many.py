"""French and Portuguese say a million of something with `de`: CLDR's `many` plural form, chosen by n_()."""

from __future__ import annotations

import pytest
from babel import Locale
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po

from bot.locales import catalog_path, n_, speaking


@pytest.mark.parametrize(
    ("code", "count", "said"),
    [
        ("fr", 1_000_000, "1\u202f000\u202f000 de questions"),
        ("fr", 2_000_000, "2\u202f000\u202f000 de questions"),
        ("fr", 1_000_001, "1\u202f000\u202f001 questions"),
        ("fr", 2, "2 questions"),
        ("fr", 1, "1 question"),
        ("fr", 0, "0 question"),
        ("pt-BR", 1_000_000, "1.000.000 de perguntas"),
        ("pt-BR", 3_000_000, "3.000.000 de perguntas"),
        ("pt-BR", 1_000_001, "1.000.001 perguntas"),
        ("pt-BR", 1, "1 pergunta"),
    ],
)
def test_a_million_questions_takes_de(code: str, count: int, said: str) -> None:
    with speaking(code):
        assert n_("{n} question", "{n} questions", count) == said


def test_other_counted_words_take_de_or_d_apostrophe_too() -> None:
    with speaking("fr"):
        assert n_("in {n} hour", "in {n} hours", 1_000_000) == "dans 1\u202f000\u202f000 d'heures"
        assert n_("{n} member", "{n} members", 1_000_000) == "1\u202f000\u202f000 de membres"
    with speaking("pt-BR"):
        assert n_("{n} member", "{n} members", 1_000_000) == "1.000.000 de membros"


@pytest.mark.parametrize("code", ["fr", "pt-BR", "sn"])
def test_each_catalogs_plural_rule_is_cldrs_as_babel_has_it(code: str) -> None:
    with catalog_path(code).open("rb") as handle:
        catalog = read_po(handle, locale=code.replace("-", "_"))
    header = dict(catalog.mime_headers)["Plural-Forms"]
    cldr = Locale.parse(code.replace("-", "_")).plural_form
    # Babel writes CLDR's rule as gettext's expression; the .po file must say the same.
    expected = get_plural(code.replace("-", "_"))
    assert header == f"nplurals={expected.num_plurals}; plural={expected.plural_expr};"
    assert len(cldr.tags | {"other"}) == expected.num_plurals  # CLDR's categories, `other` implied
    if code != "sn":
        assert "many" in cldr.tags
