"""Open Trivia DB's JSON: `results` of `question`, `correct_answer`, `incorrect_answers`, HTML-escaped."""

from __future__ import annotations

import html
import json
import re
from typing import Any

from bot.bank.importers.drafts import DeckDraft
from bot.bank.problems import DeckError, Problem
from bot.locales import N_, _

# json gives no positions, so each result's line is where its `"question"` key is written: keys are the
# only place a quote-delimited "question" can be followed by a colon.
_QUESTION_KEY = re.compile(r'"question"\s*:')
DIFFICULTIES = ("easy", "medium", "hard")
# Open Trivia DB's `response_code`s other than 0 (success), as its API documentation names them.
RESPONSE_ERRORS = {
    1: N_("no results: the category has fewer questions than the amount asked for; ask for fewer"),
    2: N_("invalid parameter: one of the arguments in the address is not valid"),
    3: N_("token not found: the session token does not exist (tokens expire after 6 hours unused)"),
    4: N_("token empty: the session token has returned every question for this query; reset it"),
    5: N_("rate limit: too many requests; the API answers one request per IP every 5 seconds"),
}


def read_open_trivia(text: str, source: str) -> DeckDraft:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise DeckError(
            [Problem(source, exc.lineno, _("this is not valid JSON: {detail}", detail=exc.msg))]
        ) from exc
    except RecursionError as exc:
        raise DeckError([Problem(source, 0, _("the JSON is nested too deeply to be a deck"))]) from exc
    except ValueError as exc:  # Python reads no integer of over 4,300 digits
        raise DeckError(
            [Problem(source, 0, _("the JSON holds a number too long to be a question's"))]
        ) from exc
    code = data.get("response_code") if isinstance(data, dict) else None
    results = data.get("results") if isinstance(data, dict) else data
    if isinstance(code, int) and not isinstance(code, bool) and code != 0 and not results:
        known = RESPONSE_ERRORS.get(code)
        reason = _(known) if known else _("an error code the API documentation does not list")
        raise DeckError(
            [
                Problem(
                    source,
                    1,
                    _(
                        "this is an Open Trivia DB error answer (response_code {code}, {reason}); it holds no "
                        "questions, so download the questions again",
                        code=code,
                        reason=reason,
                    ),
                )
            ]
        )
    if not isinstance(results, list):
        raise DeckError([Problem(source, 1, _("Open Trivia DB JSON has a `results` list of questions"))])
    lines = [text.count("\n", 0, m.start()) + 1 for m in _QUESTION_KEY.finditer(text)]
    draft = DeckDraft(source, title="Open Trivia DB")  # i18n: not shown (the deck's title, the site's name)
    for index, item in enumerate(results):
        line = lines[index] if index < len(lines) else 0
        _one(draft, item, line, index)
    return draft


def _text(value: Any) -> str | None:
    if isinstance(value, bool) or not isinstance(value, str | int | float):
        return None
    return html.unescape(str(value)).strip()


def _one(draft: DeckDraft, item: Any, line: int, index: int) -> None:
    if not isinstance(item, dict):
        draft.skip(
            line, _("result {index} is not an object with `question` and `correct_answer`", index=index)
        )
        return
    prompt = _text(item.get("question"))
    right = _text(item.get("correct_answer"))
    wrong_raw = item.get("incorrect_answers", [])
    wrong = [_text(w) for w in wrong_raw] if isinstance(wrong_raw, list) else [None]
    if not prompt:
        draft.skip(line, _("result {index} has no `question`", index=index))
        return
    if not right:
        draft.skip(line, _("result {index} has no `correct_answer`", index=index))
        return
    if any(w is None for w in wrong):
        draft.skip(line, _("result {index}: `incorrect_answers` must be a list of text", index=index))
        return
    difficulty = _text(item.get("difficulty"))
    category = _text(item.get("category"))
    tags = [category[:40]] if category else []
    level = difficulty.lower() if difficulty and difficulty.lower() in DIFFICULTIES else None
    if item.get("type") == "boolean" and right.lower() in ("true", "false"):
        draft.add(
            line, type="truefalse", prompt=prompt, answer=right.lower() == "true", tags=tags, difficulty=level
        )
        return
    draft.add(
        line, prompt=prompt, choices=[right, *[w for w in wrong if w]], answer=0, tags=tags, difficulty=level
    )
