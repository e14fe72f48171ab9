"""The seed quiz's plain text: a title, "1. question", "• choice" lines with the right one marked.

    Gradient Checkpointing Quiz          <- the first line is the title,
    What it trades for memory.           <- lines before question 1 the description
    1. What does checkpointing trade?
       • Extra compute *                  <- the right choice ends with ` *`, `(correct)` or ✓
       • Accuracy
       Explanation: It recomputes ...    <- optional
    2. ...
       Answer: B                          <- or name the right choice on its own line

Choices start with a bullet (•, -, *, –) or a letter (`A.`, `b)`). Lines between a question and its
first choice continue the prompt, so prompts may hold code.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from bot.bank.importers.drafts import DeckDraft

QUESTION = re.compile(r"^\s{0,3}(\d{1,4})[.)]\s+(.*\S)\s*$")
CHOICE = re.compile(r"^\s*(?:[•\-*–·▪◦]|\(?([A-Ea-e])[.)])\s+(.*\S)\s*$")
MARK = re.compile(r"\s*(?:\*|\((?:correct|right)\)|\[(?:x|correct)\]|✓|✔|✅)\s*$", re.IGNORECASE)
EXPLANATION = re.compile(r"^\s*(?:Explanation|Why|Tsananguro)\s*:\s*(.*)$", re.IGNORECASE)
ANSWER = re.compile(r"^\s*(?:Answer|Correct answer|Mhinduro)\s*:\s*(.*\S)\s*$", re.IGNORECASE)


@dataclass
class _Open:
    line: int
    prompt: list[str]
    choices: list[str] = field(default_factory=list)
    marked: list[int] = field(default_factory=list)
    answer: str | None = None
    explanation: list[str] = field(default_factory=list)
    in_explanation: bool = False


def looks_numbered(text: str) -> bool:
    lines = text.splitlines()
    return any(QUESTION.match(line) for line in lines[:200]) and any(
        CHOICE.match(line) for line in lines[:400]
    )


def read_numbered_text(text: str, source: str) -> DeckDraft:
    draft = DeckDraft(source)
    head: list[str] = []
    current: _Open | None = None
    fence = False  # inside ``` ... ```: lines are the prompt's, whatever they look like
    for number, raw in enumerate(text.splitlines(), start=1):
        if current is None:
            match = QUESTION.match(raw)
            if match is None:
                head.append(raw.strip())
                continue
            current = _Open(number, [match[2]])
            continue
        fenced = raw.strip().startswith("```")
        if not current.choices and (fence or fenced):
            fence = fence != fenced
            current.prompt.append(raw.rstrip())
            continue
        question = QUESTION.match(raw)
        if question is not None and (current.choices or current.answer):
            _close(draft, current)
            current = _Open(number, [question[2]])
            continue
        explanation = EXPLANATION.match(raw)
        answer = ANSWER.match(raw)
        choice = CHOICE.match(raw)
        if explanation is not None:
            current.in_explanation = True
            current.explanation.append(explanation[1].strip())
        elif answer is not None:
            current.answer = answer[1]
            current.in_explanation = False
        elif current.in_explanation:
            current.explanation.append(raw.strip())
        elif choice is not None:
            words, marked = MARK.sub("", choice[2]), MARK.search(choice[2]) is not None
            if marked:
                current.marked.append(len(current.choices))
            current.choices.append(words.strip())
        elif current.choices and raw.strip():
            current.choices[-1] += " " + raw.strip()  # a long choice wrapped onto the next line
        elif not current.choices:
            current.prompt.append(raw.rstrip())
    if current is not None:
        _close(draft, current)
    lines = [line for line in head if line]
    if lines:
        draft.title = lines[0]
        draft.description = " ".join(lines[1:])
    return draft


def _close(draft: DeckDraft, question: _Open) -> None:
    prompt = "\n".join(question.prompt).strip()
    explanation = " ".join(part for part in question.explanation if part)
    if not question.choices:
        draft.skip(question.line, "the question has no choices; list them on `• ` lines under it")
        return
    right = list(question.marked)
    if question.answer is not None:
        named = _named(question.answer, question.choices)
        if named is None:
            draft.skip(
                question.line,
                f"`Answer: {question.answer[:60]}` names none of the choices; give its letter or its text",
            )
            return
        right.append(named)
    right = sorted(set(right))
    if not right:
        draft.skip(
            question.line,
            "no choice is marked right; end the right choice with ` *` or `(correct)`, "
            "or add a line `Answer: B`",
        )
        return
    draft.add(
        question.line,
        prompt=prompt,
        choices=question.choices,
        answer=right[0] if len(right) == 1 else right,
        explanation=explanation,
    )


def _named(answer: str, choices: list[str]) -> int | None:
    letter = answer.strip().rstrip(".)").upper()
    if len(letter) == 1 and "A" <= letter <= "E" and ord(letter) - ord("A") < len(choices):
        return ord(letter) - ord("A")
    wanted = " ".join(answer.split()).casefold()
    for index, choice in enumerate(choices):
        if " ".join(choice.split()).casefold() == wanted:
            return index
    return None
