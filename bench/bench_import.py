"""How long the importers take to refuse malicious files, and to import the largest real lists."""

from __future__ import annotations

import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.bank.importers import Format, import_deck
from bot.bank.part_sizes import MAX_DECK_BYTES
from bot.bank.problems import DeckError

RED = Path(__file__).resolve().parents[2] / "shared" / "red-trivia-lists"


def alias_bomb() -> bytes:
    levels = "".join(
        f"{chr(98 + i)}: &{chr(98 + i)} [" + ", ".join([f"*{chr(97 + i)}"] * 9) + "]\n" for i in range(8)
    )
    return ("a: &a [x, x, x, x, x, x, x, x, x]\n" + levels + "questions: *i\n").encode()


def many_questions(count: int) -> bytes:
    return ("question,answer\n" + "".join(f"Q{n}?,A{n}\n" for n in range(count))).encode()


def quizlet_export(count: int) -> bytes:
    """Quizlet's default export: term TAB definition, definitions with commas, no header."""
    return "".join(
        f"term {n}\tthe definition of term {n}, with a comma and a few more words to read\n"
        for n in range(count)
    ).encode()


def sheet_at_the_cap(encoding: str = "utf-8", header: bool = True) -> bytes:
    """A spreadsheet of choice questions filling the upload cap (1 MiB), as Excel saves it."""
    rows = ["Question,Choice 1,Choice 2,Choice 3,Choice 4,Answer\n"] if header else []
    size, n = len(rows[0]) if rows else 0, 0
    while True:
        row = (
            f"Question {n}: which of these answers is the right one for año {n} as the textbook puts it "
            "in chapter three?,"
            f"first answer {n},second answer {n},third answer {n},fourth answer {n},second answer {n}\n"
        )
        if size + len(row.encode(encoding)) > MAX_DECK_BYTES or n == 4999:
            break
        rows.append(row)
        size += len(row.encode(encoding))
        n += 1
    return "".join(rows).encode(encoding)


def moodle_xml(count: int) -> bytes:
    """Moodle's question bank export: a category, then single-answer multichoice in CDATA HTML, with the
    grading and feedback elements Moodle writes for each (about 1 KiB a question)."""
    question = (
        '  <question type="multichoice">\n    <name><text>Q{n}</text></name>\n'
        '    <questiontext format="html"><text><![CDATA[<p>Which river is number {n}?</p>]]></text></questiontext>\n'
        '    <generalfeedback format="html"><text><![CDATA[<p>Because {n}.</p>]]></text></generalfeedback>\n'
        "    <defaultgrade>1.0000000</defaultgrade>\n    <penalty>0.3333333</penalty>\n    <hidden>0</hidden>\n"
        "    <idnumber></idnumber>\n    <shuffleanswers>true</shuffleanswers>\n"
        "    <answernumbering>abc</answernumbering>\n    <showstandardinstruction>0</showstandardinstruction>\n"
        '    <correctfeedback format="html"><text>Your answer is correct.</text></correctfeedback>\n'
        '    <partiallycorrectfeedback format="html"><text>Your answer is partially correct.</text></partiallycorrectfeedback>\n'
        '    <incorrectfeedback format="html"><text>Your answer is incorrect.</text></incorrectfeedback>\n'
        "    <single>true</single>\n"
        '    <answer fraction="100" format="html"><text>Zambezi {n}</text></answer>\n'
        '    <answer fraction="0" format="html"><text>Limpopo {n}</text></answer>\n'
        '    <answer fraction="0" format="html"><text>Save {n}</text></answer>\n'
        "  </question>\n"
    )
    category = (
        '  <question type="category"><category><text>$course$/top/Rivers</text></category></question>\n'
    )
    body = "".join(question.format(n=n) for n in range(count))
    return ('<?xml version="1.0" encoding="UTF-8"?>\n<quiz>\n' + category + body + "</quiz>\n").encode()


def gift(count: int) -> bytes:
    return "".join(
        f"::Q{n}::Which river is number {n}? {{=Zambezi {n} ~Limpopo {n} ~Save {n}####Because {n}.}}\n\n"
        for n in range(count)
    ).encode()


