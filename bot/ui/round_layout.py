"""A round's cards (bot/rounds/cards.py) as Components V2 messages: one container per question.

The server's `card_style` "cards" (bot/store/records.py) asks for them; bot/discord/round_channel.py
sends them, and edits a message in the style it was posted in. A question is one container in the deck's
accent colour: its number and prompt as text, its picture and formulas in a media gallery, each choice
a section with its button beside it (a typed or multi question's buttons or menu in a row), a separator
and the timer line. The reveal is the same card again: the counts beside each choice, the right ones
marked, the explanation and the round's lines inside the container. A message holds at most 40
components and 4,000 characters of text (bot/looks/discord_limits.py); the text gives way as an embed's
does (bot/looks/embeds.py's `fit`).
"""

from __future__ import annotations

import zlib
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import discord
from discord import ui

from bot.bank.images import is_url
from bot.bank.models import Kind, Question
from bot.locales import _, number
from bot.looks.discord_limits import V2_TEXT
from bot.looks.embeds import Look, fit, size
from bot.looks.round import formula_name, how_to_answer, image_name, look_of, share, timer_lines
from bot.looks.text import letter
from bot.quiz import Reveal
from bot.rounds.cards import Card, QuestionCard, RevealCard
from bot.ui.round_views import question_view, reveal_view
from bot.ui.text import look_of as embed_look

# Accent colours a deck's card may take, chosen by its title so that every card of one deck looks alike.
ACCENTS = (0x5865F2, 0x2ECC71, 0xE67E22, 0x9B59B6, 0x1ABC9C, 0xE91E63, 0x3498DB, 0xF1C40F)
END_ACCENT = 0xF1C40F
# Characters of markup the card adds around its texts (headings, bold names, line breaks), kept in hand.
MARKUP = 200


def accent_of(deck_title: str) -> discord.Colour:
    """The deck's accent colour: the same for each of its cards, in every process (crc32, not hash())."""
    return discord.Colour(ACCENTS[zlib.crc32(deck_title.encode()) % len(ACCENTS)])


def layout_of(card: Card, *, formulas: bool = False) -> dict[str, Any] | None:
    """What a message showing a question or its reveal as a Components V2 card sends (its `view`); None
    for the others (the summary is bot/ui/round_cards.py's, from its embed)."""
    if isinstance(card, QuestionCard):
        return {"view": _frozen(question_layout(card, formulas=formulas))}
    if isinstance(card, RevealCard):
        return {"view": _frozen(reveal_layout(card, formulas=formulas))}
    return None


def _frozen(container: ui.Container[Any]) -> ui.LayoutView:
    """A card for sending only: its clicks reach the DynamicItem templates (bot/ui/views.py's rule)."""
    view = ui.LayoutView(timeout=None)
    view.add_item(container)
    view.stop()
    return view


def gallery_of(question: Question, index: int, *, formulas: bool) -> ui.MediaGallery[Any] | None:
    """The question's own picture and its formulas' picture, when its message carries them."""
    pictures = []
    if question.image is not None:
        url = question.image if is_url(question.image) else f"attachment://{image_name(question, index)}"
        pictures.append(discord.MediaGalleryItem(url))
    if formulas:
        pictures.append(discord.MediaGalleryItem(f"attachment://{formula_name(index)}"))
    return ui.MediaGallery(*pictures) if pictures else None


def _fitted(look: Look, reserved: int, first: Sequence[str] = ()) -> Look:
    """`look`'s description and fields within what the card leaves them: 4,000 less `reserved`."""
    return fit(replace(look, title="", footer=""), first, V2_TEXT - MARKUP - reserved)


def _fields_text(look: Look) -> str:
    return "\n\n".join(f"**{f.name}**\n{f.value}" for f in look.fields)


