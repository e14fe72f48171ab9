"""Practice alone and spaced review, end to end: ephemeral questions, feedback, languages, missed questions."""

from __future__ import annotations

import re
from datetime import timedelta
from pathlib import Path

import pytest

from bot.discord.client import BvunzoBot
from tests.e2e.conftest import World
from tests.e2e.fake_discord import FakeMessage, Member
from tests.e2e.fake_discord.interactions import MESSAGE_COMPONENT
from tests.e2e.rounds import DECKS, play_round, question_of, right_letter, stats_of, wrong_letter

DECK = DECKS["gradient-checkpointing"]
UPDATE = 7
SHONA = ("✅ Zvakarurama", "❌ Hazvina kunyatsorurama")  # the feedback's "Right" and "Not quite"
FRENCH = ("✅ Juste", "❌ Pas tout à fait")


async def practise(world: World, member: Member, **options: object) -> FakeMessage:
    answer = await (await world.fake.slash(world.general, member, "practice", **options)).response()
    assert answer.ephemeral, answer.content
    assert answer.message is not None
    return answer.message


async def answer_and_next(
    world: World,
    member: Member,
    message: FakeMessage,
    *,
    right: bool,
    said: tuple[str, str] = ("✅ Right", "❌ Not quite"),
) -> str:
    """Answer right or wrong, check the feedback says so (`said`: right's words and wrong's), then Next."""
    letter = right_letter(message, DECK) if right else wrong_letter(message, DECK)
    question = question_of(message, DECK)
    feedback = await (await world.fake.click(message, member, label=letter)).response()
    assert feedback.type == UPDATE and feedback.ephemeral
    assert (said[0] if right else said[1]) in feedback.text
    assert question.explanation and question.explanation[:50] in feedback.text
    nxt = await (await world.fake.click(message, member, label=message.buttons()[0]["label"])).response()
    assert nxt.type == UPDATE
    return nxt.text


async def refused_to_another(world: World, other: Member, message: FakeMessage, *, label: str) -> None:
    """`other` presses a button of someone else's practice (as a modified client could): one sentence."""
    before = message.text
    button = message.button(label=label)
    data = {"custom_id": button["custom_id"], "component_type": 2}
    forged = await world.fake.raw_interaction(3, message.channel, other, data, message)  # 3: a component
    said = await forged.response()
    assert said.ephemeral and said.type == 4
    assert said.content == "This practice belongs to someone else; start your own with /practice."
    assert message.text == before  # the owner's question is untouched


async def forged_click(world: World, member: Member, message: FakeMessage) -> str:
    """Another member's click on a member's ephemeral message, as only a modified client could send."""
    data = {"custom_id": message.buttons()[0]["custom_id"], "component_type": 2}
    interaction = await world.fake.raw_interaction(MESSAGE_COMPONENT, world.general, member, data, message)
    return (await interaction.response()).content


async def test_a_whole_practice_session(world: World, bot: BvunzoBot) -> None:
    alice = world.members[0]
    message = await practise(world, alice, deck="gradient-checkpointing", count=3, mode="new")
    assert "Practice 1 of 3" in message.text and [b["label"] for b in message.buttons()][:4] == [
        "A",
        "B",
        "C",
        "D",
    ]
    # Discord shows an ephemeral message to its member only; a forged click by someone else is refused.
    await refused_to_another(world, world.members[1], message, label=right_letter(message, DECK))
    text = await answer_and_next(world, alice, message, right=True)
    assert "Practice 2 of 3" in text
    text = await answer_and_next(world, alice, message, right=False)
    assert "Practice 3 of 3" in text
    feedback = await (await world.fake.click(message, alice, label=right_letter(message, DECK))).response()
    assert "✅ Right" in feedback.text
    await refused_to_another(world, world.members[1], message, label="Finish")
    done = await (await world.fake.click(message, alice, label="Finish")).response()
    assert "Practice done" in done.text and "2 of 3" in done.text
    stats = await stats_of(world, alice)
    fields = {f["name"]: f["value"] for f in stats.embeds[0]["fields"]}
    assert fields["Points"] == "0"  # practice never counts on the server's board
    assert fields["Practice"].startswith("2/3 right")
    board = await (await world.fake.slash(world.general, alice, "leaderboard")).response()
    assert "Nobody has answered" in board.text
    bongani = await stats_of(world, world.members[1])
    assert {f["name"]: f["value"] for f in bongani.embeds[0]["fields"]}["Practice"].startswith("0/0")
    # The missed question is due again soon; the right ones much later.
    memories = await bot.store.memories(alice.id, DECK.id)
    dues = sorted(m.due - bot.clock() for m in memories.values())
    assert dues[0] < timedelta(hours=1) and dues[1] > timedelta(days=1)
    # Learned: the two right ones, which fsrs expects to be recalled now; not the one being relearned.
    assert fields["Practice"] == "2/3 right · 2 learned · 1 due for review"
    world.clock.offset += timedelta(days=30)  # a month without practice: recall has faded below 90%
    later = await stats_of(world, alice)
    fields = {f["name"]: f["value"] for f in later.embeds[0]["fields"]}
    assert fields["Practice"] == "2/3 right · 0 learned · 3 due for review"


