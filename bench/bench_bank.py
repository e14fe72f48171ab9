"""How long loading a 10,000-question bank takes with libyaml and with PyYAML's pure-Python loader."""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.bank import safe_yaml
from bot.bank.loader import load_folder


def _question(deck: int, number: int) -> str:
    kind = ("choice", "choice", "choice", "truefalse", "text")[number % 5]
    head = f"""  - id: q-{deck:02d}-{number:03d}
    type: {kind}
    lang: en
    prompt: "Question {number} of deck {deck}: which statement about topic {number % 37} holds?"
"""
    if kind == "choice":
        body = f"""    choices:
      - "First statement about topic {number}"
      - "Second statement about topic {number}"
      - "Third statement about topic {number}"
      - "Fourth statement about topic {number}"
    answer: {number % 4}
"""
        translated = """        choices: ["Chokutanga", "Chechipiri", "Chechitatu", "Chechina"]
"""
    elif kind == "truefalse":
        body = f"    answer: {'true' if number % 2 else 'false'}\n"
        translated = ""
    else:
        body = f'    answers: ["answer {number}", "the answer {number}"]\n'
        translated = f'        answers: ["mhinduro {number}"]\n'
    tail = f"""    explanation: >-
      Because statement {number % 4} is the one the course notes give for topic {number % 37},
      and the others describe a different topic.
    translations:
      sn:
        prompt: "Mubvunzo {number} wedeck {deck}"
{translated}        explanation: "Tsananguro yemubvunzo {number}."
    tags: [topic-{number % 37}, bench]
    difficulty: {("easy", "medium", "hard")[number % 3]}
"""
    return head + body + tail


def write_bank(folder: Path, decks: int, per_deck: int) -> int:
    """Write `decks` deck files into `folder`; the number of bytes written."""
    total = 0
    for deck in range(decks):
        text = (
            f"id: bench-{deck:02d}\ntitle: Bench deck {deck}\ndescription: Generated for the benchmark.\n"
            "language: en\ntags: [bench]\nquestions:\n" + "".join(_question(deck, n) for n in range(per_deck))
        )
        (folder / f"bench-{deck:02d}.yaml").write_text(text, encoding="utf-8")
        total += len(text.encode("utf-8"))
    return total


def time_load(folder: Path, *, pure_python: bool, repeat: int) -> tuple[float, int]:
    """The best of `repeat` loads of the folder, in seconds, and how many questions loaded."""
    best = float("inf")
    count = 0
    with safe_yaml.pure_python(pure_python):
        for _ in range(repeat):
            started = time.perf_counter()
            decks, problems = load_folder(folder)
            best = min(best, time.perf_counter() - started)
            if problems:
                raise SystemExit("the generated bank has problems:\n" + "\n".join(map(str, problems)))
            count = sum(len(d.questions) for d in decks)
    return best, count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--decks", type=int, default=20)
    parser.add_argument("--questions", type=int, default=500, help="questions per deck")
    parser.add_argument("--repeat", type=int, default=3, help="loads per loader; the best is shown")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="bvunzo-bench-") as tmp:
        folder = Path(tmp)
        size = write_bank(folder, args.decks, args.questions)
        print(f"bank: {args.decks} decks x {args.questions} questions, {size / 1024 / 1024:.1f} MiB of YAML")
        if not safe_yaml.HAVE_LIBYAML:
            print("libyaml is not installed: only the pure-Python loader can be measured")
        fast = None
        if safe_yaml.HAVE_LIBYAML:
            fast, count = time_load(folder, pure_python=False, repeat=args.repeat)
            print(f"C loader (libyaml):   {fast:7.3f} s  ({count / fast:,.0f} questions/s)")
        slow, count = time_load(folder, pure_python=True, repeat=args.repeat)
        print(f"pure-Python loader:   {slow:7.3f} s  ({count / slow:,.0f} questions/s)")
        if fast is not None:
            print(f"ratio (pure / C):     {slow / fast:7.1f}x")


if __name__ == "__main__":
    main()
