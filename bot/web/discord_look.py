"""Discord's look on a web page: a message's markdown as plain spans, timestamps as words, formulas as code.

The deck editor's preview draws an embed the way Discord's client does, but from spans the template
escapes: nothing a deck author wrote ever becomes HTML.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime

from bot.bank.formulas import pieces
from bot.locales import n_

# What the round's embeds use: **bold**, and <t:unix:R> timestamps.
_TOKENS = re.compile(r"\*\*(?P<bold>.+?)\*\*|<t:(?P<unix>-?\d+)(?::(?P<style>[tTdDfFR]))?>", re.DOTALL)


@dataclass(frozen=True, slots=True)
class Span:
    text: str
    bold: bool = False
    time: bool = False
    formula: bool = False  # a formula's source as written (`$…$`): the page shows it as code, not drawn


def relative(moment: datetime, now: datetime) -> str:
    seconds = round((moment - now).total_seconds())
    ahead = seconds >= 0
    seconds = abs(seconds)
    if seconds < 60:
        if ahead:
            return n_("in {n} second", "in {n} seconds", seconds)
        return n_("{n} second ago", "{n} seconds ago", seconds)
    if seconds < 3600:
        if ahead:
            return n_("in {n} minute", "in {n} minutes", seconds // 60)
        return n_("{n} minute ago", "{n} minutes ago", seconds // 60)
    if ahead:
        return n_("in {n} hour", "in {n} hours", seconds // 3600)
    return n_("{n} hour ago", "{n} hours ago", seconds // 3600)


def spans(text: str, now: datetime) -> list[list[Span]]:
    """The text's lines, each a list of spans: bold where Discord draws bold, timestamps in words."""
    lines: list[list[Span]] = []
    for line in text.split("\n"):
        out: list[Span] = []
        at = 0
        for match in _TOKENS.finditer(line):
            if match.start() > at:
                out.extend(_plain(line[at : match.start()]))
            if match["bold"] is not None:
                out.append(Span(match["bold"], bold=True))
            else:
                moment = datetime.fromtimestamp(int(match["unix"]), now.tzinfo)
                out.append(Span(relative(moment, now), time=True))
            at = match.end()
        if at < len(line):
            out.extend(_plain(line[at:]))
        lines.append(out)
    return lines


def _plain(text: str) -> list[Span]:
    """Text with its formulas (bot/bank/formulas.py) as their own spans, written as in the deck."""
    if "$" not in text:
        return [Span(text)]
    return [Span(p.written if p.formula else p.text, formula=p.formula) for p in pieces(text)]
