"""The sentences that set aside an item a round cannot play yet, shared by every learning platform's reader."""

from __future__ import annotations

from bot.bank import part_sizes
from bot.bank.match import MAX_PAIRS, MIN_PAIRS
from bot.locales import N_, n_

GAPS = N_(
    "a question with blanks Bvunzo cannot play (boxes to tick in a blank, or blanks its text does not "
    "mark), so it was left out"
)
ESSAY = N_("an essay question: it has no key to mark, so it was left out")
DESCRIPTION = N_("a description, not a question, so it was left out")
SEVERAL = N_(
    "a multiple-answer question (several right answers to tick); Bvunzo cannot play those yet, so it was "
    "left out"
)
OTHER_KIND = N_("a question of the kind `{kind}`, which Bvunzo cannot play, so it was left out")


def multi_fits(choices: int, right: int) -> bool:
    """Whether a question with several right answers to tick is one a multi question can hold.

    A multi question has 2 to MAX_MULTI_CHOICES choices, at least one right and at least one to leave.
    """
    return part_sizes.MIN_CHOICES <= choices <= part_sizes.MAX_MULTI_CHOICES and 0 < right < choices


def pairs_refusal(count: int) -> str:
    """Why a matching question of `count` pairs was left out (a match question holds 2 to 5)."""
    return n_(
        "a matching question of {n} pair; a match question holds {least} to {most} (Discord's answer form "
        "holds {most} menus), so it was left out",
        "a matching question of {n} pairs; a match question holds {least} to {most} (Discord's answer form "
        "holds {most} menus), so it was left out",
        count,
        least=MIN_PAIRS,
        most=MAX_PAIRS,
    )
