"""The boards, /stats and the command tree's refusals in Shona, French and Brazilian Portuguese.

Each expected text is written by hand here: the plural forms each language's rules choose, and numbers
as each language writes them (French groups thousands with a narrow no-break space, U+202F, and puts a
no-break space, U+00A0, before %; Portuguese groups with a dot).
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.discord.command_tree import problem_with
from bot.locales import speaking
from bot.quiz import Mastery
from bot.store import Board, BoardLine, DeckStats, MemberStats
from bot.ui.boards import leaderboard_embed, stats_embed

NNBSP, NBSP = "\u202f", "\u00a0"

BOARD = Board(
    lines=(
        BoardLine(rank=1, user_id=42, points=1234, right=3, answered=4),
        BoardLine(rank=2, user_id=43, points=1, right=1, answered=2),
    ),
    total=2,
)


def board_in(code: str, **given: Any) -> discord.Embed:
    with speaking(code):
        return leaderboard_embed(
            BOARD, period="week", deck_title=None, page=0, viewer=42, viewer_line=BOARD.lines[0], **given
        )


def test_the_leaderboard_in_shona() -> None:
    embed = board_in("sn")
    assert embed.title == "Rondedzero yevakunda — vhiki rino"
    assert embed.description == (
        "**1.** <@42> — mapoindi **1,234** · 3/4 chokwadi (75%)\n**2.** <@43> — poindi **1** · 1/2 chokwadi (50%)"
    )
    assert embed.fields[0].name == "Chinzvimbo chako"
    assert embed.footer.text == "Peji 1/1 · nhengo 2"


def test_the_leaderboard_in_french() -> None:
    embed = board_in("fr")
    assert embed.title == "Classement — cette semaine"
    assert embed.description == (
        f"**1.** <@42> — **1{NNBSP}234** points · 3/4 justes (75{NBSP}%)\n"
        f"**2.** <@43> — **1** point · 1/2 justes (50{NBSP}%)"
    )
    assert embed.fields[0].name == "Ta place"
    assert embed.footer.text == "Page 1 sur 1 · 2 membres"


def test_the_leaderboard_in_brazilian_portuguese_and_an_empty_one() -> None:
    assert board_in("pt-BR").description.startswith("**1.** <@42> — **1.234** pontos · 3/4 certas (75%)")
    with speaking("fr"):
        empty = leaderboard_embed(
            Board(lines=(), total=0), period="all", deck_title="Biologie", page=0, viewer=7, viewer_line=None
        )
    assert empty.title == "Classement — depuis toujours · Biologie"
    assert empty.fields[0].value == "<@7> n'a encore aucune réponse sur cette période."
    assert empty.footer.text == "Page 1 sur 1 · 0 membre"  # French counts 0 as one


STATS = MemberStats(
    points=2500,
    answered=3,
    right=2,
    rounds=1,
    best_streak=1,
    week_points=100,
    decks=(DeckStats(deck_id="cells", points=1, right=1, answered=1),),
    weeks=(),
    practice_answered=12,
    practice_right=9,
)


def fields(embed: discord.Embed) -> dict[str, str]:
    return {str(f.name): str(f.value) for f in embed.fields}


def stats_in(code: str) -> discord.Embed:
    with speaking(code):
        return stats_embed(
            42,
            "Tendai",
            STATS,
            learned=5,
            due=2,
            mastery=[("Cells", Mastery(questions=8, learned=5, due=2, seen=6))],
        )


def test_stats_in_shona() -> None:
    embed = stats_in("sn")
    assert embed.title == "Nhamba — Tendai"
    assert fields(embed) == {
        "Mapoindi": "2,500",
        "Vhiki rino": "100",
        "Mitambo": "1",
        "Mhinduro": "2/3 chokwadi (67%)",
        "Mutsetse wakanakisa": "mhinduro 1 yechokwadi",
        "Kudzidzira": "9/12 chokwadi · 5 yadzidzwa · 2 yekudzokorora",
        "Padhekisi rimwe nerimwe": "`cells` — 1/1 (100%), poindi 1",
        "Kugona (kuyeuka 90% kana kupfuura)": "**Cells** — 5/8 yadzidzwa (62%) · 2 yekudzokorora",
    }


def test_stats_in_french() -> None:
    embed = stats_in("fr")
    assert embed.title == "Statistiques — Tendai"
    assert fields(embed) == {
        "Points": f"2{NNBSP}500",
        "Cette semaine": "100",
        "Manches": "1",
        "Réponses": f"2/3 justes (67{NBSP}%)",
        "Meilleure série": "1 bonne réponse",
        "Entraînement": "9/12 justes · 5 apprises · 2 à réviser",
        "Par paquet": f"`cells` — 1/1 (100{NBSP}%), 1 point",
        f"Maîtrise (rappel d'au moins 90{NBSP}%)": f"**Cells** — 5/8 apprises (62{NBSP}%) · 2 à revoir",
    }


def test_stats_outside_a_server_in_brazilian_portuguese() -> None:
    with speaking("pt-BR"):
        embed = stats_embed(42, "Tendai", STATS, learned=0, due=0, rounds=False)
    assert embed.title == "Estatísticas — Tendai"
    assert embed.description == (
        "<@42> · prática em todo lugar (as rodadas contam em cada servidor com o Bvunzo)"
    )
    assert fields(embed) == {"Prática": "9/12 certas · 0 aprendidas · 0 para revisar"}


@app_commands.command(name="sample", description="options whose refusals are checked")
async def sample(
    interaction: discord.Interaction,
    questions: app_commands.Range[int, 1, 5000],
    ratio: app_commands.Range[float, 0.5] | None = None,
    code: app_commands.Range[str, 2, 10] | None = None,
    clear: bool = False,
) -> None:
    """Never called: its parameters are what the checks read."""


def said(code: str, name: str, value: Any) -> str | None:
    parameter = next(p for p in sample.parameters if p.name == name)
    with speaking(code):
        return problem_with(parameter, value)


def test_option_value_refusals_in_shona() -> None:
    assert (
        said("sn", "questions", 0) == "`questions` inofanira kuva nhamba yakazara kubva pa1 kusvika pa5,000."
    )
    assert said("sn", "ratio", 0.25) == "`ratio` inofanira kuva nhamba isiri pasi pe0.5."
    assert said("sn", "code", "x") == "`code` inofanira kuva mashoko ane mavara kubva pa2 kusvika pa10."
    assert said("sn", "clear", "yes") == "`clear` inofanira kuva hongu kana kwete (true/false)."
    assert said("sn", "questions", 12) is None


def test_option_value_refusals_in_french_write_numbers_the_french_way() -> None:
    assert said("fr", "questions", 9999) == f"`questions` doit être un nombre entier de 1 à 5{NNBSP}000."
    assert said("fr", "ratio", 0.25) == "`ratio` doit être un nombre d'au moins 0,5."
    assert said("pt-BR", "questions", 0) == "`questions` deve ser um número inteiro de 1 a 5.000."
