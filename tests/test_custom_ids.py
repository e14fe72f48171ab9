"""Every custom_id template: ids already on Discord still parse, none is taken by two templates, all fit 100."""

from __future__ import annotations

import importlib
import pkgutil
import sys
from pathlib import Path
from typing import Any

import discord
import pytest

import bot
import cogs
from bot.bank import Bank, load_folder
from bot.discord.client import EXTENSIONS, BvunzoBot
from bot.host.config import Settings
from bot.store import open_store
from bot.ui import custom_ids
from bot.ui.custom_ids import TEMPLATES, Template
from bot.ui.forms import Form

ROOT = Path(__file__).resolve().parents[1]
TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GaBcDe.abcdefghijklmnopqrstuvwxyz0123456789"
DISCORD_CUSTOM_ID = 100  # Discord's limit on a custom_id (LIMITS.md)

# Custom ids as earlier versions sent them (they are on members' messages): each still reaches its kind.
SENT_BEFORE = [
    ("bvz:1:a:123:4:2", "ANSWER", {"tag": "a", "play_id": "123", "q": "4", "slot": "2"}),
    ("bvz:1:p:987654321098:0:4", "ANSWER", {"tag": "p", "play_id": "987654321098", "q": "0", "slot": "4"}),
    ("bvz:1:x:55:3", "TYPE_ANSWER", {"tag": "x", "play_id": "55", "q": "3"}),
    ("bvz:1:px:66:1", "TYPE_ANSWER", {"tag": "px", "play_id": "66", "q": "1"}),
    ("bvz:1:xm:55:3", "TYPED_ANSWER_FORM", {"tag": "xm", "play_id": "55", "q": "3"}),
    ("bvz:1:pxm:66:12", "TYPED_ANSWER_FORM", {"tag": "pxm", "play_id": "66", "q": "12"}),
    ("bvz:1:t:7:0", "TRANSLATE", {"round": "7", "q": "0"}),
    ("bvz:1:v:7:49", "REVEAL", {"round": "7", "q": "49"}),
    ("bvz:1:m:7", "PRACTISE_MISSED", {"round": "7"}),
    ("bvz:1:r:7", "MY_RESULT", {"round": "7"}),
    ("bvz:1:j:7:3", "JOIN_TEAM", {"round": "7", "team": "3"}),
    ("bvz:1:b:7", "BALANCE_TEAMS", {"round": "7"}),
    ("bvz:1:pn:7:0", "PRACTICE_STEP", {"tag": "pn", "session": "7", "q": "0"}),
    ("bvz:1:po:7:0", "PRACTICE_STEP", {"tag": "po", "session": "7", "q": "0"}),
    ("bvz:1:f:capitals:q-12", "REPORT_QUESTION", {"deck": "capitals", "q": "q-12"}),
    ("bvz:1:fm:capitals:q_12", "REPORT_FORM", {"deck": "capitals", "q": "q_12"}),
    ("bvz:1:fc:r:capitals:q1", "CLOSE_FLAGS", {"action": "r", "deck": "capitals", "q": "q1"}),
    ("bvz:1:fc:d:capitals:q1", "CLOSE_FLAGS", {"action": "d", "deck": "capitals", "q": "q1"}),
    ("bvz:1:lb:week:3:n:", "BOARD_PAGE", {"period": "week", "page": "3", "dir": "n", "deck": ""}),
    ("bvz:1:lb:all:0:p:pings-1", "BOARD_PAGE", {"period": "all", "page": "0", "dir": "p", "deck": "pings-1"}),
    ("bvz:1:dd:pings-1", "DELETE_DECK", {"tag": "dd", "deck": "pings-1"}),
    ("bvz:1:dk:pings-1", "DELETE_DECK", {"tag": "dk", "deck": "pings-1"}),
    ("bvz:1:fs:pings-1", "SUGGEST_FORM", {"ref": "pings-1"}),
    ("bvz:1:fe:123456789012345678", "EDIT_SUGGESTION_FORM", {"ref": "123456789012345678"}),
    ("bvz:1:sa:5", "REVIEW_SUGGESTION", {"tag": "sa", "id": "5"}),
    ("bvz:1:se:5", "REVIEW_SUGGESTION", {"tag": "se", "id": "5"}),
    ("bvz:1:sr:5", "REVIEW_SUGGESTION", {"tag": "sr", "id": "5"}),
    ("bvz:1:as:42", "ASSIGNMENT_START", {"assignment": "42"}),
    ("bvz:1:aa:77:12:4", "ASSIGNMENT_ANSWER", {"attempt": "77", "q": "12", "slot": "4"}),
    (
        "bvz:1:qd:1577238501101928454:20270503:3",
        "QOTD_ANSWER",
        {"guild": "1577238501101928454", "day": "20270503", "slot": "3"},
    ),
]


@pytest.mark.parametrize(("custom_id", "name", "parts"), SENT_BEFORE)
def test_ids_sent_before_reach_their_template_alone(custom_id: str, name: str, parts: dict[str, str]) -> None:
    takers = [n for n, template in TEMPLATES.items() if template.parse(custom_id)]
    assert takers == [name]
    match = TEMPLATES[name].parse(custom_id)
    assert match is not None
    assert {k: match[k] for k in parts} == parts


