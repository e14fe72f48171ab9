"""Leaderboards, /stats and /quiz report after rounds members played, end to end."""

from __future__ import annotations

import importlib.util
import re
from datetime import UTC, datetime
from pathlib import Path

from fsrs.scheduler import DEFAULT_PARAMETERS

from bot.bank.models import Question
from bot.discord.client import BvunzoBot
from bot.store import MemberParameters
from tests.e2e.conftest import ON_BOTH_DATABASES, QUESTIONS, World
from tests.e2e.rounds import DECKS, SHONA_ONE, click, deck_folder, open_question, play_round, start, stats_of

DECK = DECKS["gradient-checkpointing"]


def board_lines(text: str) -> list[tuple[int, int, int]]:
    """(rank, user id, points) of each line of a board."""
    return [
        (int(r), int(u), int(p))
        for r, u, p in re.findall(r"\*\*(\d+)\.\*\* <@(\d+)> — \*\*(\d+)\*\* points", text)
    ]


@ON_BOTH_DATABASES
async def test_boards_in_two_servers_with_pages_ties_and_own_rank(world: World, bot: BvunzoBot) -> None:
    fake = world.fake
    members = world.members  # 12
    # Members 0-1: 3 right; 2-4: 2 right (a tie); the rest 1 right; member 11 answers once, wrong.
    plan: dict = {}
    for i, member in enumerate(members):
        if i < 2:
            plan[member] = [True, True, True]
        elif i < 5:
            plan[member] = [True, True, False]
        elif i < 11:
            plan[member] = [True, False, None]
        else:
            plan[member] = [False, None, None]
    await play_round(world, world.general, world.moderator, plan)
    await play_round(world, world.lounge, world.outsider, {world.outsider: [True, True]})

    first = await (await fake.slash(world.general, members[11], "leaderboard")).response()
    assert not first.ephemeral
    assert first.data["allowed_mentions"]["parse"] == []  # mentions that ping no one
    lines = board_lines(first.text.split("Your place")[0])
    assert len(lines) == 10
    assert [r for r, _, _ in lines] == [1, 1, 3, 3, 3, 6, 6, 6, 6, 6]
    assert lines[0][2] == 300 and lines[2][2] == 200 and lines[5][2] == 100
    assert world.outsider.id not in {u for _, u, _ in lines}
    # The caller is 12th, outside the top 10: their own line is shown below.
    assert f"**12.** <@{members[11].id}> — **0** points" in first.text
    assert "Page 1 of 2" in first.text and "12 members" in first.text

    nxt = next(b for b in first.message.buttons() if b.get("emoji", {}).get("name") == "▶")
    page2 = await (await fake.click(first.message, members[0], custom_id=nxt["custom_id"])).response()
    assert page2.type == 7  # the board message itself is updated
    second = board_lines(page2.text.split("Your place")[0])
    assert [(r, p) for r, _, p in second] == [(6, 100), (12, 0)]
    assert "Page 2 of 2" in page2.text
    assert f"**1.** <@{members[0].id}>" in page2.text.split("Your place")[1]

    other = await (await fake.slash(world.lounge, world.outsider, "leaderboard")).response()
    assert board_lines(other.text.split("Your place")[0]) == [(1, world.outsider.id, 200)]


@ON_BOTH_DATABASES
async def test_periods_follow_the_clock(world: World, bot: BvunzoBot) -> None:
    fake = world.fake
    a, b = world.members[0], world.members[1]
    world.clock.set(datetime(2026, 10, 15, 12, 0, tzinfo=UTC))  # a Thursday, last month
    await play_round(world, world.general, world.moderator, {a: [True], b: [False]})
    world.clock.set(datetime(2026, 11, 30, 9, 0, tzinfo=UTC))  # Monday: a new week, this month
    await play_round(world, world.general, world.moderator, {a: [None], b: [True]})

    async def board(period: str) -> list[tuple[int, int, int]]:
        answer = await (await fake.slash(world.general, a, "leaderboard", period=period)).response()
        return board_lines(answer.text.split("Your place")[0])

    # A tie on points and right answers: whoever got there first leads (a, last month).
    assert await board("all") == [(1, a.id, 100), (1, b.id, 100)]
    assert await board("month") == [(1, b.id, 100)]
    assert await board("week") == [(1, b.id, 100)]
    assert await board("today") == [(1, b.id, 100)]
    world.clock.set(datetime(2026, 12, 1, 0, 0, 1, tzinfo=UTC))  # a new month and day, same week
    assert await board("today") == []
    assert await board("month") == []
    assert await board("week") == [(1, b.id, 100)]
    empty = await (await fake.slash(world.general, a, "leaderboard", period="today")).response()
    assert "Nobody has answered a round question in this period yet" in empty.text
    assert f"<@{a.id}> has no answers in this period yet." in empty.text