async def test_review_brings_back_what_was_missed(world: World, bot: BvunzoBot) -> None:
    alice = world.members[0]
    nothing = await (
        await world.fake.slash(world.general, alice, "practice", deck="gradient-checkpointing", mode="review")
    ).response()
    assert nothing.ephemeral and "practise new questions first" in nothing.content
    message = await practise(world, alice, deck="gradient-checkpointing", count=2, mode="new")
    missed = question_of(message, DECK)
    await answer_and_next(world, alice, message, right=False)
    known = question_of(message, DECK)
    await answer_and_next(world, alice, message, right=True)
    # What was just missed comes back at once (learning ahead, as Anki does); what was right does not.
    review = await practise(world, alice, deck="gradient-checkpointing", mode="review")
    assert "Practice 1 of 1" in review.text and question_of(review, DECK).id == missed.id
    text = await answer_and_next(world, alice, review, right=True)
    assert "Practice done" in text
    not_yet = await (
        await world.fake.slash(world.general, alice, "practice", deck="gradient-checkpointing", mode="review")
    ).response()
    assert "is due for review; the next one is due <t:" in not_yet.content
    world.clock.offset += timedelta(days=30)
    later = await practise(world, alice, deck="gradient-checkpointing", mode="review")
    assert "Practice 1 of 2" in later.text
    seen = {question_of(later, DECK).id}
    await answer_and_next(world, alice, later, right=True)
    seen.add(question_of(later, DECK).id)
    assert seen == {missed.id, known.id}


async def test_language_preference(world: World, bot: BvunzoBot) -> None:
    alice = world.members[0]
    shona = [q for q in DECK.questions if q.lang == "sn"]
    said = await (await world.fake.slash(world.general, alice, "language", code="sn")).response()
    # Said in the language just chosen: Bvunzo's own words are in chiShona for alice from now on.
    assert said.content == (
        "Bvunzo ichakupindura muchiShona uye icharatidza mibvunzo muchiShona kana dhekisi riine shanduro iyoyo."
    )
    bad = await (await world.fake.slash(world.general, alice, "language", code="Shona!")).response()
    assert bad.ephemeral
    assert bad.content == "“Shona!” haisi kodhi yemutauro; shandisa yakaita se en, sn kana pt-BR (kana auto)."
    message = await practise(world, alice, deck="gradient-checkpointing", count=8, mode="new")
    assert "Kudzidzira 1 pa8 — Gradient Checkpointing" in message.text
    seen_in_shona = seen_in_english = 0
    for _ in range(8):
        shown = question_of(message, DECK)
        original = DECK.question(shown.id)
        assert original is not None
        assert shown.lang == original.lang  # sn questions in Shona; English ones have no Shona version
        seen_in_shona += shown.lang == "sn"
        seen_in_english += shown.lang == "en"
        await answer_and_next(world, alice, message, right=True, said=SHONA)
    assert seen_in_shona == len(shona) and seen_in_english == 8 - len(shona)
    assert "Kudzidzira kwapera — Gradient Checkpointing" in message.text
    assert "Wawana **8 pa8** zvakarurama (100%)." in message.text

    carol, bob = world.members[2], world.members[1]
    await (await world.fake.slash(world.general, carol, "language", code="en")).response()
    for member in (carol, bob):  # bob has no setting: his Discord locale (en-US) picks English
        message = await practise(world, member, deck="gradient-checkpointing", count=8, mode="new")
        for _ in range(8):
            shown = question_of(message, DECK)
            assert shown.lang == "en", shown.prompt
            original = DECK.question(shown.id)
            assert original is not None
            if original.lang == "sn":
                see = next(b for b in message.buttons() if b["label"] == "See in chiShona")
                peek = await (await world.fake.click(message, member, custom_id=see["custom_id"])).response()
                assert peek.ephemeral and original.prompt in peek.text
            await answer_and_next(world, member, message, right=True)


