"""A server's decks on screen in Shona, French and Brazilian Portuguese: import reports, suggestions, the preview."""

from __future__ import annotations

import json
from datetime import UTC, datetime

from bot.bank.importers import import_file
from bot.bank.loader import load_deck_text
from bot.bank.problems import Problem
from bot.decks.server_decks import already_reviewed
from bot.locales import speaking
from bot.looks.preview import preview
from bot.store import SuggestionRecord
from bot.ui.deck_profile import profile_line
from bot.ui.deck_views import (
    delete_view,
    problem_lines,
    review_view,
    suggestion_embed,
    suggestion_form,
)
from bot.ui.import_report import report_text, report_title
from cogs.decks._forms import SUGGESTION_FORM

NOW = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)
YAML = """
id: cells
title: Cells
questions:
  - id: unit
    prompt: "What is the unit of life?"
    choices: [Cell, Atom]
    answer: 0
    difficulty: easy
    tags: [biology]
  - id: dna
    type: text
    prompt: "What carries genes?"
    answers: [DNA]
    difficulty: hard
    tags: [biology, genetics]
"""


def suggestion(**question: object) -> SuggestionRecord:
    return SuggestionRecord(
        id=7,
        guild_id=1,
        deck_id="cells",
        author_id=42,
        question=json.dumps(question),
        status="pending",
        created_at=NOW,
    )


def labels(view: object) -> list[str]:
    return [item.label for item in view.children]  # type: ignore[attr-defined]


def test_problem_lines_count_what_is_left_out_in_each_language() -> None:
    problems = [Problem("cells.yaml", 4, "X"), Problem("cells.yaml", 0, "Y"), Problem("cells.yaml", 9, "Z")]
    room = 60  # the first line fits in each language; the rest is counted
    with speaking("fr"):
        assert problem_lines(problems[:2], 4000) == "• ligne 4 : X\n• le fichier : Y"
        assert problem_lines(problems, room) == "• ligne 4 : X\n… et 2 autres"
    with speaking("sn"):
        assert problem_lines(problems[:2], 4000) == "• mutsara 4: X\n• faira: Y"
        assert problem_lines(problems, room) == "• mutsara 4: X\n… nezvimwe 2"
    with speaking("pt-BR"):
        assert problem_lines(problems[:2], 4000) == "• linha 4: X\n• o arquivo: Y"
    assert problem_lines(problems, room) == "• line 4: X\n… and 2 more"


def test_an_import_report_says_what_became_of_the_file() -> None:
    outcome = import_file(YAML.encode(), "cells.yaml", deck_id="cells")
    with speaking("fr"):
        assert report_title(outcome) == "Importé : Cells"
        first = report_text(outcome, title="T", replaced=True, room=4000).split("\n")[1]
        assert first == (
            "**2 questions** de **cells.yaml** (choix, réponse à taper) forment désormais le paquet `cells` de ce serveur. "
            "Il remplace le paquet du même nom ; l'historique des questions inchangées est conservé. "
            "Joue-le avec `/quiz lancer`."
        )
    with speaking("sn"):
        first = report_text(outcome, title="T", replaced=False, room=4000).split("\n")[1]
        assert first == (
            "**Mibvunzo 2** kubva ku**cells.yaml** (sarudzo, mhinduro inonyorwa) yava dhekisi `cells` yesevha ino. "
            "Itambe ne`/quiz start`."
        )
    with speaking("pt-BR"):
        first = report_text(outcome, title="T", replaced=False, room=4000).split("\n")[1]
        assert first == (
            "**2 perguntas** de **cells.yaml** (múltipla escolha, resposta digitada) agora são o baralho `cells` deste servidor. "
            "Jogue com `/quiz iniciar`."
        )
    assert report_text(outcome, title="T", replaced=False, room=4000).split("\n")[1] == (
        "**2 questions** from **cells.yaml** (choice, text) are now the deck `cells` of this server. "
        "Play it with `/quiz start`."
    )
    broken = import_file(b"not: [a deck", "broken.yaml", deck_id="broken")
    with speaking("sn"):
        assert report_title(broken) == "Haina kuunzwa"


