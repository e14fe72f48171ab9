"""The question editor keeps what a question holds: each kind's question, with every field a deck can
translate filled in three languages (and one more language kept from an older file), drawn in the editor's
page, posted back as a browser posts it, and saved unchanged, is the same YAML it was."""

from __future__ import annotations

import dataclasses
from html.parser import HTMLParser
from typing import Any

import pytest
from aiohttp import web

from bot.bank import part_sizes
from bot.bank.editing import replace_question
from bot.bank.editor_checks import check_form
from bot.bank.editor_form import EditorForm, Posted, posted_languages, read_form, translation_languages
from bot.bank.loader import load_deck_text
from bot.bank.models import Deck, Kind
from bot.bank.reader import DIFFICULTIES
from bot.bank.writer import deck_to_yaml
from bot.locales import SHIPPED
from bot.web.editor_values import editor_fields
from bot.web.pages.question_editor import KINDS
from bot.web.render import template_environment

ENV = template_environment(web.Application())
HEAD = "id: elements\ntitle: Elements\nlanguage: en\nquestions:\n"
# One question of each kind, every translatable field written in sn, fr and pt-BR, and a `de` translation
# no group of the server's languages holds (shown as a group of its own).
QUESTIONS = {
    Kind.CHOICE: """
- id: metal
  prompt: "Which is a metal?\\nPick one."
  choices: [Neon, Iron, Argon]
  answer: 1
  explanation: Iron conducts.
  translations:
    sn: {prompt: "Ndeipi simbi?\\nSarudza imwe.", choices: [Neon, Simbi, Agoni], explanation: Simbi inoendesa.}
    fr: {prompt: Lequel est un métal ?, choices: [Néon, Fer, Argon], explanation: Le fer conduit.}
    pt-BR: {prompt: Qual é um metal?, choices: [Neônio, Ferro, Argônio], explanation: O ferro conduz.}
    de: {prompt: Welches ist ein Metall?, choices: [Neon, Eisen, Argon], explanation: Eisen leitet.}
  tags: [metals, chemistry]
  difficulty: hard
  image: https://example.org/iron.png
""",
    Kind.MULTI: """
- id: gases
  type: multi
  prompt: Which are noble gases?
  choices: [Neon, Iron, Argon, Gold]
  answer: [0, 2]
  translations:
    sn: {prompt: Ndeapi magasi anokudzwa?, choices: [Neon, Simbi, Agoni, Goridhe], explanation: Neon neAgoni.}
    fr: {prompt: Lesquels sont des gaz nobles ?, choices: [Néon, Fer, Argon, Or]}
    pt-BR: {prompt: Quais são gases nobres?, choices: [Neônio, Ferro, Argônio, Ouro]}
""",
    Kind.POLL: """
- id: favourite
  type: poll
  prompt: Your favourite element?
  choices: [Neon, Iron]
  translations:
    sn: {prompt: Chinhu chaunoda?, choices: [Neon, Simbi]}
    fr: {prompt: Votre élément préféré ?, choices: [Néon, Fer], explanation: Aucun n'est faux.}
    pt-BR: {prompt: Seu elemento favorito?, choices: [Neônio, Ferro]}
""",
    Kind.TRUEFALSE: """
- id: iron-gas
  type: truefalse
  prompt: Iron is a gas.
  answer: false
  explanation: Iron is a solid.
  translations:
    sn: {prompt: Simbi igasi., choices: [Ehe, Kwete], explanation: Simbi yakaoma.}
    fr: {prompt: Le fer est un gaz., choices: [Vrai, Faux], explanation: Le fer est solide.}
    pt-BR: {prompt: O ferro é um gás., choices: [Certo, Errado]}
""",
    Kind.TEXT: """
- id: symbol
  type: text
  prompt: The symbol of iron?
  answers: [Fe, fe.]
  hint: Latin ferrum
  explanation: From ferrum.
  translations:
    sn: {prompt: Chiratidzo chesimbi?, answers: [Fe-sn], explanation: Kubva pa ferrum.}
    fr: {prompt: Le symbole du fer ?, answers: [Fe-fr, le Fe], explanation: De ferrum.}
    pt-BR: {prompt: O símbolo do ferro?, answers: [Fe-br]}
""",
    Kind.NUMBER: """
- id: iron-number
  type: number
  prompt: Iron's atomic number?
  answer: 26
  tolerance: 1%
  unit: protons
  explanation: It has 26 protons.
  translations:
    sn: {prompt: Nhamba yesimbi?, explanation: Ine mapurotoni 26.}
    fr: {prompt: Numéro atomique du fer ?, explanation: Il a 26 protons.}
    pt-BR: {prompt: Número atômico do ferro?}
""",
    Kind.CLOZE: """
- id: capitals
  type: cloze
  prompt: "{{1}} is the capital, on the {{2}}."
  blanks: [[Harare], [Mukuvisi, Mukuvisi River]]
  explanation: Harare is on the Mukuvisi.
  translations:
    sn: {prompt: "{{1}} iguta guru, pa{{2}}.", explanation: Harare iri paMukuvisi.}
    fr: {prompt: "{{1}} est la capitale, sur la {{2}}."}
    pt-BR: {prompt: "{{1}} é a capital, no {{2}}.", explanation: Harare fica no Mukuvisi.}
""",
    Kind.MATCH: """
- id: symbols
  type: match
  prompt: Match each element to its symbol.
  pairs: [[Iron, Fe], [Gold, Au], [Silver, Ag]]
  explanation: From Latin names.
  translations:
    sn: {prompt: Batanidza., pairs: [[Simbi, Fe], [Goridhe, Au], [Sirivha, Ag]], explanation: Kubva kuchiLatin.}
    fr: {prompt: Associez chaque élément., pairs: [[Fer, Fe], [Or, Au], [Argent, Ag]]}
    pt-BR: {prompt: Associe cada elemento., pairs: [[Ferro, Fe], [Ouro, Au], [Prata, Ag]]}
    de: {prompt: Ordne zu., pairs: [[Eisen, Fe], [Gold, Au], [Silber, Ag]]}
""",
    Kind.ORDER: """
- id: masses
  type: order
  prompt: Lightest first.
  items: [Hydrogen, Helium, Lithium]
  explanation: By atomic mass.
  translations:
    sn: {prompt: Chakareruka kutanga., items: [Haidhirojeni, Heriamu, Rithiamu], explanation: Nehuremu.}
    fr: {prompt: Le plus léger d'abord., items: [Hydrogène, Hélium, Lithium]}
    pt-BR: {prompt: O mais leve primeiro., items: [Hidrogênio, Hélio, Lítio], explanation: Pela massa.}
""",
}


