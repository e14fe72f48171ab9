"""The answer to /deck import: what was kept or refused and why, and a select per column to correct a guess."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

import discord

from bot.locales import N_, _, language, n_, p_, slash, translations
from bot.looks.discord_limits import EMBED_TITLE
from bot.ui import custom_ids
from bot.ui.deck_views import problem_lines, safe
from bot.ui.owners import DeskKey
from bot.ui.text import EMBED_DESCRIPTION, clip

if TYPE_CHECKING:
    from bot.bank.importers import ImportOutcome
    from bot.bank.models import Deck

# A message with components v2 holds 40 components: one text, then a row and its select per column.
MAX_COLUMN_SELECTS = 12
# All text of a components-v2 message together.
V2_TEXT = 4000
# Where the catalog keeps the slash commands' option names (bot/cli/catalog_tools.py).
OPTION_CONTEXT = "command parameter_name"  # i18n: not shown


class ImportDesk(Protocol):
    """Who re-reads an upload when a moderator corrects one of its columns (cogs/decks)."""

    async def on_column_chosen(
        self, interaction: discord.Interaction[Any], deck_id: str, column: int, role: str
    ) -> None: ...


IMPORT_DESK = DeskKey[ImportDesk](N_("deck imports"))


def report_text(outcome: ImportOutcome, *, title: str, replaced: bool, room: int) -> str:
    """The whole report in Markdown: the same headline and reasons `bvunzo import` prints."""
    source = safe(outcome.source)
    kept = outcome.kept
    if kept is None:
        lines = _refused_lines(outcome, source)
    else:
        lines = _kept_lines(outcome, kept.deck, source, replaced=replaced)
    lines += [s for s in (outcome.read_as(), outcome.mapping()) if s]
    if outcome.mapping():
        lines.append(_("If a column is read wrong, choose what it holds below: the file is read again."))
    text = "\n".join(lines) + "\n\n"
    extra = [*outcome.notes, *outcome.problems]
    if extra:
        text += problem_lines(extra, room - len(text) - 40)
    return clip(f"**{clip(title, EMBED_TITLE)}**\n" + text.rstrip(), room)


def _kept_lines(outcome: ImportOutcome, deck: Deck, source: str, *, replaced: bool) -> list[str]:
    """What the server now has, and how to play it."""
    kinds = ", ".join(_kind(kind) for kind in sorted({q.kind.value for q in deck.questions}))
    sentences = [
        n_(
            "**{n} question** from **{source}** ({kinds}) is now the deck `{deck}` of this server.",
            "**{n} questions** from **{source}** ({kinds}) are now the deck `{deck}` of this server.",
            len(deck.questions),
            source=source,
            kinds=kinds,
            deck=deck.id,
        )
    ]
    if replaced:
        sentences.append(_("It replaces the deck of that name; history of unchanged questions is kept."))
    sentences.append(_("Play it with `{cmd}`.", cmd=slash("quiz start")))
    lines = [" ".join(sentences)]
    if outcome.problems:
        lines.append(outcome.headline)
    return lines


def _refused_lines(outcome: ImportOutcome, source: str) -> list[str]:
    """Why nothing was kept, and how to keep the good questions all the same."""
    lines = [_("**{source}**: {problem}", source=source, problem=outcome.headline)]
    if outcome.good_left_behind:
        lines.append(
            n_(
                "Import with `{option}: True` to keep the {n} good question.",
                "Import with `{option}: True` to keep the {n} good questions.",
                outcome.good_left_behind,
                option=_option_name("keep_valid"),
            )
        )
    return lines


def _kind(kind: str) -> str:
    """A question's `type:` as the reader's language calls it (the deck format's own word in English)."""
    names = {
        "choice": p_("question kind", "choice"),
        "truefalse": p_("question kind", "truefalse"),
        "text": p_("question kind", "text"),
        "number": p_("question kind", "number"),
        "multi": p_("question kind", "multi"),
        "cloze": p_("question kind", "cloze"),
        "match": p_("question kind", "match"),
        "order": p_("question kind", "order"),
        "poll": p_("question kind", "poll"),
    }
    return names.get(kind, kind)


def _option_name(name: str) -> str:
    """A /deck import option as the reader's Discord names it (Shona keeps Discord's English names)."""
    return translations(language()).pgettext(OPTION_CONTEXT, name)


def report_title(outcome: ImportOutcome) -> str:
    kept = outcome.kept
    return _("Imported: {title}", title=kept.deck.title) if kept is not None else _("Not imported")


def report_message(outcome: ImportOutcome, deck_id: str, *, replaced: bool = False) -> dict[str, Any]:
    """The followup's or edit's arguments: an embed, or text with column selects when they are shown."""
    title = report_title(outcome)
    if not (outcome.mapping() and outcome.columns is not None):
        text = report_text(outcome, title=title, replaced=replaced, room=EMBED_DESCRIPTION)
        body = text.split("\n", 1)[1] if "\n" in text else text
        colour = discord.Colour.green() if outcome.kept is not None else discord.Colour.red()
        return {"embed": discord.Embed(title=clip(title, EMBED_TITLE), description=body, colour=colour)}
    view = discord.ui.LayoutView(timeout=None)
    roles = outcome.columns.roles[:MAX_COLUMN_SELECTS]
    labels = outcome.columns.labels
    view.add_item(discord.ui.TextDisplay(report_text(outcome, title=title, replaced=replaced, room=V2_TEXT)))
    for index, role in enumerate(roles):
        label = labels[index] if index < len(labels) else _("column {number}", number=index + 1)
        view.add_item(discord.ui.ActionRow(column_select(deck_id, index, label, role)))
    view.stop()
    return {"view": view}


def column_select(deck_id: str, column: int, label: str, role: str) -> discord.ui.Select[Any]:
    """The select of one column: every role, the one it is read as chosen."""
    from bot.bank.importers.columns import ROLE_HELP, ROLES  # the importers load on the first upload

    name = clip(" ".join(label.split()), 40)
    options = [
        discord.SelectOption(
            label=clip(_("Column {number} ({name}): {role}", number=column + 1, name=name, role=each), 100),
            value=each,
            # The roles are the words of `bvunzo import --columns`; what each means is the bank's sentence.
            description=clip(_(ROLE_HELP[each]), 100),
            default=each == role,
        )
        for each in ROLES
    ]
    return discord.ui.Select(
        custom_id=custom_ids.IMPORT_COLUMN.make(column, deck_id), options=options, min_values=1, max_values=1
    )
