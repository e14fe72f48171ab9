"""A multi question on Discord: one select menu within Discord's limits, in rounds and practice, its reveal
and its practice feedback."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import discord

from bot.bank.models import Deck, Kind, Question
from bot.quiz import Reveal
from bot.rounds.cards import QuestionCard, RevealCard
from bot.store import open_store
from bot.ui.boards import report_embed
from bot.ui.practice import feedback_embed, practice_question_view
from bot.ui.round_views import question_view, reveal_view
from tests.discord_limits import check_embed, check_view
from tests.store_contract.builders import answer, start

# Ten choices of 200 characters: an option label holds 100 at most.
TEN = Question(
    id="m",
    kind=Kind.MULTI,
    prompt="Which of these hold?",
    choices=tuple(f"{n} " + "x" * 198 for n in range(10)),
    answers=frozenset({1, 4}),
)
ORDER = (9, 8, 7, 6, 5, 4, 3, 2, 1, 0)
ROUND = 10**15 - 1


def menu_of(view: discord.ui.View) -> dict:
    [row, *_] = view.to_components()
    [menu] = row["components"]
    return menu


def test_a_round_asks_with_one_menu_of_every_choice() -> None:
    view = question_view(QuestionCard(ROUND, 49, 50, TEN, ORDER, "Deck", None, 0, None, False))
    check_view(view)
    menu = menu_of(view)
    assert (menu["type"], menu["custom_id"], menu["min_values"], menu["max_values"]) == (
        3,
        f"bvz:1:ms:{ROUND}:49",
        1,
        10,
    )
    labels = [option["label"] for option in menu["options"]]
    assert labels[0].startswith("A · 9 x") and all(len(label) == 100 for label in labels)
    assert [option["value"] for option in menu["options"]] == [str(slot) for slot in range(10)]


def test_the_reveal_disables_the_menu_with_counts_and_the_right_set_picked() -> None:
    reveal = Reveal(0, frozenset({5, 8}), (0, 0, 0, 0, 0, 3, 0, 0, 2, 1), (), answered=3, right=1)
    view = reveal_view(RevealCard(ROUND, 0, 1, TEN, ORDER, reveal, "Deck", True, (), (), ("deck", "m")))
    check_view(view)
    menu = menu_of(view)
    assert menu["disabled"] is True
    picked = [option["label"][:7] for option in menu["options"] if option.get("default")]
    assert picked == ["F · 3 ·", "I · 2 ·"]


def test_practice_asks_with_the_menu_and_tells_the_share() -> None:
    view = practice_question_view(7, 0, TEN, ORDER, None)
    check_view(view)
    assert menu_of(view)["custom_id"] == "bvz:1:pms:7:0"
    embed = feedback_embed(
        TEN,
        ORDER,
        right=False,
        right_slots=frozenset({5, 8}),
        chosen=None,
        typed=None,
        index=0,
        total=1,
        next_due=None,
        picked=(5, 6),
        share=Fraction(0),
    )
    check_embed(embed)
    assert "You picked F, G: 0% of the points." in (embed.description or "")
    assert "❌ **G**" in (embed.description or "") and "✅ **F**" in (embed.description or "")


async def test_the_question_report_names_the_wrong_set_picked_most_in_the_decks_words(tmp_path: Path) -> None:
    primes = Question(
        id="p",
        kind=Kind.MULTI,
        prompt="Which are prime?",
        choices=("2", "3", "4", "5"),
        answers=frozenset({0, 1, 3}),
    )
    store = await open_store(tmp_path / "bvunzo.db")
    try:
        played = await start(store, deck="maths", questions=("p",))
        for user, kept, right in (
            (1, "0,1,3", True),
            (2, "0,2", False),
            (3, "0,2", False),
            (4, "0,1,2,3", False),
        ):
            await store.record_answer(answer(played, 0, user, right=right, choice=None, text=kept))
        [line] = await store.question_report(played.guild_id, round_id=played.id)
    finally:
        await store.close()
    assert (line.answered, line.right, line.top_wrong_text, line.top_wrong_count) == (4, 1, "0,2", 2)
    deck = Deck(id="maths", title="Maths", questions=(primes,))
    embed = report_embed("Round 1", deck, [line])
    assert "1/4 (25%) · most chosen wrong: “2 + 4” (2)" in (embed.description or "")
