"""What the message catalog costs: reading each language's .po at start, and a question's frame and
reveal rendered in each language (the work a round does per question, as English did before)."""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot import locales
from bot.bank import load_folder
from bot.quiz import Mode, RoundState
from bot.quiz.options import RoundOptions
from bot.rounds.cards import QuestionCard, RevealCard
from bot.ui import round as round_ui

ROOT = Path(__file__).resolve().parents[1]
NOW = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)


def load_times() -> None:
    for code in locales.SHIPPED:
        locales.translations.cache_clear()
        start = time.perf_counter()
        catalog = locales.translations(code)
        took = (time.perf_counter() - start) * 1000
        count = len(getattr(catalog, "_catalog", {}))
        print(f"read {code:5}: {took:7.1f} ms  ({count} entries)")


def render_times(repeats: int) -> None:
    decks, _ = load_folder(ROOT / "questions")
    deck = decks[0]
    question = deck.questions[0]
    state = RoundState(
        round_id=1,
        deck=deck,
        question_ids=[q.id for q in deck.questions],
        seed=7,
        options=RoundOptions(seconds=20, mode=Mode.SPEED),
    )
    order = state.order(0)
    state.open_question(0, NOW)
    for user in range(1, 30):
        state.accept(state.judge(user, 0, NOW + timedelta(milliseconds=user), slot=user % len(order)))
    reveal = state.reveal(NOW + timedelta(seconds=5))
    asked = QuestionCard(1, 0, 10, question, order, deck.title, NOW, 12, None, False)
    shown = RevealCard(1, 0, 10, question, order, reveal, deck.title, True, (), (), (deck.id, question.id))
    for code in locales.SHIPPED:
        samples = []
        with locales.speaking(code):
            for _ in range(repeats):
                start = time.perf_counter_ns()
                round_ui.question_embed(asked)
                round_ui.reveal_embed(shown)
                samples.append(time.perf_counter_ns() - start)
        samples.sort()
        p50, p99 = statistics.median(samples) / 1000, samples[int(len(samples) * 0.99)] / 1000
        print(f"frame + reveal in {code:5}: p50 {p50:6.1f} µs  p99 {p99:6.1f} µs  ({repeats} renders)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=2000)
    args = parser.parse_args()
    load_times()
    render_times(args.repeats)


if __name__ == "__main__":
    main()
