"""CSV and TSV from spreadsheets, learning platforms, Quizlet, Anki and Kotoba, with or without a header.

A header row (in English, Spanish, Portuguese, French, German or Shona) names the columns; without one,
or with names we do not know, the cells say which column is which (bot/bank/importers/columns.py).
Lines that each hold one separator of the exporter's choosing are term/definition cards.
"""

from __future__ import annotations

import csv
import io
import re
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any

from bot.bank import part_sizes
from bot.bank.importers.columns import ColumnGuess, from_content, from_header, looks_like_header
from bot.bank.importers.distractors import with_distractors
from bot.bank.importers.drafts import DeckDraft
from bot.bank.importers.flashcards import (
    AnkiHeader,
    card_separator,
    cards_by_row_separator,
    mostly,
    read_anki_header,
    split_card,
    strip_html,
)
from bot.bank.importers.sheet_kinds import MATCH_KINDS, ORDER_KINDS, add_match_row, add_order_row
from bot.bank.problems import DeckError, Problem
from bot.bank.spreadsheet_csv import unescaped_cell
from bot.locales import N_, _, n_

# A field longer than any text a deck can hold (the prompt is the longest) is a quote left open.
MAX_FIELD = part_sizes.DISCORD_EMBED_DESCRIPTION * 2
# Blank rows are skipped but counted: a file of a million empty lines is refused, not walked.
MAX_ROWS = part_sizes.MAX_QUESTIONS_PER_DECK * 4
DELIMITERS = ("\t", ";", ",", "|")
# How many rows the column guess looks at: enough to be sure, few enough to stay quick.
SAMPLE_ROWS = 60

_CHOICE_KINDS = {"multichoice", "multiplechoice", "mc", "mcq", "choice", "multiple", "singlechoice",
                 "multipleanswer", "multiplechoicequestion", "opcionmultiple", "escolhamultipla",
                 "choixmultiple", "qcm", "mehrfachauswahl", "auswahl", "sarudzo"}  # fmt: skip
# Select all that apply: every choice the answer cell names is right, and only the whole set earns all.
_MULTI_KINDS = {"multi", "multiselect", "selectall", "checkbox", "checkboxes"}
_TRUE_FALSE_KINDS = {"truefalse", "tf", "boolean", "bool", "yesno", "verdaderofalso", "vf",
                     "verdadeirofalso", "vraifaux", "richtigfalsch", "wahrfalsch", "chokwadimanyepo"}  # fmt: skip
_TEXT_KINDS = {"shortanswer", "short", "text", "typed", "numerical", "numeric", "number", "respuestacorta",
               "respostacurta", "reponsecourte", "kurzantwort", "freitext"}  # fmt: skip
# What a kind of question no round can play is told with (the sentence is written where it is said): the
# words a sheet may name each kind by, as for the kinds above.
_UNPLAYABLE_KINDS = {
    **dict.fromkeys(
        ("essay", "ensayo", "redacao", "dissertation", "aufsatz"),
        N_("an essay question cannot be played in a quiz round"),
    ),
    **dict.fromkeys(
        ("fileupload", "upload", "file"), N_("a file upload question cannot be played in a quiz round")
    ),
    **dict.fromkeys(
        ("gapfill", "cloze", "fillintheblanks"), N_("a gap-fill question cannot be played in a quiz round")
    ),
    **dict.fromkeys(
        ("ddwtos", "draganddrop"), N_("a drag-and-drop question cannot be played in a quiz round")
    ),
    "description": N_("a description (no question) cannot be played in a quiz round"),
    "hotspot": N_("a hotspot question cannot be played in a quiz round"),
}
TRUE_WORDS = {"true", "t", "verdadero", "verdadeiro", "vrai", "wahr", "richtig", "ichokwadi", "chokwadi"}
FALSE_WORDS = {"false", "f", "falso", "faux", "falsch", "manyepo", "nhema"}