async def test_practise_what_i_missed_after_a_round(world: World, bot: BvunzoBot) -> None:
    fake = world.fake
    alice, bob, carol, dumi = world.members[:4]
    round_id = await play_round(
        world,
        world.general,
        world.moderator,
        # Carol joins at question 2 (wrong) and lets question 3 pass; Dumi never plays. Carol clicks
        # first: once Alice and Bob have answered question 2, it is revealed early.
        {carol: [None, False, None], alice: [True, False, None], bob: [True, True, True]},
    )
    record = await bot.store.get_round(round_id)
    assert record is not None
    first, second, third = record.question_ids
    # Round answers are reviews too: the wrong one is due within the hour, the right one days later.
    memories = await bot.store.memories(alice.id, DECK.id)
    assert memories[second].due - bot.clock() < timedelta(hours=1)
    assert memories[first].due - bot.clock() > timedelta(days=1)
    summary = await fake.wait_for_message(world.general, lambda m: "Round over" in m.text)
    started = await (await fake.click(summary, alice, label="Practise what I missed")).response()
    assert started.ephemeral and "Practice 1 of 2" in started.text
    assert started.message is not None
    shown = []
    for _ in range(2):
        shown.append(question_of(started.message, DECK).id)
        await answer_and_next(world, alice, started.message, right=True)
    assert shown == [second, third]  # the wrong one, and the one left unanswered while playing
    # Missed counts from the question a member joined at: not Carol's first, which came before.
    joined = await (await fake.click(summary, carol, label="Practise what I missed")).response()
    assert joined.ephemeral and "Practice 1 of 2" in joined.text
    assert joined.message is not None
    assert question_of(joined.message, DECK).id == second
    await answer_and_next(world, carol, joined.message, right=True)
    assert question_of(joined.message, DECK).id == third
    perfect = await (await fake.click(summary, bob, label="Practise what I missed")).response()
    assert perfect.ephemeral and "every question of that round right" in perfect.content
    absent = await (await fake.click(summary, dumi, label="Practise what I missed")).response()
    assert absent.ephemeral and "You didn't answer in that round" in absent.content
    # /practice mode:missed uses the last round the member played, by the same rule.
    missed = await practise(world, alice, mode="missed")
    assert "Practice 1 of 2" in missed.text
    assert question_of(missed, DECK).id == second


async def test_a_session_outlives_its_first_token(world: World, bot: BvunzoBot) -> None:
    alice = world.members[0]
    message = await practise(world, alice, deck="gradient-checkpointing", count=2, mode="new")
    world.clock.offset += timedelta(minutes=20)  # past the 15-minute life of the /practice interaction
    text = await answer_and_next(world, alice, message, right=True)
    assert "Practice 2 of 2" in text
    world.clock.offset += timedelta(hours=7)  # left alone past the 6 hours a session is kept
    gone = await (await world.fake.click(message, alice, label="A")).response()
    assert gone.ephemeral
    assert gone.content == "This practice session has ended; start a new one with /practice."


LATIN_AMERICAN_DECK = """\
id: colours
title: Colours
language: en
questions:
  - id: sky
    prompt: "What colour is a clear sky at noon?"
    choices: ["Blue", "Green", "Red"]
    answer: 0
    explanation: "Air scatters blue light most."
    translations:
      es-419:
        prompt: "¿De qué color es un cielo despejado al mediodía?"
        choices: ["Azul", "Verde", "Rojo"]
        explanation: "El aire dispersa más la luz azul."
"""


TYPED_DECK = """\
id: cells
title: Cells
questions:
  - id: powerhouse
    type: text
    prompt: "Which organelle is called the powerhouse of the cell?"
    answers: ["mitochondria", "mitochondrion"]
    explanation: "Mitochondria make most of the cell's ATP."
"""


@pytest.fixture
def own_decks(world: World, tmp_path: Path) -> World:
    """The world with only the decks above: one with a Latin American Spanish translation, one typed."""
    decks = tmp_path / "decks"
    decks.mkdir()
    (decks / "colours.yaml").write_text(LATIN_AMERICAN_DECK, encoding="utf-8")
    (decks / "cells.yaml").write_text(TYPED_DECK, encoding="utf-8")
    world.questions = decks
    return world


