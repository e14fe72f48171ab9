"""A question as it was asked: its canonical JSON, the SHA-256 digest that names that version, and back.

A round, an assignment or a question of the day keeps the digest of each question it asked, so its
reports, files and pages show what members were shown then, whatever the deck says today. The JSON holds
everything a member saw or was judged by (prompt, choices in the deck's order, which were right (a
multi question's whole right set, so a round resumed from its versions judges a set as it was asked), the
accepted typed answers, a number question's number, tolerance and unit, a cloze question's blanks, a match question's pairs, the explanation, the kind, the
image, the translations) and nothing that moves without changing the question (its line in the file,
its tags, its difficulty), so an edit elsewhere in the deck leaves a question's version as it was.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from bot.bank.mixed import QUALIFY
from bot.bank.models import Deck, Kind, Question, Translation
from bot.bank.tolerance import EXACT, parse_decimal, parse_tolerance, plain

FORMAT = 1  # the shape of the JSON below; a new shape makes new digests, never a reading of old ones


@dataclass(frozen=True, slots=True)
class QuestionVersion:
    digest: str  # SHA-256 of body, in hex
    body: str  # the canonical JSON


def _translation(t: Translation) -> dict[str, Any]:
    shape: dict[str, Any] = {
        "prompt": t.prompt,
        "choices": list(t.choices),
        "explanation": t.explanation,
        "accepted": list(t.accepted),
    }
    if t.pairs:  # only a match question's translations hold pairs: every other digest stays as it was
        shape["pairs"] = [list(pair) for pair in t.pairs]
    return shape


def canonical(question: Question) -> str:
    """The question's canonical JSON: sorted keys, no spaces, the text as it is (not escaped)."""
    own_id = question.id.rpartition(QUALIFY)[2]  # a mixed round's "deck/id" is the question "id"
    shape: dict[str, Any] = {
        "format": FORMAT,
        "id": own_id,
        "kind": str(question.kind),
        "prompt": question.prompt,
        "choices": list(question.choices),
        "answers": sorted(question.answers),
        "accepted": list(question.accepted),
        "explanation": question.explanation,
        "lang": question.lang,
        "image": question.image,
        "suggested_by": question.suggested_by,
        "translations": {lang: _translation(t) for lang, t in sorted(question.translations.items())},
    }
    if question.kind is Kind.NUMBER:  # only a number question has these: every other digest stays as it was
        shape["number"] = plain(question.number) if question.number is not None else None
        shape["tolerance"] = str(question.tolerance)
        shape["unit"] = question.unit
    if question.kind is Kind.CLOZE:  # only a cloze question's digest holds its blanks
        shape["blanks"] = [list(accepted) for accepted in question.blanks]
    if question.kind is Kind.MATCH:  # only a match question's digest holds its pairs
        shape["pairs"] = [list(pair) for pair in question.pairs]
    return json.dumps(shape, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def version_of(question: Question) -> QuestionVersion:
    body = canonical(question)
    return QuestionVersion(hashlib.sha256(body.encode("utf-8")).hexdigest(), body)


def question_from(body: str, question_id: str) -> Question:
    """The question a version's JSON holds, named `question_id` (the id it had where it was asked)."""
    shape = json.loads(body)
    translations = {
        lang: Translation(
            prompt=t["prompt"],
            choices=tuple(t["choices"]),
            explanation=t["explanation"],
            accepted=tuple(t["accepted"]),
            pairs=_pairs(t.get("pairs", ())),
        )
        for lang, t in shape["translations"].items()
    }
    return Question(
        id=question_id,
        kind=Kind(shape["kind"]),
        prompt=shape["prompt"],
        choices=tuple(shape["choices"]),
        answers=frozenset(shape["answers"]),
        accepted=tuple(shape["accepted"]),
        explanation=shape["explanation"],
        lang=shape["lang"],
        translations=MappingProxyType(translations),
        image=shape["image"],
        suggested_by=shape["suggested_by"],
        blanks=tuple(tuple(accepted) for accepted in shape.get("blanks", ())),
        pairs=_pairs(shape.get("pairs", ())),
        **_number_fields(shape),
    )


def _pairs(kept: Any) -> tuple[tuple[str, str], ...]:
    return tuple((str(left), str(right)) for left, right in kept)


def _number_fields(shape: Mapping[str, Any]) -> dict[str, Any]:
    if shape.get("number") is None:
        return {}
    return {
        "number": parse_decimal(shape["number"]),
        "tolerance": parse_tolerance(shape["tolerance"]) or EXACT,
        "unit": shape["unit"],
    }


def asked_deck(
    deck_id: str,
    question_ids: Sequence[str],
    digests: Sequence[str | None],
    bodies: Mapping[str, str],
    *,
    today: Deck | None,
) -> Deck:
    """The questions a round (or an assignment) asked, as a deck named like the one it was played from.

    A question without a kept version (a round from before versions were kept, whose question was gone
    by then) is left out: its reports fall back on what its answers say. The title and language are
    today's deck's where it is still there, else its id.
    """
    questions = []
    for index, question_id in enumerate(question_ids):
        digest = digests[index] if index < len(digests) else None
        body = None if digest is None else bodies.get(digest)
        if body is not None:
            questions.append(question_from(body, question_id))
    return Deck(
        id=deck_id,
        title=today.title if today is not None else deck_id,
        questions=tuple(questions),
        description=today.description if today is not None else "",
        language=today.language if today is not None else "en",
        tags=today.tags if today is not None else (),
        source=today.source if today is not None else "",
        guild_id=today.guild_id if today is not None else None,
    )
