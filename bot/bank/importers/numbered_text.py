"""Numbered and Markdown quizzes as teachers type them: items, lettered or bulleted choices, an answer key.

    Gradient Checkpointing Quiz          <- the first line is the title (YAML front matter is skipped),
    What it trades for memory.           <- lines before question 1 the description
    1. What does checkpointing trade?    <- also `NO.1`, `1 -`, `1)`, `Q1:`, `**1.**`, `### 1.`, `Question 1`
       A. Extra compute *                 <- `A.`, `a)`, `- A)`, `(a)`, `•`; the right one ends with ` *`,
       B. Accuracy                           `(correct)` or ✓, starts with `*` (`*c)`), or is `- [x]`/`[*]`
       Answer: A                          <- or `ANS: True`, or the option in a `<details>` block
       Explanation: It recomputes ...    <- optional

An item without choices whose answer is given is a typed-answer question (or true/false); one without
either is reported, as are kinds a quiz round cannot play (essay, file upload, gap-fill). A numbered list
before a list that starts again at 1 is instructions, not questions.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from bot.bank.importers.drafts import DeckDraft
from bot.bank.importers.spreadsheet import FALSE_WORDS, TRUE_WORDS
from bot.locales import N_, _

_BOLD = r"(?:\*\*|__)?"
_ITEM_WORD = r"(?:NO\.?\s*|Q(?:uestion)?\s*\.?\s*|Pregunta\s*|Frage\s*|Quest[aã]o\s*|Mubvunzo\s*)"
QUESTION = re.compile(
    rf"^\s{{0,3}}(?:#{{1,6}}\s*)?{_BOLD}(?:(?P<word>{_ITEM_WORD})(?P<n>\d{{1,4}})\s*[.):-]?"
    rf"|(?P<n2>\d{{1,4}})(?:\s*[.):]|\s+[-–—])){_BOLD}(?:\s+|$){_BOLD}\s*(?P<prompt>.*?)\s*{_BOLD}\s*$",
    re.IGNORECASE,
)
LETTER_CHOICE = re.compile(
    r"^\s*(?:[-*+•–·▪◦]\s+)?(?P<star>\*\s*)?(?:\((?P<l1>[A-Ea-e])\)|(?P<l2>[A-Ea-e])[.):])\s+(?P<text>.*\S)\s*$"
)
BULLET_CHOICE = re.compile(r"^\s*[-*+•–·▪◦]\s+(?:\[(?P<box>[ xX*✓])\]\s*)?(?P<text>.*\S)\s*$")
MARK = re.compile(r"\s*(?:\*|\((?:correct|right)\)|\[(?:x|correct)\]|✓|✔|✅)\s*$", re.IGNORECASE)
_KEY_WORDS = (
    r"Answers?|ANS|Correct answers?|Correct|Key|Solution|Respuesta(?:\s+correcta)?|Resposta(?:\s+correta)?"  # i18n: not shown
    r"|R[ée]ponse(?:\s+correcte)?|Antwort|L[öo]sung|Mhinduro"
)
ANSWER = re.compile(
    rf"^\s*{_BOLD}(?:{_KEY_WORDS}){_BOLD}\s*[:：]\s*{_BOLD}\s*(.*?)\s*{_BOLD}\s*$", re.IGNORECASE
)
EXPLANATION = re.compile(
    r"^\s*(?:\*\*|__)?(?:Explanation|Why|Rationale|Feedback|Explicaci[oó]n|Explica[cç][aã]o|Explication"
    r"|Erkl[äa]rung|Tsananguro)(?:\*\*|__)?\s*[:：]\s*(?:\*\*|__)?\s*(.*)$",
    re.IGNORECASE,
)
KIND = re.compile(r"^\s*(?:Question\s+)?(?:Type|Tipo|Typ)\s*[:：]\s*(.+?)\s*$", re.IGNORECASE)
KIND_TAG = re.compile(r"[\[(](essay|file\s*upload|gap[- ]?fill|cloze|matching)[\])]", re.IGNORECASE)
_UPLOAD = N_("this is a file upload question; a quiz round plays questions with choices or a typed answer")
_GAP_FILL = N_("this is a gap-fill question; a quiz round plays questions with choices or a typed answer")
# What a kind of question no round can play is told with (the sentence is written where it is said).
_UNPLAYABLE = {
    "essay": N_("this is an essay question; a quiz round plays questions with choices or a typed answer"),
    "fileupload": _UPLOAD,
    "upload": _UPLOAD,
    "gapfill": _GAP_FILL,
    "cloze": _GAP_FILL,
    "fillintheblank": _GAP_FILL,
    "fillintheblanks": _GAP_FILL,
    "matching": N_(
        "this is a matching question; a quiz round plays questions with choices or a typed answer"
    ),
    "ordering": N_(
        "this is an ordering question; a quiz round plays questions with choices or a typed answer"
    ),
}
_TAGS = re.compile(r"<[^>]{0,200}>")
_SUMMARY = re.compile(r"<summary>(.*?)</summary>", re.IGNORECASE | re.DOTALL)


@dataclass
class _Open:
    line: int
    number: int
    prompt: list[str]
    choices: list[str] = field(default_factory=list)
    marked: list[int] = field(default_factory=list)
    answer: str | None = None
    explanation: list[str] = field(default_factory=list)
    in_explanation: bool = False
    kind: str | None = None
    details: list[str] | None = None  # lines of an open <details> block

    @property
    def keyed(self) -> bool:
        return bool(self.choices or self.answer is not None or self.kind)


def looks_numbered(text: str) -> bool:
    lines = text.splitlines()[:400]
    if any(QUESTION.match(line) for line in lines[:200]):
        return any(
            LETTER_CHOICE.match(line) or BULLET_CHOICE.match(line) or ANSWER.match(line) for line in lines
        )
    return _aiken(lines)


def _aiken(lines: list[str]) -> bool:
    """Moodle's Aiken format: unnumbered questions, lettered choices, each closed by `ANSWER: B`."""
    return (
        not any(QUESTION.match(line) for line in lines)
        and any(ANSWER.match(line) for line in lines)
        and any(LETTER_CHOICE.match(line) for line in lines)
    )