async def test_empty_board_and_stats(world: World, bot: BvunzoBot) -> None:
    fake = world.fake
    empty = await (await fake.slash(world.general, world.members[0], "leaderboard")).response()
    assert "/quiz start" in empty.text
    a = world.members[0]
    await play_round(
        world, world.general, world.moderator, {a: [True, True, False], world.members[1]: [True, None, None]}
    )
    # The weekly refit fitted a's own fsrs parameters (bot/reviews/refit.py); /stats says so.
    fitted_at = datetime(2026, 11, 30, 4, 0, tzinfo=UTC)
    await bot.store.keep_member_parameters([MemberParameters(a.id, DEFAULT_PARAMETERS, 512, fitted_at)])
    stats = await stats_of(world, world.members[1], member=a)
    fields = {f["name"]: f["value"] for f in stats.embeds[0]["fields"]}
    assert fields["Review schedule"] == "Own: fitted to 512 reviews on November 30, 2026"
    assert fields["Points"] == "200"
    assert fields["Rounds"] == "1"
    assert fields["Answers"] == "2/3 right (67%)"
    assert fields["Best streak"] == "2 right answers"
    assert "gradient-checkpointing" in fields["Per deck"]
    if importlib.util.find_spec("matplotlib") is not None:  # the optional `charts` extra
        assert [a.filename for a in stats.attachments] == ["weeks.png"]
        assert stats.attachments[0].data.startswith(b"\x89PNG")
        # The same figures again: the chart is already drawn, so the answer comes at once.
        again = await (await fake.slash(world.general, world.members[2], "stats", member=a)).response()
        assert again.type == 4 and again.message is not None
        assert [x.filename for x in again.message.attachments] == ["weeks.png"]
        assert stats.embeds[0]["image"]["url"] == "attachment://weeks.png"
    board = await (await fake.slash(world.general, a, "leaderboard")).response()
    assert board_lines(board.text.split("Your place")[0])[0] == (1, a.id, 200)  # the same number


async def test_report_names_the_misconception(world: World, bot: BvunzoBot) -> None:
    fake = world.fake
    members = world.members[:4]
    plan = {
        members[0]: [True, True],
        members[1]: [True, False],
        members[2]: [False, False],
        members[3]: [True, None],
    }
    shown: list[tuple[Question, str]] = []
    round_id = await play_round(world, world.general, world.moderator, plan, shown=shown)
    refused = await (await fake.slash(world.general, members[0], "quiz report")).response()
    assert refused.ephemeral and refused.content.startswith("Only members with Manage Server")
    report = await (await fake.slash(world.general, world.moderator, "quiz report")).response()
    assert report.ephemeral
    # Each question's most common wrong answer is the one wrong choice the players clicked in the channel.
    (_, wrong1), (_, wrong2) = shown
    text = report.text
    assert "**1.**" in text and "3/4 (75%)" in text and wrong1[:60] in text
    assert "**2.**" in text and "1/3 (33%)" in text and wrong2[:60] in text
    by_number = await (
        await fake.slash(world.general, world.moderator, "quiz report", round=round_id)
    ).response()
    assert f"Report: round {round_id} of" in by_number.text and "3/4 (75%)" in by_number.text
    elsewhere = await (
        await fake.slash(world.lounge, world.outsider, "quiz report", round=round_id)
    ).response()
    assert elsewhere.content == f"This server has no round number {round_id}."
    by_deck = await (
        await fake.slash(world.general, world.moderator, "quiz report", deck="gradient-checkpointing")
    ).response()
    assert "all rounds in this server" in by_deck.text