async def test_a_language_with_a_region_as_decks_write_it(own_decks: World) -> None:
    world = own_decks
    alice = world.members[0]
    async with world.running():
        said = await (await world.fake.slash(world.general, alice, "language", code="ES_419")).response()
        assert said.ephemeral and "Practice will show questions in es-419" in said.content
        message = await practise(world, alice, deck="colours", mode="new")
        assert "¿De qué color es un cielo despejado al mediodía?" in message.text
        assert "**A**" in message.text and "Azul" in message.text
        bad = await (await world.fake.slash(world.general, alice, "language", code="es-41")).response()
        assert bad.ephemeral and bad.content.startswith("“es-41” is not a language code")


async def test_a_typed_answer_in_practice(own_decks: World) -> None:
    world = own_decks
    alice = world.members[0]
    async with world.running():
        message = await practise(world, alice, deck="cells", mode="new")
        assert [b["label"] for b in message.buttons()] == ["Answer", "Hint"]
        opened = await world.fake.click(message, alice, label="Answer")
        form = await opened.response()
        assert form.type == 9 and form.modal is not None
        feedback = await (await world.fake.submit_modal(opened, {"answer": "  Mitochondria "})).response()
        assert feedback.type == UPDATE and "✅ Right" in feedback.text
        assert "make most of the cell's ATP" in feedback.text
        again = await world.fake.click(message, alice, label="Finish")
        assert "Practice done" in (await again.response()).text


async def test_a_practice_goes_on_after_a_restart(world: World) -> None:
    alice, bob = world.members[0], world.members[1]
    async with world.running():
        message = await practise(world, alice, deck="gradient-checkpointing", count=3, mode="new")
        first = question_of(message, DECK)
        practice_id = int(message.buttons()[0]["custom_id"].split(":")[3])  # bvz:1:p:<practice>:<q>:<slot>
    # A restart between showing a question and its answer: the old message's buttons still play.
    async with world.running():
        feedback = await (
            await world.fake.click(message, alice, label=right_letter(message, DECK))
        ).response()
        assert feedback.type == UPDATE and "✅ Right — 1 of 3" in feedback.text
        assert first.explanation and first.explanation[:50] in feedback.text
    # And between the feedback and Next.
    async with world.running() as bot:
        nxt = await (await world.fake.click(message, alice, label="Next")).response()
        assert nxt.type == UPDATE and "Practice 2 of 3" in nxt.text
        second = question_of(message, DECK)
        assert second.id != first.id
        said = await forged_click(world, bob, message)
        assert said == "This practice belongs to someone else; start your own with /practice."
        assert "Practice 3 of 3" in await answer_and_next(world, alice, message, right=False)
        assert "Practice done" in await answer_and_next(world, alice, message, right=True)
        memories = await bot.store.memories(alice.id, DECK.id)
        assert len(memories) == 3 and {first.id, second.id} < set(memories)
        assert await bot.store.practice(practice_id) is None  # a finished practice is not kept


MIX = Path(__file__).parent / "decks"
MIX_RIGHT = {"Where are activations kept?": "GPU memory", "Checkpointing reduces": "False"}


async def test_typed_answers_in_practice(world: World) -> None:
    """A text question is answered through a modal; the other kinds with their letters."""
    fake = world.fake
    world.questions = MIX
    alice = world.members[0]
    async with world.running():
        message = await practise(world, alice, deck="study-mix", count=3, mode="new")
        typed = 0
        for number in (1, 2, 3):
            assert f"Practice {number} of 3" in message.text
            if "What does gradient checkpointing do" in message.text:
                assert [b["label"] for b in message.buttons()] == ["Answer", "Hint"]
                opened = await fake.click(message, alice, label="Answer")
                form = await opened.response()
                assert form.type == 9 and form.modal is not None
                feedback = await (
                    await fake.submit_modal(opened, {"answer": "  recompute THEM! "})
                ).response()
                assert feedback.type == UPDATE and "✅ Right" in feedback.text
                assert "They are recomputed from the nearest checkpoint." in feedback.text
                typed += 1
            else:
                right = next(text for start, text in MIX_RIGHT.items() if start in message.text)
                letter = next(
                    found
                    for found, shown in re.findall(r"\*\*([A-E])\*\*\s+(.+)", message.text)
                    if shown == right
                )
                feedback = await (await fake.click(message, alice, label=letter)).response()
                assert "✅ Right" in feedback.text
            nxt = await (await fake.click(message, alice, label=message.buttons()[0]["label"])).response()
            assert nxt.type == UPDATE
        assert typed == 1
        assert "Practice done" in message.text and "3 of 3" in message.text


