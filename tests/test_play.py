"""`bvunzo play` driven through a pipe as a player would type, then the store read back."""

from __future__ import annotations

import asyncio
import codecs
import json
import os
import pty
import re
import select
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.cli.play._game import local_player
from bot.store import open_store

ROOT = Path(__file__).resolve().parents[1]

DECK = """\
id: capitals
title: Capitals and Rivers
questions:
  - id: cap-zw
    prompt: "What is the capital of Zimbabwe?"
    choices: ["Bulawayo", "Harare", "Mutare", "Gweru"]
    answer: 1
    explanation: "Harare has been the capital since independence in 1980."
  - id: falls
    type: truefalse
    prompt: "Victoria Falls lies on the Limpopo."
    answer: false
    explanation: "Victoria Falls is on the Zambezi, between Zimbabwe and Zambia."
  - id: river
    type: text
    prompt: "Which river forms the border between Zimbabwe and Zambia?"
    answers: ["Zambezi"]
    explanation: "The Zambezi, which also feeds Lake Kariba."
"""

# What the test answers to each prompt: the right choice's text, or what it types.
RIGHT = {
    "What is the capital of Zimbabwe?": "Harare",
    "Victoria Falls lies on the Limpopo.": "False",
    "Which river forms the border between Zimbabwe and Zambia?": "the zambezi",
}
WRONG = {
    "What is the capital of Zimbabwe?": "Gweru",
    "Victoria Falls lies on the Limpopo.": "True",
    "Which river forms the border between Zimbabwe and Zambia?": "Limpopo",
}
# The prompts that wait for the player, in English and in chiShona (LANG=sn_ZW.UTF-8).
PROMPT = re.compile(
    r"((?:Your answer|Your answers, every right letter|Your order, every letter from first to last|Mhinduro yako|Blank \d+|[^\n]* →) \([^)]*\): |Which deck\? \([^)]*\) )(\x1b\[0m)?$"
)


