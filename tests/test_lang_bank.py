"""A deck's problems in its author's language: small broken decks loaded in Shona, French and Portuguese.

Each deck is real YAML text read by the bank's own reader (or an importer) inside `speaking(code)`, as a
moderator's `/deck import` runs inside their interaction; the expected sentences are written by hand,
with the `file:line:` the author looks for.
"""

from __future__ import annotations

import pytest

from bot.bank import DeckError, load_deck_text
from bot.bank.importers import import_file
from bot.bank.part_sizes import true_false_choices
from bot.locales import speaking

# Line 4 has a choices list of one; line 6 repeats the question id of line 2 and its answer is out of range.
TWO_BROKEN = """\
id: maths
questions:
  - id: q1
    prompt: "2 + 2?"
    choices: [4]
    answer: 0
  - id: q1
    prompt: "3 + 3?"
    choices: ["6", "7"]
    answer: 5
"""


def problems(text: str, code: str, source: str = "maths.yaml") -> list[str]:
    with speaking(code), pytest.raises(DeckError) as caught:
        load_deck_text(text, source)
    return [str(p) for p in caught.value.problems]


def test_a_broken_deck_is_told_in_shona() -> None:
    assert problems(TWO_BROKEN, "sn") == [
        "maths.yaml:5: mubvunzo wesarudzo unoda sarudzo 2 kusvika 5; uyu une 1",
        "maths.yaml:7: id yemubvunzo `q1` yatoshandiswa pamutsara 3",
        "maths.yaml:10: `answer` 5 iri kunze kwemuganhu: sarudzo dzine nhamba 0 kusvika 1",
    ]


def test_a_broken_deck_is_told_in_french() -> None:
    assert problems(TWO_BROKEN, "fr") == [
        "maths.yaml:5: une question à choix a besoin de 2 à 5 choix ; celle-ci en a 1",
        "maths.yaml:7: l'id de question `q1` est déjà utilisé à la ligne 3",
        "maths.yaml:10: `answer` 5 est hors limites : les choix sont numérotés de 0 à 1",
    ]


def test_the_same_deck_still_reads_english_outside_a_language() -> None:
    assert problems(TWO_BROKEN, "en") == [
        "maths.yaml:5: a choice question needs 2 to 5 choices; this one has 1",
        "maths.yaml:7: the question id `q1` is already used on line 3",
        "maths.yaml:10: `answer` 5 is out of range: the choices are numbered 0 to 1",
    ]


# A name and a kind of value inside the sentence: each is written in the reader's language too.
MISNAMED = """\
id: words
questions:
  - id: w1
    prompt: [not, text]
    choices: ["a", "b"]
    answer: 0
    explain: because
"""


def test_names_and_kinds_inside_a_sentence_are_translated() -> None:
    assert problems(MISNAMED, "sn", "words.yaml") == [
        "words.yaml:4: `prompt` inofanira kuva zvinyorwa, kwete rondedzero",
        "words.yaml:7: kiyi `explain` haizivikanwi mumubvunzo; waireva `explanation` here?",
    ]
    assert problems(MISNAMED, "fr", "words.yaml") == [
        "words.yaml:4: `prompt` doit être du texte, pas une liste",
        "words.yaml:7: clé inconnue `explain` dans une question ; voulais-tu dire `explanation` ?",
    ]
    assert problems(MISNAMED, "pt-BR", "words.yaml") == [
        "words.yaml:4: `prompt`: deve ser texto, não uma lista",
        "words.yaml:7: uma pergunta: chave desconhecida `explain`; você quis dizer `explanation`?",
    ]


TRANSLATED = """\
id: capitals
language: en
questions:
  - id: c1
    prompt: Capital of France?
    choices: [Paris, Lyon, Nice]
    answer: Paris
    translations:
      fr:
        prompt: Capitale de la France ?
        choices: [Paris, Lyon]
"""