async def test_deck_and_language_autocomplete(world: World, bot: BvunzoBot) -> None:
    fake = world.fake
    alice = world.members[0]
    gc = {"name": "Gradient Checkpointing · 8 questions", "value": "gradient-checkpointing"}
    charts = {"name": "Reading Charts · 3 questions", "value": "reading-charts"}
    assert await fake.autocomplete(world.general, alice, "practice", focused="deck", value="") == [gc, charts]
    assert await fake.autocomplete(world.general, alice, "practice", focused="deck", value="CHECK") == [gc]
    assert await fake.autocomplete(world.general, alice, "practice", focused="deck", value="algebra") == []
    # The languages Bvunzo speaks, then the server's decks' others (the seed deck has only English and
    # Shona), then "auto".
    offered = await fake.autocomplete(world.general, alice, "language", focused="code", value="")
    assert [c["value"] for c in offered] == ["en", "sn", "fr", "pt-BR", "auto"]
    assert offered[-1]["name"] == "auto: your Discord language"
    assert await fake.autocomplete(world.general, alice, "language", focused="code", value="br") == [
        {"name": "português (pt-BR)", "value": "pt-BR"}
    ]
    assert await fake.autocomplete(world.general, alice, "language", focused="code", value="SHO") == [
        {"name": "chiShona (sn)", "value": "sn"}
    ]
    assert await fake.autocomplete(world.general, alice, "language", focused="code", value="eng") == [
        {"name": "English (en)", "value": "en"}
    ]


async def test_a_typed_answer_form_open_across_a_restart_still_answers(own_decks: World) -> None:
    world = own_decks
    alice = world.members[0]
    async with world.running():
        message = await practise(world, alice, deck="cells", mode="new")
        opened = await world.fake.click(message, alice, label="Answer")
        assert (await opened.response()).type == 9  # the form is open on alice's screen
    # The bot restarts while she types; the new process never saw her form.
    async with world.running():
        feedback = await (await world.fake.submit_modal(opened, {"answer": "mitochondria"})).response()
        assert feedback.type == UPDATE and "✅ Right" in feedback.text
        assert "make most of the cell's ATP" in feedback.text


async def test_each_member_practises_in_their_own_language(world: World, bot: BvunzoBot) -> None:
    """A French Discord client gets French practice; a member who chose chiShona gets chiShona; side by side."""
    alice, bob, carol = world.members[:3]
    bob.user.locale = "fr"  # his Discord client speaks French; he chose nothing
    await (await world.fake.slash(world.general, alice, "language", code="sn")).response()
    french = await practise(world, bob, deck="gradient-checkpointing", count=2, mode="new")
    shona = await practise(world, alice, deck="gradient-checkpointing", count=2, mode="new")
    english = await practise(world, carol, deck="gradient-checkpointing", count=2, mode="new")
    assert "Entraînement 1 sur 2 — Gradient Checkpointing" in french.text
    assert "Toi seul peux voir ceci" in french.text
    assert "Kudzidzira 1 pa2 — Gradient Checkpointing" in shona.text
    assert "Ndiwe chete unoona izvi" in shona.text
    assert "Practice 1 of 2 — Gradient Checkpointing" in english.text

    # Feedback and its buttons: one right and one wrong each, then the summary.
    after = await answer_and_next(world, bob, french, right=True, said=FRENCH)
    assert "Entraînement 2 sur 2" in after
    feedback = await (await world.fake.click(french, bob, label=wrong_letter(french, DECK))).response()
    assert "❌ Pas tout à fait — 2 sur 2" in feedback.text
    assert [b["label"] for b in french.buttons()] == ["Terminer", "Signaler la question"]
    done = await (await world.fake.click(french, bob, label="Terminer")).response()
    assert "Entraînement terminé — Gradient Checkpointing" in done.text
    assert "Tu as eu **1 sur 2** justes (50\u00a0%)." in done.text

    await answer_and_next(world, alice, shona, right=False, said=SHONA)
    feedback = await (await world.fake.click(shona, alice, label=right_letter(shona, DECK))).response()
    assert "✅ Zvakarurama — 2 pa2" in feedback.text
    assert [b["label"] for b in shona.buttons()] == ["Pedza", "Zivisa dambudziko"]
    # A refusal speaks the language of whoever is refused (the command's name is the French client's own).
    refused = await forged_click(world, bob, shona)
    assert refused.startswith("Cet entraînement appartient à quelqu'un d'autre ; lance le tien avec /"), (
        refused
    )
    done = await (await world.fake.click(shona, alice, label="Pedza")).response()
    assert "Kudzidzira kwapera — Gradient Checkpointing" in done.text
    assert "Wawana **1 pa2** zvakarurama (50%)." in done.text