def _kind_key(value: str) -> str:
    return re.sub(r"[\s_\-./]+", "", value.casefold())


def _sniff(body: str) -> str | None:
    """The delimiter standing in (nearly) every row, the most evenly counted first; None if none does."""
    sample = body[:65_536]
    best: tuple[float, str] | None = None
    for delimiter in DELIMITERS:
        reader = csv.reader(io.StringIO(sample, newline=""), delimiter=delimiter, strict=False)
        try:
            rows = [row for row, _row in zip(reader, range(50), strict=False) if any(f.strip() for f in row)]
        except csv.Error:
            continue
        if any(len(field) > MAX_FIELD for row in rows for field in row):
            return delimiter  # a quote left open: reading by this delimiter names its line
        counts = [len(row) for row in rows]
        if not counts or not mostly(sum(1 for c in counts if c > 1), len(counts)):
            continue
        modal = Counter(counts).most_common(1)[0][1] / len(counts)
        if best is None or modal > best[0]:
            best = (modal, delimiter)
    return best[1] if best else None


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
                    [
                        Problem(
                            source,
                            line,
                            _("the file has more than {most} rows; a deck is far smaller", most=MAX_ROWS),
                        )
                    ]
                )
            if any(len(field) > MAX_FIELD for field in fields):
                raise DeckError([_open_quote(source, line)])
            if any(f.strip() for f in fields):
                # A `'` our CSV writer put before a cell a spreadsheet would run comes off again.
                yield line, [unescaped_cell(f.strip()) for f in fields]
    except csv.Error as exc:
        if "field larger than field limit" in str(exc):  # i18n: not shown
            raise DeckError([_open_quote(source, start)]) from exc
        raise DeckError(
            [Problem(source, reader.line_num, _("this is not valid CSV: {detail}", detail=exc))]
        ) from exc


def _open_quote(source: str, line: int) -> Problem:
    return Problem(
        source,
        line,
        _('a field starting on this row is longer than any question; a quote (") is probably not closed'),
    )


def read_spreadsheet(
    text: str, source: str, *, distractors: bool, columns: tuple[str, ...] | None = None
) -> DeckDraft:
    """The questions of a sheet; `columns` (roles, as `parse_columns` reads them) overrides the guess."""
    draft = DeckDraft(source)
    anki = read_anki_header(text)
    lines = text.split("\n")
    skipped = anki.lines if anki else 0
    body_lines = lines[skipped:]
    # The header's lines stay as blank lines, so every row keeps the line number the teacher sees.
    body = "\n" * skipped + "\n".join(body_lines)
    delimiter = _sniff(body)
    if anki is not None:
        delimiter = _anki_delimiter(draft, anki, delimiter)
    if anki is None and columns is None and cards_by_row_separator(body) is not None:
        cards = _read_cards(draft, body_lines, skipped, distractors=distractors)
        if cards is not None:
            return cards
    if delimiter is None or (
        columns is None
        and anki is None
        and not _named_header(body, delimiter, source)
        and _ragged(body, delimiter, source)
    ):
        cards = _read_cards(draft, body_lines, skipped, distractors=distractors)
        if cards is not None:
            return cards
    if delimiter is None:
        delimiter = "\t" if "\t" in body else ","
    rows = list(_rows(body, delimiter, source))
    if not rows:
        raise DeckError([Problem(source, 0, _("the file is empty"))])
    if anki is not None:
        rows = _anki_rows(draft, anki, rows)
    guess, data = _columns(draft, rows, columns, anki)
    draft.columns = guess
    _read_rows(draft, guess, data, distractors=distractors)
    return draft