def test_every_tag_is_sent_by_one_template() -> None:
    tags = [tag for template in TEMPLATES.values() for tag in template.tags]
    assert len(tags) == len(set(tags))
    assert set(TEMPLATES) >= {"ANSWER", "BOARD_PAGE", "DELETE_DECK", "PRACTICE_STEP", "REPORT_FORM"}


def test_ids_are_made_as_before() -> None:
    assert custom_ids.ANSWER.make(123, 4, 2, tag="a") == "bvz:1:a:123:4:2"
    assert custom_ids.BOARD_PAGE.make("week", 3, "n", "") == "bvz:1:lb:week:3:n:"
    assert custom_ids.CLOSE_FLAGS.make("r", "capitals", "q1") == "bvz:1:fc:r:capitals:q1"
    assert custom_ids.TYPED_ANSWER_FORM.make(66, 12, tag="pxm") == "bvz:1:pxm:66:12"


@pytest.mark.parametrize(
    "make",
    [
        lambda: custom_ids.ANSWER.make(1, 0, 5, tag="a"),  # there is no sixth choice
        lambda: custom_ids.ANSWER.make(1, 0, 1),  # which of the two tags?
        lambda: custom_ids.REPORT_QUESTION.make("a deck", "q1"),  # not a slug
        lambda: custom_ids.MY_RESULT.make(10**20),  # 21 digits
        lambda: custom_ids.TRANSLATE.make(1),  # a part missing
    ],
)
def test_an_id_its_template_would_refuse_is_never_made(make: Any) -> None:
    with pytest.raises(ValueError):
        make()


def test_the_widest_ids_fit_discord_and_reach_only_their_template() -> None:
    # The widest: every id part a 20-digit snowflake, every slug 40 characters.
    assert max(len(w) for t in TEMPLATES.values() for w in t.widest()) == len(
        "bvz:1:fc:r:" + "a" * 40 + ":" + "a" * 40
    )
    for name, template in TEMPLATES.items():
        for widest in template.widest():
            assert len(widest) <= DISCORD_CUSTOM_ID, (name, widest)
            assert [n for n, t in TEMPLATES.items() if t.parse(widest)] == [name]


# -- walking the loaded bot -------------------------------------------------------------------------


async def loaded_bot(tmp_path: Path) -> BvunzoBot:
    loaded = BvunzoBot(Settings(token=TOKEN, db_path=tmp_path / "b.db", questions_path=ROOT / "questions"))
    loaded.store = await open_store(tmp_path / "b.db")
    decks, _problems = load_folder(ROOT / "questions")
    loaded.bank = Bank(decks)
    for name in EXTENSIONS:
        await loaded.load_extension(name)
    return loaded


def _import_everything() -> None:
    for package in (bot, cogs):
        for found in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            if not found.name.startswith("bot.web"):  # the dashboard is its own process
                importlib.import_module(found.name)


def _ours(kind: type[Any]) -> list[type[Any]]:
    found, stack = [], list(kind.__subclasses__())
    while stack:
        sub = stack.pop()
        stack.extend(sub.__subclasses__())
        if sub.__module__.split(".")[0] in {"bot", "cogs"}:
            found.append(sub)
    return found


def _forms_in_modules() -> list[tuple[str, Form]]:
    return [
        (name, value)
        for name, module in list(sys.modules.items())
        if name.split(".")[0] in {"bot", "cogs"}
        for value in vars(module).values()
        if isinstance(value, Form)
    ]


async def test_every_button_and_form_is_registered_from_the_one_module(tmp_path: Path) -> None:
    loaded = await loaded_bot(tmp_path)
    try:
        _import_everything()
        registered = set(loaded.custom_id_templates)
        ours = {t.pattern for t in TEMPLATES.values()}
        items = _ours(discord.ui.DynamicItem)
        assert len(items) >= 14
        for item in items:
            template = item.__discord_ui_compiled_template__
            assert template in registered, f"{item.__qualname__} is not registered with the bot"
            assert template in ours, f"{item.__qualname__} writes its own template"
        forms = _forms_in_modules()
        assert len(forms) >= 3
        for module, form in forms:
            assert form in loaded.forms, f"a form of {module} is not registered with the bot"
            assert form.template in ours, f"a form of {module} writes its own template"
    finally:
        await loaded.store.close()


async def test_no_id_is_taken_by_two_registered_templates(tmp_path: Path) -> None:
    loaded = await loaded_bot(tmp_path)
    try:
        # Rounds and practice both register the answer buttons: one template, taken once.
        patterns = list(dict.fromkeys([*loaded.custom_id_templates, *(f.template for f in loaded.forms)]))
        assert len(patterns) >= 17
        samples = [w for t in TEMPLATES.values() for w in t.widest()] + [s for s, _n, _p in SENT_BEFORE]
        for sample in samples:
            takers = [p.pattern for p in patterns if p.fullmatch(sample)]
            assert len(takers) <= 1, (sample, takers)
    finally:
        await loaded.store.close()


def test_a_template_accepts_only_what_it_makes() -> None:
    template = Template(("zz",), (custom_ids.number("n", 3),))
    assert template.parse("bvz:1:zz:999") is not None
    assert template.parse("bvz:1:zz:1000") is None
    assert template.parse("bvz:2:zz:1") is None