def test_one_question_is_singular_in_every_language() -> None:
    one = YAML.split("  - id: dna", maxsplit=1)[0]
    outcome = import_file(one.encode(), "one.yaml", deck_id="one")
    with speaking("fr"):
        assert (
            report_text(outcome, title="T", replaced=False, room=4000)
            .split("\n")[1]
            .startswith("**1 question** de **one.yaml** (choix) forme désormais le paquet `one`")
        )
    with speaking("sn"):
        assert (
            report_text(outcome, title="T", replaced=False, room=4000)
            .split("\n")[1]
            .startswith("**Mubvunzo 1** kubva ku**one.yaml** (sarudzo) wava dhekisi `one`")
        )
    with speaking("pt-BR"):
        assert (
            report_text(outcome, title="T", replaced=False, room=4000)
            .split("\n")[1]
            .startswith("**1 pergunta** de **one.yaml** (múltipla escolha) agora é o baralho `one`")
        )


def test_a_suggestion_under_review() -> None:
    typed = suggestion(prompt="What carries genes?", answers=["DNA"], explanation="It is the code.")
    with speaking("sn"):
        embed = suggestion_embed(typed, 2)
        assert embed.title == "Wakakurudzirwa kune cells"
        assert embed.description == "What carries genes?\n\nMhinduro inonyorwa: DNA"
        assert [f.name for f in embed.fields] == ["Nei", "Munyori"]
        assert embed.footer.text == "zvikurudziro 2 zvakamirira"
        assert suggestion_embed(typed, 1).footer.text == "chikurudziro 1 chakamirira"
        assert labels(review_view(7)) == ["Tendera", "Gadzirisa", "Ramba"]
    with speaking("fr"):
        embed = suggestion_embed(typed, 1)
        assert embed.title == "Suggérée pour cells"
        assert embed.footer.text == "1 suggestion en attente"
        assert suggestion_embed(typed, 3).footer.text == "3 suggestions en attente"
        assert labels(review_view(7)) == ["Approuver", "Modifier", "Refuser"]
        assert labels(delete_view("cells")) == ["Supprimer le paquet", "Le garder"]
        form = suggestion_form(SUGGESTION_FORM, "cells")
        assert form.title == "Suggère une question pour cells"
        assert [item.to_component_dict()["label"] for item in form.children] == [  # type: ignore[attr-defined]
            "Question",
            "Bonne réponse",
            "Réponses fausses, une par ligne (facultatif)",
            "Pourquoi c'est juste (montré à la révélation)",
        ]
    with speaking("pt-BR"):
        assert labels(delete_view("cells")) == ["Excluir o baralho", "Manter"]
        assert already_reviewed("approved") == "Essa sugestão já foi aprovada."
    with speaking("fr"):
        assert already_reviewed("rejected") == "Cette suggestion a déjà été refusée."


def test_the_preview_and_the_deck_profile() -> None:
    deck = load_deck_text(YAML, "cells.yaml")
    text_question = deck.questions[1]
    with speaking("fr"):
        shown = preview(text_question, deck, NOW)
        assert [b.label for b in shown.question.buttons] == ["Répondre"]
        assert [b.label for b in shown.reveal.buttons] == ["Réponse : DNA", "Signaler la question"]
        assert profile_line(deck) == "étiquettes : biology 2, genetics 1 · facile 1, difficile 1"
    with speaking("sn"):
        shown = preview(text_question, deck, NOW)
        assert [b.label for b in shown.reveal.buttons] == ["Mhinduro: DNA", "Zivisa dambudziko"]
        assert profile_line(deck) == "matagi: biology 2, genetics 1 · nyore 1, zvakaoma 1"
    with speaking("pt-BR"):
        assert profile_line(deck) == "tags: biology 2, genetics 1 · fácil 1, difícil 1"
    assert profile_line(deck) == "tags: biology 2, genetics 1 · easy 1, hard 1"
