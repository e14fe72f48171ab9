"""The item figures a deck's page shows: computed from first tries, kept in the store, and computed again
only when a first try changed and the kept ones are a minute old, or when the questions changed."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from bot.bank.loader import load_deck_text
from bot.quiz.item_analysis import analyse
from bot.results.asked import keep_deck_versions, versions_asked
from bot.results.item_figures import deck_figures, item_questions
from bot.store import Answer, NewRound, Store, open_store
from tests.store_contract.builders import T0

DECK = "id: items\ntitle: Items\nquestions:\n" + "".join(
    f"- id: q{n}\n  prompt: Question {n}?\n  choices: [Key, Wrong A, Wrong B]\n  answer: 0\n" for n in (1, 2)
)


async def play(store: Store, members: range, *, at=T0) -> None:  # type: ignore[no-untyped-def]
    """One round of both questions: member m is right at q1 when m is even, at q2 when m < 14."""
    deck = load_deck_text(DECK, "items.yaml")
    asked = tuple(v for v in versions_asked(deck, ["q1", "q2"]) if v is not None)
    rnd = await store.start_round(
        NewRound(1, int(at.timestamp()), "items", 9, ("q1", "q2"), 20, "standard", 3, at, asked=asked)
    )
    answers = []
    for member in members:
        for index, right in enumerate((member % 2 == 0, member < 14)):
            choice = 0 if right else 1 + member % 2
            when = at + timedelta(seconds=index * 30 + member)
            answers.append(
                Answer(1, rnd.id, index, f"q{index + 1}", "items", member, choice, None, right, 900, 0, when)
            )
    await store.import_answers(answers)


async def test_figures_are_kept_and_computed_again_only_when_first_tries_changed_a_minute_on(
    tmp_path: Path,
) -> None:
    deck = load_deck_text(DECK, "items.yaml")
    async with await open_store(tmp_path / "b.db") as store:
        await play(store, range(10, 22))
        first = await deck_figures(store, 1, deck, T0)
        # The same figures as the engine's over the first tries, and who they rest on.
        expected = analyse(item_questions(deck), await store.first_tries(1, "items"))
        assert list(first.items) == expected
        assert (first.members, first.items[0].members, first.items[0].right) == (12, 12, 6)
        assert first.computed_at == T0 and first.since == {}
        # Nothing changed: an hour later (a restart, another process) the kept ones are read back as they were.
        assert await deck_figures(store, 1, deck, T0 + timedelta(hours=1)) == first
        # New members answer: within the minute of the last computation the kept ones still stand...
        await play(store, range(22, 26), at=T0 + timedelta(hours=2))
        assert await deck_figures(store, 1, deck, T0 + timedelta(seconds=59)) == first
        # ...and after it, they are computed again from the first tries there are now.
        later = await deck_figures(store, 1, deck, T0 + timedelta(hours=3))
        assert (later.members, later.items[0].members, later.items[0].right) == (16, 16, 8)
        assert later.computed_at == T0 + timedelta(hours=3)
        # The deck edited (both keys move): its questions differ, so at once, within the minute.
        edited = load_deck_text(DECK.replace("answer: 0\n", "answer: 1\n"), "items.yaml")
        afresh = await deck_figures(store, 1, edited, T0 + timedelta(hours=3, seconds=1))
        assert afresh.computed_at == T0 + timedelta(hours=3, seconds=1)
        assert afresh.members == 0 and afresh.items[0].members == 0  # the edited versions have no answers
        assert afresh.since == {"q1": None, "q2": None}  # their versions not kept yet: no day known
        # The edit's versions kept (as a save does): the kept figures say since when, without computing.
        day = T0 + timedelta(hours=4)
        await keep_deck_versions(store, [edited], day)
        again = await deck_figures(store, 1, edited, T0 + timedelta(hours=5))
        assert again.computed_at == afresh.computed_at
        assert again.since == {"q1": day, "q2": day}
