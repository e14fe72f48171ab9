"""A round's channel posts and a member's replies in Shona, French and Brazilian Portuguese.

Every expected text is written here by hand; the cards are rendered as the channel port renders them
(bot/ui/round_cards.py's content_of, inside `speaking`).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import discord
import pytest

from bot.bank.models import Deck, Kind, Question
from bot.locales import _, speaking
from bot.quiz import PlayerResult, Reveal, RoundOptions
from bot.rounds import IntroCard, Notice, QuestionCard, RevealCard, Sentence, SummaryCard
from bot.rounds.service import already_running
from bot.store import RoundRecord
from bot.ui.round import my_result_text
from bot.ui.round_cards import content_of

QUESTION = Question(
    id="capital",
    kind=Kind.CHOICE,
    prompt="Guta guru reZimbabwe ndeapi?",
    choices=("Harare", "Bulawayo", "Mutare"),
    answers=frozenset({0}),
)
DECK = Deck(id="geo", title="Geography", questions=(QUESTION,))
ALICE, BOB = 11, 12


def question_card(answered: int) -> QuestionCard:
    return QuestionCard(
        round_id=7,
        index=1,
        total=5,
        question=QUESTION,
        order=(0, 1, 2),
        deck_title=DECK.title,
        deadline=None,
        answered=answered,
        opens_at=None,
        untimed=False,
    )


def reveal_card() -> RevealCard:
    reveal = Reveal(
        question_index=1,
        right_slots=frozenset({0}),
        counts=(1, 1, 0),
        fastest=((ALICE, 2500),),
        answered=2,
        right=1,
    )
    return RevealCard(
        round_id=7,
        index=1,
        total=5,
        question=QUESTION,
        order=(0, 1, 2),
        reveal=reveal,
        deck_title=DECK.title,
        names=True,
        standings=(),
        teams=(),
        reported=("geo", "capital"),
    )


SCORES = (PlayerResult(ALICE, 100, 1, 1, 1.0, 1), PlayerResult(BOB, 0, 0, 1, 0.0, 2))


def summary_card(played: int, scores: tuple[PlayerResult, ...] = SCORES) -> SummaryCard:
    return SummaryCard(
        round_id=7, deck=DECK, scores=scores, questions_played=played, note=None, podium=3, teams=()
    )


def rendered(card: Any, code: str) -> dict[str, Any]:
    with speaking(code):
        return content_of(card)


def embed_of(card: Any, code: str) -> discord.Embed:
    embed = rendered(card, code)["embed"]
    assert isinstance(embed, discord.Embed)
    return embed


def labels(card: Any, code: str) -> list[str]:
    view = rendered(card, code)["view"]
    return [item.label for item in view.children]


@pytest.mark.parametrize(
    ("code", "title", "one", "three"),
    [
        ("sn", "Mubvunzo 2 pa5", "mhinduro 1 kusvika parizvino", "mhinduro 3 kusvika parizvino"),
        ("fr", "Question 2 sur 5", "1 réponse pour l'instant", "3 réponses pour l'instant"),
        ("pt-BR", "Pergunta 2 de 5", "1 resposta até agora", "3 respostas até agora"),
        ("en", "Question 2 of 5", "1 answer so far", "3 answers so far"),
    ],
)
def test_a_question_frame_with_its_live_count(code: str, title: str, one: str, three: str) -> None:
    asked = embed_of(question_card(1), code)
    assert asked.title == title
    assert asked.footer.text == f"Geography · {one}"
    assert embed_of(question_card(3), code).footer.text == f"Geography · {three}"
    assert asked.description is not None and asked.description.startswith("Guta guru reZimbabwe ndeapi?")
    assert "**A**  Harare" in asked.description  # the deck's own words stay as they are


def test_a_reveal_in_shona_and_french() -> None:
    shona = embed_of(reveal_card(), "sn")
    assert shona.title == "Mubvunzo 2 pa5 — mhinduro"
    assert shona.footer.text == "Geography · 1/2 chokwadi (50%)"
    assert [field.name for field in shona.fields] == ["Mhinduro dzakarurama dzakakurumidza"]

    french = embed_of(reveal_card(), "fr")
    assert french.title == "Question 2 sur 5 — réponse"
    assert french.footer.text == "Geography · 1/2 justes (50\xa0%)"  # French puts a space before %
    assert french.fields[0].name == "Bonnes réponses les plus rapides"
    assert french.fields[0].value == f"<@{ALICE}> 2,5 s"  # and a decimal comma


@pytest.mark.parametrize(
    ("code", "title", "podium", "three_played", "one_played"),
    [
        (
            "sn",
            "Mutambo wapera: Geography",
            "**Vakunda**",
            "Mutambo 7 · mibvunzo 3 yabvunzwa · /leaderboard kuti uone rondedzero yevakunda yesevha",
            "Mutambo 7 · mubvunzo 1 wabvunzwa · /leaderboard kuti uone rondedzero yevakunda yesevha",
        ),
        (
            "fr",
            "Manche terminée : Geography",
            "**Podium**",
            "Manche 7 · 3 questions jouées · /classement pour le classement du serveur",
            "Manche 7 · 1 question jouée · /classement pour le classement du serveur",
        ),
        (
            "pt-BR",
            "Rodada encerrada: Geography",
            "**Pódio**",
            "Rodada 7 · 3 perguntas jogadas · /placar para o placar do servidor",
            "Rodada 7 · 1 pergunta jogada · /placar para o placar do servidor",
        ),
    ],
)
def test_a_summary_counts_its_questions_in_the_language(
    code: str, title: str, podium: str, three_played: str, one_played: str
) -> None:
    summary = embed_of(summary_card(3), code)
    assert summary.title == title
    assert summary.description is not None and summary.description.split("\n")[0] == podium
    assert summary.footer.text == three_played
    assert embed_of(summary_card(1), code).footer.text == one_played


def test_summary_lines_and_buttons_in_shona_and_french() -> None:
    shona = embed_of(summary_card(3), "sn").description
    assert shona is not None
    assert shona.split("\n")[1:] == [
        f"🥇 <@{ALICE}> — mapoindi **100**, 1/1 zvakarurama (100%)",
        f"🥈 <@{BOB}> — mapoindi **0**, 0/1 zvakarurama (0%)",
    ]
    assert labels(summary_card(3), "sn") == ["Dzidzira zvandakakanganisa", "Mhedzisiro yangu"]
    french = embed_of(summary_card(3), "fr").description
    assert french is not None
    # French counts 0 as singular: "0 point".
    assert french.split("\n")[2] == f"🥈 <@{BOB}> — **0** point, 0/1 justes (0\xa0%)"
    assert labels(summary_card(3), "fr") == ["M'entraîner sur mes erreurs", "Mon résultat"]
    nobody = embed_of(summary_card(2, scores=()), "sn")
    assert nobody.description == "Hapana akapindura panguva ino."


def test_an_intro_started_by_a_schedule() -> None:
    card = IntroCard(7, DECK, 5, RoundOptions(seconds=20), None)
    assert embed_of(card, "sn").description == (
        "mibvunzo 5, masekondi 20 pamubvunzo — mapoindi 100 pamhinduro yega yega yakarurama.\n"
        "Mutambo uyu wakatanga woga. Pindura nemabhatani; kudzvanya kwako kwekutanga ndiko kunoverengwa."
    )
    one = IntroCard(7, DECK, 1, RoundOptions(seconds=20, questions=1), None)
    description = embed_of(one, "fr").description
    assert description is not None
    assert description.startswith("1 question, 20 s par question — 100 points par bonne réponse.")
    untimed = IntroCard(7, DECK, 2, RoundOptions(untimed=True, reading_seconds=5), ALICE)
    assert embed_of(untimed, "pt-BR").description == (
        "2 perguntas, sem cronômetro, 5 s para ler antes de os botões abrirem — 100 pontos por resposta certa.\n"
        f"Iniciada por <@{ALICE}>. Responda com os botões; só o seu primeiro clique conta."
    )


def test_a_notice_is_written_when_the_channel_is_told() -> None:
    # Made in one language (the moderator's task), shown in the server's.
    with speaking("fr"):
        notice = Notice(Sentence(lambda: _("This round has ended.")))
    assert rendered(notice, "sn") == {"content": "Mutambo uyu wapera."}
    assert rendered(notice, "pt-BR") == {"content": "Esta rodada terminou."}
    assert rendered(notice, "en") == {"content": "This round has ended."}


def test_my_result_in_the_members_language() -> None:
    with speaking("sn"):
        shona = my_result_text(SCORES[0], SCORES, [2, 3], 7)
        one_missed = my_result_text(SCORES[0], SCORES, [4], 7)
    assert shona == (
        "Mutambo 7: wakava pachinzvimbo **1** pavatambi 2, uine mapoindi **100**, 1/1 zvakarurama. "
        "Wakakanganisa mibvunzo 2: 2, 3."
    )
    assert one_missed.endswith("Wakakanganisa mubvunzo 1: 4.")
    with speaking("fr"):
        french = my_result_text(SCORES[0], SCORES, [], 7)
    assert french == "Manche 7 : tu es **1er** sur 2 avec **100** points, 1/1 justes. Tu n'as rien manqué."


def test_a_busy_channel_names_its_stop_command() -> None:
    record = _record(started_by=ALICE)
    with speaking("sn"):
        said = already_running(record)
    assert said == f"Mutambo watove kuitika mu<#55> (wakatangwa na <@{ALICE}>); /quiz stop inouumisa."


def _record(*, started_by: int) -> RoundRecord:
    return RoundRecord(
        id=7,
        guild_id=1,
        channel_id=55,
        deck_id="geo",
        started_by=started_by,
        question_ids=("capital",),
        seconds=20,
        mode="speed",
        seed=1,
        status="running",
        current=0,
        posted_at=None,
        message_id=None,
        revealed=False,
        intro_message_id=None,
        started_at=datetime(2026, 12, 1, tzinfo=UTC),
        ended_at=None,
        end_reason=None,
    )
