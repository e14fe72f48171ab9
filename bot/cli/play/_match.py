"""A match question in the terminal: the right items numbered in the order the menus offer them, then one
number asked for each left item; the pairing kept as the rounds keep it (a JSON list)."""

from __future__ import annotations

from bot.bank.match import pairing_text
from bot.bank.models import Question
from bot.cli.play._screen import Screen
from bot.locales import _, number
from bot.looks.match import offered


def show_rights(screen: Screen, question: Question) -> None:
    for n, (_index, text) in enumerate(offered(question), 1):
        screen.say(f"{screen.style(number(n), 'cyan')}) {text}", indent="  ", hang="   ")


def read_pairing(screen: Screen, question: Question) -> str | None:
    """For each left item the number of its right item, asked again until it is one; None to stop."""
    rights = [index for index, _text in offered(question)]
    chosen = []
    for left, _right in question.pairs:
        while True:
            typed = screen.ask(_("{left} → (1-{last}, :q to stop): ", left=left, last=number(len(rights))))
            if typed is None or typed == ":q":
                return None
            if typed.strip().isdigit() and 1 <= int(typed) <= len(rights):
                chosen.append(rights[int(typed) - 1])
                break
            screen.say(
                _("Type the number of what goes with it, 1 to {last}.", last=number(len(rights))), "yellow"
            )
    return pairing_text(chosen)
