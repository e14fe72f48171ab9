"""The item analysis page in a real browser counts an edited question afresh and says since when; a past
round's page shows the question as the round asked it, after the deck was edited."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from bot.bank.loader import load_deck_text
from bot.results.asked import keep_deck_versions, versions_asked
from bot.store import Answer, GuildDeckRecord, NewRound, Store
from tests.e2e.conftest import ON_BOTH_DATABASES
from tests.e2e.web.conftest import Dashboard

T0 = datetime(2026, 11, 25, 12, 0, tzinfo=UTC)
EDITED_AT = datetime(2026, 11, 27, 9, 0, tzinfo=UTC)
ITEMS = "id: items\ntitle: Items\nquestions:\n" + "".join(
    f"- id: q{n}\n  prompt: Question number {n}?\n  choices: [Key {n}, Wrong A{n}, Wrong B{n}]\n  answer: 0\n"
    for n in (1, 2)
)
EDITED = ITEMS.replace("Question number 1?", "Question one, reworded?").replace("Wrong A1", "Other A1")


async def save(store: Store, guild_id: int, text: str, at: datetime) -> None:
    """What the web's editor does on Save: the deck kept, each question's version seen, the version counted."""
    await store.save_guild_deck(GuildDeckRecord(guild_id, "items", "items.yaml", text, 1, at))
    await keep_deck_versions(store, [load_deck_text(text, "items.yaml", guild_id=guild_id)], at)
    await store.bump_deck_version(guild_id)


async def play(
    store: Store, guild_id: int, channel_id: int, text: str, at: datetime, members: dict[int, int]
) -> int:
    """A round of both questions, as the deck `text` has them; member: the choice each gives to both."""
    deck = load_deck_text(text, "items.yaml", guild_id=guild_id)
    asked = tuple(v for v in versions_asked(deck, ("q1", "q2")) if v is not None)
    rnd = await store.start_round(
        NewRound(guild_id, channel_id, "items", 1, ("q1", "q2"), 20, "standard", 7, at, asked=asked)
    )
    for member, choice in members.items():
        for index, qid in enumerate(("q1", "q2")):
            right = choice == 0
            when = at + timedelta(seconds=index * 30 + member % 100)
            await store.record_answer(
                Answer(
                    guild_id, rnd.id, index, qid, "items", member, choice, None, right, 900, 100 * right, when
                )
            )
    await store.finish_round(rnd.id, "finished", at + timedelta(minutes=5))
    return rnd.id


@ON_BOTH_DATABASES
async def test_an_edited_question_starts_afresh_and_its_old_round_keeps_its_words(
    dashboard: Dashboard, browser: Any
) -> None:
    world = dashboard.world
    store, guild, channel = dashboard.store, world.study.id, world.general.id
    world.clock.set(T0 + timedelta(days=5))
    await save(store, guild, ITEMS, T0 - timedelta(days=1))
    # Before the edit: members 1001-1003 choose Wrong A (1); after it 1001 is right and 1004 wrong.
    before = await play(store, guild, channel, ITEMS, T0, {1001: 1, 1002: 1, 1003: 1})
    await save(store, guild, EDITED, EDITED_AT)
    await play(store, guild, channel, EDITED, EDITED_AT + timedelta(hours=1), {1001: 0, 1004: 1})

    await dashboard.compute_figures("items")
    page = await dashboard.signed_in(browser, world.moderator)
    await page.goto(dashboard.server_url("decks/items/analysis"))
    q1 = await page.locator("#item-q1 td").all_inner_texts()
    assert "edited on November 27, 2026, 2 answers since" in q1[1]
    assert q1[2] == "2"  # members counted: only the edited version's first tries
    q2 = await page.locator("#item-q2 td").all_inner_texts()
    assert "edited" not in q2[1] and q2[2] == "4"  # never edited: every member's first try

    await page.goto(dashboard.server_url(f"rounds/{before}"))
    text = await page.locator("main").inner_text()
    assert "Question number 1?" in text and "Wrong A1" in text
    assert "reworded" not in text and "Other A1" not in text
