"""Every extension loads, command names don't clash, and every command fits Discord's limits."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from discord import app_commands

from bot.bank import Bank, load_folder
from bot.discord.client import EXTENSIONS, BvunzoBot
from bot.host.config import Settings
from bot.store import open_store

ROOT = Path(__file__).resolve().parents[1]
TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GaBcDe.abcdefghijklmnopqrstuvwxyz0123456789"


async def loaded_bot(tmp_path: Path) -> BvunzoBot:
    bot = BvunzoBot(Settings(token=TOKEN, db_path=tmp_path / "b.db", questions_path=ROOT / "questions"))
    bot.store = await open_store(tmp_path / "b.db")
    decks, problems = load_folder(ROOT / "questions")
    assert problems == []
    bot.bank = Bank(decks)
    for name in EXTENSIONS:
        await bot.load_extension(name)
    return bot


def _walk_options(options: list[dict[str, Any]]) -> list[dict[str, Any]]:
    found = []
    for option in options:
        found.append(option)
        found.extend(_walk_options(option.get("options", [])))
    return found


async def test_every_extension_loads_and_names_are_unique(tmp_path: Path) -> None:
    bot = await loaded_bot(tmp_path)
    try:
        assert set(bot.extensions) == set(EXTENSIONS)
        names = [c.name for c in bot.tree.get_commands()]
        assert len(names) == len(set(names))
        assert {"quiz", "leaderboard", "stats", "practice", "language", "decks", "about"} <= set(names)
        quiz = bot.tree.get_command("quiz")
        assert isinstance(quiz, app_commands.Group)
        assert {c.name for c in quiz.commands} == {
            "start",
            "stop",
            "skip",
            "settings",
            "report",
            "flags",
            "schedule",
            "results",
        }
    finally:
        await bot.store.close()


SLASH_COMMAND, MESSAGE_COMMAND = 1, 3  # Discord's application command types


async def test_commands_fit_discords_limits(tmp_path: Path) -> None:
    bot = await loaded_bot(tmp_path)
    try:
        payloads = [c.to_dict(bot.tree) for c in bot.tree.get_commands()]
        assert len(payloads) <= 100
        menus = [p for p in payloads if p.get("type") == MESSAGE_COMMAND]
        # A message command (right-click > Apps) is named as people write: capitals and spaces, no description.
        assert [p["name"] for p in menus] == ["Make a question from this"]
        assert all(1 <= len(p["name"]) <= 32 and not p.get("description") for p in menus)
        for payload in (p for p in payloads if p not in menus):
            assert payload.get("type", SLASH_COMMAND) == SLASH_COMMAND
            assert 1 <= len(payload["name"]) <= 32 and payload["name"] == payload["name"].lower()
            assert 1 <= len(payload["description"]) <= 100
            assert len(payload.get("options", [])) <= 25
            # No default_member_permissions: quiz-masters without Manage Server must see /quiz.
            assert payload.get("default_member_permissions") is None
            for option in _walk_options(payload.get("options", [])):
                assert 1 <= len(option["name"]) <= 32
                assert 1 <= len(option["description"]) <= 100, option
                assert len(option.get("choices", [])) <= 25
            size = sum(len(v) for v in _strings(payload))
            assert size <= 8000, (payload["name"], size)
        start = next(p for p in payloads if p["name"] == "quiz")
        options = {o["name"]: o for o in next(o for o in start["options"] if o["name"] == "start")["options"]}
        assert options["deck"]["autocomplete"] is True
        assert (options["questions"]["min_value"], options["questions"]["max_value"]) == (1, 50)
        assert (options["seconds"]["min_value"], options["seconds"]["max_value"]) == (5, 120)
        assert [c["value"] for c in options["mode"]["choices"]] == ["standard", "speed"]
        json.dumps(payloads)
    finally:
        await bot.store.close()


def _strings(payload: Any) -> list[str]:
    if isinstance(payload, str):
        return [payload]
    if isinstance(payload, dict):
        return [
            s
            for k, v in payload.items()
            if k in {"name", "description", "options", "choices", "value"}
            for s in _strings(v)
        ]
    if isinstance(payload, list):
        return [s for v in payload for s in _strings(v)]
    return []


async def test_tree_hash_changes_only_with_the_shape(tmp_path: Path) -> None:
    bot = await loaded_bot(tmp_path)
    try:
        first = await bot.command_tree_hash()
        assert first == await bot.command_tree_hash()
        bot.tree.remove_command("about")
        assert await bot.command_tree_hash() != first
    finally:
        await bot.store.close()