def question_layout(card: QuestionCard, *, formulas: bool = False) -> ui.Container[Any]:
    """The question while open: prompt, pictures, the choices with their buttons, the timer line."""
    question, order = card.question, card.order
    look = look_of(card, formulas=formulas)
    sectioned = _sectioned(question)
    choices = [f"**{letter(slot)}**  {question.choices[original]}" for slot, original in enumerate(order)]
    prompt = _asked_text(question, choices, sectioned=sectioned)
    timer = "\n".join(f"-# {line}" for line in timer_lines(card.opens_at, card.untimed, card.deadline))
    heading, footer = f"### {look.title}", f"{timer}\n-# {look.footer}".lstrip("\n")
    reserved = len(heading) + len(footer) + (sum(len(c) for c in choices) if sectioned else 0)
    prompt = _fitted(Look(description=prompt), reserved).description
    container = _card_top(card, f"{heading}\n{prompt}", formulas=formulas)
    view = question_view(card)
    _add_answering(container, choices, view.children, sectioned=sectioned)
    container.add_item(ui.TextDisplay(footer))
    return container


def _card_top(card: QuestionCard | RevealCard, text: str, *, formulas: bool) -> ui.Container[Any]:
    """The card's container in its deck's colour, holding its heading and text, then its pictures."""
    container: ui.Container[Any] = ui.Container(accent_colour=accent_of(card.deck_title))
    container.add_item(ui.TextDisplay(text))
    gallery = gallery_of(card.question, card.index, formulas=formulas)
    if gallery is not None:
        container.add_item(gallery)
    return container


def _add_answering(
    container: ui.Container[Any], choices: Sequence[str], items: Sequence[ui.Item[Any]], *, sectioned: bool
) -> None:
    """A classic view's items on the card, then a separator: when `sectioned`, each choice's line with its
    button beside it and the other items in rows below; otherwise every item in rows."""
    rest = list(items)
    if sectioned:
        for slot, text in enumerate(choices):
            container.add_item(ui.Section(ui.TextDisplay(text), accessory=_unrowed(rest[slot])))
        rest = rest[len(choices) :]
    for row in _rows(rest):
        container.add_item(row)
    container.add_item(ui.Separator())


def _asked_text(question: Question, choices: Sequence[str], *, sectioned: bool) -> str:
    """The text above the choices: the prompt, how a typed question is answered, or a multi question's
    choices (picked in its menu); a choice question's choices are in their sections."""
    text = question.shown_prompt
    told = how_to_answer(question)
    if told is not None:
        text += "\n\n" + told
    if not sectioned and not question.typed:
        text += "\n\n" + "\n".join(choices)
        if question.kind is Kind.MULTI:
            text += "\n\n" + _("Select all that apply, in the menu below.")
    return text


def _sectioned(question: Question) -> bool:
    """A choice or a poll: a section per choice, its button beside it (a multi one picks in a menu)."""
    return not question.typed and question.kind not in (Kind.MULTI, Kind.ORDER)


def _rows(items: Sequence[ui.Item[Any]]) -> list[ui.ActionRow[Any]]:
    """The buttons that are not a choice's (a typed answer's, Hint, Reveal, Translate, Report) or a
    multi question's menu, in rows: a menu fills a row alone, buttons go five to a row."""
    rows: list[ui.ActionRow[Any]] = []
    buttons: list[ui.Item[Any]] = []
    for item in items:
        if isinstance(item, ui.Select):
            rows.append(ui.ActionRow(_unrowed(item)))
        else:
            buttons.append(_unrowed(item))
    rows += [ui.ActionRow(*buttons[i : i + 5]) for i in range(0, len(buttons), 5)]
    return rows


def _unrowed(item: ui.Item[Any]) -> ui.Item[Any]:
    """A classic view's item without its row: a card places it (a section, an action row)."""
    item.row = None
    return item


def reveal_layout(card: RevealCard, *, formulas: bool = False) -> ui.Container[Any]:
    """The same card revealed: each choice with its count and mark, the answer, the round's lines."""
    question, order, reveal = card.question, card.order, card.reveal
    look = look_of(card, formulas=formulas)
    heading, footer = f"### {look.title}", f"-# {look.footer}"
    sectioned = _sectioned(question)
    choices = [_counted(question, reveal, slot, original) for slot, original in enumerate(order)]
    # A choice question's counted lines are its sections': the text above them is the prompt alone.
    body = question.shown_prompt if sectioned else look.description
    reserved = len(heading) + len(footer) + (sum(len(c) for c in choices) if sectioned else 0)
    first = (_("Streaks"), _("Hints used"), _("Fastest right answers"))
    fitted = _fitted(replace(look, description=body), reserved, first)
    container = _card_top(card, f"{heading}\n{fitted.description}", formulas=formulas)
    # The classic reveal's buttons: a choice's first, counted ("A · 12"), the right ones green.
    view = reveal_view(card)
    _add_answering(container, choices, view.children, sectioned=sectioned)
    if fitted.fields:
        container.add_item(ui.TextDisplay(_fields_text(fitted)))
    container.add_item(ui.TextDisplay(footer))
    return container


