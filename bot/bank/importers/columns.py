"""What each column of a spreadsheet holds: from its header in six languages, or guessed from its cells."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from bot.locales import N_, _

# The roles a column can play, as a moderator names them (`--columns`, the select on the import reply).
ROLES = (
    "question",
    "answer",
    "choice",
    "wrong",
    "choices",
    "explanation",
    "type",
    "tags",
    "difficulty",
    "lang",
    "id",
    "instructions",
    "answers",
    "ignore",
)
# What each role means, for the menu a moderator picks roles in: marked here, shown with `_(ROLE_HELP[role])`.
ROLE_HELP = {
    "question": N_("the question asked"),
    "answer": N_("the right answer (its text, letter or number)"),
    "choice": N_("one choice (the answer names the right one)"),
    "wrong": N_("one wrong choice"),
    "choices": N_("every choice in one cell, split by ; or |"),
    "explanation": N_("shown after the answer"),
    "type": N_("the kind: multichoice, truefalse, shortanswer"),
    "tags": N_("topics, split by commas"),
    "difficulty": N_("easy, medium or hard"),
    "lang": N_("the language code"),
    "id": N_("the question's id"),
    "instructions": N_("shown above the question"),
    "answers": N_("several typed answers, split by commas"),
    "ignore": N_("not read"),
}

# Header names, compared without case, accents, spaces, `_`, `-` or `.`: English, Spanish, Portuguese,
# French, German and Shona, with the words Quizlet, Anki, Kotoba and learning platforms export.
_NAMES: dict[str, tuple[str, ...]] = {
    role: tuple(words.split())
    for role, words in {
        "question": "question prompt term front q questiontext quest pregunta enunciado termino pergunta "
        "questao termo enonce terme intitule frage begriff aufgabe vorderseite mubvunzo mibvunzo",  # i18n: not shown
        "answer": "answer correct correctanswer right rightanswer definition back a key solution respuesta "
        "respuestacorrecta correcta solucion definicion resposta respostacorreta correta gabarito "
        "definicao reponse bonnereponse reponsecorrecte antwort richtigeantwort richtig losung loesung "
        "ruckseite rueckseite mhinduro mhindurochaiyo",  # i18n: not shown
        "choice": "choice option alternative answer opcion alternativa respuesta opcao resposta choix reponse "
        "proposition auswahl moglichkeit antwort sarudzo",  # i18n: not shown
        "wrong": "wrong incorrect distractor wronganswer incorrectanswer false incorrecta respuestaincorrecta "
        "erronea incorreta errada respostaerrada fausse mauvaisereponse distracteur falsch "
        "falscheantwort distraktor isiriyo manyepo",  # i18n: not shown
        "choices": "choices options alternatives answeroptions opciones alternativas opcoes choix propositions "
        "optionen auswahlmoglichkeiten antwortmoglichkeiten sarudzo",  # i18n: not shown
        "explanation": "explanation explain why comment notes note feedback hint reason explicacion pista "
        "comentario explicacao dica explication indice commentaire erklarung erlauterung tipp hinweis "
        "begrundung tsananguro",  # i18n: not shown
        "type": "type kind questiontype tipo typ fragetyp mhando",  # i18n: not shown
        "tags": "tags tag category categories topic categoria tema assunto categorie sujet theme kategorie "
        "thema chikamu musoro",  # i18n: not shown
        "difficulty": "difficulty level dificultad nivel dificuldade difficulte niveau schwierigkeit stufe",  # i18n: not shown
        "lang": "lang language idioma lengua langue sprache mutauro rurimi",  # i18n: not shown
        "id": "id questionid identifier",  # i18n: not shown
        "instructions": "instructions instruccion instrucoes consigne anweisung mirayiro",  # i18n: not shown
        "answers": "answers respuestas respostas reponses antworten",  # i18n: not shown
        "ignore": "renderas deck notetype guid image media points score puntos",  # i18n: not shown
    }.items()
}
# A name may be numbered (`choice 1`, `opción2`, `tipp1`): which roles a number turns into.
_NUMBERED_AS = {"choice": "choice", "answer": "choice", "wrong": "wrong", "explanation": "explanation"}


def _key(name: str) -> str:
    decomposed = unicodedata.normalize("NFKD", name.casefold())
    plain = "".join(c for c in decomposed if not unicodedata.combining(c)).replace("ß", "ss")
    return re.sub(r"[\s_\-.:#()/]+", "", plain)


_BY_NAME: dict[str, str] = {}
for _role in ("choices", "answers", "wrong", "choice", "explanation", "type", "tags", "difficulty"):
    for _word in _NAMES[_role]:
        _BY_NAME.setdefault(_key(_word), _role)
for _role in ("question", "answer", "lang", "id", "instructions", "ignore"):
    for _word in _NAMES[_role]:
        _BY_NAME[_key(_word)] = _role  # the unnumbered word wins: `answer` alone is the right answer
_NUMBERED = re.compile(r"(.*?)(\d{1,2})")
_WORDS = {role: frozenset(_key(w) for w in words) for role, words in _NAMES.items()}


def role_of_name(header: str) -> str | None:
    """The role a header cell names, or None for a word we do not know.

    Exporters add advice to their headers (Kahoot's `Question - max 120 characters`, `Correct
    answer(s) - choose at least one`): the words before it name the column.
    """
    role = _role_of_words(header)
    if role is None:
        first = re.split(r"\s+[-–—]\s+|\s*\(|\s*\[|:", header, maxsplit=1)[0]
        role = _role_of_words(first.replace("(s)", "")) if first != header else None
    return role


def _role_of_words(header: str) -> str | None:
    key = _key(header.replace("(s)", ""))
    if not key:
        return None
    if key in _BY_NAME:
        return _BY_NAME[key]
    numbered = _NUMBERED.fullmatch(key)
    if numbered is not None and numbered[1]:
        for role, becomes in _NUMBERED_AS.items():
            if numbered[1] in _WORDS[role]:
                return becomes
    return None


@dataclass(frozen=True, slots=True)
class ColumnGuess:
    """The role of each column, where they came from, and whether a moderator should look at them."""

    roles: tuple[str, ...]
    labels: tuple[str, ...]  # the header's words, or the first row's values when there is no header
    certain: bool
    how: str  # "header", "content" or "given"

    def described(self) -> str:
        """`1 question · 2 choice · ...`, with each column's label, for the report."""
        return ", ".join(
            f"{n + 1} `{_short(label)}` → {role}"
            for n, (label, role) in enumerate(zip(self.labels, self.roles, strict=False))
        )


def _short(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= 24 else text[:23] + "…"


def parse_columns(given: str) -> tuple[str, ...]:
    """`question,choice,choice,answer` as roles; ValueError with a sentence for a word that is none."""
    roles = tuple(part.strip().casefold() for part in given.split(","))
    unknown = [r for r in roles if r not in ROLES]
    if unknown or not roles:
        raise ValueError(
            _(
                "`{given}` is not a column role; use {roles} (one per column, separated by commas)",
                given=_short(unknown[0] if unknown else given),
                roles=", ".join(ROLES),
            )
        )
    return roles


def from_header(row: Sequence[str]) -> tuple[str | None, ...] | None:
    """The roles a first row names, when it is a header: one cell names the question, or several roles."""
    roles = tuple(role_of_name(cell) for cell in row)
    known = [r for r in roles if r is not None and r != "ignore"]
    if "question" in roles or (len(known) >= 2 and len(known) * 2 >= len([c for c in row if c.strip()])):
        return roles
    return None


_LETTER = re.compile(r"[A-Ea-e][.)]?")
_NUMBER_WORD = re.compile(r"[-+]?\d+([.,]\d+)?%?")


def _same(text: str) -> str:
    return " ".join(text.split()).casefold()


def looks_like_header(first: Sequence[str], rest: Sequence[Sequence[str]]) -> bool:
    """A first row of names, not a question: short words, no question mark, unlike the rows below it."""
    cells = [c for c in first if c.strip()]
    if len(cells) < 2:
        return False
    if any(c.rstrip().endswith(("?", "?", "؟")) or len(c) > 40 or len(c.split()) > 4 for c in cells):
        return False
    if any(_NUMBER_WORD.fullmatch(c.strip()) for c in cells):
        return False
    if len({_same(c) for c in cells}) < len(cells):  # a row whose answer repeats a choice is a question
        return False
    if not rest:
        return False
    # A row below that repeats one of its cells (the answer) while the first row does not, or a first
    # row far shorter than the text under it: names above data.
    if _answer_columns(rest):
        return True
    width = len(first)
    longest = max(range(width), key=lambda c: _average_length(rest, c))
    return len(first[longest]) * 2 < _average_length(rest, longest)


def _answer_columns(rows: Sequence[Sequence[str]]) -> list[int]:
    """Columns whose value equals another cell of its row in (nearly) every row, best first."""
    width = max((len(r) for r in rows), default=0)
    scores = []
    for col in range(width):
        hits = filled = 0
        for row in rows:
            if col >= len(row) or not row[col].strip():
                continue
            filled += 1
            value = _same(row[col])
            if any(i != col and _same(cell) == value for i, cell in enumerate(row) if cell.strip()):
                hits += 1
        if filled and hits * 10 >= filled * 9:
            scores.append((hits, col))
    # Where the answer always repeats the same choice, both columns repeat each other: the key comes
    # after the choices in every export we know, so the later column is the answer.
    return [col for _score, col in sorted(scores, key=lambda s: (-s[0], -s[1]))]


def _letter_column(rows: Sequence[Sequence[str]], width: int) -> int | None:
    for col in range(width - 1, -1, -1):
        values = [r[col].strip() for r in rows if col < len(r) and r[col].strip()]
        if values and all(_LETTER.fullmatch(v) for v in values):
            return col
    return None


def _average_length(rows: Sequence[Sequence[str]], col: int) -> float:
    values = [len(r[col]) for r in rows if col < len(r) and r[col].strip()]
    return sum(values) / len(values) if values else 0.0


def _asks(rows: Sequence[Sequence[str]], col: int) -> float:
    values = [r[col] for r in rows if col < len(r) and r[col].strip()]
    return sum(v.rstrip().endswith(("?", "?", ":")) for v in values) / len(values) if values else 0.0


def from_content(rows: Sequence[Sequence[str]], labels: Sequence[str]) -> ColumnGuess | None:
    """Roles guessed from the cells: the column repeating another is the answer, long text the question.

    None when the rows hold fewer than two columns of text.
    """
    width = max((len(r) for r in rows), default=0)
    filled = [c for c in range(width) if any(c < len(r) and r[c].strip() for r in rows)]
    if len(filled) < 2:
        return None
    roles = ["ignore"] * width
    answer_cols = _answer_columns(rows)
    letter = _letter_column(rows, width) if not answer_cols else None
    answer = answer_cols[0] if answer_cols else letter
    if answer is None:
        return _pairs_guess(rows, filled, width, labels)
    candidates = [c for c in filled if c != answer]
    question = max(candidates, key=lambda c: (_asks(rows, c), _average_length(rows, c), -c))
    roles[question] = "question"
    others = [c for c in filled if c not in (question, answer)]
    roles[answer] = "answer"
    for col in others:
        roles[col] = "choice"
    # The answer repeats one of the choice columns: the rows say which columns are choices. A column
    # left of the question, or a question only a little longer than its choices, is worth a look.
    longest_choice = max((_average_length(rows, c) for c in others), default=0.0)
    certain = (
        question < min(others, default=question + 1)
        and (_asks(rows, question) >= 0.5 or _average_length(rows, question) >= 1.5 * longest_choice)
        and len(others) >= 1
    )
    return ColumnGuess(tuple(roles), tuple(labels), certain, "content")


def _pairs_guess(
    rows: Sequence[Sequence[str]], filled: list[int], width: int, labels: Sequence[str]
) -> ColumnGuess:
    """No column repeats another: question and answer pairs (a glossary, Quizlet's term and
    definition), the first asked unless another is the one ending in question marks."""
    question = max(filled, key=lambda c: (_asks(rows, c) > _asks(rows, filled[0]) + 0.5, -c))
    after = [c for c in filled if c > question]
    answer = after[0] if after else next(c for c in filled if c != question)
    roles = ["ignore"] * width
    roles[question], roles[answer] = "question", "answer"
    extra = [c for c in filled if c not in (question, answer)]
    if extra:
        roles[extra[0]] = "explanation"
    return ColumnGuess(tuple(roles), tuple(labels), len(filled) == 2, "content")