def _anki_rows(
    draft: DeckDraft, anki: AnkiHeader, rows: list[tuple[int, list[str]]]
) -> list[tuple[int, list[str]]]:
    """An Anki export's rows as its header says: HTML made plain, the tags column's spaces as commas."""
    if anki.html:
        rows = [(line, [strip_html(f) for f in fields]) for line, fields in rows]
    if anki.tags_column:
        widest = max(len(fields) for _line, fields in rows)
        if anki.tags_column > widest:
            draft.note(
                anki.tags_line,
                n_(
                    "the header says the tags are in column {column}, but no row has more than {n} column; "
                    "no tags are read",
                    "the header says the tags are in column {column}, but no row has more than {n} columns; "
                    "no tags are read",
                    widest,
                    column=anki.tags_column,
                ),
            )
        at = anki.tags_column - 1  # Anki separates tags by spaces
        rows = [
            (line, [",".join(f.split()) if i == at else f for i, f in enumerate(fields)])
            for line, fields in rows
        ]
    return rows


def _anki_delimiter(draft: DeckDraft, anki: AnkiHeader, seen: str | None) -> str | None:
    if anki.separator is None:
        return seen
    if seen is not None and seen != anki.separator:
        draft.note(
            anki.separator_line,
            _(
                "the header says the separator is {said}, but the rows are separated by {seen}; they are read "
                "by {seen}",
                said=_named(anki.separator),
                seen=_named(seen),
            ),
        )
        return seen
    return anki.separator


def _named(delimiter: str) -> str:
    names = {"\t": _("a tab"), ",": _("a comma"), ";": _("a semicolon"), "|": _("a bar"), " ": _("a space")}
    return names.get(delimiter, f"`{delimiter}`")


def _named_header(body: str, delimiter: str, source: str) -> bool:
    first = next(_rows(body, delimiter, source), None)
    return first is not None and from_header(first[1]) is not None


def _ragged(body: str, delimiter: str, source: str) -> bool:
    """Rows with different numbers of fields: cards split on their first separator, not a table."""
    counts: Counter[int] = Counter()
    for n, (_line, fields) in enumerate(_rows(body, delimiter, source)):
        counts[len(fields)] += 1
        if n >= SAMPLE_ROWS:
            break
    if len(counts) <= 1:
        return False
    most = counts.most_common(1)[0][1]
    return most * 10 < sum(counts.values()) * 9


def _read_cards(draft: DeckDraft, lines: list[str], skipped: int, *, distractors: bool) -> DeckDraft | None:
    """Term/definition cards split on the exporter's separator; None when the lines are not cards."""
    by_row = cards_by_row_separator("\n".join(lines))
    separator = None if by_row is not None else card_separator(lines)
    numbered = [(skipped + n, line) for n, line in enumerate(lines, start=1) if line.strip()]
    if separator is None:
        if by_row is None:
            return None
        separator = card_separator([part for _line, part in by_row])
        if separator is None:
            return None
        numbered = [(skipped + line, part) for line, part in by_row]
    pairs: list[tuple[int, str, list[str]]] = []
    for line, raw in numbered:
        card = split_card(raw, separator)
        if card is None:
            draft.skip(
                line,
                _("a card needs a term, then {separator}, then its definition", separator=_named(separator)),
            )
            continue
        pairs.append((line, card[0], [card[1]]))
    draft.columns = ColumnGuess(("question", "answer"), ("term", "definition"), True, "cards")
    draft.card_separator = separator
    _add_pairs(draft, pairs, distractors=distractors)
    return draft


def _add_pairs(draft: DeckDraft, pairs: list[tuple[int, str, list[str]]], *, distractors: bool) -> None:
    """Term and definition: the term is asked and its definition is the answer."""
    if distractors:
        for line, prompt, choices in with_distractors(pairs):
            draft.add(line, prompt=prompt, choices=choices, answer=0)
    else:
        for line, prompt, answers in pairs:
            draft.add(line, type="text", prompt=prompt, answers=answers)


