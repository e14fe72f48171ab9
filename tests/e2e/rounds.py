"""Helpers for playing rounds through the fake Discord: find question messages, the right letter, answer."""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

from bot.bank import load_folder
from bot.bank.models import Deck, Question
from tests.e2e.conftest import QUESTIONS, World
from tests.e2e.fake_discord import Channel, FakeMessage, Member

DECKS = {deck.id: deck for deck in load_folder(QUESTIONS)[0]}
SHONA_ONE = Path(__file__).parent / "decks" / "shona-one.yaml"  # one Shona question with its English


def deck_folder(tmp_path: Path, *decks: Path) -> Path:
    """A questions folder holding copies of the given deck files."""
    folder = tmp_path / "questions"
    folder.mkdir()
    for deck in decks:
        shutil.copy(deck, folder / deck.name)
    return folder


SUCCESS = 3
DEFERRED = 5  # the callback type of a deferred answer ("Bvunzo is thinking...")


def question_of(message: FakeMessage, deck: Deck) -> Question:
    """The question the message shows, in the language it is shown in."""
    text = message.text
    for question in deck.questions:
        for lang in question.languages:
            shown = question.in_language(lang)
            if shown.prompt in text:
                return shown
    raise AssertionError(f"no question of {deck.id} in {text!r}")


def letters(message: FakeMessage, question: Question) -> dict[str, int]:
    """Letter → original choice index, read from the embed's lettered lines."""
    found = {}
    for letter, rest in re.findall(r"\*\*([A-E])\*\*\s+(.+)", message.text):
        clean = re.sub(r"\s+—\s+\d+$", "", rest).strip()
        found[letter] = question.choices.index(clean)
    return found


def right_letter(message: FakeMessage, deck: Deck) -> str:
    question = question_of(message, deck)
    return next(
        letter for letter, original in letters(message, question).items() if original in question.answers
    )


def wrong_letter(message: FakeMessage, deck: Deck) -> str:
    question = question_of(message, deck)
    return next(
        letter for letter, original in letters(message, question).items() if original not in question.answers
    )


def is_open_question(number: int) -> Any:
    def check(message: FakeMessage) -> bool:
        return f"Question {number} of" in message.text and any(
            not b.get("disabled") for b in message.buttons() if b.get("label") in tuple("ABCDE")
        )

    return check


def is_revealed(number: int) -> Any:
    def check(message: FakeMessage) -> bool:
        return f"Question {number} of" in message.text and "— answer" in message.text

    return check


async def start(world: World, channel: Channel, member: Member, **options: Any) -> str:
    options.setdefault("deck", "gradient-checkpointing")
    answer = await (await world.fake.slash(channel, member, "quiz start", **options)).response()
    assert answer.ephemeral, answer.content
    return answer.content


async def open_question(world: World, channel: Channel, number: int, timeout: float = 10) -> FakeMessage:
    return await world.fake.wait_for_message(channel, is_open_question(number), timeout=timeout)


async def click(world: World, message: FakeMessage, member: Member, label: str) -> str:
    """What the member hears (ephemerally) for the click: at once, or after a deferral on a busy machine."""
    clicked = await world.fake.click(message, member, label=label)
    answer = await clicked.response()
    assert answer.ephemeral
    if answer.type == DEFERRED:
        return (await clicked.wait_original(timeout=15)).content
    return answer.content


async def set_pause(
    world: World, seconds: int, channel: Channel | None = None, by: Member | None = None
) -> None:
    """The pause between questions in the channel's server (Study A's general by default), set by `by`."""
    where, who = (channel, by) if channel is not None and by is not None else (world.general, world.moderator)
    answer = await (await world.fake.slash(where, who, "quiz settings", pause=seconds)).response()
    assert "Pause" in answer.text


def round_id_of(message: FakeMessage) -> int:
    custom_id = next(
        b["custom_id"] for b in message.buttons() if b.get("custom_id", "").startswith("bvz:1:a:")
    )
    return int(custom_id.split(":")[3])


async def play_round(
    world: World,
    channel: Channel,
    starter: Member,
    answers: dict[Member, list[bool | None]],
    *,
    deck: str = "gradient-checkpointing",
    mode: str = "standard",
    shown: list[tuple[Question, str]] | None = None,
    **options: Any,
) -> int:
    """Play a whole round: each member answers question n right (True), wrong (False) or not (None).

    Wrong answers all take the same wrong letter; `options` go to /quiz start. Returns the round id;
    `shown`, if given, receives each question as the channel showed it, with the wrong choice's text.
    """
    count = len(next(iter(answers.values())))
    await set_pause(world, 0, channel, starter)
    await start(world, channel, starter, deck=deck, questions=count, seconds=60, mode=mode, **options)
    chosen = DECKS[deck]
    round_id = 0
    for number in range(1, count + 1):
        message = await open_question(world, channel, number)
        round_id = round_id_of(message)
        right, wrong = right_letter(message, chosen), wrong_letter(message, chosen)
        if shown is not None:
            question = question_of(message, chosen)
            shown.append((question, question.choices[letters(message, question)[wrong]]))
        for member, plan in answers.items():
            if plan[number - 1] is not None:
                said = await click(world, message, member, right if plan[number - 1] else wrong)
                assert said.startswith("Locked in"), said
        await (await world.fake.slash(channel, starter, "quiz skip")).response()
        await world.fake.wait_for_message(channel, is_revealed(number))
    await world.fake.wait_for_message(channel, lambda m: "Round over" in m.text and m.id > 0)
    return round_id


async def stats_of(
    world: World, caller: Member, *, channel: Channel | None = None, **options: Any
) -> FakeMessage:
    """/stats as the caller sees it once answered (it may first defer while its chart is drawn)."""
    asked = await world.fake.slash(channel or world.general, caller, "stats", **options)
    first = await asked.response()
    if first.type == 5:  # deferred: the answer replaces the "thinking…" message
        return await asked.wait_original(timeout=15)
    assert first.message is not None
    return first.message
