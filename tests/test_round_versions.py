"""Records of what happened are never rewritten: a round played, then its deck edited (the web's editing
code), re-imported (the /deck import path), a question or the deck deleted, and every report of that
round (/quiz report's embed, /quiz results' CSV, `bvunzo results`, the web's round page and files) still
shows what was asked then. Also an assignment, a question of the day, and a round resumed after a restart.
The round service runs through a fake channel port on the real SQLite store (tests/test_round_service.py)."""

from __future__ import annotations

import csv
import dataclasses
import io
import json
import zoneinfo
from datetime import timedelta
from pathlib import Path

import pytest

from bot.bank import Bank
from bot.bank.editing import QuestionForm, check_question, delete_question, edited_text, replace_question
from bot.bank.importers import import_file
from bot.bank.loader import load_deck_text
from bot.bank.models import Deck
from bot.calendar.zones import zone_named
from bot.cli.results_files import results_of
from bot.quiz import RoundOptions
from bot.results.asked import (
    assignment_deck,
    keep_assignment_versions,
    keep_qotd_version,
    qotd_question,
    round_deck,
)
from bot.results.result_rows import assignment_rows, csv_bytes, round_rows
from bot.results.round_files import round_files
from bot.rounds import RoundService, SummaryCard
from bot.store import (
    AssignmentAnswer,
    GuildDeckRecord,
    NewAssignment,
    QotdDay,
    RoundRecord,
    Store,
    open_store,
)
from bot.ui.boards import report_embed
from bot.web.round_report import round_report
from tests.test_round_service import (
    ALICE,
    BOB,
    CHANNEL,
    GUILD,
    START,
    FakePort,
    HandClock,
    Host,
    question,
    revealed,
)

DECK_YAML = """\
id: capitals
title: Capitals
questions:
  - id: zw
    prompt: "Capital of Zimbabwe?"
    choices: ["Harare", "Bulawayo", "Mutare"]
    answer: 0
    explanation: "Harare has been the capital since 1980."
  - id: ke
    prompt: "Capital of Kenya?"
    choices: ["Mombasa", "Kisumu", "Nairobi"]
    answer: 2
"""
# As written above: what the round asked, whatever happens to the deck afterwards.
ASKED = {
    "zw": ("Capital of Zimbabwe?", ("Harare", "Bulawayo", "Mutare"), 0, 1),
    "ke": ("Capital of Kenya?", ("Mombasa", "Kisumu", "Nairobi"), 2, 0),
}  # id: prompt, choices, the right one, the wrong one Bob picks
EDITED_PROMPT = "Which city is the largest?"
EDITED_CHOICES = ["Lagos", "Cairo", "Kinshasa"]


def capitals(guild_id: int | None = GUILD) -> Deck:
    return load_deck_text(DECK_YAML, "capitals.yaml", guild_id=guild_id)


@pytest.fixture
async def store(tmp_path: Path) -> Store:
    opened = await open_store(tmp_path / "bvunzo.db")
    yield opened  # type: ignore[misc]
    await opened.close()


async def play_one_question(store: Store, bank: Bank, deck: Deck) -> tuple[RoundRecord, str]:
    """A round of the deck's two questions: Alice right and Bob wrong on the first, then /quiz stop."""
    service = RoundService(Host(store, bank, HandClock(START)), FakePort())
    port = service.port
    assert isinstance(port, FakePort)
    record = await service.start(
        guild_id=GUILD, channel_id=CHANNEL, decks=[deck], options=RoundOptions(questions=2), started_by=ALICE
    )
    card = (await port.until(question(1))).card
    await service.answer(record.id, ALICE, 0, slot=slot_of_choice(card, right=True))
    await service.answer(record.id, BOB, 0, slot=slot_of_choice(card, right=False))
    service.stop(record.id)
    await port.until(lambda s: isinstance(s.card, SummaryCard))
    await service.shut_down()
    ended = await store.get_round(record.id)
    assert ended is not None
    return ended, ended.question_ids[0]


def slot_of_choice(card: object, *, right: bool) -> int:
    from bot.rounds import QuestionCard

    assert isinstance(card, QuestionCard)
    _prompt, _choices, good, bad = ASKED[card.question.id]
    wanted = good if right else bad
    return card.order.index(wanted)


def edit_on_the_web(deck: Deck, question_id: str) -> Deck:
    """What the web's question editor does on Save: the form checked, the question replaced, the YAML reread."""
    form = QuestionForm.of(deck.question(question_id), deck.language)  # type: ignore[arg-type]
    form.prompt = EDITED_PROMPT
    form.choices = list(EDITED_CHOICES)
    form.answer = [1]
    checked = check_question(form, deck, replacing=question_id)
    assert checked.question is not None, checked.errors
    _text, reread = edited_text(replace_question(deck, question_id, checked.question))
    return reread


def reimport(question_id: str) -> Deck:
    """What /deck import keeps for a new file of the same deck, that question rewritten."""
    prompt = ASKED[question_id][0]
    text = DECK_YAML.replace(prompt, EDITED_PROMPT)
    for old, new in zip(ASKED[question_id][1], EDITED_CHOICES, strict=True):
        text = text.replace(f'"{old}"', f'"{new}"')
    outcome = import_file(text.encode(), "capitals.yaml", deck_id="capitals", guild_id=GUILD)
    assert outcome.kept is not None
    return outcome.kept.deck


