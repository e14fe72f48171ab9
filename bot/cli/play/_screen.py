"""The terminal: colours and a progress bar on a TTY, plain lines when piped; one answer read per line."""

from __future__ import annotations

import os
import shutil
import sys
import textwrap
from typing import TextIO

from bot.locales import _, number

# ANSI styles; only written when the output is a terminal that wants them.
STYLES = {
    "bold": "1",
    "dim": "2",
    "red": "31",
    "green": "32",
    "yellow": "33",
    "cyan": "36",
}
MAX_WIDTH = 100
BAR_WIDTH = 20


def wants_colour(out: TextIO, env: dict[str, str] | None = None) -> bool:
    """Colour on a terminal, unless NO_COLOR is set (no-color.org) or the terminal is dumb."""
    env = dict(os.environ) if env is None else env
    isatty = getattr(out, "isatty", None)
    return bool(isatty and isatty()) and "NO_COLOR" not in env and env.get("TERM") != "dumb"


class Screen:
    def __init__(self, out: TextIO, inp: TextIO, *, colour: bool, echo: bool) -> None:
        self.out = out
        self.inp = inp
        self.colour = colour
        self.echo = echo  # write what was read, so a piped transcript shows the answers
        self.width = min(MAX_WIDTH, shutil.get_terminal_size((80, 24)).columns) if colour else 80

    @classmethod
    def for_terminal(cls) -> Screen:
        return cls(sys.stdout, sys.stdin, colour=wants_colour(sys.stdout), echo=not sys.stdin.isatty())

    def style(self, text: str, *styles: str) -> str:
        if not self.colour or not styles or not text:
            return text
        codes = ";".join(STYLES[s] for s in styles)
        return f"\x1b[{codes}m{text}\x1b[0m"

    def say(self, text: str = "", *styles: str, indent: str = "", hang: str = "") -> None:
        """Write `text` wrapped to the terminal; `hang` indents the wrapped lines further (after a letter)."""
        lines = []
        for paragraph in text.split("\n"):
            wrapped = textwrap.fill(
                paragraph,
                self.width,
                initial_indent=indent,
                subsequent_indent=indent + hang,
                break_on_hyphens=False,
            )
            lines.append(wrapped or "")
        self.out.write(self.style("\n".join(lines), *styles) + "\n")
        self.out.flush()

    def progress(self, done: int, total: int, right: int, title: str) -> None:
        """Where the player is: a bar on a terminal, a plain heading otherwise."""
        if self.colour:
            filled = round(BAR_WIDTH * done / total) if total else 0
            bar = self.style("█" * filled, "cyan") + self.style("░" * (BAR_WIDTH - filled), "dim")
            self.say()
            where = _(
                "{done}/{total} · {right} right · {title}",
                done=done + 1,
                total=total,
                right=right,
                title=title,
            )
            self.out.write(f"{bar} {where}\n")
        else:
            self.say()
            where = _(
                "Question {number} of {total} · {title}",
                number=number(done + 1),
                total=number(total),
                title=title,
            )
            self.out.write(f"{where}\n")
        self.out.flush()

    def ask(self, prompt: str) -> str | None:
        """One line from the player, stripped; None when the input ended (Ctrl-D, end of a pipe) or Ctrl-C."""
        try:
            # Inside the try: a Ctrl-C that lands just after the prompt is shown, before the read, stops too.
            self.out.write(self.style(prompt, "bold"))
            self.out.flush()
            line = self.inp.readline()
        except KeyboardInterrupt:
            self.out.write("\n")
            return None
        if not line:
            self.out.write("\n")
            return None
        answer = line.strip()
        if self.echo:
            self.out.write(answer + "\n")
        return answer
