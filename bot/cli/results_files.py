"""`bvunzo results`: a round's or an assignment's results files written from the database, for a host."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.bank.bank import Bank
from bot.bank.loader import load_folder
from bot.calendar.assignments import best_attempts
from bot.host.config import DEFAULT_DB
from bot.locales import speaking
from bot.results.asked import assignment_deck, round_deck
from bot.results.result_rows import (
    ResultRow,
    assignment_rows,
    csv_bytes,
    json_bytes,
    pressed_hints,
    round_rows,
)
from bot.results.round_files import server_zone
from bot.rounds.stored import result_options
from bot.store import Store, open_store


def write_results(
    environment: Mapping[str, str], *, round_id: int | None, assignment_id: int | None, folder: Path
) -> list[Path]:
    """Write `round-N.csv` and `.json` (or `assignment-N.*`) into `folder`; the paths written.

    Names are left empty: only Discord knows them, and this runs without it (the member ids are there).
    LookupError when there is no such round or assignment.
    """
    stem, sheet_bytes, document_bytes = asyncio.run(
        results_of(environment, round_id=round_id, assignment_id=assignment_id)
    )
    folder.mkdir(parents=True, exist_ok=True)
    sheet, document = folder / f"{stem}.csv", folder / f"{stem}.json"
    sheet.write_bytes(sheet_bytes)
    document.write_bytes(document_bytes)
    return [sheet, document]


async def results_of(
    environment: Mapping[str, str], *, round_id: int | None, assignment_id: int | None
) -> tuple[str, bytes, bytes]:
    """The files' name (without its suffix), the CSV (in the server's language) and the JSON."""
    if (round_id is None) == (assignment_id is None):
        raise ValueError("give a round number, or --assignment ID")
    decks, _problems = load_folder(Path(environment.get("BVUNZO_QUESTIONS") or "questions"))
    bank = Bank(decks)
    async with await open_store(environment.get("BVUNZO_DB") or DEFAULT_DB) as store:
        if round_id is not None:
            found = await _round_results(store, bank, round_id)
        else:
            assert assignment_id is not None
            found = await _assignment_results(store, bank, assignment_id)
        language = (await store.guild_settings(found.guild_id)).language
    with speaking(language or ""):  # no one asked in a language of their own: the server's is read
        sheet = csv_bytes(found.rows)
    return found.stem, sheet, json_bytes(found.kind, found.ident, found.options, found.rows)


@dataclass(frozen=True, slots=True)
class _Results:
    """What the files say of one round or assignment, and the server whose language the CSV is in."""

    rows: list[ResultRow]
    stem: str
    kind: str
    ident: int
    options: Mapping[str, Any]
    guild_id: int


async def _round_results(store: Store, bank: Bank, round_id: int) -> _Results:
    record = await store.get_round(round_id)
    if record is None:
        raise LookupError(f"there is no round {round_id} in this database")
    zone = await server_zone(store, record.guild_id)
    rows = round_rows(
        record,
        await store.round_answers(record.id),
        await round_deck(store, bank, record),  # what it asked, whatever the deck says today
        {},
        zone,
        pressed_hints(await store.round_hints(record.id)),
    )
    return _Results(rows, f"round-{record.id}", "round", record.id, result_options(record), record.guild_id)


async def _assignment_results(store: Store, bank: Bank, assignment_id: int) -> _Results:
    found = await store.assignment(assignment_id)
    if found is None:
        raise LookupError(f"there is no assignment {assignment_id} in this database")
    zone = await server_zone(store, found.guild_id)
    attempts = await store.assignment_attempts(found.id)
    answers = await store.assignment_answers(found.id)
    best, late = best_attempts(attempts, answers, found.due_at)
    deck = await assignment_deck(store, bank, found)
    rows = assignment_rows(found, attempts, answers, best, late, deck, {}, zone)
    options = {"deck": found.deck_id, "attempts": found.attempts, "late": found.late}
    return _Results(rows, f"assignment-{found.id}", "assignment", found.id, options, found.guild_id)