class _Browser(HTMLParser):
    """What a browser sends for the editor's form: every named input, textarea and select, a radio or
    box only when checked, a textarea's line breaks as CRLF (as form submission writes them)."""

    def __init__(self) -> None:
        super().__init__()
        self.sent: list[tuple[str, str]] = []
        self._textarea: str | None = None
        self._select: str | None = None
        self._typed: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        given = {key: value or "" for key, value in attrs}
        name = given.get("name")
        if tag == "input" and name:
            kind = given.get("type", "text")
            if kind not in ("radio", "checkbox") or "checked" in given:
                self.sent.append((name, given.get("value", "on" if kind == "checkbox" else "")))
        elif tag == "textarea" and name:
            self._textarea, self._typed = name, []
        elif tag == "select" and name:
            self._select = name
        elif tag == "option" and self._select is not None and "selected" in given:
            self.sent.append((self._select, given.get("value", "")))

    def handle_data(self, data: str) -> None:
        if self._textarea is not None:
            self._typed.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "textarea" and self._textarea is not None:
            typed = "".join(self._typed).removeprefix("\n").replace("\r\n", "\n").replace("\n", "\r\n")
            self.sent.append((self._textarea, typed))
            self._textarea = None
        elif tag == "select":
            self._select = None


def _page(deck: Deck, editor: EditorForm) -> str:
    """The editor's page as it is drawn for `editor`."""
    values: dict[str, Any] = {
        **editor_fields(editor),
        "deck": deck,
        "back_url": "/back",
        "editing": editor.form,
        "errors": {},
        "kinds": KINDS,
        "difficulties": DIFFICULTIES,
        "option_words": str,
        "sentence": None,
        "version": "1",
        "version_field": "version",
        "csrf_field": "csrf",
        "csrf_token": "token",
        "preview": None,
        "picture_most": 8,
        "static": str,
        # the layout's own
        "viewer": None,
        "server": None,
        "server_nav": (),
        "path": "/",
        "language": "en",
        "languages": (),
        "theme": "device",
        "themes": (),
        "theme_field": "theme",
        "next_field": "next",
        "here": "/",
    }
    return ENV.get_template("question_edit.html").render(values)


def _saved_unchanged(deck: Deck) -> Deck:
    question = deck.questions[0]
    editor = EditorForm.of(question, deck.language, translation_languages(question.lang, SHIPPED))
    browser = _Browser()
    browser.feed(_page(deck, editor))
    posted = Posted.of([*browser.sent, ("action", "save")])
    checked = check_form(
        read_form(posted, posted_languages(deck.language, posted)), deck, replacing=question.id
    )
    assert checked.errors == ()
    assert checked.question is not None
    return replace_question(deck, question.id, checked.question)


@pytest.mark.parametrize("kind", list(QUESTIONS), ids=[kind.value for kind in QUESTIONS])
def test_a_question_saved_unchanged_in_the_editor_is_the_same_text(kind: Kind) -> None:
    text = HEAD + QUESTIONS[kind].lstrip("\n")
    deck = load_deck_text(text, "elements.yaml", guild_id=5)
    (question,) = deck.questions
    assert question.kind is kind
    assert {"sn", "fr", "pt-BR"} <= set(question.translations)
    saved = _saved_unchanged(deck)
    assert deck_to_yaml(saved) == deck_to_yaml(deck)
    assert dataclasses.replace(saved.questions[0], line=0) == dataclasses.replace(question, line=0)


def test_the_fixture_fills_every_translated_field_a_kind_takes() -> None:
    """What the test above keeps: items, pairs, choices and answers in each language, and a hint."""
    decks = {
        k: load_deck_text(HEAD + q, "elements.yaml", guild_id=5).questions[0] for k, q in QUESTIONS.items()
    }
    assert decks[Kind.ORDER].translations["fr"].choices == ("Hydrogène", "Hélium", "Lithium")
    assert decks[Kind.MATCH].translations["pt-BR"].pairs == (("Ferro", "Fe"), ("Ouro", "Au"), ("Prata", "Ag"))
    assert decks[Kind.TRUEFALSE].translations["sn"].choices == ("Ehe", "Kwete")
    assert decks[Kind.TEXT].translations["fr"].accepted == ("Fe-fr", "le Fe")
    assert decks[Kind.TEXT].hint == "Latin ferrum"
    assert len(decks[Kind.CHOICE].choices) <= part_sizes.MAX_CHOICES
