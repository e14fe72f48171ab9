"""The question of the day as a Components V2 card and as an embed: an order question shows its items."""

from __future__ import annotations

from datetime import UTC, date, datetime

from bot.ui.calendar_cards import qotd_card
from bot.ui.qotd import qotd_embed
from tests.test_calendar_kinds import ORDER, deck_of

ON = date(2027, 5, 3)
CLOSES = datetime(2027, 5, 4, 6, 0, tzinfo=UTC)
# The day's order of the items: Earth, Mercury, Venus (originals 2, 0, 1).
SHOWN = (2, 0, 1)
ASKED = (
    "From the Sun outwards?\n\n**A**  Earth\n**B**  Mercury\n**C**  Venus\n\n"
    "Put the items in order with the **Answer** button."
)


def test_an_order_question_of_the_day_lists_its_items_on_its_card_and_its_embed() -> None:
    planets = deck_of(ORDER).questions[0]
    card = qotd_card(planets, SHOWN, ON, CLOSES, "Science", []).to_components()
    (container,) = card
    text = container["components"][0]["content"]
    assert text.startswith(f"### Question of the day · May 3, 2027\n{ASKED}\n\nOpen until <t:")
    embed = qotd_embed(planets, SHOWN, ON, CLOSES, "Science")
    assert embed.description is not None and embed.description.startswith(f"{ASKED}\n\nOpen until <t:")
