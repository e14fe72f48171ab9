"""Anki packages (`.apkg`, `.colpkg`): each note a typed-answer question, as Anki's text export reads.

As with Anki's text export (flashcards.py, spreadsheet.py), a note's first field is asked, the second
answers it (or the field its card asks to type, for "Basic (type in the answer)"), and a third is kept as
the explanation; a reversed card is not asked apart. With distractors asked for, each becomes a choice
question whose wrong choices are other notes' answers from the same Anki deck. Fields are HTML, read
as plain text; `[sound:…]` is dropped and so is an image from the package (an uploaded deck shows only
images at https:// addresses, which are kept), each said once. A cloze note is a cloze question
(anki_cloze.py).
A note's "line" is its place in the package, counted from 1.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from bot.bank.cloze import MAX_BLANKS
from bot.bank.images import is_url
from bot.bank.importers.anki_cloze import read_cloze
from bot.bank.importers.anki_collection import Collection, Note, read_collection
from bot.bank.importers.anki_schema import NoteType
from bot.bank.importers.distractors import WRONG_CHOICES, with_distractors
from bot.bank.importers.drafts import DeckDraft
from bot.bank.importers.html_text import html_images, html_to_text
from bot.locales import _, n_

_SOUND = re.compile(r"\[sound:[^\]]*\]")
_CLOZE = re.compile(r"\{\{c\d+::")
_DEFAULT_DECK = "Default"  # i18n: not shown (Anki's name for the deck it starts with)


@dataclass
class _Dropped:
    """What the notes held that no question keeps: the first note of each, and how many notes."""

    sounds: list[int] = field(default_factory=list)
    images: list[int] = field(default_factory=list)
    reversed: list[int] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class _Card:
    line: int
    prompt: str
    answer: str
    explanation: str
    image: str | None
    tags: tuple[str, ...]
    deck: str


def read_anki_package(data: bytes, source: str, *, distractors: bool) -> DeckDraft:
    """The questions of an Anki package; DeckError, in one sentence, when it cannot be read at all."""
    collection = read_collection(data, source)
    draft = DeckDraft(source, title=_title(collection.notes))
    dropped = _Dropped()
    cards = [c for note in collection.notes if (c := _card(draft, note, collection, dropped)) is not None]
    if distractors:
        _add_choices(draft, cards)
    else:
        for card in cards:
            draft.add(
                card.line,
                type="text",
                prompt=card.prompt,
                answers=[card.answer],
                explanation=card.explanation,
                image=card.image,
                tags=list(card.tags),
            )
    _say_dropped(draft, dropped)
    draft.questions.sort(key=lambda q: q.line)
    draft.notes.sort(key=lambda p: p.line)
    return draft


def _title(notes: list[Note]) -> str:
    """The deck the notes share (the common part of `A::B` names), else the one most of them are in."""
    names = [note.deck for note in notes if note.deck]
    if not names:
        return ""
    parts = [name.split("::") for name in names]
    common: list[str] = []
    for level in zip(*parts, strict=False):
        if len(set(level)) != 1:
            break
        common.append(level[0])
    title = "::".join(common) or Counter(names).most_common(1)[0][0]
    return "" if title == _DEFAULT_DECK else title


def _card(draft: DeckDraft, note: Note, collection: Collection, dropped: _Dropped) -> _Card | None:
    kind = collection.types.get(note.type_id)
    if kind is None:
        draft.skip(note.number, _("the note's type is not in the collection"))
        return None
    if kind.cloze or any(_CLOZE.search(f) for f in note.fields):
        _cloze(draft, note, dropped)
        return None
    front, back, extra = _sides(kind, note.fields)
    if kind.cards > 1:
        dropped.reversed.append(note.number)
    image = next((src for src in html_images(front) if is_url(src)), None)
    if any(_SOUND.search(f) for f in (front, back, extra)):
        dropped.sounds.append(note.number)
    if any(not is_url(src) for f in (front, back, extra) for src in html_images(f)):
        dropped.images.append(note.number)
    prompt, answer = _text(front), _text(back)
    if not prompt:
        draft.skip(note.number, _("the note's first field holds no words (only a sound or an image?)"))
        return None
    if not answer:
        draft.skip(note.number, _("the note's answer field `{field}` is empty", field=_answer_name(kind)))
        return None
    return _Card(note.number, prompt, answer, _text(extra), image, note.tags, note.deck)


def _cloze(draft: DeckDraft, note: Note, dropped: _Dropped) -> None:
    """A cloze note as one cloze question: its deletions the blanks, the field after its text explaining."""
    at = next((i for i, f in enumerate(note.fields) if _CLOZE.search(f)), 0)
    text = note.fields[at] if note.fields else ""
    extra = note.fields[at + 1] if at + 1 < len(note.fields) else ""
    if any(_SOUND.search(f) for f in (text, extra)):
        dropped.sounds.append(note.number)
    if any(not is_url(src) for f in (text, extra) for src in html_images(f)):
        dropped.images.append(note.number)
    cloze = read_cloze(_text(text))
    if not cloze.blanks:
        example = "`{{c1::Harare}}`"
        draft.skip(
            note.number,
            _("the cloze note has no deletion such as {example} to make a blank", example=example),
        )
        return
    if not cloze.fits:
        draft.skip(
            note.number,
            _(
                "the cloze note has {n} blanks (c1, c2…); at most {most} fit in Discord's answer form, so split it",
                n=len(cloze.blanks),
                most=MAX_BLANKS,
            ),
        )
        return
    draft.add(
        note.number,
        type="cloze",
        prompt=cloze.prompt,
        blanks=[list(b) for b in cloze.blanks],
        explanation=_text(extra),
        image=next((src for src in html_images(text) if is_url(src)), None),
        tags=list(note.tags),
    )


def _sides(kind: NoteType, fields: tuple[str, ...]) -> tuple[str, str, str]:
    """The front, the back (the field to type, if a card asks one) and the field kept as explanation."""
    padded = [*fields, "", "", ""]
    at = kind.fields.index(kind.typed_field) if kind.typed_field in kind.fields else 1
    if at == 0:
        at = 1
    rest = [f for i, f in enumerate(padded[: max(3, len(fields))]) if i not in (0, at)]
    return padded[0], padded[at], rest[0] if rest else ""


def _answer_name(kind: NoteType) -> str:
    names = [*kind.fields, "", ""]
    return kind.typed_field if kind.typed_field in kind.fields else names[1] or "2"


def _text(html: str) -> str:
    return html_to_text(_SOUND.sub("", html))


def _add_choices(draft: DeckDraft, cards: list[_Card]) -> None:
    """Choice questions: wrong choices from the same Anki deck, or the whole package for a small deck."""
    whole = {line: choices for line, _p, choices in with_distractors(_pairs(cards))}
    decks: dict[str, list[_Card]] = {}
    for card in cards:
        decks.setdefault(card.deck, []).append(card)
    chosen: dict[int, list[str]] = {}
    for deck in decks.values():
        if len(deck) > WRONG_CHOICES:
            chosen.update({line: choices for line, _p, choices in with_distractors(_pairs(deck))})
    for card in cards:
        draft.add(
            card.line,
            prompt=card.prompt,
            choices=chosen.get(card.line, whole[card.line]),
            answer=0,
            explanation=card.explanation,
            image=card.image,
            tags=list(card.tags),
        )


def _pairs(cards: list[_Card]) -> list[tuple[int, str, list[str]]]:
    return [(card.line, card.prompt, [card.answer]) for card in cards]


def _say_dropped(draft: DeckDraft, dropped: _Dropped) -> None:
    """One note for each thing dropped, at the first note that held it, counting every note that did."""
    said: tuple[tuple[list[int], Callable[[int], str]], ...] = (
        (
            dropped.sounds,
            lambda count: n_(
                "{n} note plays a sound ([sound:…]); a round shows no sound, so it was dropped",
                "{n} notes play a sound ([sound:…]); a round shows no sound, so it was dropped",
                count,
            ),
        ),
        (
            dropped.images,
            lambda count: n_(
                "{n} note shows an image from the package; an uploaded deck shows images only from https:// "
                "addresses, so it was dropped",
                "{n} notes show images from the package; an uploaded deck shows images only from https:// "
                "addresses, so they were dropped",
                count,
            ),
        ),
        (
            dropped.reversed,
            lambda count: n_(
                "{n} note also has a reversed card; as with Anki's text export, only its first field is asked",
                "{n} notes also have a reversed card; as with Anki's text export, only their first field is asked",
                count,
            ),
        ),
    )
    for notes, sentence in said:
        if notes:
            draft.note(notes[0], sentence(len(notes)))