class Terminal:
    """`bvunzo play` in a subprocess: read until it asks, answer, read the transcript."""

    def __init__(self, tmp_path: Path, *args: str, tty: bool = False, **env: str) -> None:
        base = {
            k: v for k, v in os.environ.items() if not k.startswith(("BVUNZO_", "LC_", "LANG", "NO_COLOR"))
        }
        base.update({"BVUNZO_DB": str(tmp_path / "play.db"), "TERM": "xterm-256color", **env})
        self.pty_out: int | None = None
        stdout: int = subprocess.PIPE
        if tty:
            self.pty_out, stdout = pty.openpty()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "bot", "play", *args],
            cwd=tmp_path,
            env=base,
            stdin=subprocess.PIPE,
            stdout=stdout,
            stderr=subprocess.PIPE,
        )
        if tty:
            os.close(stdout)
        self.out = self.pty_out if self.pty_out is not None else self.process.stdout.fileno()  # type: ignore[union-attr]
        self.transcript = ""
        self._decode = codecs.getincrementaldecoder("utf-8")().decode  # a read may end inside a character

    def until_asked(self, timeout: float = 30) -> str:
        """Everything printed up to the next question for the player (or to the end)."""
        start = len(self.transcript)
        deadline = time.monotonic() + timeout
        while not PROMPT.search(self.transcript[start:]):
            ready, _, _ = select.select([self.out], [], [], max(0.0, deadline - time.monotonic()))
            assert ready, f"bvunzo play did not ask within {timeout} s:\n{self.transcript}"
            try:
                chunk = os.read(self.out, 65536)
            except OSError:  # a pty reports the end of its child as an error
                chunk = b""
            if not chunk:
                break
            self.transcript += self._decode(chunk).replace("\r\n", "\n")
        return self.transcript[start:]

    def type(self, line: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(line.encode() + b"\n")
        self.process.stdin.flush()

    def answer(self, screen: str, plan: dict[str, str]) -> str:
        """Answer the question on screen from the plan; returns its prompt."""
        prompt = next(p for p in plan if p in screen)
        wanted = plan[prompt]
        letter = re.search(
            rf"^\s*(?:\x1b\[[0-9;]*m)?([A-E])(?:\x1b\[0m)?\) {re.escape(wanted)}$", screen, re.M
        )
        self.type(letter.group(1) if letter else wanted)
        return prompt

    def finish(self) -> tuple[int, str, str]:
        """Close the player's input, and read to the end."""
        assert self.process.stdin is not None
        self.process.stdin.close()
        while True:
            ready, _, _ = select.select([self.out], [], [], 30)
            assert ready, f"bvunzo play did not end:\n{self.transcript}"
            try:
                chunk = os.read(self.out, 65536)
            except OSError:
                chunk = b""
            if not chunk:
                break
            self.transcript += self._decode(chunk).replace("\r\n", "\n")
        code = self.process.wait(timeout=30)
        err = self.process.stderr.read().decode() if self.process.stderr else ""
        if self.pty_out is not None:
            os.close(self.pty_out)
        return code, self.transcript, err


@pytest.fixture
def deck(tmp_path: Path) -> Path:
    path = tmp_path / "capitals.yaml"
    path.write_text(DECK)
    return path


def rows(db: Path, sql: str) -> list[tuple[object, ...]]:
    conn = sqlite3.connect(db)
    try:
        return conn.execute(sql).fetchall()
    finally:
        conn.close()


def test_a_game_then_its_review(tmp_path: Path, deck: Path) -> None:
    game = Terminal(tmp_path, str(deck), "--player", "ada")
    screen = game.until_asked()
    assert screen.startswith("Capitals and Rivers · 3 questions · playing as ada\n")
    asked = []
    for number in range(1, 4):
        assert f"Question {number} of 3 · Capitals and Rivers" in screen
        plan = {**RIGHT, "Victoria Falls lies on the Limpopo.": "True"}  # wrong on the falls only
        if "What is the capital of Zimbabwe?" in screen:
            assert "  A) " in screen and "  D) " in screen
            game.type("Z")  # not a letter of this question
            again = game.until_asked()
            assert again == "Z\nType one letter, A to D.\nYour answer (A-D, q to stop): "
        asked.append(game.answer(screen, plan))
        screen = game.until_asked()
    code, transcript, err = game.finish()
    assert code == 0, err
    assert sorted(asked) == sorted(RIGHT)
    assert "\x1b[" not in transcript  # piped: plain text
    assert "✓ Right!" in transcript
    assert "✗ Not quite: the answer is A) True" not in transcript
    assert "✗ Not quite: the answer is B) False." in transcript
    assert "Victoria Falls is on the Zambezi, between Zimbabwe and Zambia." in transcript
    assert "Harare has been the capital since independence in 1980." in transcript
    assert "The Zambezi, which also feeds Lake Kariba." in transcript
    assert "Score: 2 of 3 right (67%)" in transcript
    assert "1 question is due for review now: bvunzo play capitals --review" in transcript
    assert transcript.rstrip().endswith(
        "Players on this computer (right answers, every deck):\n  1. ada: 2 of 3 ← you"
    )

    db = tmp_path / "play.db"
    assert sorted(
        rows(db, "SELECT user_id, guild_id, deck_id, question_id, correct FROM practice_answers")
    ) == [
        (1, None, "capitals", "cap-zw", 1),
        (1, None, "capitals", "falls", 0),
        (1, None, "capitals", "river", 1),
    ]
    assert sorted(rows(db, "SELECT question_id, reviews, lapses FROM memories WHERE user_id = 1")) == [
        ("cap-zw", 1, 0),
        ("falls", 1, 1),
        ("river", 1, 0),
    ]

    review = Terminal(tmp_path, str(deck), "--player", "ada", "--review")
    screen = review.until_asked()
    assert "Question 1 of 1" in screen
    assert review.answer(screen, RIGHT) == "Victoria Falls lies on the Limpopo."
    code, transcript, err = review.finish()
    assert code == 0, err
    assert "Score: 1 of 1 right (100%)" in transcript
    assert "1. ada: 3 of 4 ← you" in transcript
    assert rows(db, "SELECT reviews, lapses FROM memories WHERE question_id = 'falls'") == [(2, 1)]

    nothing = Terminal(tmp_path, str(deck), "--player", "ada", "--review")
    code, transcript, _ = nothing.finish()
    assert code == 0
    assert transcript.startswith("Nothing of “Capitals and Rivers” is due for review; the next is due in ")


async def test_a_game_on_postgresql_is_stored_there(tmp_path: Path, deck: Path, postgres_url: str) -> None:
    game = Terminal(tmp_path, str(deck), "--player", "ada", BVUNZO_DB=postgres_url)
    screen = game.until_asked()
    for _ in range(3):
        game.answer(screen, {**RIGHT, "Victoria Falls lies on the Limpopo.": "True"})
        screen = game.until_asked()
    code, transcript, err = game.finish()

    assert code == 0, err
    assert "Score: 2 of 3 right (67%)" in transcript
    assert list(tmp_path.iterdir()) == [deck]  # no SQLite file (or folder) named after the URL
    async with await open_store(postgres_url) as store:
        (player,) = json.loads(await store.get_meta("terminal_players") or "{}").values()
        memories = await store.memories(player, "capitals")
    assert {question: memory.lapses for question, memory in memories.items()} == {
        "cap-zw": 0,
        "falls": 1,
        "river": 0,
    }


def test_a_game_schedules_at_the_players_own_retention(tmp_path: Path, deck: Path) -> None:
    db = tmp_path / "play.db"

    async def ada_keeps_less() -> None:  # as /preferences would set it for a member of a server
        async with await open_store(str(db)) as store:
            await store.set_member_retention(await local_player(store, "ada"), 0.70)

    asyncio.run(ada_keeps_less())
    for player in ("ada", "bo"):
        game = Terminal(tmp_path, str(deck), "--player", player)
        screen = game.until_asked()
        for _ in range(3):
            game.answer(screen, RIGHT)
            screen = game.until_asked()
        code, transcript, err = game.finish()
        assert code == 0, err
        # fsrs's first Good: due in 21 days at a retention of 0.70, in 2 at the default 0.90.
        wanted = "in 21 days" if player == "ada" else "in 2 days"
        assert transcript.count(f"Next review of this question: {wanted}.") == 3, transcript

    async def intervals() -> dict[int, set[float]]:
        async with await open_store(str(db)) as store:
            found = {}
            for player in (1, 2):
                memories = (await store.memories(player, "capitals")).values()
                found[player] = {
                    (m.due - m.last_review).total_seconds() / 86400 for m in memories if m.last_review
                }
            return found

    assert asyncio.run(intervals()) == {1: {21.0}, 2: {2.0}}


def test_stopping_early_keeps_what_was_answered(tmp_path: Path, deck: Path) -> None:
    first = Terminal(tmp_path, str(deck), "--player", "ada")
    first.answer(first.until_asked(), RIGHT)
    # Typed answers stop with :q (a lone q could be an answer); lettered ones with q.
    first.type(":q" if "(:q to stop)" in first.until_asked() else "q")
    code, transcript, _ = first.finish()
    assert code == 0
    assert "Stopped after 1 of 3 questions." in transcript
    assert "Score: 1 of 1 right (100%)" in transcript

    second = Terminal(tmp_path, str(deck), "--player", "bo")
    second.answer(second.until_asked(), WRONG)
    code, transcript, _ = second.finish()  # the input ends: the game stops as with q
    assert code == 0
    assert "Score: 0 of 1 right (0%)" in transcript
    assert transcript.rstrip().endswith("  1. ada: 1 of 1\n  2. bo: 0 of 1 ← you")
    assert rows(tmp_path / "play.db", "SELECT user_id, COUNT(*) FROM practice_answers GROUP BY 1") == [
        (1, 1),
        (2, 1),
    ]


def test_ctrl_c_while_waiting_for_an_answer_ends_with_the_summary(tmp_path: Path, deck: Path) -> None:
    game = Terminal(tmp_path, str(deck), "--player", "ada")
    game.answer(game.until_asked(), RIGHT)
    game.until_asked()
    game.process.send_signal(signal.SIGINT)
    code, transcript, err = game.finish()
    assert code == 0, transcript + err
    assert "Traceback" not in err
    assert "Stopped after 1 of 3 questions." in transcript
    assert "1. ada: 1 of 1 ← you" in transcript


def test_colours_and_a_progress_bar_on_a_terminal(tmp_path: Path, deck: Path) -> None:
    game = Terminal(tmp_path, str(deck), "--player", "ada", tty=True)
    screen = game.until_asked()
    assert "\x1b[1m" in screen  # bold question
    assert re.search(r"░+\x1b\[0m 1/3 · 0 right · Capitals and Rivers", screen)
    game.answer(screen, RIGHT)
    screen = game.until_asked()
    assert "\x1b[32;1m✓ Right!\x1b[0m" in screen
    assert re.search(r"█+\x1b\[0m\x1b\[2m░+\x1b\[0m 2/3 · 1 right", screen)
    code, transcript, _ = game.finish()
    assert code == 0
    assert "\x1b[1mScore: 1 of 1 right (100%)\x1b[0m" in transcript


def test_the_deck_folder_and_a_choice_of_deck(tmp_path: Path, deck: Path) -> None:
    folder = tmp_path / "decks"
    folder.mkdir()
    (folder / "capitals.yaml").write_text(DECK)
    (folder / "shona.yaml").write_text(
        "id: shona\ntitle: Shona words\nquestions:\n  - id: s1\n    prompt: 'Mvura means?'\n"
        "    choices: [water, fire]\n    answer: 0\n"
    )
    game = Terminal(tmp_path, "--player", "ada", BVUNZO_QUESTIONS=str(folder))
    screen = game.until_asked()
    assert "  1. Capitals and Rivers (capitals, 3 questions)\n  2. Shona words (shona, 1 question)" in screen
    game.type("2")
    screen = game.until_asked()
    assert "Mvura means?" in screen and "Question 1 of 1 · Shona words" in screen
    code, _, _ = game.finish()
    assert code == 0

    unknown = Terminal(tmp_path, "nope", BVUNZO_QUESTIONS=str(folder))
    code, _transcript, err = unknown.finish()
    assert code == 2
    assert err.strip() == f"bvunzo: There is no deck `nope` in {folder}; the decks are: capitals, shona."


def test_a_broken_deck_file_says_each_problem_by_line(tmp_path: Path) -> None:
    path = tmp_path / "draft.yaml"
    path.write_text(
        DECK + "  - id: broken\n    prompt: 'No answer given?'\n    choices: [a, b]\n    answer: 7\n"
    )
    game = Terminal(tmp_path, str(path), "--player", "ada")
    code, transcript, err = game.finish()
    assert code == 2
    assert transcript == ""
    assert err.splitlines() == [
        f"bvunzo: {path} cannot be played until these are fixed:",
        f"{path}:22: `answer` 7 is out of range: the choices are numbered 0 to 1",
    ]
    assert not (tmp_path / "play.db").exists()


def test_the_bot_without_a_token_points_at_play(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=ROOT,
        env={"PATH": os.environ.get("PATH", "/usr/bin:/bin")},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("bvunzo: DISCORD_TOKEN is not set")
    assert lines[0].endswith("or try a deck in this terminal first with `bvunzo play`.")


def test_wrong_options_are_one_sentence(tmp_path: Path, deck: Path) -> None:
    code, transcript, err = Terminal(tmp_path, str(deck), "--count", "0").finish()
    assert (code, transcript) == (2, "")
    assert err.splitlines() == ["bvunzo: --count 0 is out of range: choose 1 to 50 questions."]
    code, _, err = Terminal(tmp_path, BVUNZO_QUESTIONS=str(tmp_path / "nowhere")).finish()
    assert code == 2
    assert err.splitlines() == [
        f"bvunzo: There is no deck folder at {tmp_path / 'nowhere'}: name a deck file "
        "(bvunzo play my-deck.yaml) or set BVUNZO_QUESTIONS."
    ]


SHONA_DECK = """\
id: mazita
title: Mazita
questions:
  - id: guta
    prompt: "Guta guru reZimbabwe ndeupi?"
    choices: ["Bulawayo", "Harare", "Mutare"]
    answer: 1
  - id: rwizi
    type: text
    prompt: "Rwizi runoparadzanisa Zimbabwe neZambia?"
    answers: ["Zambezi"]
"""


def test_a_game_in_the_terminals_language_shona(tmp_path: Path) -> None:
    path = tmp_path / "mazita.yaml"
    path.write_text(SHONA_DECK)
    game = Terminal(tmp_path, str(path), "--player", "ada", LANG="sn_ZW.UTF-8")
    screen = game.until_asked()
    assert screen.startswith("Mazita · mibvunzo 2 · unotamba seada\n")
    for number in (1, 2):
        assert f"Mubvunzo {number} pa2 · Mazita" in screen
        if "Guta guru reZimbabwe ndeupi?" in screen:
            assert screen.endswith("Mhinduro yako (A-C, q kuti umire): ")
            game.type("Z")
            assert (
                game.until_asked() == "Z\nNyora vara rimwe, A kusvika C.\nMhinduro yako (A-C, q kuti umire): "
            )
            game.answer(screen, {"Guta guru reZimbabwe ndeupi?": "Mutare"})  # wrong
        else:
            assert screen.endswith("Mhinduro yako (:q kuti umire): ")
            game.type("zambezi")
        screen = game.until_asked()
    code, transcript, err = game.finish()
    assert code == 0, err
    assert re.search(r"^✗ Hazvina kunyatsorurama\. Mhinduro: [A-C]\) Harare\.$", transcript, re.M)
    assert "✓ Zvakarurama!" in transcript
    assert "Kudzokorora kunotevera kwemubvunzo uyu: " in transcript
    assert "Mapoindi: 1 pa2 zvakarurama (50%)" in transcript
    assert "Mubvunzo 1 wakamirira kudzokororwa zvino: bvunzo play mazita --review" in transcript
    assert transcript.rstrip().endswith(
        "Vatambi vari pakombiyuta iyi (mhinduro dzakarurama, madhekisi ese):\n  1. ada: 1 pa2 ← iwe"
    )


def test_the_terminals_language_for_its_refusals_and_help(tmp_path: Path, deck: Path) -> None:
    code, _, err = Terminal(tmp_path, str(deck), "--count", "0", LANG="fr_FR.UTF-8").finish()
    assert (code, err.splitlines()) == (
        2,
        ["bvunzo: --count 0 est hors limites : choisis de 1 à 50 questions."],
    )
    code, _, err = Terminal(tmp_path, str(deck), "--count", "99", LANG="pt_BR.UTF-8").finish()
    assert err.splitlines() == ["bvunzo: --count 99 está fora do intervalo: escolha de 1 a 50 perguntas."]
    # --language chooses the words as well as the questions' language; LC_ALL outranks LANG.
    code, _, err = Terminal(
        tmp_path, str(deck), "--count", "0", "--language", "sn", LANG="fr_FR.UTF-8"
    ).finish()
    assert err.splitlines() == [
        "bvunzo: --count 0 haisi pakati pezvinobvumirwa: sarudza mibvunzo 1 kusvika 50."
    ]
    code, _, err = Terminal(tmp_path, str(deck), "--count", "0", LC_ALL="C", LANG="fr_FR.UTF-8").finish()
    assert err.splitlines() == ["bvunzo: --count 0 is out of range: choose 1 to 50 questions."]
    helped = Terminal(tmp_path, "--help", LANG="sn_ZW.UTF-8")
    code, transcript, _ = helped.finish()
    assert code == 0
    assert "mibvunzo chete yakamirira kudzokororwa (kudzokorora kwakapatsanurwa)" in " ".join(
        transcript.split()
    )


PRIMES = """\
id: primes
title: Primes
questions:
  - id: p
    type: multi
    prompt: "Which are prime?"
    choices: ["2", "3", "4", "5"]
    answer: [0, 1, 3]
"""


def test_a_multi_question_takes_every_right_letter(tmp_path: Path) -> None:
    path = tmp_path / "primes.yaml"
    path.write_text(PRIMES)
    game = Terminal(tmp_path, str(path), "--player", "ada")
    screen = game.until_asked()
    assert "every right letter (A-D, q to stop)" in screen
    shown = dict(re.findall(r"^\s*(?:\x1b\[[0-9;]*m)?([A-D])(?:\x1b\[0m)?\) (\d)$", screen, re.M))
    game.type("Z")  # not a letter of it: asked again
    assert "Type the letters of every right choice, such as A C." in game.until_asked()
    game.type(" ".join(letter for letter, choice in shown.items()))  # all four: 2/3 of the set
    code, transcript, _ = game.finish()
    assert code == 0
    assert "Score: 0 of 1 right (0%)" in transcript
    # Not right, but two thirds of it: remembered with gaps (Hard), no lapse.
    assert rows(tmp_path / "play.db", "SELECT reviews, lapses FROM memories") == [(1, 0)]


ZIMBABWE = """\
id: zimbabwe
title: Zimbabwe
questions:
  - id: z
    type: cloze
    prompt: "The capital of Zimbabwe is {{1}}, on the way to the {{2}}."
    blanks: [["Harare"], ["Zambezi"]]
"""


def test_a_cloze_question_asks_each_blank(tmp_path: Path) -> None:
    path = tmp_path / "zimbabwe.yaml"
    path.write_text(ZIMBABWE)
    game = Terminal(tmp_path, str(path), "--player", "ada")
    screen = game.until_asked()
    assert "The capital of Zimbabwe is ____(1), on the way to the ____(2)." in screen
    assert "Blank 1 (:q to stop)" in screen
    game.type("Harare")
    assert "Blank 2 (:q to stop)" in game.until_asked()
    game.type("Limpopo")  # one of two: half the points, remembered with gaps (Hard), no lapse
    code, transcript, _ = game.finish()
    assert code == 0
    assert "the answer is “(1) Harare · (2) Zambezi”" in transcript
    assert rows(tmp_path / "play.db", "SELECT reviews, lapses FROM memories") == [(1, 0)]


PLANETS = """\
id: planets
title: Planets
questions:
  - id: p
    type: order
    prompt: From the Sun outwards
    items: [Mercury, Venus, Earth]
"""


def test_an_order_question_takes_every_letter_first_to_last(tmp_path: Path) -> None:
    path = tmp_path / "planets.yaml"
    path.write_text(PLANETS)
    game = Terminal(tmp_path, str(path), "--player", "ada")
    screen = game.until_asked()
    assert "every letter from first to last (A-C, q to stop)" in screen
    shown = {
        item: letter
        for letter, item in re.findall(r"^\s*(?:\x1b\[[0-9;]*m)?([A-C])(?:\x1b\[0m)?\) (\w+)$", screen, re.M)
    }
    game.type("Z")  # not a letter of it: asked again
    assert "Type the letters of every item, first to last, such as C A B." in game.until_asked()
    game.type(" ".join(shown[item] for item in ("Earth", "Venus", "Mercury")))  # Venus alone in place: 1/3
    code, transcript, _ = game.finish()
    assert code == 0
    assert "the answer is “Mercury → Venus → Earth”" in transcript
    # A third of the points is below half: a lapse.
    assert rows(tmp_path / "play.db", "SELECT reviews, lapses FROM memories") == [(1, 1)]


CAPITALS = """\
id: capitals
title: Capitals
questions:
  - id: c
    type: match
    prompt: Match each capital with its country
    pairs: [[Harare, Zimbabwe], [Lusaka, Zambia], [Maputo, Mozambique]]
"""


def test_a_match_question_asks_a_number_for_each_left_item(tmp_path: Path) -> None:
    path = tmp_path / "capitals.yaml"
    path.write_text(CAPITALS)
    game = Terminal(tmp_path, str(path), "--player", "ada")
    screen = game.until_asked()
    assert "Harare → (1-3, :q to stop)" in screen
    numbered = {
        line.split(") ")[1].strip(): line.split(")")[0].strip()[-1]
        for line in screen.splitlines()
        if ") " in line and line.strip()[:1].isdigit()
    }
    game.type(numbered["Zimbabwe"])
    assert "Lusaka → (1-3, :q to stop)" in game.until_asked()
    game.type(numbered["Mozambique"])
    assert "Maputo → (1-3, :q to stop)" in game.until_asked()
    game.type(numbered["Zambia"])  # one of three: a lapse
    code, transcript, _ = game.finish()
    assert code == 0
    assert "the answer is “Harare → Zimbabwe · Lusaka → Zambia · Maputo →" in transcript
    assert rows(tmp_path / "play.db", "SELECT reviews, lapses FROM memories") == [(1, 1)]