def _plain(raw: str) -> bool:
    return bool(raw.strip()) and not any(
        pattern.match(raw) for pattern in (LETTER_CHOICE, ANSWER, EXPLANATION, BULLET_CHOICE)
    )


def _front_matter(lines: list[str]) -> tuple[int, str]:
    """How many lines YAML front matter takes at the top (0 without), and its `title:` if any."""
    if not lines or lines[0].strip() != "---":
        return 0, ""
    title = ""
    for index, line in enumerate(lines[1:200], start=1):
        if line.strip() in ("---", "..."):
            return index + 1, title
        if line.lower().startswith("title:"):
            title = line.split(":", 1)[1].strip().strip("\"'")
    return 0, ""


def _item(raw: str) -> tuple[int, str] | None:
    match = QUESTION.match(raw)
    if match is None:
        return None
    number = match["n"] or match["n2"]
    return int(number), match["prompt"]


def read_numbered_text(text: str, source: str) -> DeckDraft:
    draft = DeckDraft(source)
    lines = text.splitlines()
    skip, front_title = _front_matter(lines)
    head, items = _read_items(lines, skip)
    instructions = _instructions(items)
    for item_open in items:
        if item_open in instructions:
            continue
        _close(draft, item_open)
    heading = [line.strip("#* ").strip() for line in head if line.strip("#*- ")]
    heading += [" ".join(i.prompt) for i in instructions]
    if front_title:
        draft.title = front_title
    elif heading:
        draft.title, heading = heading[0], heading[1:]
    draft.description = " ".join(heading)
    return draft