async def assert_reports_show_what_was_asked(
    store: Store, bank: Bank, record: RoundRecord, asked: str
) -> None:
    prompt, choices, good, bad = ASKED[asked]
    deck = await round_deck(store, bank, record)
    assert deck is not None
    answers = await store.round_answers(record.id)
    # /quiz report round: (the cog reads the round service's asked_deck, the same function).
    lines = await store.question_report(GUILD, round_id=record.id)
    embed = report_embed("Report", deck, lines)
    assert embed.description is not None
    assert embed.description.split("\n")[:2] == [
        f"**1.** {prompt}",
        f"  1/2 (50%) · most chosen wrong: “{choices[bad]}” (1)",
    ]
    # /quiz results (bot/results/result_rows.py's rows, as the cog and `bvunzo results` make them).
    rows = list(
        csv.reader(
            io.StringIO(
                csv_bytes(round_rows(record, answers, deck, {}, zone_named("UTC"))).decode("utf-8-sig")
            )
        )
    )
    assert [(r[3], r[4], r[7], r[8]) for r in rows[1:]] == [
        (prompt, str(ALICE), choices[good], "yes"),
        (prompt, str(BOB), choices[bad], "no"),
    ]
    # The web's round page and its CSV.
    shown = round_report(record, deck, lines, answers, {})[0]
    assert (shown.prompt, shown.top_wrong, sorted(a.answer for a in shown.answers)) == (
        prompt,
        choices[bad],
        sorted([choices[good], choices[bad]]),
    )
    files = round_files(record, answers, deck, {}, zoneinfo.ZoneInfo("UTC"), {}, {})
    sheet = list(csv.reader(io.StringIO(files.csv.decode("utf-8-sig"))))
    assert [(r[3], r[7]) for r in sheet[1:]] == [(prompt, choices[good]), (prompt, choices[bad])]
    assert EDITED_PROMPT not in embed.description


async def test_a_question_edited_on_the_web_leaves_the_rounds_reports_as_they_were(store: Store) -> None:
    deck = capitals()
    bank = Bank([deck])
    record, asked = await play_one_question(store, bank, deck)
    edited = edit_on_the_web(deck, asked)
    assert edited.question(asked).prompt == EDITED_PROMPT  # type: ignore[union-attr]
    bank.add(edited)
    await assert_reports_show_what_was_asked(store, bank, record, asked)


async def test_a_reimported_deck_leaves_the_rounds_reports_as_they_were(store: Store) -> None:
    deck = capitals()
    bank = Bank([deck])
    record, asked = await play_one_question(store, bank, deck)
    bank.add(reimport(asked))
    assert bank.get("capitals", GUILD).question(asked).prompt == EDITED_PROMPT  # type: ignore[union-attr]
    await assert_reports_show_what_was_asked(store, bank, record, asked)


async def test_a_deleted_question_and_a_deleted_deck_still_render_their_past_rounds(store: Store) -> None:
    deck = capitals()
    bank = Bank([deck])
    record, asked = await play_one_question(store, bank, deck)
    _text, without = edited_text(delete_question(deck, asked))
    bank.add(without)
    await assert_reports_show_what_was_asked(store, bank, record, asked)
    bank.remove("capitals", GUILD)
    assert bank.get("capitals", GUILD) is None
    await assert_reports_show_what_was_asked(store, bank, record, asked)


async def test_bvunzo_results_writes_what_was_asked_after_the_deck_file_changed(tmp_path: Path) -> None:
    folder = tmp_path / "questions"
    folder.mkdir()
    (folder / "capitals.yaml").write_text(DECK_YAML, encoding="utf-8")
    db = tmp_path / "results.db"
    store = await open_store(db)
    try:
        deck = capitals(None)
        record, asked = await play_one_question(store, Bank([deck]), deck)
    finally:
        await store.close()
    prompt, choices, good, bad = ASKED[asked]
    text = DECK_YAML.replace(prompt, EDITED_PROMPT)
    for old, new in zip(choices, EDITED_CHOICES, strict=True):
        text = text.replace(f'"{old}"', f'"{new}"')
    (folder / "capitals.yaml").write_text(text, encoding="utf-8")
    environment = {"BVUNZO_DB": str(db), "BVUNZO_QUESTIONS": str(folder)}
    _stem, sheet, _document = await results_of(environment, round_id=record.id, assignment_id=None)
    rows = list(csv.reader(io.StringIO(sheet.decode("utf-8-sig"))))
    assert [(r[3], r[7]) for r in rows[1:]] == [(prompt, choices[good]), (prompt, choices[bad])]


