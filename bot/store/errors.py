"""What can go wrong in the store, each carrying a sentence for the host or the member."""

from __future__ import annotations

from bot.store.records import RoundRecord


class StoreError(Exception):
    """The database cannot do what was asked: unwritable file, full disk, schema newer than this code..."""


class RoundAlreadyRunning(StoreError):
    """A channel holds one running round at a time."""

    def __init__(self, round: RoundRecord) -> None:
        super().__init__(
            f"A round of “{round.deck_id}” is already running in this channel; "
            "wait for it to end or stop it with /quiz stop."
        )
        self.round = round
