"""/mistakes end to end: the member's most missed questions as a deck file the loader accepts, and as CSV."""

from __future__ import annotations

import csv
import io

from bot.bank import load_deck_bytes
from bot.bank.models import Question
from bot.discord.client import BvunzoBot
from bot.quiz.practice import review
from bot.store import Memory, PracticeAnswer
from tests.e2e.conftest import World
from tests.e2e.rounds import DECKS, play_round
from tests.e2e.test_decks import import_file
from tests.e2e.test_practice import answer_and_next, practise

DECK = DECKS["gradient-checkpointing"]


async def test_mistakes_as_yaml_and_csv(world: World, bot: BvunzoBot) -> None:
    alice = world.members[0]
    shown: list[tuple[Question, str]] = []
    await play_round(world, world.general, world.moderator, {alice: [False, False, True]}, shown=shown)
    first, second, known = (question.id for question, _wrong in shown)
    # Practising the two misses: the first is missed again, the second is right this time.
    message = await practise(world, alice, mode="missed")
    await answer_and_next(world, alice, message, right=False)
    await answer_and_next(world, alice, message, right=True)

    answer = await (await world.fake.slash(world.general, alice, "mistakes", deck=DECK.id)).response()
    assert answer.ephemeral
    assert answer.content == (
        "Your 2 most missed questions of “Gradient Checkpointing”, most missed first: as a deck in Bvunzo's "
        "YAML and as CSV, for your notes or flashcards."
    )
    assert answer.message is not None
    files = {a.filename: a.data for a in answer.message.attachments}
    assert sorted(files) == ["gradient-checkpointing-mistakes.csv", "gradient-checkpointing-mistakes.yaml"]

    # The deck file loads as a deck (our own loader and validator), its questions as they are in the deck.
    deck = load_deck_bytes(files["gradient-checkpointing-mistakes.yaml"], "mistakes.yaml")
    assert deck.id == "gradient-checkpointing-mistakes"
    assert deck.title == "My mistakes: Gradient Checkpointing"
    assert [q.id for q in deck.questions] == [first, second]
    for exported in deck.questions:
        original = DECK.question(exported.id)
        assert original is not None
        assert (exported.kind, exported.prompt, exported.choices, exported.answers, exported.explanation) == (
            original.kind,
            original.prompt,
            original.choices,
            original.answers,
            original.explanation,
        )
        assert exported.translations == original.translations and exported.lang == original.lang

    sheet = files["gradient-checkpointing-mistakes.csv"]
    assert sheet.startswith(b"\xef\xbb\xbf") and sheet.endswith(b"\r\n")  # as every CSV Bvunzo writes
    rows = list(csv.DictReader(io.StringIO(sheet.decode("utf-8-sig"), newline="")))
    assert [(r["id"], r["missed"], r["answered"]) for r in rows] == [(first, "2", "2"), (second, "1", "2")]
    assert rows[0]["question"] == DECK.question(first).prompt  # type: ignore[union-attr]
    assert known not in {r["id"] for r in rows}

    # Bob has missed nothing: one sentence, no file.
    bob = await (await world.fake.slash(world.general, world.members[1], "mistakes", deck=DECK.id)).response()
    assert bob.ephemeral
    assert bob.content == "You haven't missed a question of “Gradient Checkpointing” yet: nothing to export."


async def test_mistakes_csv_writes_formulas_as_text(world: World, bot: BvunzoBot) -> None:
    alice = world.members[0]
    sheet = "Question,Choice 1,Choice 2,Answer\n=SUM(A1:A9),@me,-x,A\n-3 is right?,+1,-0.5,B\n"
    await import_file(world, world.moderator, "sums.csv", sheet.encode(), name="Sums")
    deck = bot.bank.get("sums", world.study.id)
    assert deck is not None
    when = bot.clock()
    for question in deck.questions:
        state = review(None, False, when, question_key=f"sums/{question.id}")
        memory = Memory.from_state(alice.id, "sums", question.id, state)
        await bot.store.record_practice(
            PracticeAnswer(alice.id, world.study.id, "sums", question.id, False, when), memory
        )
    answer = await (await world.fake.slash(world.general, alice, "mistakes", deck="sums")).response()
    assert answer.message is not None
    files = {a.filename: a.data for a in answer.message.attachments}
    rows = list(csv.DictReader(io.StringIO(files["sums-mistakes.csv"].decode("utf-8-sig"), newline="")))
    assert sorted((r["question"], r["answer"], r["choice1"], r["choice2"]) for r in rows) == [
        ("'-3 is right?", "-0.5", "+1", "-0.5"),
        ("'=SUM(A1:A9)", "'@me", "'@me", "'-x"),
    ]
