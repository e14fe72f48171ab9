"""What the web tests put in the store before a page shows it: a server deck, a round and its answers, flags.

Written through the store's own methods (the dashboard reads them back the same way the bot wrote them).
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from bot.store import Answer, FlagRecord, GuildDeckRecord, NewRound, RoundRecord, Store

T0 = datetime(2026, 11, 30, 18, 0, tzinfo=UTC)
HOSTILE_PROMPT = "Which tag runs code? <script>alert('x')</script>"
HOSTILE_CHOICE = "<img src=x onerror=alert(1)>"
# A server deck whose words would be markup if the pages did not escape them.
HOSTILE_DECK = f"""id: cells
title: Cells & <b>tissues</b>
questions:
  - id: c1
    prompt: "{HOSTILE_PROMPT}"
    choices: ["<script>", "{HOSTILE_CHOICE}", "<em>", "<p>"]
    answer: 0
    explanation: Only a script element runs code.
  - id: c2
    prompt: What is the powerhouse of the cell?
    choices: [Mitochondria, Nucleus, Ribosome, Golgi body]
    answer: 0
  - id: c3
    type: text
    prompt: Name the green pigment of plants.
    answers: [chlorophyll]
"""


async def hostile_deck(store: Store, guild_id: int, by: int) -> None:
    await store.save_guild_deck(GuildDeckRecord(guild_id, "cells", "cells.yaml", HOSTILE_DECK, by, T0))
    await store.bump_deck_version(
        guild_id
    )  # as an upload does: every process sees the server's decks changed


async def played_round(
    store: Store, guild_id: int, channel_id: int, by: int, players: list[int]
) -> RoundRecord:
    """A finished round of the cells deck: the first two players answer every question; choices by hand.

    Question 1 (c1, right: choice 0): players[0] right, players[1] chose the <img> choice (1), players[2] chose 1.
    Question 2 (c2, right: 0): players[0] right, players[1] chose 2 (Ribosome).
    Question 3 (c3, typed): players[0] "Chlorophyll" right, players[1] "carotene" wrong.
    """
    record = await store.start_round(
        NewRound(guild_id, channel_id, "cells", by, ("c1", "c2", "c3"), 20, "standard", 7, T0)
    )
    given = [
        (0, "c1", players[0], 0, None, True),
        (0, "c1", players[1], 1, None, False),
        (0, "c1", players[2], 1, None, False),
        (1, "c2", players[0], 0, None, True),
        (1, "c2", players[1], 2, None, False),
        (2, "c3", players[0], None, "Chlorophyll", True),
        (2, "c3", players[1], None, "carotene", False),
    ]
    for index, question_id, user, choice, text, right in given:
        await store.record_answer(
            Answer(
                guild_id=guild_id,
                round_id=record.id,
                question_index=index,
                question_id=question_id,
                deck_id="cells",
                user_id=user,
                choice=choice,
                text=text,
                right=right,
                ms=2500,
                points=100 if right else 0,
                answered_at=T0 + timedelta(seconds=30 * index + 3),
            )
        )
    await store.finish_round(record.id, "finished", T0 + timedelta(minutes=2))
    return record


async def flagged(store: Store, guild_id: int, users: list[int]) -> None:
    """c1 flagged by two members (wrong answer, with a hostile note), c2 by one (typo)."""
    await store.flag_question(
        FlagRecord(guild_id, "cells", "c1", users[0], "wrong", "<b>is it?</b>", "open", T0)
    )
    await store.flag_question(FlagRecord(guild_id, "cells", "c1", users[1], "wrong", None, "open", T0))
    await store.flag_question(FlagRecord(guild_id, "cells", "c2", users[0], "typo", "Golgi", "open", T0))
