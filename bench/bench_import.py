"""How long the importers take to refuse malicious files, and to import the largest real lists."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.bank.importers import Format, import_deck
from bot.bank.problems import DeckError

RED = Path(__file__).resolve().parents[2] / "shared" / "red-trivia-lists"


def alias_bomb() -> bytes:
    levels = "".join(
        f"{chr(98 + i)}: &{chr(98 + i)} [" + ", ".join([f"*{chr(97 + i)}"] * 9) + "]\n" for i in range(8)
    )
    return ("a: &a [x, x, x, x, x, x, x, x, x]\n" + levels + "questions: *i\n").encode()


def many_questions(count: int) -> bytes:
    return ("question,answer\n" + "".join(f"Q{n}?,A{n}\n" for n in range(count))).encode()


CASES: list[tuple[str, Callable[[], bytes], Format | None]] = [
    ("2 MiB file", lambda: b"question,answer\n" + b"x" * (2 * 1024 * 1024), None),
    ("alias bomb (9**9), our YAML", alias_bomb, Format.YAML),
    ("alias bomb (9**9), Red list", alias_bomb, Format.RED),
    ("a million blank CSV rows", lambda: b"question,answer\n" + b"\n" * 1_000_000, None),
    ("an unclosed CSV quote", lambda: b'question,answer\n"Why?,x\n' + b"more words, " * 80_000, None),
    ("5,001 CSV questions", lambda: many_questions(5001), None),
]


def timed(data: bytes, fmt: Format | None, **options: bool) -> tuple[float, str]:
    start = time.perf_counter()
    try:
        imported, _ = import_deck(data, "bench", deck_id="bench", fmt=fmt, **options)
        outcome = f"imported {len(imported.deck.questions)}"
    except DeckError as exc:
        outcome = f"refused: {exc.problems[0].message[:60]}"
    return (time.perf_counter() - start) * 1000, outcome


def main() -> None:
    for name, make, fmt in CASES:
        data = make()
        ms, outcome = min(timed(data, fmt) for _ in range(3))
        print(f"{name:32s} {ms:8.1f} ms  {outcome}")
    if RED.is_dir():
        for list_name in ("disney", "hockey"):
            data = (RED / f"{list_name}.yaml").read_bytes()
            for distractors in (False, True):
                ms, outcome = timed(data, None, distractors=distractors)
                label = f"Red {list_name}{' + distractors' if distractors else ''}"
                print(f"{label:32s} {ms:8.1f} ms  {outcome}")


if __name__ == "__main__":
    main()
