"""Text that fits Discord's limits: clipping, letters for choices, member mentions, languages' own names."""

from __future__ import annotations

from collections.abc import Sequence

import discord
from babel import numbers

from bot import locales

# Discord's limits, imported here too because most renderers clip text with them.
from bot.ui.limits import (
    AUTOCOMPLETE_CHOICES,
    BUTTON_LABEL,
    CHOICE_NAME,
    CONTENT,
    CUSTOM_ID,
    EMBED_DESCRIPTION,
    EMBED_FIELDS,
    EMBED_TITLE,
    EMBED_TOTAL,
    FIELD_NAME,
    FIELD_VALUE,
    FOOTER,
)

__all__ = [
    "AUTOCOMPLETE_CHOICES",
    "BUTTON_LABEL",
    "CHOICE_NAME",
    "CONTENT",
    "CUSTOM_ID",
    "EMBED_DESCRIPTION",
    "EMBED_FIELDS",
    "EMBED_TITLE",
    "EMBED_TOTAL",
    "FIELD_NAME",
    "FIELD_VALUE",
    "FOOTER",
    "LANGUAGE_NAMES",
    "LETTERS",
    "clip",
    "embed_size",
    "fit_together",
    "fit_total",
    "language_name",
    "letter",
    "mention",
    "percent",
    "plural",
    "seconds_text",
]

LETTERS = "ABCDE"
ELLIPSIS = "…"


def clip(text: str, limit: int) -> str:
    """`text` shortened to at most `limit` characters, marking the cut with an ellipsis."""
    if len(text) <= limit:
        return text
    return text[: max(0, limit - 1)].rstrip() + ELLIPSIS


def embed_size(embed: discord.Embed) -> int:
    """The characters of `embed` that count toward Discord's 6000 for all embeds of a message."""
    size = len(embed.title or "") + len(embed.description or "") + len(embed.footer.text or "")
    size += len(embed.author.name or "")
    return size + sum(len(field.name or "") + len(field.value or "") for field in embed.fields)


# A field shortened to fewer characters than this is left out instead.
SHORTEST_FIELD = 40


def fit_total(embed: discord.Embed, first: Sequence[str] = (), limit: int = EMBED_TOTAL) -> discord.Embed:
    """`embed` within `limit` characters in all (Discord's 6000), shortening its fields: those named
    `first` in that order, then the others from the last; a field left too short is removed. What
    already fits is unchanged (the longest language may need this where English does not)."""
    if embed_size(embed) <= limit:
        return embed
    names = [field.name for field in embed.fields]
    order = [names.index(name) for name in first if name in names]
    order += [i for i in reversed(range(len(names))) if i not in order]
    removed: list[int] = []
    for index in order:
        over = embed_size(embed) - limit
        if over <= 0:
            break
        field = embed.fields[index]
        value = field.value or ""
        room = len(value) - over
        if room >= SHORTEST_FIELD:
            embed.set_field_at(
                index, name=field.name or "", value=clip(value, room), inline=bool(field.inline)
            )
        else:
            embed.set_field_at(index, name=field.name or "", value="", inline=bool(field.inline))
            removed.append(index)
    for index in sorted(removed, reverse=True):
        embed.remove_field(index)
    over = embed_size(embed) - limit
    if over > 0 and embed.description:
        embed.description = clip(embed.description, max(1, len(embed.description) - over))
    return embed


def fit_together(*embeds: discord.Embed) -> list[discord.Embed]:
    """Embeds sent in one message, within Discord's 6000 for all of them: the later ones give way."""
    room = EMBED_TOTAL
    for embed in embeds:
        fit_total(embed, limit=max(1, room))
        room -= embed_size(embed)
    return list(embeds)


def letter(slot: int) -> str:
    return LETTERS[slot]


def mention(user_id: int) -> str:
    return f"<@{user_id}>"


def plural(n: int, word: str, many: str | None = None) -> str:
    """English only ("1 member", "2 members"), for the host's own words (logs, /metrics).

    A sentence for people counts with the catalog instead, so each language's plural rules apply:
    `n_("{n} member", "{n} members", count)`.
    """
    return f"{n} {word if n == 1 else (many or word + 's')}"


def percent(part: int, whole: int) -> str:
    """`part` of `whole` as a whole percentage the task's language writes (67%, 67 %), or — of nothing."""
    return locales.percent(part / whole) if whole else "—"


def seconds_text(ms: int) -> str:
    """A duration in seconds with one decimal, as the task's language writes it (2.5 s, 2,5 s)."""
    shown = numbers.format_decimal(ms / 1000, format="#,##0.0", locale=locales.language().replace("-", "_"))
    return f"{shown} s"


# Names of the languages decks are written in, as their speakers write them; codes outside this list show
# as the code itself. Each is its language's own name in every catalog (a Shona speaker looking for
# French finds "français"), so none goes through the catalog.
LANGUAGE_NAMES = {
    "en": "English",  # i18n: not shown (a language's own name, the same in every language)
    "sn": "chiShona",
    "nd": "isiNdebele",
    "zu": "isiZulu",
    "xh": "isiXhosa",
    "sw": "Kiswahili",  # i18n: not shown (a language's own name)
    "fr": "français",
    "pt": "português",
    "es": "español",
    "de": "Deutsch",  # i18n: not shown (a language's own name)
}


def language_name(code: str) -> str:
    """A language by its own name (chiShona, English, français), whatever language the task writes in."""
    return LANGUAGE_NAMES.get(code, code)