async def test_a_round_resumed_after_its_deck_was_edited_plays_and_reveals_what_it_started_with(
    tmp_path: Path,
) -> None:
    deck = capitals()
    store = await open_store(tmp_path / "bvunzo.db")
    clock = HandClock(START)
    port = FakePort()
    service = RoundService(Host(store, Bank([deck]), clock), port)
    record = await service.start(
        guild_id=GUILD, channel_id=CHANNEL, decks=[deck], options=RoundOptions(questions=2), started_by=ALICE
    )
    card = (await port.until(question(1))).card
    await service.answer(record.id, ALICE, 0, slot=slot_of_choice(card, right=True))
    await service.shut_down()  # the process stops with question 1 open
    asked = record.question_ids[0]
    edited = edit_on_the_web(deck, asked)
    port = FakePort()
    service = RoundService(Host(store, Bank([edited]), clock), port)
    try:
        await service.resume()
        assert service.running_ids() == {record.id}
        reposted = (await port.until(question(1))).card
        service.skip(record.id)
        shown = (await port.until(revealed(1))).card
        prompt, choices, _good, _bad = ASKED[asked]
        for seen in (reposted, shown):
            assert (seen.question.prompt, seen.question.choices) == (prompt, choices)  # type: ignore[attr-defined]
        assert shown.reveal.right == 1  # type: ignore[attr-defined]
    finally:
        await service.shut_down()
        await store.close()


async def test_an_assignment_and_a_question_of_the_day_keep_what_they_asked(store: Store) -> None:
    deck = capitals()
    bank = Bank([deck])
    new = NewAssignment(
        guild_id=GUILD,
        channel_id=CHANNEL,
        deck_id="capitals",
        question_ids=("ke", "zw"),
        seed=7,
        due_at=START + timedelta(days=2),
        attempts=1,
        late="allow",
        created_by=ALICE,
        created_at=START,
    )
    assignment = await store.add_assignment(new)
    await keep_assignment_versions(store, assignment, deck, START)  # as /assign start does
    attempt = await store.start_attempt(assignment.id, BOB, START, 1)
    assert attempt is not None
    await store.record_assignment_answer(AssignmentAnswer(attempt.id, 0, "ke", 0, False, 4_000, START))
    await store.finish_attempt(attempt.id, START)
    day = QotdDay(GUILD, 20261201, CHANNEL, "capitals", "zw", 3, None, START, START + timedelta(hours=20))
    assert await store.claim_qotd_day(day)
    await keep_qotd_version(store, day, deck.question("zw"), START)  # type: ignore[arg-type]

    bank.add(edit_on_the_web(edit_on_the_web(deck, "ke"), "zw"))

    asked = await assignment_deck(store, bank, assignment)
    assert asked is not None and asked.question("ke").prompt == "Capital of Kenya?"  # type: ignore[union-attr]
    rows = assignment_rows(
        assignment,
        await store.assignment_attempts(assignment.id),
        await store.assignment_answers(assignment.id),
        {attempt.id},
        set(),
        asked,
        {},
        zone_named("UTC"),
    )
    assert [(r.prompt, r.answer, r.right) for r in rows] == [("Capital of Kenya?", "Mombasa", False)]
    of_the_day = await qotd_question(store, bank, day)
    assert of_the_day is not None
    assert (of_the_day.prompt, of_the_day.choices, of_the_day.explanation) == (
        "Capital of Zimbabwe?",
        ("Harare", "Bulawayo", "Mutare"),
        "Harare has been the capital since 1980.",
    )
    bank.remove("capitals", GUILD)  # the deck deleted: the day still knows its question
    assert (await qotd_question(store, bank, day)).prompt == "Capital of Zimbabwe?"  # type: ignore[union-attr]


async def test_a_saved_deck_record_is_not_what_reports_read(store: Store) -> None:
    """The store's copy of the deck changes too (the web saves it): the round's versions do not."""
    deck = capitals()
    bank = Bank([deck])
    record, asked = await play_one_question(store, bank, deck)
    text, edited = edited_text(edit_on_the_web(deck, asked))
    await store.save_guild_deck(GuildDeckRecord(GUILD, "capitals", "capitals.yaml", text, ALICE, START))
    bank.add(edited)
    await assert_reports_show_what_was_asked(store, bank, record, asked)


async def test_bvunzo_results_writes_times_in_the_servers_zone_as_discord_and_the_dashboard_do(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "questions"
    folder.mkdir()
    (folder / "capitals.yaml").write_text(DECK_YAML, encoding="utf-8")
    db = tmp_path / "results.db"
    store = await open_store(db)
    try:
        deck = capitals(None)
        record, _asked = await play_one_question(store, Bank([deck]), deck)
        settings = await store.calendar_settings(record.guild_id)
        await store.save_calendar_settings(dataclasses.replace(settings, timezone="Africa/Harare"))
    finally:
        await store.close()
    environment = {"BVUNZO_DB": str(db), "BVUNZO_QUESTIONS": str(folder)}
    _stem, sheet, document = await results_of(environment, round_id=record.id, assignment_id=None)
    rows = list(csv.reader(io.StringIO(sheet.decode("utf-8-sig"))))
    assert len(rows) == 3 and all(r[11].endswith("+02:00") for r in rows[1:])  # Harare is UTC+2 all year
    assert all(r["answered_at"].endswith("+02:00") for r in json.loads(document)["rows"])
