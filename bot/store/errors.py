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


class StoreUnavailable(StoreError):
    """The database cannot be reached right now (refused, restarting, locked past the store's bound).

    Weather, not a bug: the member hears `sentence`, the host one WARNING per outage (bot/store/outage.py).
    `unsure` says a write may have reached the database before the connection broke (its COMMIT unanswered):
    the member is told so, and their next try finds the stored row if it did (an answer is never stored twice).
    """

    def __init__(self, detail: str, *, unsure: bool = False) -> None:
        super().__init__(detail)
        self.unsure = unsure

    @property
    def sentence(self) -> str:
        if self.unsure:
            return (
                "Bvunzo lost its database while saving that, so it may not have been recorded; "
                "send it again in a moment and Bvunzo will tell you if it already was."
            )
        return (
            "Bvunzo can't reach its database right now, so that was not recorded; "
            "please send it again in a moment."
        )


class OccurrenceTaken(Exception):
    """A schedule's occurrence already has its round, or was settled without one: nothing to start.

    Not a StoreError: the database answered, and the answer is that someone else did it."""


class DeckMoved(Exception):
    """The stored deck is no longer the one a change was made to (another process saved it meanwhile):
    nothing was written; read the deck again and make the change to that.

    Not a StoreError: the database answered, and the answer is that someone else changed the deck."""
