"""The quiz commands' and engines' sentences in Shona, French and Brazilian Portuguese (issue 22).

The expected texts are written by hand here, from the translations in bot/locales/parts/quiz-cmds/.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from bot.locales import SHIPPED, speaking
from bot.quiz.choosing import Filter, TooFewQuestionsError
from bot.quiz.errors import AlreadyAnsweredError, QuestionClosedError, RoundEndedError
from bot.quiz.options import OptionsError, RoundOptions
from bot.quiz.question_flags import reason_label
from bot.quiz.teams import mean_text, team_name
from cogs.quiz._help import LANGUAGE_CHOICES

CELLS_EASY = Filter.parse("cells", "easy")


@pytest.mark.parametrize(
    ("code", "one", "two"),
    [
        (
            "en",
            "Only 1 question matches tags: cells and difficulty: easy: ask for 1 or fewer, or widen the filter.",
            "Only 2 questions match tags: cells and difficulty: easy: ask for 2 or fewer, or widen the filter.",
        ),
        (
            "sn",
            "Mubvunzo 1 chete ndiwo unoenderana nesefa ma-tag: cells uye kuoma: nyore: kumbira 1 kana "
            "mishoma, kana kuti sunungura sefa.",
            "Mibvunzo 2 chete ndiyo inoenderana nesefa ma-tag: cells uye kuoma: nyore: kumbira 2 kana "
            "mishoma, kana kuti sunungura sefa.",
        ),
        (
            "fr",
            "Seule 1 question correspond au filtre étiquettes : cells et difficulté : facile : demandes-en 1 "
            "ou moins, ou élargis le filtre.",
            "Seules 2 questions correspondent au filtre étiquettes : cells et difficulté : facile : "
            "demandes-en 2 ou moins, ou élargis le filtre.",
        ),
        (
            "pt-BR",
            "Só 1 pergunta corresponde ao filtro tags: cells e dificuldade: fácil: peça 1 ou menos, ou "
            "amplie o filtro.",
            "Só 2 perguntas correspondem ao filtro tags: cells e dificuldade: fácil: peça 2 ou menos, ou "
            "amplie o filtro.",
        ),
    ],
)
def test_too_few_questions_counts_in_each_languages_plural(code: str, one: str, two: str) -> None:
    with speaking(code):
        assert TooFewQuestionsError(1, 3, CELLS_EASY).sentence == one
        assert TooFewQuestionsError(2, 3, CELLS_EASY).sentence == two


@pytest.mark.parametrize(
    ("code", "chose", "ended"),
    [
        ("sn", "Wakatosarudza B; mhinduro hadzichinjwi.", "Mutambo uyu wapera."),
        (
            "fr",
            "Tu as déjà choisi B ; une réponse ne peut pas être changée.",
            "Cette manche est terminée.",
        ),
        ("pt-BR", "Você já escolheu B; as respostas não podem ser alteradas.", "Esta rodada terminou."),
    ],
)
def test_a_domain_error_speaks_the_language_it_is_raised_in(code: str, chose: str, ended: str) -> None:
    with speaking(code):
        already = AlreadyAnsweredError(previous_slot=1)
        with pytest.raises(RoundEndedError) as raised:
            raise RoundEndedError  # raised as a class, as the engines do
    assert already.sentence == chose and str(already) == chose
    assert raised.value.sentence == ended  # written when raised: leaving the block changes nothing
    # The same error raised in English (the member's own language, say) reads English.
    assert QuestionClosedError().sentence == "This question is closed: the answer has been revealed."


@pytest.mark.parametrize(
    ("code", "sentence"),
    [
        ("sn", "Mutambo une mibvunzo 1 kusvika 50, kwete 0."),
        ("fr", "Une manche a de 1 à 50 questions, pas 0."),
        ("pt-BR", "Uma rodada tem de 1 a 50 perguntas, não 0."),
    ],
)
def test_an_option_out_of_range_is_refused_in_the_members_language(code: str, sentence: str) -> None:
    with speaking(code), pytest.raises(OptionsError) as refused:
        RoundOptions(questions=0).check()
    assert refused.value.sentence == sentence


def test_teams_flags_and_means_in_each_language() -> None:
    with speaking("sn"):
        assert team_name(0) == "🟥 Tsvuku"
        assert reason_label("typo") == "Kukanganisa kunyora"
    with speaking("fr"):
        assert team_name(2) == "🟩 Vert"
        assert reason_label("wrong") == "Mauvaise réponse"
        assert mean_text(Fraction(400, 3)) == "133,3"  # French writes a decimal comma
    with speaking("pt-BR"):
        assert team_name(3) == "🟨 Dourada"
        assert reason_label("unknown-key") == "unknown-key"
        assert mean_text(Fraction(201, 2)) == "100,5"
    assert (team_name(1), mean_text(Fraction(150))) == ("🟦 Blue", "150")


def test_the_servers_language_choices_are_the_shipped_catalogs_by_their_own_names() -> None:
    assert [c.value for c in LANGUAGE_CHOICES] == list(SHIPPED)
    assert [c.name for c in LANGUAGE_CHOICES] == ["English", "chiShona", "Français", "Português (Brasil)"]