def _read_items(lines: list[str], skip: int) -> tuple[list[str], list[_Open]]:
    """The lines before the first item (a heading), and the items, from line `skip` + 1 on."""
    head: list[str] = []
    items: list[_Open] = []
    current: _Open | None = None
    fence = False  # inside ``` ... ```: lines are the prompt's, whatever they look like
    aiken = _aiken(lines)
    for number, raw in enumerate(lines, start=1):
        if number <= skip:
            continue
        item = _item(raw) if not fence else None
        if aiken and (current is None or current.answer is not None) and _plain(raw):
            item = (0, raw.strip())  # the line after an answer starts the next question
        if current is None:
            if item is None:
                head.append(raw.strip())
                continue
            current = _Open(number, item[0], [item[1]] if item[1] else [])
            items.append(current)
            continue
        if current.details is not None:
            current.details.append(raw)
            if "</details>" in raw.lower():
                _close_details(current)
            continue
        fenced = raw.strip().startswith("```")
        if not current.choices and (fence or fenced):
            fence = fence != fenced
            current.prompt.append(raw.rstrip())
            continue
        if item is not None and (current.keyed or item[0] in (current.number + 1, 1)):
            current = _Open(number, item[0], [item[1]] if item[1] else [])
            items.append(current)
            continue
        _line(current, raw)
    if current is not None and current.details is not None:
        _close_details(current)
    return head, items


def _line(current: _Open, raw: str) -> None:
    """One line inside an item: a choice, the key, an explanation, or more of the prompt."""
    if "<details" in raw.lower():
        current.details = [raw]
        if "</details>" in raw.lower():
            _close_details(current)
        return
    kind = KIND.match(raw)
    if kind is not None and not current.choices:
        current.kind = kind[1]
        return
    explanation = EXPLANATION.match(raw)
    answer = ANSWER.match(raw)
    letter = LETTER_CHOICE.match(raw)
    bullet = BULLET_CHOICE.match(raw) if letter is None else None
    if explanation is not None:
        current.in_explanation = True
        current.explanation.append(explanation[1].strip())
    elif answer is not None:
        current.answer = answer[1]
        current.in_explanation = False
    elif current.in_explanation:
        current.explanation.append(raw.strip())
    elif letter is not None:
        _choice(current, letter["text"], bool(letter["star"]))
    elif bullet is not None:
        box = bullet["box"]
        _choice(current, bullet["text"], box is not None and box != " ")
    elif current.choices and raw.strip():
        current.choices[-1] += " " + raw.strip()  # a long choice wrapped onto the next line
    elif not current.choices:
        current.prompt.append(raw.rstrip())


def _choice(current: _Open, text: str, marked: bool) -> None:
    words = MARK.sub("", text).strip()
    if marked or MARK.search(text) is not None:
        current.marked.append(len(current.choices))
    current.choices.append(words.strip("*_ ").strip() if words.startswith(("**", "__")) else words)


def _close_details(current: _Open) -> None:
    """`<details><summary>Answer</summary>B) Paris</details>`: what the block hides is the answer."""
    block = "\n".join(current.details or [])
    current.details = None
    summary = _SUMMARY.search(block)
    inside = _SUMMARY.sub("", block)
    said = " ".join(_TAGS.sub(" ", inside).split())
    if not said and summary is not None:
        said = _TAGS.sub(" ", summary[1]).split(":", 1)[-1].strip()
    keyed = ANSWER.match(said)
    if keyed is not None:
        said = keyed[1]
    if said:
        current.answer = said


def _instructions(items: list[_Open]) -> list[_Open]:
    """Items before a list that starts again at 1, none of them with choices or a key: instructions."""
    for index, item in enumerate(items[1:], start=1):
        if item.number == 1:
            before = items[:index]
            if all(not b.keyed for b in before):
                return before
            break
    return []


