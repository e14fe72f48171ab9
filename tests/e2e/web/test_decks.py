"""The deck pages in a real browser: editing reaches the next round, errors beside their fields, deck
text shown as text, the item analysis of answers chosen by hand, and axe-core on every deck page."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from bot.bank.loader import load_deck_text
from bot.store import Answer, GuildDeckRecord, NewRound, Store
from tests.e2e.conftest import ON_BOTH_DATABASES, World
from tests.e2e.rounds import is_revealed, open_question, start
from tests.e2e.web.browser import serious_violations
from tests.e2e.web.conftest import Dashboard

BIO = """id: bio
title: Biology
language: en
questions:
- id: cell
  prompt: What is the unit of life?
  choices: [Cell, Atom, Organ]
  answer: 0
  explanation: Everything living is made of cells.
- id: dna
  type: text
  prompt: What carries genes?
  answers: [DNA]
- id: sun
  type: truefalse
  prompt: The sun is a star.
  answer: true
"""
T0 = datetime(2026, 11, 25, 12, 0, tzinfo=UTC)


async def put_deck(store: Store, guild_id: int, text: str, deck_id: str) -> None:
    """A deck the server uploaded, as /deck import keeps it; its version counted up as every change does."""
    await store.save_guild_deck(GuildDeckRecord(guild_id, deck_id, f"{deck_id}.yaml", text, 1, T0))
    await store.bump_deck_version(guild_id)


async def stored_text(store: Store, guild_id: int, deck_id: str) -> str:
    (record,) = [r for r in await store.guild_decks(guild_id) if r.deck_id == deck_id]
    return record.text


async def save_form(page: Any) -> None:
    async with page.expect_navigation():
        await page.get_by_role("button", name="Save").click()


@ON_BOTH_DATABASES
async def test_an_edited_question_is_what_the_next_round_asks(
    dashboard: Dashboard, browser: Any, bot: Any
) -> None:
    world: World = dashboard.world
    await put_deck(dashboard.store, world.study.id, BIO, "bio")
    page = await dashboard.signed_in(browser, world.moderator)
    await page.goto(dashboard.server_url("decks/bio/questions/cell/edit"))
    await page.get_by_label("Prompt", exact=True).fill("Which is the smallest unit of life?")
    await page.get_by_label("Choice 3", exact=True).fill("Tissue")
    await page.get_by_label("Tags, separated by commas", exact=True).fill("edited")
    await save_form(page)
    assert await page.get_by_text("Saved. The next round of this deck asks it like this.").count() == 1
    assert await page.get_by_text("Which is the smallest unit of life?").count() == 2  # asked and revealed

    # The bot (its own store and bank, as another process would be) plays the edited question.
    # (The tag picks the edited question out of the deck's three.)
    await start(world, world.general, world.moderator, deck="bio", questions=1, seconds=60, tags="edited")
    message = await open_question(world, world.general, 1)
    assert "Which is the smallest unit of life?" in message.text
    assert "Tissue" in message.text and "Organ" not in message.text
    # Who changed what is in the audit log.
    (entry, *_) = await dashboard.store.audit_log(world.study.id)
    assert (entry.action, entry.detail, entry.user_id) == ("question edited", "bio/cell", world.moderator.id)


async def test_a_validation_error_is_shown_beside_its_field_and_nothing_is_saved(
    dashboard: Dashboard, browser: Any
) -> None:
    world = dashboard.world
    await put_deck(dashboard.store, world.study.id, BIO, "bio")
    before = await stored_text(dashboard.store, world.study.id, "bio")
    version = await dashboard.store.deck_version(world.study.id)
    page = await dashboard.signed_in(browser, world.moderator)
    await page.goto(dashboard.server_url("decks/bio/questions/cell/edit"))
    await page.get_by_label("Choice 3", exact=True).fill(" cell ")
    await page.get_by_label("Difficulty", exact=True).select_option("hard")
    await page.get_by_label("Prompt", exact=True).fill("")
    await page.get_by_role("button", name="Save").click()

    await page.wait_for_selector("#error-choices-2")
    assert await page.locator("#error-choices-2").inner_text() == "This choice is the same as choice 1."
    assert await page.locator("#error-prompt").inner_text() == "Write the question."
    # Each error is tied to its input, for screen readers too, and sits right after it.
    assert await page.locator("#f-choice2").get_attribute("aria-describedby") == "error-choices-2"
    assert await page.locator("#f-choice2").get_attribute("aria-invalid") == "true"
    assert await page.locator("#f-choice2 ~ #error-choices-2").count() == 1
    assert await page.locator("#f-prompt + #error-prompt").count() == 1
    assert await page.get_by_text("Nothing was saved: fix what is marked below.").count() == 1
    # What was typed stays in the form to be fixed.
    assert await page.get_by_label("Choice 3", exact=True).input_value() == " cell "
    assert await page.get_by_label("Difficulty", exact=True).input_value() == "hard"
    assert await stored_text(dashboard.store, world.study.id, "bio") == before
    assert await dashboard.store.deck_version(world.study.id) == version
    assert await dashboard.store.audit_log(world.study.id) == []


async def test_an_order_question_is_written_one_item_a_line_and_a_mistake_said_beside_them(
    dashboard: Dashboard, browser: Any
) -> None:
    world = dashboard.world
    await put_deck(dashboard.store, world.study.id, BIO, "bio")
    page = await dashboard.signed_in(browser, world.moderator)
    await page.goto(dashboard.server_url("decks/bio/questions/new"))
    await page.get_by_label("Question id", exact=True).fill("planets")
    await page.get_by_label("Items to put in order", exact=True).check()
    await page.get_by_label("Prompt", exact=True).fill("From the Sun outwards")
    items = page.locator("#f-items")
    await items.fill("Mercury\nVenus")
    await page.get_by_role("button", name="Save").click()
    await page.wait_for_selector("#error-items")
    # The deck validator's sentence, in the editor's plain words: a capital, no backticks, a full stop.
    assert (
        await page.locator("#error-items").inner_text()
        == "An order question needs 3 to 8 items; this one has 2."
    )
    await page.locator("#f-items").fill("Mercury\nVenus\nEarth\nMars")
    await save_form(page)
    assert await page.get_by_text("Saved. The next round of this deck asks it like this.").count() == 1
    kept = load_deck_text(await stored_text(dashboard.store, world.study.id, "bio"), "bio.yaml")
    [order] = [q for q in kept.questions if q.prompt == "From the Sun outwards"]
    assert order.choices == ("Mercury", "Venus", "Earth", "Mars")
    await page.goto(dashboard.server_url(f"decks/bio/questions/{order.id}/edit"))
    assert await page.locator("#f-items").input_value() == "Mercury\nVenus\nEarth\nMars"


HOSTILE = '<script>window.hacked = 1</script><img src="x" onerror="window.hacked = 2">'


async def test_markup_in_a_prompt_shows_as_text_in_the_editor_and_the_preview(
    dashboard: Dashboard, browser: Any
) -> None:
    world = dashboard.world
    await put_deck(dashboard.store, world.study.id, BIO, "bio")
    page = await dashboard.signed_in(browser, world.moderator)
    await page.goto(dashboard.server_url("decks/bio/questions/new"))
    await page.get_by_label("Question id", exact=True).fill("hostile")
    await page.get_by_label("Prompt", exact=True).fill(HOSTILE)
    await page.get_by_label("Choice 1", exact=True).fill("<b>bold?</b>")
    await page.get_by_label("Choice 2", exact=True).fill("plain")
    await page.locator("#f-right0").check()
    await save_form(page)

    # The preview: the words as written, and no element made of them.
    assert await page.get_by_text(HOSTILE).count() == 2  # as asked and as revealed
    assert await page.get_by_text("<b>bold?</b>").count() == 2
    assert await page.locator("main script, main img, main b").count() == 0
    assert await page.evaluate("window.hacked") is None
    # The editor: the same text in its field.
    await page.goto(dashboard.server_url("decks/bio/questions/hostile/edit"))
    assert await page.get_by_label("Prompt", exact=True).input_value() == HOSTILE
    assert await page.locator("main script, main img").count() == 0
    await page.goto(dashboard.server_url("decks/bio"))
    assert await page.get_by_text(HOSTILE).count() == 1
    assert await page.evaluate("window.hacked") is None
    text = await stored_text(dashboard.store, world.study.id, "bio")
    assert load_deck_text(text, "bio.yaml").question("hostile").prompt == HOSTILE


# The table of tests/test_quiz_item_analysis.py, played as rounds: ten members, four questions of four
# choices with the key at 0; members 1-10 are user ids 1001-1010.
TABLE = {
    1: (1, 1, 1, 1),
    2: (1, 1, 1, 1),
    3: (1, 1, 1, 1),
    4: (1, 1, 0, 1),
    5: (1, 1, 0, 1),
    6: (1, 0, 0, 1),
    7: (0, 0, 1, 1),
    8: (0, 1, 1, 0),
    9: (0, 0, 1, 0),
    10: (0, 1, 0, 0),
}
WRONG = {("q1", 7): 2, ("q1", 8): 1, ("q1", 9): 1, ("q1", 10): 3}
ITEMS = "id: items\ntitle: Items\nquestions:\n" + "".join(
    f"- id: q{n}\n  prompt: Question number {n}?\n  choices: [Key {n}, Wrong A{n}, Wrong B{n}, Wrong C{n}]\n  answer: 0\n"
    for n in (1, 2, 3, 4)
)


async def play_table(store: Store, guild_id: int, channel_id: int) -> None:
    """Two rounds of the deck: questions 1-2, then 3-4; everyone answers in each; then a second try at q1
    by member 10, right this time (a later try never counts)."""
    for first, questions in ((0, ("q1", "q2")), (1, ("q3", "q4"))):
        rnd = await store.start_round(
            NewRound(
                guild_id, channel_id, "items", 1, questions, 20, "standard", 7, T0 + timedelta(hours=first)
            )
        )
        answers = []
        for member, row in TABLE.items():
            for index, qid in enumerate(questions):
                right = bool(row[int(qid[1]) - 1])
                choice = 0 if right else WRONG.get((qid, member), 3)
                answers.append(
                    Answer(
                        guild_id,
                        rnd.id,
                        index,
                        qid,
                        "items",
                        1000 + member,
                        choice,
                        None,
                        right,
                        1000,
                        100 if right else 0,
                        T0 + timedelta(hours=first, seconds=index * 30 + member),
                    )
                )
        await store.import_answers(answers)
        await store.finish_round(rnd.id, "finished", T0 + timedelta(hours=first, minutes=5))
    again = await store.start_round(
        NewRound(guild_id, channel_id, "items", 1, ("q1",), 20, "standard", 7, T0 + timedelta(days=1))
    )
    await store.import_answers(
        [Answer(guild_id, again.id, 0, "q1", "items", 1010, 0, None, True, 1000, 100, T0 + timedelta(days=1))]
    )
    await store.finish_round(again.id, "finished", T0 + timedelta(days=1, minutes=1))


@ON_BOTH_DATABASES
async def test_the_item_analysis_page_shows_the_hand_computed_figures(
    dashboard: Dashboard, browser: Any
) -> None:
    world = dashboard.world
    world.clock.set(T0 + timedelta(days=2))
    await put_deck(dashboard.store, world.study.id, ITEMS, "items")
    await play_table(dashboard.store, world.study.id, world.general.id)
    page = await dashboard.signed_in(browser, world.moderator)
    # Nothing computed yet: the page says so and reloads itself (no script), and asked the worker.
    await page.goto(dashboard.server_url("decks/items/analysis"))
    assert await page.locator("#being-computed").inner_text() == (
        "The figures are being computed; this page reloads itself."
    )
    assert await page.locator('meta[http-equiv="refresh"]').get_attribute("content") == "5"
    assert await page.locator("table.analysis").count() == 0
    await dashboard.compute_figures("items")
    await page.reload()

    q1 = page.locator("#item-q1")
    cells = await q1.locator("td").all_inner_texts()
    # q1 (worked out in tests/test_quiz_item_analysis.py): 6 of 10 right on the first try, r = 0.527046,
    # upper − lower = 1 − 1/3 = 0.67; not marked.
    assert cells[2:5] == ["10", "60% (6/10)", "0.53"]
    assert cells[5] == "0.67"
    assert "Marked" not in cells[1]
    # Its choices, overall / strongest / weakest: A (the key) 60% / 100% / 33%; B (members 8, 9) 20% / 0% / 33%.
    assert "A Key 1 (right): 60% / 100% / 33%" in cells[6]
    assert "B Wrong A1: 20% / 0% / 33%" in cells[6]
    # q2: 7 of 10, r = 0.161918: positive but under 0.2, marked. q3: r = −0.186339, marked as negative.
    q2 = await page.locator("#item-q2 td").all_inner_texts()
    assert q2[3:5] == ["70% (7/10)", "0.16"]
    assert "Marked: discrimination 0.16" in q2[1]
    q3 = await page.locator("#item-q3 td").all_inner_texts()
    assert q3[4] == "-0.19"
    assert "Marked: discrimination -0.19, negative" in q3[1]
    # The chart's text alternative says the same shares; the weeks chart counts 41 answers in the week
    # of 2026-11-23 (40 first tries and member 10's second try at q1).
    assert "1. Question number 1?: 60%;" in await page.locator("#accuracy-desc").text_content()
    assert "2. Question number 2?: 70%, marked" in await page.locator("#accuracy-desc").text_content()
    assert "week of 2026-11-23: 41 answers" in await page.locator("#weeks-desc").text_content()


async def test_fewer_than_ten_members_is_not_enough_answers_yet_and_figures_follow_within_a_minute(
    dashboard: Dashboard, browser: Any
) -> None:
    world = dashboard.world
    world.clock.freeze()
    computed_at = datetime(2026, 11, 27, 9, 30, tzinfo=UTC)
    world.clock.set(computed_at)
    await put_deck(dashboard.store, world.study.id, ITEMS, "items")
    await dashboard.compute_figures("items")
    page = await dashboard.signed_in(browser, world.moderator)
    await page.goto(dashboard.server_url("decks/items/analysis"))
    row = await page.locator("#item-q1 td").all_inner_texts()
    assert row[3] == "not enough answers yet (0 of 10 members)"
    assert await page.locator("#being-updated").count() == 0
    # Answers come in: the page shows the kept figures, says they are being updated, and computes nothing
    # (the kept ones stay as they were until the worker runs)...
    await play_table(dashboard.store, world.study.id, world.general.id)
    await page.reload()
    assert (await page.locator("#item-q1 td").all_inner_texts())[3].startswith("not enough answers yet")
    assert await page.locator("#being-updated").inner_text() == (
        "Computed on November 27, 2026 at 09:30 UTC, being updated: "
        "answers given since then will count within a minute or two; reload the page to see them."
    )
    kept = await dashboard.store.kept_item_figures(world.study.id, "items")
    assert kept is not None and kept.computed_at == computed_at
    # ...the worker computes a deck at most once a minute: not yet within it...
    await dashboard.compute_figures("items")
    await page.reload()
    assert (await page.locator("#item-q1 td").all_inner_texts())[3].startswith("not enough answers yet")
    # ...and a minute later the new figures.
    world.clock.advance(60)
    await dashboard.compute_figures("items")
    await page.reload()
    assert (await page.locator("#item-q1 td").all_inner_texts())[3] == "60% (6/10)"
    assert await page.locator("#being-updated").count() == 0


@pytest.mark.parametrize(
    "path",
    [
        "decks",
        "decks/bio",
        "decks/bio/questions/cell/edit",
        "decks/bio/questions/new",
        "decks/bio/questions/cell/preview",
        "decks/bio/questions/dna/delete",
        "decks/items/analysis",
        "decks/gradient-checkpointing",
    ],
)
async def test_axe_finds_no_serious_violation_on_the_deck_pages(
    dashboard: Dashboard, browser: Any, path: str
) -> None:
    world = dashboard.world
    await put_deck(dashboard.store, world.study.id, BIO, "bio")
    await put_deck(dashboard.store, world.study.id, ITEMS, "items")
    await play_table(dashboard.store, world.study.id, world.general.id)
    await dashboard.compute_figures("items")
    page = await dashboard.signed_in(browser, world.moderator)
    answer = await page.goto(dashboard.server_url(path))
    assert answer.status == 200
    assert await serious_violations(page) == []


async def test_axe_on_an_editor_showing_errors_and_a_preview(dashboard: Dashboard, browser: Any) -> None:
    world = dashboard.world
    await put_deck(dashboard.store, world.study.id, BIO, "bio")
    page = await dashboard.signed_in(browser, world.moderator)
    await page.goto(dashboard.server_url("decks/bio/questions/cell/edit"))
    await page.get_by_role("button", name="Preview without saving").click()
    await page.wait_for_selector("#preview-title")
    assert await serious_violations(page) == []
    await page.get_by_label("Prompt", exact=True).fill("")
    await page.get_by_role("button", name="Save").click()
    await page.wait_for_selector("#error-prompt")
    assert await serious_violations(page) == []


ONE = """id: one
title: One question
questions:
- id: only
  prompt: The question as it was?
  choices: [Kept, Other]
  answer: 0
