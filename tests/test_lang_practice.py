"""Practice, reports and preferences in chiShona, French and Brazilian Portuguese: renders against text
written by hand (the catalog's practice-play fragment, or the merged .po files)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.bank.models import Kind, Question
from bot.locales import speaking
from bot.quiz import Passes
from bot.ui.flag_views import flags_embed, report_button
from bot.ui.practice import (
    feedback_embed,
    feedback_view,
    passes_lines,
    practice_question_embed,
    practice_summary_embed,
)
from cogs.preferences import _language_sentence, retention_sentence

QUESTION = Question(
    id="q1",
    kind=Kind.CHOICE,
    prompt="Guta guru reZimbabwe ndeupi?",
    choices=("Bulawayo", "Harare"),
    answers=frozenset({1}),
    explanation="Harare.",
    lang="sn",
)
LATER = datetime(2026, 12, 2, 9, 0, tzinfo=UTC)


def _labels(view: object) -> list[str]:
    return [item.label for item in view.children]  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("code", "title", "footer"),
    [
        ("sn", "Kudzidzira 2 pa10 — Mazita", "Ndiwe chete unoona izvi · chiShona"),
        ("fr", "Entraînement 2 sur 10 — Mazita", "Toi seul peux voir ceci · chiShona"),
        ("pt-BR", "Prática 2 de 10 — Mazita", "Só você pode ver isto · chiShona"),
    ],
)
def test_the_question_screen(code: str, title: str, footer: str) -> None:
    with speaking(code):
        embed = practice_question_embed(QUESTION, (0, 1), index=1, total=10, deck_title="Mazita")
    assert embed.title == title
    assert embed.footer.text == footer


@pytest.mark.parametrize(
    ("code", "right", "wrong", "buttons"),
    [
        (
            "sn",
            "✅ Zvakarurama — 3 pa5",
            "❌ Hazvina kunyatsorurama — 3 pa5",
            ["Unotevera", "Zivisa dambudziko"],
        ),
        ("fr", "✅ Juste — 3 sur 5", "❌ Pas tout à fait — 3 sur 5", ["Suivant", "Signaler la question"]),
        ("pt-BR", "✅ Certo — 3 de 5", "❌ Não exatamente — 3 de 5", ["Próxima", "Denunciar pergunta"]),
    ],
)
def test_feedback_and_its_buttons(code: str, right: str, wrong: str, buttons: list[str]) -> None:
    shared = {"right_slots": frozenset({1}), "typed": None, "index": 2, "total": 5, "next_due": LATER}
    with speaking(code):
        good = feedback_embed(QUESTION, (0, 1), right=True, chosen=1, **shared)  # type: ignore[arg-type]
        bad = feedback_embed(QUESTION, (0, 1), right=False, chosen=0, **shared)  # type: ignore[arg-type]
        view = feedback_view(7, 2, "mazita", "q1", last=False)
    assert (good.title, bad.title) == (right, wrong)
    assert _labels(view) == buttons


@pytest.mark.parametrize(
    ("code", "one", "two", "finish"),
    [
        (
            "sn",
            "Mubvunzo 1 wakamirira kudzokororwa zvino",
            "Mibvunzo 2 yakamirira kudzokororwa zvino",
            "Pedza",
        ),
        ("fr", "1 question est à réviser maintenant", "2 questions sont à réviser maintenant", "Terminer"),
        (
            "pt-BR",
            "1 pergunta está pronta para revisão agora",
            "2 perguntas estão prontas para revisão agora",
            "Concluir",
        ),
    ],
)
def test_the_summary_counts_in_each_languages_plural(code: str, one: str, two: str, finish: str) -> None:
    with speaking(code):
        single = practice_summary_embed("Mazita", 3, 4, 1, None).description or ""
        double = practice_summary_embed("Mazita", 3, 4, 2, None).description or ""
        last = feedback_view(7, 4, "mazita", "q1", last=True)
    assert one in single and two in double
    assert _labels(last)[0] == finish


def test_the_score_line_and_a_percentage_as_each_language_writes_it() -> None:
    with speaking("sn"):
        assert (
            practice_summary_embed("Mazita", 3, 4, 0, None).description
            == "Wawana **3 pa4** zvakarurama (75%)."
        )
    with speaking("fr"):
        assert (
            practice_summary_embed("Mazita", 3, 4, 0, None).description
            == "Tu as eu **3 sur 4** justes (75\u00a0%)."
        )
    with speaking("pt-BR"):
        assert practice_summary_embed("Mazita", 3, 4, 0, None).title == "Prática concluída — Mazita"


def test_passes_until_learned_one_and_many() -> None:
    passes = [
        (Passes("q1", 3, False), QUESTION),
        (Passes("q2", 1, True), None),
        (Passes("q3", 1, True), None),
    ]
    with speaking("sn"):
        assert passes_lines(passes) == [
            "Guta guru reZimbabwe ndeupi? — nguva 3 · hauna kuudzidza zvakakwana",
            "Mibvunzo 2 yakarurama pakutanga",
        ]
    with speaking("fr"):
        assert passes_lines(passes[:2]) == [
            "Guta guru reZimbabwe ndeupi? — 3 passages · pas encore appris",
            "1 question réussie du premier coup",
        ]
    with speaking("pt-BR"):
        assert passes_lines(passes) == [
            "Guta guru reZimbabwe ndeupi? — 3 passadas · ainda não aprendida",
            "2 perguntas certas de primeira",
        ]


def test_reports_and_preferences() -> None:
    with speaking("sn"):
        assert report_button("mazita", "q1").label == "Zivisa dambudziko"
        assert flags_embed([]).description == "Hapana mubvunzo wakaziviswa. Zvese zvakanaka!"
        assert _language_sentence("sn") == (
            "Bvunzo ichakupindura muchiShona uye icharatidza mibvunzo muchiShona kana dhekisi riine shanduro iyoyo."
        )
    with speaking("fr"):
        assert _language_sentence("fr") == (
            "Bvunzo te répondra en français et affichera les questions en français quand un paquet a cette "
            "traduction."
        )
        assert retention_sentence(0.9).startswith(
            "Les révisions sont prévues pour le moment où tu te souviendrais encore de 90\u00a0% de tes questions."
        )
    with speaking("pt-BR"):
        assert _language_sentence(None) == (
            "O Bvunzo agora segue o idioma do seu Discord, nas respostas para você e nas perguntas."
        )
        assert flags_embed([]).title == "Perguntas denunciadas"