def _close(draft: DeckDraft, question: _Open) -> None:
    prompt = "\n".join(question.prompt).strip()
    explanation = " ".join(part for part in question.explanation if part)
    tagged = KIND_TAG.search(prompt)
    kind_words = question.kind or (tagged[1] if tagged is not None else "")
    unplayable = _UNPLAYABLE.get(re.sub(r"[\s\-_]+", "", kind_words.casefold()))
    if unplayable is not None:
        draft.set_apart(question.line, _(unplayable))
        return
    if not prompt:
        draft.skip(question.line, _("the question has no words after its number"))
        return
    if not question.choices:
        _without_choices(draft, question, prompt, explanation)
        return
    right = _right_choices(draft, question)
    if right is None:
        return
    if not right:
        draft.skip(
            question.line,
            _(
                "no choice is marked right; end the right choice with ` *` or `(correct)`, or add a line `Answer: B`"
            ),
        )
        return
    draft.add(
        question.line,
        prompt=prompt,
        choices=question.choices,
        answer=right[0] if len(right) == 1 else right,
        explanation=explanation,
    )


def _right_choices(draft: DeckDraft, question: _Open) -> list[int] | None:
    """The marked choices and those its `Answer:` names; None (the item skipped) if it names none."""
    right = list(question.marked)
    if question.answer is not None:
        named = _named(question.answer, question.choices)
        if named is None:
            draft.skip(
                question.line,
                _(
                    "`Answer: {answer}` names none of the choices; give its letter or its text",
                    answer=question.answer[:60],
                ),
            )
            return None
        right += named
    return sorted(set(right))


def _without_choices(draft: DeckDraft, question: _Open, prompt: str, explanation: str) -> None:
    """An item with no choices: typed answer (or true/false) when its answer is given, else reported."""
    answer = (question.answer or "").strip()
    if not answer:
        blanks = len(re.findall(r"_{3,}", prompt))
        if blanks > 1:
            draft.set_apart(
                question.line,
                _("this is a gap-fill question with several blanks; a quiz round cannot play it"),
            )
            return
        draft.set_apart(
            question.line,
            _(
                "the question has no choices and no answer; list choices under it, or add a line `Answer: ...`"
            ),
        )
        return
    said = answer.casefold().rstrip(".")
    if said in TRUE_WORDS | FALSE_WORDS:
        draft.add(
            question.line, type="truefalse", prompt=prompt, answer=said in TRUE_WORDS, explanation=explanation
        )
        return
    accepted = [a.strip() for a in re.split(r"\s*[|;]\s*", answer) if a.strip()]
    draft.add(question.line, type="text", prompt=prompt, answers=accepted, explanation=explanation)


def _named(answer: str, choices: list[str]) -> list[int] | None:
    """The choices `Answer:` names: a letter (`B`, `B)`, `B) Paris`), several (`B, D`), or a choice's text."""

    def one(part: str) -> int | None:
        part = part.strip().strip("*_ ")
        wanted = " ".join(part.split()).casefold()
        for index, choice in enumerate(choices):
            if " ".join(choice.split()).casefold() == wanted:
                return index
        lettered = re.fullmatch(r"\(?([A-Ea-e])[.):]?(?:\s+(.*))?", part)
        if lettered is not None:
            index = ord(lettered[1].upper()) - ord("A")
            if index < len(choices):
                return index
        return None

    whole = one(answer)
    if whole is not None:
        return [whole]
    letters = answer.strip()
    if re.fullmatch(r"[A-E]{2,5}", letters) and all(ord(c) - ord("A") < len(choices) for c in letters):
        return sorted({ord(c) - ord("A") for c in letters})  # exam dumps write `Answer: BD`
    parts = [p for p in re.split(r"\s*(?:,|;|&|\band\b|\by\b|\bund\b|\bet\b|\be\b)\s*", answer) if p.strip()]
    found = [one(p) for p in parts]
    if len(parts) > 1 and all(f is not None for f in found):
        return [f for f in found if f is not None]
    return None
