"""Wrong choices for a question that has only right answers: other questions' answers from the same list."""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Iterator

WRONG_CHOICES = 3
_NUMBER = re.compile(r"[-+]?\d[\d,.]*%?")


def _key(text: str) -> str:
    return " ".join(text.split()).casefold()


def _shape(text: str) -> str:
    """Numbers go with numbers and short words with short words, so the right answer does not stand out."""
    if _NUMBER.fullmatch(text.strip()):
        return "number"
    return "short" if len(text) <= 25 else "long"


def with_distractors(pairs: Iterable[tuple[int, str, list[str]]]) -> Iterator[tuple[int, str, list[str]]]:
    """(line, prompt, choices) with the first right answer first, then up to three wrong ones.

    Wrong choices are picked from the first answers of the other questions, by a generator seeded with
    the prompt, so importing the same list twice gives the same choices.
    """
    items = list(pairs)
    pool: dict[str, list[str]] = {}
    for _, _, answers in items:
        pool.setdefault(_shape(answers[0]), []).append(answers[0])
    everything = [answer for _, _, answers in items for answer in answers[:1]]
    for line, prompt, answers in items:
        right = {_key(a) for a in answers}
        rng = random.Random(prompt)
        chosen: list[str] = []
        taken = set(right)
        for candidates in (pool.get(_shape(answers[0]), []), everything):
            # A few random draws, not a shuffle of the whole list: a list of 5,000 stays quick.
            for _ in range(min(len(candidates), 10 * WRONG_CHOICES)):
                if len(chosen) == WRONG_CHOICES:
                    break
                pick = candidates[rng.randrange(len(candidates))]
                if _key(pick) not in taken:
                    chosen.append(pick)
                    taken.add(_key(pick))
        yield line, prompt, [answers[0], *chosen]