def _columns(
    draft: DeckDraft,
    rows: list[tuple[int, list[str]]],
    given: tuple[str, ...] | None,
    anki: AnkiHeader | None,
) -> tuple[ColumnGuess, list[tuple[int, list[str]]]]:
    """What each column holds, and the rows that are questions (the header row left out)."""
    rows = _from_header_down(draft, rows)
    first_line, first = rows[0]
    rest = [fields for _line, fields in rows[1 : SAMPLE_ROWS + 1]]
    width = max(len(fields) for _line, fields in rows[:SAMPLE_ROWS])
    named = from_header(first)
    header = named is not None or looks_like_header(first, rest)
    data = rows[1:] if header else rows
    labels = tuple(first)  # the names, or the first question's words when there is no header
    if given is not None:
        chosen = tuple(given[:width]) + ("ignore",) * (width - len(given))
        return ColumnGuess(chosen, _padded(labels, width), True, "given"), data
    if anki is not None and not header:
        return _anki_columns(anki, width, labels), data
    if named is not None:
        return _header_columns(draft, first_line, first, named, _padded(labels, width)), data
    return _content_columns(draft, first_line, data, _padded(labels, width), header=header), data


def _from_header_down(draft: DeckDraft, rows: list[tuple[int, list[str]]]) -> list[tuple[int, list[str]]]:
    """Templates put a title or notes above the header (Kahoot's sheet): a header a few rows down counts."""
    for index, (line, fields) in enumerate(rows[1:5], start=1):
        named = from_header(fields)
        if named is not None and "question" in named and from_header(rows[0][1]) is None:
            draft.note(
                rows[0][0],
                _("the rows above the header on line {line} are not questions and are not read", line=line),
            )
            return rows[index:]
    return rows


def _header_columns(
    draft: DeckDraft, first_line: int, first: list[str], named: Sequence[str | None], labels: tuple[str, ...]
) -> ColumnGuess:
    """The columns a header row names; a name not understood is told and ignored."""
    roles: list[str | None] = [*named, *([None] * (len(labels) - len(named)))]
    for index, (name, role) in enumerate(zip(first, roles, strict=False)):
        if role is None and name:
            draft.note(
                first_line,
                _(
                    "column {number} `{name}` was not understood and is ignored",
                    number=index + 1,
                    name=name[:40],
                ),
            )
    certain = "question" in roles
    if not certain:
        missing = next((i for i, r in enumerate(roles) if r is None), None)
        if missing is not None:
            roles[missing] = "question"
    if not {"answer", "answers", "choices"} & set(roles) and "choice" not in roles:
        raise DeckError(
            [
                Problem(
                    draft.source,
                    first_line,
                    _("no column holds the answer; name one `answer` (or `correct`)"),
                )
            ]
        )
    if "question" not in roles:
        raise DeckError(
            [Problem(draft.source, first_line, _("no column holds the question; name one `question`"))]
        )
    return ColumnGuess(tuple(r or "ignore" for r in roles), labels, certain, "header")


def _content_columns(
    draft: DeckDraft,
    first_line: int,
    data: list[tuple[int, list[str]]],
    labels: tuple[str, ...],
    *,
    header: bool,
) -> ColumnGuess:
    """The columns guessed from the cells, never certain under a header whose names were not understood."""
    guess = from_content([fields for _line, fields in data[:SAMPLE_ROWS]], labels)
    if guess is None:
        raise DeckError(
            [
                Problem(
                    draft.source,
                    first_line,
                    _(
                        "the rows hold one column; a sheet of questions needs at least a question and an answer "
                        "column (or cards such as `term - definition`, one a line)"
                    ),
                )
            ]
        )
    if header:
        return ColumnGuess(guess.roles, guess.labels, False, "content")
    return guess


def _padded(labels: tuple[str, ...], width: int) -> tuple[str, ...]:
    return labels[:width] + tuple(_("column {number}", number=n + 1) for n in range(len(labels), width))


