"""CSV and TSV from spreadsheets (Google Sheets, Excel, LibreOffice), Quizlet's and Kotoba's exports.

A header row names the columns. Without one, two tab-separated columns are Quizlet's
"term TAB definition".
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterator

from bot.bank import limits
from bot.bank.importers.distractors import with_distractors
from bot.bank.importers.drafts import DeckDraft
from bot.bank.problems import DeckError, Problem

# A field longer than any text a deck can hold (the prompt is the longest) is a quote left open.
MAX_FIELD = limits.DISCORD_EMBED_DESCRIPTION * 2
# Blank rows are skipped but counted: a file of a million empty lines is refused, not walked.
MAX_ROWS = limits.MAX_QUESTIONS_PER_DECK * 4

# Header names (compared without case, spaces, `_` or `-`) and the field each one fills.
COLUMNS = {
    "question": "prompt",
    "prompt": "prompt",
    "term": "prompt",
    "front": "prompt",
    "q": "prompt",
    "answer": "answer",
    "answers": "answers",  # Kotoba: several accepted answers, separated by commas
    "correct": "answer",
    "correctanswer": "answer",
    "right": "answer",
    "rightanswer": "answer",
    "definition": "answer",
    "back": "answer",
    "a": "answer",
    "explanation": "explanation",
    "explain": "explanation",
    "why": "explanation",
    "comment": "explanation",  # Kotoba
    "notes": "explanation",
    "instructions": "instructions",  # Kotoba: shown above the question
    "renderas": "ignored",  # Kotoba: image or text rendering, which Discord embeds cannot choose
    "lang": "lang",
    "language": "lang",
    "tags": "tags",
    "tag": "tags",
    "difficulty": "difficulty",
    "id": "id",
    "type": "type",
    "kind": "type",
}
_NUMBERED = re.compile(r"(choice|option|wrong|incorrect|distractor|wronganswer|incorrectanswer)(\d)")
KNOWN = (
    "question/prompt/term, answer/correct/definition, choice1..5 (or option1..5), wrong1..4 "
    "(or incorrect1..4), explanation, lang, tags, difficulty, id, type"
)


def _name(header: str) -> str:
    return re.sub(r"[\s_\-.]+", "", header.strip().casefold())


def _column(header: str) -> str | None:
    name = _name(header)
    if name in COLUMNS:
        return COLUMNS[name]
    numbered = _NUMBERED.fullmatch(name)
    if numbered is not None:
        kind = "choice" if numbered[1] in ("choice", "option") else "wrong"
        return f"{kind}{numbered[2]}"
    return None


def sniff_delimiter(text: str) -> str:
    first = text.split("\n", 1)[0]
    counts = {d: first.count(d) for d in ("\t", ",", ";")}
    best = max(counts, key=lambda d: counts[d])
    return best if counts[best] else ","


def _rows(text: str, delimiter: str, source: str) -> Iterator[tuple[int, list[str]]]:
    """(line, fields) of each non-blank row, refusing early what no spreadsheet of questions holds."""
    # Read lazily from the text, so a file of a million rows is refused at row 20,001, not split first.
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=False)
    start = 1
    count = 0
    try:
        for fields in reader:
            line, start = start, reader.line_num + 1
            count += 1
            if count > MAX_ROWS:
                raise DeckError(
                    [Problem(source, line, f"the file has more than {MAX_ROWS} rows; a deck is far smaller")]
                )
            if any(len(field) > MAX_FIELD for field in fields):
                raise DeckError([_open_quote(source, line)])
            if any(f.strip() for f in fields):
                yield line, [f.strip() for f in fields]
    except csv.Error as exc:
        if "field larger than field limit" in str(exc):
            raise DeckError([_open_quote(source, start)]) from exc
        raise DeckError([Problem(source, reader.line_num, f"this is not valid CSV: {exc}")]) from exc


def _open_quote(source: str, line: int) -> Problem:
    return Problem(
        source,
        line,
        'a field starting on this row is longer than any question; a quote (") is probably not closed',
    )


def read_spreadsheet(text: str, source: str, *, distractors: bool, delimiter: str | None = None) -> DeckDraft:
    delimiter = delimiter or sniff_delimiter(text)
    rows = _rows(text, delimiter, source)
    draft = DeckDraft(source)
    first = next(rows, None)
    if first is None:
        raise DeckError([Problem(source, 0, "the file is empty")])
    line, header = first
    columns = [_column(h) for h in header]
    if "prompt" not in columns:
        if delimiter == "\t" and len(header) == 2:
            return _read_term_definition(draft, [first, *rows], distractors=distractors)
        raise DeckError(
            [
                Problem(
                    source,
                    line,
                    "the first row must name the columns, with one called `question` (or `prompt`); "
                    f"the names understood are {KNOWN}",
                )
            ]
        )
    for index, (name, column) in enumerate(zip(header, columns, strict=True)):
        if column is None and name:
            draft.note(
                line,
                f"column {index + 1} `{name[:40]}` was not understood and is ignored; "
                f"the names understood are {KNOWN}",
            )
    if "answer" not in columns and "answers" not in columns:
        raise DeckError(
            [Problem(source, line, "no column holds the answer; name one `answer` (or `correct`)")]
        )
    for line, fields in rows:
        if len(draft.questions) >= limits.MAX_QUESTIONS_PER_DECK:
            raise DeckError(
                [
                    Problem(
                        source,
                        line,
                        f"the file has more than {limits.MAX_QUESTIONS_PER_DECK} questions; that many fit in "
                        "one deck, so split it into several files",
                    )
                ]
            )
        row = {}
        for column, value in zip(columns, fields, strict=False):
            if column is not None and value and column not in row:
                row[column] = value
        _question(draft, line, row)
    return draft


def _read_term_definition(
    draft: DeckDraft, rows: list[tuple[int, list[str]]], *, distractors: bool
) -> DeckDraft:
    """Quizlet: the term is asked and its definition is the answer."""
    pairs: list[tuple[int, str, list[str]]] = []
    for line, fields in rows:
        if len(fields) < 2 or not fields[0] or not fields[1]:
            draft.skip(line, "a card needs a term, a tab, then its definition")
            continue
        pairs.append((line, fields[0], [fields[1]]))
    if distractors:
        for line, prompt, choices in with_distractors(pairs):
            draft.add(line, prompt=prompt, choices=choices, answer=0)
    else:
        for line, prompt, answers in pairs:
            draft.add(line, type="text", prompt=prompt, answers=answers)
    return draft


def _question(draft: DeckDraft, line: int, row: dict[str, str]) -> None:
    prompt = row.get("prompt", "")
    if not prompt:
        draft.skip(line, "the `question` cell is empty")
        return
    if "instructions" in row:
        prompt = f"{row['instructions']}\n{prompt}" if prompt else row["instructions"]
    common = {
        "id": row.get("id"),
        "lang": row.get("lang"),
        "explanation": row.get("explanation"),
        "tags": [t.strip() for t in re.split(r"[,;]", row.get("tags", "")) if t.strip()],
        "difficulty": row.get("difficulty", "").lower() or None,
    }
    kind = row.get("type", "").lower()
    choices = [row[f"choice{n}"] for n in range(1, 10) if row.get(f"choice{n}")]
    wrong = [row[f"wrong{n}"] for n in range(1, 10) if row.get(f"wrong{n}")]
    answer = row.get("answer", "")
    if kind in ("truefalse", "true/false", "boolean", "tf") or (
        not kind and not choices and not wrong and answer.lower() in ("true", "false")
    ):
        if answer.lower() not in ("true", "false"):
            draft.skip(line, f"a true/false question's answer must be `true` or `false`, not `{answer[:60]}`")
            return
        draft.add(line, type="truefalse", prompt=prompt, answer=answer.lower() == "true", **common)
        return
    if choices or wrong or kind == "choice":
        if wrong:
            choices = [*([answer] if answer else []), *choices, *wrong]
            right: list[int] | None = [0] if answer else None
        else:
            right = _right_choices(answer, choices)
        if not right:
            draft.skip(
                line,
                f"the answer `{answer[:60]}` is none of the choices; give its letter (A–E), its number "
                "(counting from 1) or its text",
            )
            return
        draft.add(
            line, prompt=prompt, choices=choices, answer=right[0] if len(right) == 1 else right, **common
        )
        return
    accepted = [a.strip() for a in re.split(r"\s*\|\s*", answer) if a.strip()]
    if "answers" in row:
        accepted += [a.strip() for a in row["answers"].split(",") if a.strip()]
    if not accepted:
        draft.skip(line, "the row has no answer")
        return
    draft.add(line, type="text", prompt=prompt, answers=accepted, **common)


def _right_choices(answer: str, choices: list[str]) -> list[int] | None:
    """The choices an answer cell names: a letter, a number counting from 1, the text, or several by `|`."""

    def one(part: str) -> int | None:
        part = part.strip()
        for index, choice in enumerate(choices):
            if " ".join(choice.split()).casefold() == " ".join(part.split()).casefold():
                return index
        letter = part.rstrip(".)").upper()
        if len(letter) == 1 and "A" <= letter <= "E" and ord(letter) - ord("A") < len(choices):
            return ord(letter) - ord("A")
        if part.isdigit() and 1 <= int(part) <= len(choices):
            return int(part) - 1
        return None

    whole = one(answer)
    if whole is not None:
        return [whole]
    parts = [one(p) for p in answer.split("|")] if "|" in answer else [None]
    if any(p is None for p in parts):
        return None
    return sorted({p for p in parts if p is not None})