def _counted(question: Question, reveal: Reveal, slot: int, original: int) -> str:
    """A choice at the reveal: marked right or not, with how many chose it (a poll's share of the votes
    too, as its classic reveal says)."""
    tick = "✅" if slot in reveal.right_slots else "▫️"
    count = reveal.counts[slot] if slot < len(reveal.counts) else 0
    part = f" ({share(count, reveal.answered)})" if question.kind is Kind.POLL else ""
    return f"{tick} **{letter(slot)}**  {question.choices[original]}  — **{number(count)}**{part}"


def summary_layout(embed: discord.Embed, view: discord.ui.View | None) -> ui.LayoutView:
    """The round's end as a card: the classic summary's text and buttons (bot/ui/round_cards.py) inside
    a container, in the podium's gold."""
    return embed_card(embed, view, discord.Colour(END_ACCENT))


def embed_card(
    embed: discord.Embed,
    view: discord.ui.View | None,
    accent: discord.Colour,
    choices: Sequence[tuple[str, ui.Item[Any]]] = (),
) -> ui.LayoutView:
    """An embed and its buttons as one card: its title and text, its picture in a gallery, `choices` as
    a section each (its text, its button beside it), its fields, a separator, its footer, then its other
    buttons and menus in rows (practice's screens, a round's summary, the question of the day, an
    assignment)."""
    reserved = sum(len(text) for text, _item in choices)
    fitted = fit(embed_look(embed), limit=V2_TEXT - MARKUP - reserved)
    container: ui.Container[Any] = ui.Container(accent_colour=accent)
    _add_look(container, fitted, choices)
    for row in _rows([] if view is None else list(view.children)):
        container.add_item(row)
    return _frozen(container)


def embeds_card(
    embeds: Sequence[discord.Embed], view: discord.ui.View | None, accent: discord.Colour
) -> ui.LayoutView:
    """Several embeds and their buttons as one card: each embed's parts in turn, a separator between
    them, the buttons and menus in rows at the end (an assignment attempt's feedback with its next
    question or its summary). The 4,000 characters are shared: the shorter embeds whole first."""
    looks = [embed_look(embed) for embed in embeds]
    limits = _shares([size(look) for look in looks], V2_TEXT - MARKUP * len(looks))
    container: ui.Container[Any] = ui.Container(accent_colour=accent)
    for at, (look, limit) in enumerate(zip(looks, limits, strict=True)):
        if at:
            container.add_item(ui.Separator())
        _add_look(container, fit(look, limit=limit), ())
    for row in _rows([] if view is None else list(view.children)):
        container.add_item(row)
    return _frozen(container)


def _shares(needs: Sequence[int], total: int) -> list[int]:
    """`total` shared out: the smallest need first gets what it needs, up to an even share of what is
    left, and so on (what one leaves goes to the others)."""
    shares, left = [0] * len(needs), total
    for done, at in enumerate(sorted(range(len(needs)), key=needs.__getitem__)):
        shares[at] = min(needs[at], left // (len(needs) - done))
        left -= shares[at]
    return shares


def _add_look(
    container: ui.Container[Any], fitted: Look, choices: Sequence[tuple[str, ui.Item[Any]]]
) -> None:
    """An embed's fitted parts in `container`: its title and text, its picture, `choices` as sections,
    its fields, a separator and its footer."""
    heading = f"### {fitted.title}\n" if fitted.title else ""
    container.add_item(ui.TextDisplay(f"{heading}{fitted.description}".strip() or "…"))
    if fitted.image:
        container.add_item(ui.MediaGallery(discord.MediaGalleryItem(fitted.image)))
    for text, item in choices:
        container.add_item(ui.Section(ui.TextDisplay(text), accessory=_unrowed(item)))
    if fitted.fields:
        container.add_item(ui.TextDisplay(_fields_text(fitted)))
    if fitted.footer:
        container.add_item(ui.Separator())
        container.add_item(ui.TextDisplay(f"-# {fitted.footer}"))
