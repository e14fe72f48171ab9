"""Click parse benchmark: the bot's CPU to take one click off the gateway, on a card and on a classic message.

Run from the repository root: .venv/bin/python bench/bench_click_parse.py [--clicks 3000] [--rounds 3]

bench_clicks.py measures a whole round, where the machine's load moves the figure by ±10%; this isolates
what differs between a click on a Components V2 question card and one on a classic question message: the
INTERACTION_CREATE payload decoded from JSON, parsed by discord.py and handed to its DynamicItem (one that
does nothing). Each is measured discord.py's own way and Bvunzo's (bot/discord/internals.py's
`read_clicks_lightly` and `dispatch_dynamic_items_lightly`), alternated, in this one process. The messages
are what bot/ui/round_cards.py sends for a four-choice question. Prints figures only.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import discord

from bot.discord.internals import dispatch_dynamic_items_lightly, read_clicks_lightly
from bot.ui.round_cards import content_of
from tests.test_discord_internals import interaction_event
from tests.test_ui_round_layout import asked

WAYS = ("discord.py", "bvunzo")
LOOKS = ("classic", "cards")


class Taken(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"(?P<any>.+)"):
    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Taken:
        return cls(item)  # type: ignore[arg-type]


def click_payload(cards: bool) -> str:
    """A click on the question message's first answer button, as the gateway sends it."""
    components = content_of(asked(), cards=cards)["view"].to_components()
    stack = list(components)
    while stack[0].get("type") != 2:
        first = stack.pop(0)
        stack[:0] = [*first.get("components", []), *([first["accessory"]] if "accessory" in first else [])]
    event = interaction_event(1, 3, {"custom_id": stack[0]["custom_id"], "component_type": 2}, 1234)
    event["message"].update(components=components, flags=(1 << 15) if cards else 0)
    return json.dumps(event)


async def per_click(way: str, payload: str, clicks: int) -> float:
    """Microseconds of CPU per click."""
    client = discord.Client(intents=discord.Intents.none())
    if way == "bvunzo":
        read_clicks_lightly(client)
        dispatch_dynamic_items_lightly(client)
    client.add_dynamic_items(Taken)
    parse = client._connection.parsers["INTERACTION_CREATE"]
    began = time.process_time()
    for _ in range(clicks):
        parse(json.loads(payload))
        await asyncio.sleep(0)  # the item's task: from_custom_id, interaction_check, callback
        await asyncio.sleep(0)
    return 1e6 * (time.process_time() - began) / clicks


async def main(clicks: int, rounds: int) -> None:
    payloads = {look: click_payload(look == "cards") for look in LOOKS}
    for look, payload in payloads.items():
        print(f"{look}: a click's payload {len(payload)} characters of JSON")
    figures: dict[tuple[str, str], list[float]] = {(w, look): [] for w in WAYS for look in LOOKS}
    for _ in range(rounds):
        for way in WAYS:
            for look in LOOKS:
                figures[way, look].append(await per_click(way, payloads[look], clicks))
    for (way, look), times in figures.items():
        print(f"  {way:10s} {look:7s} µs of CPU per click: {', '.join(f'{t:.0f}' for t in times)}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--clicks", type=int, default=3000, help="clicks per measurement")
    parser.add_argument("--rounds", type=int, default=3, help="alternations of the four measurements")
    arguments = parser.parse_args()
    asyncio.run(main(arguments.clicks, arguments.rounds))