def _anki_columns(anki: AnkiHeader, width: int, labels: tuple[str, ...]) -> ColumnGuess:
    """Anki notes: the first field is asked, the second answers it, later ones are kept as the explanation."""
    roles: list[str] = []
    for number in range(1, width + 1):
        if number == anki.tags_column:
            roles.append("tags")
        elif number in anki.ignored_columns:
            roles.append("ignore")
        elif "question" not in roles:
            roles.append("question")
        elif "answer" not in roles:
            roles.append("answer")
        elif "explanation" not in roles:
            roles.append("explanation")
        else:
            roles.append("ignore")
    return ColumnGuess(tuple(roles), _padded(labels, width), True, "anki")


def _read_rows(
    draft: DeckDraft, guess: ColumnGuess, rows: list[tuple[int, list[str]]], *, distractors: bool
) -> None:
    used = {r for r in guess.roles if r != "ignore"}
    pairs_only = used <= {"question", "answer", "explanation", "tags"} and distractors
    pairs: list[tuple[int, str, list[str]]] = []
    for line, fields in rows:
        if len(draft.questions) + len(pairs) >= part_sizes.MAX_QUESTIONS_PER_DECK:
            raise DeckError(
                [
                    Problem(
                        draft.source,
                        line,
                        _(
                            "the file has more than {most} questions; that many fit in one deck, so split it "
                            "into several files",
                            most=part_sizes.MAX_QUESTIONS_PER_DECK,
                        ),
                    )
                ]
            )
        row = _fields(guess.roles, fields)
        if pairs_only and row.get("prompt") and row.get("answer"):
            pairs.append((line, row["prompt"], [row["answer"]]))
            continue
        _question(draft, line, row)
    if pairs:
        _add_pairs(draft, pairs, distractors=True)


def _fields(roles: Sequence[str], fields: Sequence[str]) -> dict[str, str]:
    row: dict[str, str] = {}
    numbers: Counter[str] = Counter()
    for role, value in zip(roles, fields, strict=False):
        if role == "ignore":
            continue
        key = {"question": "prompt"}.get(role, role)
        if role in ("choice", "wrong"):
            numbers[role] += 1
            key = f"{role}{numbers[role]}"
        if value and key not in row:
            row[key] = value
    return row


def _question(draft: DeckDraft, line: int, row: dict[str, str]) -> None:
    prompt = row.get("prompt", "")
    if not prompt:
        draft.skip(line, _("the `question` cell is empty"))
        return
    if "instructions" in row:
        prompt = f"{row['instructions']}\n{prompt}"
    common = {
        "id": row.get("id"),
        "lang": row.get("lang"),
        "explanation": row.get("explanation"),
        "tags": [t.strip() for t in re.split(r"[,;]", row.get("tags", "")) if t.strip()],
        "difficulty": row.get("difficulty", "").lower() or None,
    }
    kind = _kind_key(row.get("type", ""))
    if not _playable_kind(draft, line, kind, row.get("type", "")):
        return
    choices = [row[f"choice{n}"] for n in range(1, 10) if row.get(f"choice{n}")]
    if "choices" in row:
        choices += _split_choices(row["choices"])
    if kind in MATCH_KINDS or kind in ORDER_KINDS:  # the choice cells are the pairs, or the items in order
        (add_match_row if kind in MATCH_KINDS else add_order_row)(draft, line, prompt, choices, common)
        return
    wrong = [row[f"wrong{n}"] for n in range(1, 10) if row.get(f"wrong{n}")]
    answer = row.get("answer", "")
    said = _kind_key(answer)
    if kind in _TRUE_FALSE_KINDS or (not kind and not choices and not wrong and said in ("true", "false")):
        _true_false_row(draft, line, prompt, answer, common)
        return
    if kind in _TEXT_KINDS or not (choices or wrong or kind):
        _text_question(draft, line, row, prompt, answer, common)
        return
    _choice_row(draft, line, kind, prompt, answer, choices, wrong, common)


