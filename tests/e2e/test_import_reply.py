"""/deck import's reply, end to end: the same answer as `bvunzo import`, and a moderator correcting a column."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.__main__ import main
from bot.discord.client import BvunzoBot
from tests.e2e.conftest import World
from tests.e2e.fake_discord.interactions import MESSAGE_COMPONENT
from tests.e2e.fake_discord.messages import walk_components
from tests.e2e.harness import wait_until
from tests.e2e.test_decks import import_file

CORPUS = Path(__file__).resolve().parents[1] / "corpus"

# An Italian header no list knows, and a comment column the guess takes for a third choice.
ITALIAN = (
    "domanda,scelta uno,scelta due,giusta,commento\n"
    "Qual è la capitale d'Italia?,Milano,Roma,Roma,Roma è la capitale dal 1871.\n"
    "Quanti giorni ha una settimana?,5,7,7,Sette come i pianeti antichi.\n"
    "Di che colore è il cielo sereno?,verde,blu,blu,Per la diffusione della luce.\n"
).encode()


def selects(message) -> list[dict]:  # type: ignore[no-untyped-def]
    return [c for c in walk_components(message.components) if c.get("type") == 3]


def chosen(select: dict) -> str:  # type: ignore[type-arg]
    return next(o["value"] for o in select["options"] if o.get("default"))


async def test_a_guessed_mapping_is_shown_and_a_moderator_corrects_a_column(
    world: World, bot: BvunzoBot
) -> None:
    reply = await import_file(world, world.moderator, "quiz.csv", ITALIAN, name="Quiz italiano")
    assert "**3 questions** from **quiz.csv**" in reply.text
    assert (
        "Columns (guessed from the cells): 1 `domanda` → question, 2 `scelta uno` → choice, "
        "3 `scelta due` → choice, 4 `giusta` → answer, 5 `commento` → choice." in reply.text
    )
    menus = selects(reply)
    assert [m["custom_id"] for m in menus] == [f"bvz:1:ic:{n}:quiz-italiano" for n in range(5)]
    assert [chosen(m) for m in menus] == ["question", "choice", "choice", "answer", "choice"]
    deck = bot.bank.get("quiz-italiano", world.study.id)
    assert deck is not None and deck.questions[0].choices == (
        "Milano",
        "Roma",
        "Roma è la capitale dal 1871.",
    )

    # The reply is ephemeral, but a modified client can send its custom_id: it is not trusted.
    forged = {"custom_id": "bvz:1:ic:4:quiz-italiano", "component_type": 3, "values": ["ignore"]}
    denied = await (
        await world.fake.raw_interaction(MESSAGE_COMPONENT, world.general, world.members[0], forged, reply)
    ).response()
    assert "Only members with Manage Server" in denied.content

    picked = await world.fake.select(
        reply, world.moderator, ["explanation"], custom_id="bvz:1:ic:4:quiz-italiano"
    )
    await picked.response()
    await wait_until(
        lambda: "Columns (as given)" in reply.text, timeout=10, what="the reply to be read again"
    )
    assert "5 `commento` → explanation." in reply.text
    assert [chosen(m) for m in selects(reply)] == ["question", "choice", "choice", "answer", "explanation"]
    deck = bot.bank.get("quiz-italiano", world.study.id)
    assert deck is not None
    assert [(q.choices, q.explanation) for q in deck.questions] == [
        (("Milano", "Roma"), "Roma è la capitale dal 1871."),
        (("5", "7"), "Sette come i pianeti antichi."),
        (("verde", "blu"), "Per la diffusione della luce."),
    ]
    [record] = await bot.store.guild_decks(world.study.id)
    assert "Sette come i pianeti antichi." in record.text


async def test_a_certain_import_has_no_selects(world: World, bot: BvunzoBot) -> None:
    data = (CORPUS / "sheet-no-header.csv").read_bytes()
    reply = await import_file(world, world.moderator, "sheet-no-header.csv", data, name="General")
    assert "**8 questions**" in reply.text
    assert selects(reply) == [] and "Columns" not in reply.text


# The same sentences and reasons, in each place's own way of naming a line.
SAME_ANSWER = [
    (
        "broken-share-large.csv",
        "3 of 10 questions cannot be imported (more than a tenth), so nothing was imported",
        {
            9: "the answer `F` is none of the choices",
            10: "the row has no answer",
            11: "the `question` cell is empty",
        },
    ),
    ("excel-windows-1252.csv", "Read as a spreadsheet (CSV/TSV) in Windows-1252.", {}),
    (
        "opentdb-token-empty.json",
        "Nothing was imported.",
        {1: "this is an Open Trivia DB error answer (response_code 4, token empty: "},
    ),
    (
        "red-norwegian-keys.yaml",
        "Imported 5 questions. 2 items are not questions a round can play.",
        {1: "`FORFATTER` holds one line of text", 2: "`BESKRIVELSE` holds one line of text"},
    ),
    (
        "moodle-xml-biology.xml",
        "Imported 10 questions. 3 items are not questions a round can play.",
        {
            158: "an essay question: it has no key to mark, so it was left out",
            171: "the question “Diagram” shows an image from the file (cell-diagram.png)",
        },
    ),
    (
        "moodle-gift-science.txt",
        "Imported 11 questions; 1 could not be imported and is listed. 2 items are not questions a round can play.",
        {21: "a description, not a question", 35: "the answers opened with `{` are never closed with `}`"},
    ),
]


@pytest.mark.parametrize(("name", "sentence", "reasons"), SAME_ANSWER, ids=[s[0] for s in SAME_ANSWER])
async def test_discord_and_the_command_line_say_the_same(
    world: World,
    bot: BvunzoBot,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    name: str,
    sentence: str,
    reasons: dict[int, str],
) -> None:
    reply = await import_file(world, world.moderator, name, (CORPUS / name).read_bytes(), name="Same")
    main(["import", str(CORPUS / name), "-o", str(tmp_path / "same.yaml")])
    printed = capsys.readouterr().err
    assert sentence in reply.text and sentence in printed
    for line, reason in reasons.items():
        assert f"line {line}: {reason}" in reply.text
        assert f"{CORPUS / name}:{line}: {reason}" in printed