def billion_laughs() -> bytes:
    levels = "".join(f' <!ENTITY l{n} "{f"&l{n - 1};" * 10}">\n' for n in range(1, 10))
    return (
        '<?xml version="1.0"?>\n<!DOCTYPE quiz [\n <!ENTITY l0 "lol">\n' + levels + "]>\n<quiz>&l9;</quiz>"
    ).encode()


CASES: list[tuple[str, Callable[[], bytes], Format | None]] = [
    ("Quizlet export, 5,000 cards", lambda: quizlet_export(5000), None),
    ("CSV at the upload cap (1 MiB)", sheet_at_the_cap, None),
    ("the same, no header", lambda: sheet_at_the_cap(header=False), None),
    ("the same, Windows-1252", lambda: sheet_at_the_cap("cp1252"), None),
    ("2 MiB file", lambda: b"question,answer\n" + b"x" * (2 * 1024 * 1024), None),
    ("alias bomb (9**9), our YAML", alias_bomb, Format.YAML),
    ("alias bomb (9**9), Red list", alias_bomb, Format.RED),
    ("a million blank CSV rows", lambda: b"question,answer\n" + b"\n" * 1_000_000, None),
    ("an unclosed CSV quote", lambda: b'question,answer\n"Why?,x\n' + b"more words, " * 80_000, None),
    ("5,001 CSV questions", lambda: many_questions(5001), None),
    ("Moodle XML, 2,000 questions", lambda: moodle_xml(2000), None),
    ("GIFT, 5,000 questions", lambda: gift(5000), None),
    ("billion laughs, Moodle XML", billion_laughs, None),
    ("100,001 XML elements", lambda: b"<quiz>" + b"<a/>" * 100_001 + b"</quiz>", None),
]


def timed(data: bytes, fmt: Format | None, **options: bool) -> tuple[float, str]:
    start = time.perf_counter()
    try:
        imported, _ = import_deck(data, "bench", deck_id="bench", fmt=fmt, **options)
        outcome = f"imported {len(imported.deck.questions)}"
    except DeckError as exc:
        outcome = f"refused: {exc.problems[0].message[:60]}"
    return (time.perf_counter() - start) * 1000, outcome


def anki_package(count: int) -> bytes:
    """An Anki package of `count` Basic notes in one deck, the newer kind (schema 18, zstd-packed)."""
    from tests.anki_packages import BASIC, AnkiNote, package

    notes = [
        AnkiNote(
            BASIC, (f"<b>Term {n}</b> in the textbook's chapter {n % 12}?", f"the definition of term {n}")
        )
        for n in range(count)
    ]
    return package(notes, name="collection.anki21b", schema=18)


def bench_anki() -> None:
    """`--anki`: a 5,000-note package imported, its time (best of 3) and peak memory (tracemalloc)."""
    bench_peak("Anki package, 5,000 notes", anki_package(5000))


def bench_peak(name: str, data: bytes) -> None:
    """An import's time (best of 3) and peak memory (tracemalloc)."""
    ms, outcome = min(timed(data, None) for _ in range(3))
    tracemalloc.start()
    timed(data, None)
    _current, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(f"{name} {ms:8.1f} ms  {outcome} ({len(data) / 1024:.0f} KiB), peak {peak / 2**20:.1f} MiB")


def main() -> None:
    if "--anki" in sys.argv[1:]:
        bench_anki()
        return
    if "--moodle" in sys.argv[1:]:  # the bank a teacher brings from Moodle
        bench_peak("Moodle XML, 2,000 questions", moodle_xml(2000))
        return
    for name, make, fmt in CASES:
        data = make()
        ms, outcome = min(timed(data, fmt) for _ in range(3))
        print(f"{name:32s} {ms:8.1f} ms  {outcome} ({len(data) / 1024:.0f} KiB)")
    if RED.is_dir():
        for list_name in ("disney", "hockey"):
            data = (RED / f"{list_name}.yaml").read_bytes()
            for distractors in (False, True):
                ms, outcome = timed(data, None, distractors=distractors)
                label = f"Red {list_name}{' + distractors' if distractors else ''}"
                print(f"{label:32s} {ms:8.1f} ms  {outcome}")


if __name__ == "__main__":
    main()