def test_a_count_takes_the_languages_plural() -> None:
    # One choice where three are needed: "1 choice" in English, Shona's and Portuguese's own forms.
    one = TRANSLATED.replace("choices: [Paris, Lyon]", "choices: [Paris]")
    assert problems(one, "en", "capitals.yaml") == [
        "capitals.yaml:11: the `fr` translation has 1 choice but the question has 3; translate every "
        "choice, in the same order"
    ]
    assert problems(TRANSLATED, "en", "capitals.yaml") == [
        "capitals.yaml:11: the `fr` translation has 2 choices but the question has 3; translate every "
        "choice, in the same order"
    ]
    assert problems(one, "pt-BR", "capitals.yaml") == [
        "capitals.yaml:11: a tradução `fr` tem 1 alternativa, mas a pergunta tem 3; traduza cada "
        "alternativa, na mesma ordem"
    ]
    assert problems(TRANSLATED, "pt-BR", "capitals.yaml") == [
        "capitals.yaml:11: a tradução `fr` tem 2 alternativas, mas a pergunta tem 3; traduza cada "
        "alternativa, na mesma ordem"
    ]
    assert problems(TRANSLATED, "sn", "capitals.yaml") == [
        "capitals.yaml:11: shanduro ye`fr` ine sarudzo 2 asi mubvunzo une 3; shandura sarudzo imwe "
        "neimwe, zvakarongwa zvakafanana"
    ]


def test_an_import_reports_in_the_moderators_language() -> None:
    sheet = "question,answer\nCapital of Zimbabwe?,Harare\n,Lusaka\nCapital of Kenya?,Nairobi\n"
    with speaking("fr"):
        outcome = import_file(sheet.encode(), "capitals.csv", deck_id="capitals", keep_valid=True)
        said = outcome.lines()
    assert said[0] == "Importé : 2 questions ; 1 n'a pas pu être importée et figure dans la liste."
    assert "capitals.csv:3: la cellule `question` est vide" in said
    with speaking("sn"):
        outcome = import_file(sheet.encode(), "capitals.csv", deck_id="capitals", keep_valid=True)
        said = outcome.lines()
    assert said[0] == "Zvaiswa: mibvunzo 2; 1 haina kugona kuiswa uye yanyorwa pasi apa."
    assert "capitals.csv:3: chitokisi che`question` hachina chinhu" in said


def test_true_and_false_are_in_the_questions_language() -> None:
    assert true_false_choices("sn") == ("Ichokwadi", "Manyepo")
    assert true_false_choices("fr") == ("Vrai", "Faux")
    assert true_false_choices("pt-BR") == ("Verdadeiro", "Falso")
    assert true_false_choices("de") == ("True", "False")


@pytest.mark.parametrize(
    ("broken", "french", "shona"),
    [
        (
            1,
            "1 question sur 4 ne peut pas être importée (plus d'un dixième), donc rien n'a été importé ; "
            "corrige-la et importe à nouveau",
            "mubvunzo 1 pamibvunzo 4 haugoni kuiswa (kupfuura chegumi), saka hapana chaiswa; ugadzirise "
            "uye uise zvakare",
        ),
        (
            2,
            "2 questions sur 4 ne peuvent pas être importées (plus d'un dixième), donc rien n'a été "
            "importé ; corrige-les et importe à nouveau",
            "mibvunzo 2 pamibvunzo 4 haigoni kuiswa (kupfuura chegumi), saka hapana chaiswa; igadzirise "
            "uye uise zvakare",
        ),
    ],
)
def test_a_refused_import_counts_its_broken_questions(broken: int, french: str, shona: str) -> None:
    rows = ["Capital of Zimbabwe?,Harare", "Capital of Kenya?,Nairobi", "Capital of Ghana?,Accra"]
    rows = [",Lusaka"] * broken + rows[: 4 - broken]
    sheet = ("question,answer\n" + "\n".join(rows) + "\n").encode()
    with speaking("fr"):
        assert import_file(sheet, "capitals.csv", deck_id="capitals").headline == french
    with speaking("sn"):
        assert import_file(sheet, "capitals.csv", deck_id="capitals").headline == shona