def _playable_kind(draft: DeckDraft, line: int, kind: str, written: str) -> bool:
    """Whether a row's `type` is one a round plays; if not, the row is set apart or skipped with why."""
    if kind in _UNPLAYABLE_KINDS:
        draft.set_apart(line, _(_UNPLAYABLE_KINDS[kind]))
        return False
    known = _CHOICE_KINDS | _MULTI_KINDS | _TRUE_FALSE_KINDS | _TEXT_KINDS | MATCH_KINDS | ORDER_KINDS
    if kind and kind not in known:
        draft.skip(
            line,
            _(
                "the question type `{type}` is not one Bvunzo knows; use multichoice, truefalse or shortanswer",
                type=written[:40],
            ),
        )
        return False
    return True


def _true_false_row(draft: DeckDraft, line: int, prompt: str, answer: str, common: dict[str, Any]) -> None:
    said = _kind_key(answer)
    if said not in TRUE_WORDS | FALSE_WORDS:
        draft.skip(
            line,
            _(
                "a true/false question's answer must be `true` or `false`, not `{answer}`",
                answer=answer[:60],
            ),
        )
        return
    draft.add(line, type="truefalse", prompt=prompt, answer=said in TRUE_WORDS, **common)


def _choice_row(
    draft: DeckDraft,
    line: int,
    kind: str,
    prompt: str,
    answer: str,
    choices: list[str],
    wrong: list[str],
    common: dict[str, Any],
) -> None:
    """A choice or multi question: the right one first among its wrong cells, or named by the answer."""
    if wrong:
        choices = [*([answer] if answer else []), *choices, *wrong]
        right: list[int] | None = [0] if answer else None
    else:
        right = _right_choices(answer, choices)
    if not right:
        if not answer:
            draft.skip(line, _("the row has no answer"))
            return
        draft.skip(
            line,
            _(
                "the answer `{answer}` is none of the choices; give its letter (A–E), its number (counting from 1) "
                "or its text",
                answer=answer[:60],
            ),
        )
        return
    if kind in _MULTI_KINDS:  # its answer is always the list of its right choices
        draft.add(line, type="multi", prompt=prompt, choices=choices, answer=right, **common)
        return
    draft.add(line, prompt=prompt, choices=choices, answer=right[0] if len(right) == 1 else right, **common)


def _text_question(
    draft: DeckDraft, line: int, row: dict[str, str], prompt: str, answer: str, common: dict[str, Any]
) -> None:
    accepted = [a.strip() for a in re.split(r"\s*\|\s*", answer) if a.strip()]
    if "answers" in row:
        accepted += [a.strip() for a in row["answers"].split(",") if a.strip()]
    if not accepted:
        draft.skip(line, _("the row has no answer"))
        return
    draft.add(line, type="text", prompt=prompt, answers=accepted, **common)


def _split_choices(cell: str) -> list[str]:
    """All options in one cell, as learning platforms export them: `1;3;4;0` or `red | blue`."""
    for separator in ("|", ";", "\n"):
        if separator in cell:
            return [part.strip() for part in cell.split(separator) if part.strip()]
    return [cell.strip()] if cell.strip() else []


def _right_choices(answer: str, choices: list[str]) -> list[int] | None:
    """The choices an answer cell names: the text, a letter, a number counting from 1, or several."""

    def one(part: str) -> int | None:
        part = part.strip()
        for index, choice in enumerate(choices):
            if " ".join(choice.split()).casefold() == " ".join(part.split()).casefold():
                return index
        letter = part.rstrip(".)").upper()
        if len(letter) == 1 and "A" <= letter <= "E" and ord(letter) - ord("A") < len(choices):
            return ord(letter) - ord("A")
        if part.isascii() and part.isdigit() and 1 <= int(part) <= len(choices):
            return int(part) - 1
        return None

    whole = one(answer)
    if whole is not None:
        return [whole]
    for separator in ("|", ";", ","):
        if separator in answer:
            parts = [one(p) for p in answer.split(separator) if p.strip()]
            if parts and all(p is not None for p in parts):
                return sorted({p for p in parts if p is not None})
    return None