"""


async def test_a_round_already_playing_keeps_its_question_and_the_next_round_asks_the_edit(
    dashboard: Dashboard, browser: Any, bot: Any
) -> None:
    world: World = dashboard.world
    await put_deck(dashboard.store, world.study.id, ONE, "one")
    await start(world, world.general, world.moderator, deck="one", questions=1, seconds=60)
    asked = await open_question(world, world.general, 1)
    assert "The question as it was?" in asked.text

    page = await dashboard.signed_in(browser, world.moderator)
    await page.goto(dashboard.server_url("decks/one/questions/only/edit"))
    await page.get_by_label("Prompt", exact=True).fill("The question as edited?")
    await save_form(page)

    # The round playing it reveals the question it asked.
    await (await world.fake.slash(world.general, world.moderator, "quiz skip")).response()
    revealed = await world.fake.wait_for_message(world.general, is_revealed(1))
    assert "The question as it was?" in revealed.text
    await world.fake.wait_for_message(world.general, lambda m: "Round over" in m.text)
    # The next round asks the edited one.
    await start(world, world.general, world.moderator, deck="one", questions=1, seconds=60)
    again = await world.fake.wait_for_message(
        world.general, lambda m: "Question 1 of" in m.text and m.id != asked.id
    )
    assert "The question as edited?" in again.text


PLANTS_CSV = (
    "question,answer,choice1,choice2,choice3\n"
    "Which gas do plants take in?,Carbon dioxide,Carbon dioxide,Oxygen,Helium\n"
    "Where does photosynthesis happen?,Chloroplast,Nucleus,Chloroplast,Vacuole\n"
    "What do roots take up?,Water,Water,Light,Sugar\n"
)


async def test_import_export_reorder_and_delete(dashboard: Dashboard, browser: Any) -> None:
    world = dashboard.world
    page = await dashboard.signed_in(browser, world.moderator)
    await page.goto(dashboard.server_url("decks"))
    await page.get_by_label("Deck name", exact=True).fill("Plants")
    await page.get_by_label("File", exact=True).set_input_files(
        {"name": "plants.csv", "mimeType": "text/csv", "buffer": PLANTS_CSV.encode()}
    )
    async with page.expect_navigation():
        await page.get_by_role("button", name="Import").click()
    assert await page.get_by_text("Imported 3 questions from plants.csv as `plants`.").count() == 1
    assert await page.get_by_role("link", name="Plants").count() == 1

    # Export: our YAML, which loads back to the same three questions.
    answer = await page.request.get(dashboard.server_url("decks/plants/export?format=yaml"))
    assert answer.headers["content-disposition"] == 'attachment; filename="plants.yaml"'
    exported = load_deck_text(await answer.text(), "plants.yaml")
    prompts = [q.prompt for q in exported.questions]
    assert prompts == [
        "Which gas do plants take in?",
        "Where does photosynthesis happen?",
        "What do roots take up?",
    ]
    csv = await page.request.get(dashboard.server_url("decks/plants/export?format=csv"))
    assert "Where does photosynthesis happen?,Chloroplast" in await csv.text()
    # Every format of /deck export, linked from the deck's page: an Anki package is bytes, not text.
    await page.goto(dashboard.server_url("decks/plants"))
    links = page.get_by_role("link", name="Anki", exact=True)
    assert await links.get_attribute("href") == f"/servers/{world.study.id}/decks/plants/export?format=anki"
    anki = await page.request.get(dashboard.server_url("decks/plants/export?format=anki"))
    assert anki.headers["content-disposition"] == 'attachment; filename="plants.apkg"'
    assert anki.headers["content-type"] == "application/octet-stream"
    assert (await anki.body())[:2] == b"PK"  # a zip, as Anki's packages are
    gift = await page.request.get(dashboard.server_url("decks/plants/export?format=gift"))
    assert gift.headers["content-type"] == "text/plain; charset=utf-8"
    assert "Which gas do plants take in?" in await gift.text()
    wrong = await page.request.get(dashboard.server_url("decks/plants/export?format=pdf"))
    assert wrong.status == 400
    assert "Export as one of: yaml, csv, gift, moodle-xml, anki." in await wrong.text()

    # Reorder: the third question up one place.
    await page.goto(dashboard.server_url("decks/plants"))
    async with page.expect_navigation():
        await page.get_by_role("button", name="Move question 3 up").click()
    cells = await page.locator("tbody tr td:nth-child(2) .prompt").all_inner_texts()
    assert cells == [
        "Which gas do plants take in?",
        "What do roots take up?",
        "Where does photosynthesis happen?",
    ]
    # Delete the first, after the confirmation page.
    await page.get_by_role("link", name="Delete question 1").click()
    async with page.expect_navigation():
        await page.get_by_role("button", name="Delete the question").click()
    cells = await page.locator("tbody tr td:nth-child(2) .prompt").all_inner_texts()
    assert cells == ["What do roots take up?", "Where does photosynthesis happen?"]
    kept = load_deck_text(await stored_text(dashboard.store, world.study.id, "plants"), "plants.yaml")
    assert [q.prompt for q in kept.questions] == cells
    actions = [e.action for e in await dashboard.store.audit_log(world.study.id)]
    assert actions == ["question deleted", "question moved", "deck imported"]


async def test_an_import_with_a_broken_question_changes_nothing(dashboard: Dashboard, browser: Any) -> None:
    world = dashboard.world
    page = await dashboard.signed_in(browser, world.moderator)
    await page.goto(dashboard.server_url("decks"))
    await page.get_by_label("Deck name", exact=True).fill("Plants")
    broken = PLANTS_CSV + "A question without its answer?,,A,B,C\n"
    await page.get_by_label("File", exact=True).set_input_files(
        {"name": "plants.csv", "mimeType": "text/csv", "buffer": broken.encode()}
    )
    async with page.expect_navigation():
        await page.get_by_role("button", name="Import").click()
    alert = await page.get_by_role("alert").inner_text()
    assert "1 question of plants.csv cannot be imported, so nothing was changed." in alert
    assert "plants.csv:5:" in alert
    assert await dashboard.store.guild_decks(world.study.id) == []
    assert await dashboard.store.deck_version(world.study.id) == 0


async def test_a_built_in_deck_is_shown_but_not_edited(dashboard: Dashboard, browser: Any) -> None:
    world = dashboard.world
    page = await dashboard.signed_in(browser, world.moderator)
    deck = (await dashboard.server.context.fresh_bank(world.study.id)).get("gradient-checkpointing", None)
    assert deck is not None
    first = deck.questions[0].id
    answer = await page.goto(dashboard.server_url(f"decks/gradient-checkpointing/questions/{first}/edit"))
    assert answer.status == 403
    assert await page.get_by_text("Built-in decks are the same in every server").count() == 1
    answer = await page.goto(dashboard.server_url(f"decks/gradient-checkpointing/questions/{first}/preview"))
    assert answer.status == 200
    assert await page.get_by_role("link", name="Edit this question").count() == 0
    # Another server's deck is not found here, whatever the path says.
    await put_deck(dashboard.store, world.other.id, BIO, "bio")
    answer = await page.goto(dashboard.server_url("decks/bio"))
    assert answer.status == 404


XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


async def test_a_moodle_xml_import_says_what_it_set_aside(dashboard: Dashboard, browser: Any) -> None:
    world = dashboard.world
    page = await dashboard.signed_in(browser, world.moderator)
    await page.goto(dashboard.server_url("decks"))
    await page.get_by_label("Deck name", exact=True).fill("Biology")
    await page.get_by_label("Format", exact=True).select_option(label="Moodle XML (.xml)")
    corpus = Path(__file__).resolve().parents[2] / "corpus" / "moodle-xml-biology.xml"
    await page.get_by_label("File", exact=True).set_input_files(
        {"name": "biology.xml", "mimeType": "text/xml", "buffer": corpus.read_bytes()}
    )
    async with page.expect_navigation():
        await page.get_by_role("button", name="Import").click()
    assert await page.get_by_text("Imported 10 questions from biology.xml as `biology`.").count() == 1
    notes = await page.locator("ul.notes li").all_inner_texts()
    assert (
        "biology.xml:112: the matching question's extra answers that match nothing (the polio vaccine) were "
        "left out"
    ) in notes
    assert notes[-1].startswith("biology.xml:171: the question “Diagram” shows an image from the file")
    assert len(notes) == 4  # three set aside, the matching question kept with a note
    kept = load_deck_text(await stored_text(dashboard.store, world.study.id, "biology"), "biology.yaml")
    assert [q.prompt for q in kept.questions] == [
        "Which organelle releases energy from food in a cell?",
        "Plant cells have a cell wall & a membrane.",
        "Name the green pigment in leaves.",
        "Which of these are bases found in DNA?",
        "How many chromosomes does a human body cell hold?",
        "Match each scientist with the discovery.",
        "Put the phases of mitosis in order.",
        "Genes are made of {{1}} and sit on {{2}}.",
        "The {{1}} controls the cell; the {{2}} surrounds it.",
        "Red blood cells carry oxygen.",
    ]


async def test_a_wayground_workbook_imports_with_the_format_detected(
    dashboard: Dashboard, browser: Any
) -> None:
    from tests.test_import_workbooks import wayground_sheet

    world = dashboard.world
    page = await dashboard.signed_in(browser, world.moderator)
    await page.goto(dashboard.server_url("decks"))
    await page.get_by_label("Deck name", exact=True).fill("Science")
    await page.get_by_label("File", exact=True).set_input_files(
        {"name": "quiz.xlsx", "mimeType": XLSX, "buffer": wayground_sheet()}
    )
    await page.get_by_label("Keep the good questions when some cannot be imported").check()
    async with page.expect_navigation():
        await page.get_by_role("button", name="Import").click()
    assert await page.get_by_text("Imported 6 questions from quiz.xlsx as `science`.").count() == 1
    kept = load_deck_text(await stored_text(dashboard.store, world.study.id, "science"), "science.yaml")
    assert [q.prompt for q in kept.questions][:2] == [
        "Which planet is the largest?",
        "Which are even numbers?",
    ]


async def test_a_deck_made_copied_renamed_and_deleted(dashboard: Dashboard, browser: Any) -> None:
    world = dashboard.world
    guild = world.study.id
    page = await dashboard.signed_in(browser, world.moderator)
    await page.goto(dashboard.server_url("decks"))
    await page.get_by_label("Deck id", exact=True).fill("chem")
    await page.get_by_label("Title", exact=True).fill("Chemistry")
    async with page.expect_navigation():
        await page.get_by_role("button", name="Make the deck").click()
    # A deck needs a question: the editor opens on the one it starts with.
    assert page.url == dashboard.server_url("decks/chem/questions/q-1/edit")
    await page.get_by_label("Prompt", exact=True).fill("What is H2O?")
    await page.get_by_label("Choice 1", exact=True).fill("Water")
    await page.get_by_label("Choice 2", exact=True).fill("Salt")
    await save_form(page)
    assert await page.get_by_text("Saved. The next round of this deck asks it like this.").count() == 1

    # The same id again is refused in one sentence, beside the form, and the page passes axe.
    await page.goto(dashboard.server_url("decks"))
    await page.get_by_label("Deck id", exact=True).fill("chem")
    await page.get_by_label("Title", exact=True).fill("Chemistry again")
    async with page.expect_navigation() as refused:
        await page.get_by_role("button", name="Make the deck").click()
    assert (await refused.value).status == 422
    assert await page.locator("#create-errors").inner_text() == (
        "This server already has a deck `chem`; choose another id."
    )
    assert await page.get_by_label("Title", exact=True).input_value() == "Chemistry again"
    assert await serious_violations(page) == []

    # Copy, then rename the copy.
    await page.goto(dashboard.server_url("decks/chem"))
    await page.get_by_role("link", name="Copy the deck").click()
    await page.get_by_label("Id of the copy", exact=True).fill("chem-2")
    await page.get_by_label("Title of the copy", exact=True).fill("Chemistry II")
    async with page.expect_navigation():
        await page.get_by_role("button", name="Make the copy").click()
    assert await page.get_by_role("status").inner_text() == (
        "This copy is saved as this server's own deck: edit it as you like."
    )
    assert await page.locator("tbody .prompt").all_inner_texts() == ["What is H2O?"]
    await page.get_by_role("link", name="Rename the deck").click()
    await page.get_by_label("Title", exact=True).fill("Chemistry, the copy")
    async with page.expect_navigation():
        await page.get_by_role("button", name="Rename").click()
    assert await page.get_by_role("heading", level=1).inner_text() == "Chemistry, the copy (chem-2)"

    # Delete it: the confirmation page's box must be ticked, which the server checks too.
    await page.get_by_role("link", name="Delete the deck").click()
    token = await page.locator("main input[name=csrf_token]").get_attribute("value")
    unticked = await page.context.request.post(
        dashboard.server_url("decks/chem-2/delete"), form={"csrf_token": token or ""}
    )
    assert unticked.status == 422
    assert "tick the box to say you understand" in await unticked.text()
    # Without its CSRF token, the ticked form is refused and the deck stays.
    forged = await page.context.request.post(
        dashboard.server_url("decks/chem-2/delete"), form={"understood": "yes"}
    )
    assert forged.status == 403
    assert [r.deck_id for r in await dashboard.store.guild_decks(guild)] == ["chem", "chem-2"]
    await page.get_by_label(
        "I understand: the deck is gone for good (export it first to keep a file)."
    ).check()
    async with page.expect_navigation():
        await page.get_by_role("button", name="Delete the deck").click()
    assert await page.get_by_role("status").inner_text() == (
        "The deck was deleted. Past rounds, their scores and badges stay."
    )
    assert await page.get_by_role("link", name="Chemistry, the copy").count() == 0
    assert (await page.goto(dashboard.server_url("decks/chem-2"))).status == 404
    assert [r.deck_id for r in await dashboard.store.guild_decks(guild)] == ["chem"]
    entries = await dashboard.store.audit_log(guild)
    assert [(e.action, e.detail) for e in entries] == [
        ("deck deleted", "chem-2: Chemistry, the copy (1 question)"),
        ("deck renamed", "chem-2: “Chemistry II” is now “Chemistry, the copy”"),
        ("deck copied", "chem-2 from chem (1 question)"),
        ("question edited", "chem/q-1"),
        ("deck created", "chem: Chemistry"),
    ]


async def test_an_anki_package_imports_with_its_format_chosen(dashboard: Dashboard, browser: Any) -> None:
    from tests.anki_packages import BASIC, AnkiNote, package

    notes = [AnkiNote(BASIC, ("Capital of <i>Zambia</i>?", "Lusaka"), "", "Capitals")]
    world = dashboard.world
    page = await dashboard.signed_in(browser, world.moderator)
    await page.goto(dashboard.server_url("decks"))
    await page.get_by_label("Deck name", exact=True).fill("Capitals")
    await page.get_by_label("File", exact=True).set_input_files(
        {"name": "capitals.apkg", "mimeType": "application/zip", "buffer": package(notes)}
    )
    await page.get_by_label("Format", exact=True).select_option(label="Anki package (.apkg, .colpkg)")
    async with page.expect_navigation():
        await page.get_by_role("button", name="Import").click()
    assert await page.get_by_text("Imported 1 question from capitals.apkg as `capitals`.").count() == 1
    kept = load_deck_text(await stored_text(dashboard.store, world.study.id, "capitals"), "capitals.yaml")
    assert [(q.prompt, q.accepted) for q in kept.questions] == [("Capital of Zambia?", ("Lusaka",))]
