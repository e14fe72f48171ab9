"""An embed as plain data: what bot/ui turns into a discord.Embed and bot/web draws as HTML.

The rule that fits an embed within Discord's 6000 characters in all lives here, once, for both.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from bot.looks.discord_limits import EMBED_TOTAL
from bot.looks.text import clip


@dataclass(frozen=True, slots=True)
class Field:
    name: str
    value: str
    inline: bool = False


@dataclass(frozen=True, slots=True)
class Look:
    """An embed's text: its title, description, fields, footer, image address and colour's name."""

    title: str = ""
    description: str = ""
    fields: tuple[Field, ...] = ()
    footer: str = ""
    image: str | None = None
    colour: str = ""  # "question", "reveal", "end": bot/ui picks the colour, bot/web the class
    author: str = ""

    def with_field(self, name: str, value: str, *, inline: bool = False) -> Look:
        return replace(self, fields=(*self.fields, Field(name, value, inline)))


def size(look: Look) -> int:
    """The characters of `look` that count toward Discord's 6000 for all embeds of a message."""
    total = len(look.title) + len(look.description) + len(look.footer) + len(look.author)
    return total + sum(len(f.name) + len(f.value) for f in look.fields)


# A field shortened to fewer characters than this is left out instead.
SHORTEST_FIELD = 40


def fit(look: Look, first: Sequence[str] = (), limit: int = EMBED_TOTAL) -> Look:
    """`look` within `limit` characters in all (Discord's 6000), shortening its fields: those named
    `first` in that order, then the others from the last; a field left too short is removed. What
    already fits is unchanged (the longest language may need this where English does not)."""
    if size(look) <= limit:
        return look
    fields = list(look.fields)
    names = [f.name for f in fields]
    order = [names.index(name) for name in first if name in names]
    order += [i for i in reversed(range(len(names))) if i not in order]
    removed: set[int] = set()
    for index in order:
        over = size(replace(look, fields=tuple(fields))) - limit
        if over <= 0:
            break
        value = fields[index].value
        room = len(value) - over
        if room >= SHORTEST_FIELD:
            fields[index] = replace(fields[index], value=clip(value, room))
        else:
            fields[index] = replace(fields[index], value="")
            removed.add(index)
    fitted = replace(look, fields=tuple(f for i, f in enumerate(fields) if i not in removed))
    over = size(fitted) - limit
    if over > 0 and fitted.description:
        fitted = replace(fitted, description=clip(fitted.description, max(1, len(fitted.description) - over)))
    return fitted
