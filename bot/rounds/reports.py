"""/quiz report: per question of a round, or of a deck over a server's rounds, who got it right and what
wrong answer drew the most; for a deck, the questions members keep failing too."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bot.bank.models import Deck
from bot.errors import UserError
from bot.locales import _
from bot.quiz import LEECH_FAILURES
from bot.rounds.service import RoundService
from bot.store import PollVote, ReportLine, RoundRecord, StruggleLine


@dataclass(frozen=True, slots=True)
class QuestionReport:
    title: str
    deck: Deck  # what the round asked (a round's), or the deck as it is today (a deck's)
    lines: list[ReportLine]
    votes: list[PollVote]  # a round's polls
    struggles: list[StruggleLine] | None  # a deck's: the questions members keep failing (LEECH_FAILURES)


class Reports:
    """The reports of a server's rounds, through the round service (which knows what each round asked)."""

    def __init__(self, rounds: RoundService, find_deck: Callable[[str, int | None], Deck]) -> None:
        self.rounds, self.find_deck = rounds, find_deck

    async def report(
        self, guild_id: int, channel_id: int, *, round_id: int | None, deck_name: str | None
    ) -> QuestionReport:
        """Of round `round_id`, of a deck over all rounds, or (neither) of the channel's last finished round."""
        if round_id is not None and deck_name:
            raise UserError(_("Give a round or a deck, not both."))
        store = self.rounds.host.store
        if deck_name:
            deck = self.find_deck(deck_name, guild_id)
            lines = await store.question_report(guild_id, deck_id=deck.id)
            struggles = await store.deck_struggles(guild_id, deck.id, failures=LEECH_FAILURES)
            title = _("Report: {deck} (all rounds in this server)", deck=deck.title)
            return QuestionReport(title, deck, lines, [], struggles)
        if round_id is not None:
            record = await store.get_round(round_id)
            if record is None or record.guild_id != guild_id:
                raise UserError(_("This server has no round number {round}.", round=round_id))
            gone = _("The deck of that round is no longer loaded.")
        else:
            record = await store.last_finished_round(guild_id, channel_id)
            if record is None:
                raise UserError(
                    _("No round has finished in this channel yet; give a deck to see its report.")
                )
            gone = _("The deck of the last round here is no longer loaded.")
        return await self._of_round(record, gone, last=round_id is None)

    async def _of_round(self, record: RoundRecord, gone: str, *, last: bool) -> QuestionReport:
        deck = await self.rounds.asked_deck(record)  # what it asked, whatever the deck says today
        if deck is None:
            raise UserError(gone)
        store = self.rounds.host.store
        lines = await store.question_report(record.guild_id, round_id=record.id)
        votes = await store.round_votes(record.id)
        if last:
            title = _("Report: round {round} of {deck} (the last one here)", round=record.id, deck=deck.title)
        else:
            title = _("Report: round {round} of {deck}", round=record.id, deck=deck.title)
        return QuestionReport(title, deck, lines, votes, None)
