"""bot/discord/ended_clicks.py: the garbage of ended clicks is collected every hundred."""

from __future__ import annotations

import gc

from bot.discord.ended_clicks import EndedClicks


class Click:
    """A click's objects that hold one another, as an Interaction and its reply do."""

    def __init__(self) -> None:
        self.reply = self


def test_every_hundredth_ended_click_frees_the_cycles_the_ended_ones_left() -> None:
    gc.collect()
    gc.disable()  # only the pace collects here, as the frozen heap leaves it to do
    try:
        ended = EndedClicks()
        for _ in range(99):
            Click()
            ended.ended()
        assert sum(isinstance(o, Click) for o in gc.get_objects()) == 99  # kept by their cycles
        Click()
        ended.ended()  # the hundredth
        assert sum(isinstance(o, Click) for o in gc.get_objects()) == 0
        Click()
        ended.ended()
        assert ended.count == 101 and sum(isinstance(o, Click) for o in gc.get_objects()) == 1
    finally:
        gc.enable()
