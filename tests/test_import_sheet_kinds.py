"""Spreadsheets' match and order rows: the `type` column says the kind, the choice columns hold the pairs
(`left -> right`) or the items in their right order, as a multi row's hold its choices."""

from __future__ import annotations

from bot.bank.importers import Format, import_file
from bot.bank.models import Kind

# A teacher's sheet with the columns a deck's CSV export writes, a match row and an order row beside a
# multi row, and each mistake a hand-made row makes once.
SHEET = "\n".join(
    [
        "type,question,answer,choice 1,choice 2,choice 3,choice 4,choice 5,explanation,tags",
        'multi,Which are metals?,"A, C",Iron,Neon,Gold,,,Both conduct.,chemistry',
        "match,Match each element to its symbol.,,Iron -> Fe,Gold -> Au,Silver→Ag,,,From Latin.,chemistry",
        "Matching,Match each capital.,,Harare => Zimbabwe,Lusaka -> Zambia,,,,,",
        "order,Lightest first.,,Hydrogen,Helium,Lithium,Beryllium,,By atomic mass.,chemistry",
        "Ordering,Smallest first.,,cell,tissue,organ,,,,biology",
        "match,Match each one.,,Iron -> Fe,Gold,,,,,",
        "match,Only one pair?,,Iron -> Fe,,,,,,",
        "order,Two items?,,first,second,,,,,",
        "match,Match each river.,,Zambezi -> Victoria Falls,Limpopo -> ,,,,,",
    ]
)


def test_match_and_order_rows_are_read_from_the_choice_columns() -> None:
    outcome = import_file(SHEET.encode(), "elements.csv", deck_id="elements", keep_valid=True)
    assert outcome.fmt is Format.CSV
    assert outcome.kept is not None
    # 9 rows: 5 kept (multi, 2 match, 2 order); 2 set aside (one pair, two items); 2 broken (a cell with
    # no arrow, a pair with no right side).
    multi, symbols, capitals, masses, sizes = outcome.kept.deck.questions
    assert (multi.kind, multi.answers) == (Kind.MULTI, frozenset({0, 2}))
    assert (symbols.kind, symbols.pairs) == (Kind.MATCH, (("Iron", "Fe"), ("Gold", "Au"), ("Silver", "Ag")))
    assert (symbols.explanation, symbols.tags) == ("From Latin.", ("chemistry",))
    assert (capitals.kind, capitals.pairs) == (Kind.MATCH, (("Harare", "Zimbabwe"), ("Lusaka", "Zambia")))
    assert (masses.kind, masses.choices) == (Kind.ORDER, ("Hydrogen", "Helium", "Lithium", "Beryllium"))
    assert (masses.explanation, masses.tags) == ("By atomic mass.", ("chemistry",))
    assert (sizes.kind, sizes.choices, sizes.tags) == (Kind.ORDER, ("cell", "tissue", "organ"), ("biology",))
    assert [str(p) for p in outcome.problems] == [
        "elements.csv:7: a match row gives each pair in a choice cell as `left -> right`; `Gold` is not one",
        "elements.csv:8: a matching question of 1 pair; a match question holds 2 to 5 (Discord's answer form "
        "holds 5 menus), so it was left out",
        "elements.csv:9: an ordering question of 2 items; Bvunzo puts 3 to 8 in order, so it was left out",
        "elements.csv:10: a match row gives each pair in a choice cell as `left -> right`; `Limpopo ->` is not "
        "one",
    ]


def test_every_pair_in_one_choices_cell() -> None:
    text = 'type;question;choices\nmatch;Match each capital.;"Harare -> Zimbabwe | Lusaka -> Zambia"\n'
    outcome = import_file(text.encode(), "capitals.csv", deck_id="capitals")
    assert outcome.imported is not None and outcome.problems == ()
    [question] = outcome.imported.deck.questions
    assert question.pairs == (("Harare", "Zimbabwe"), ("Lusaka", "Zambia"))