async def test_nothing_leaks_between_servers(world: World, bot: BvunzoBot) -> None:
    fake = world.fake
    await play_round(world, world.lounge, world.outsider, {world.outsider: [True]})
    stats = await stats_of(world, world.members[0])
    fields = {f["name"]: f["value"] for f in stats.embeds[0]["fields"]}
    assert fields["Points"] == "0"
    report = await (await fake.slash(world.general, world.moderator, "quiz report")).response()
    assert report.content == "No round has finished in this channel yet; give a deck to see its report."


async def test_page_buttons_work_after_a_restart(world: World) -> None:
    fake = world.fake
    async with world.running():
        await play_round(world, world.general, world.moderator, {m: [True] for m in world.members})
        first = await (await fake.slash(world.general, world.members[0], "leaderboard")).response()
        assert "Page 1 of 2" in first.text
    async with world.running():
        assert first.message is not None
        nxt = next(b for b in first.message.buttons() if b.get("emoji", {}).get("name") == "▶")
        page2 = await (
            await fake.click(first.message, world.members[3], custom_id=nxt["custom_id"])
        ).response()
        assert page2.type == 7 and "Page 2 of 2" in page2.text
        assert len(board_lines(page2.text.split("Your place")[0])) == 2


async def test_the_board_of_one_deck(world: World, tmp_path: Path) -> None:
    fake = world.fake
    world.questions = deck_folder(tmp_path, QUESTIONS / "gradient-checkpointing.yaml", SHONA_ONE)
    alice, bongani = world.members[:2]
    async with world.running():
        await play_round(
            world, world.general, world.moderator, {alice: [True, True, True], bongani: [False, False, True]}
        )
        # A round of the Shona deck: only bongani answers, rightly ("Ndangariro yeGPU").
        await start(world, world.general, world.moderator, deck="shona-one", questions=1, seconds=60)
        q1 = await open_question(world, world.general, 1)
        right = next(
            found
            for found, text in re.findall(r"\*\*([A-E])\*\*\s+(.+)", q1.text)
            if text == "Ndangariro yeGPU"
        )
        assert (await click(world, q1, bongani, right)) == f"Locked in: {right}."
        await (await fake.slash(world.general, world.moderator, "quiz stop")).response()
        await fake.wait_for_message(world.general, lambda m: "Round over" in m.text)

        async def board(**options: str) -> list[tuple[int, int, int]]:
            answer = await (await fake.slash(world.general, alice, "leaderboard", **options)).response()
            return board_lines(answer.text.split("Your place")[0])

        assert await board() == [(1, alice.id, 300), (2, bongani.id, 200)]
        assert await board(deck="gradient-checkpointing") == [(1, alice.id, 300), (2, bongani.id, 100)]
        assert await board(deck="shona-one") == [(1, bongani.id, 100)]
        assert await board(deck="shona-one", period="today") == [(1, bongani.id, 100)]
        unknown = await (await fake.slash(world.general, alice, "leaderboard", deck="nope")).response()
        assert unknown.ephemeral
        assert unknown.content == "There is no deck called “nope” in this server; /decks lists them."
        # The deck option offers the server's decks as the member types.
        offered = await fake.autocomplete(world.general, alice, "leaderboard", focused="deck", value="shona")
        assert [c["value"] for c in offered] == ["shona-one"]
        offered = await fake.autocomplete(world.general, alice, "quiz start", focused="deck", value="")
        assert sorted(c["value"] for c in offered) == ["gradient-checkpointing", "shona-one"]
        offered = await fake.autocomplete(
            world.general, world.moderator, "quiz report", focused="deck", value="GRAD"
        )
        assert offered == [
            {"name": "Gradient Checkpointing · 8 questions", "value": "gradient-checkpointing"}
        ]
        # In Study B too: deck files are every server's.
        offered = await fake.autocomplete(
            world.lounge, world.outsider, "leaderboard", focused="deck", value="one"
        )
        assert [c["value"] for c in offered] == ["shona-one"]
