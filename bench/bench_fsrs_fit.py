"""fsrs parameters fitted to each member against fsrs's defaults, on a simulated population.

Run: .venv/bin/python bench/bench_fsrs_fit.py [--members 40] [--questions 60] [--days 180] [--seed 1]

Each member has memory weights of their own (fsrs's defaults, each scaled by a random factor, kept in the
scheduler's bounds) that the bot never sees. Their questions are scheduled as the bot schedules them
(bot.quiz.practice.review: fsrs's defaults at 0.90 retention, a 10-minute retry after a miss); each
answer is right with the probability of recall that the member's own weights give at that moment. Each
member's reviews are split by time: the first 80% are what the bot has (turned into training items by
bot/reviews/fitting.py, fitted by bot/reviews/optimizer.py, as the weekly refit does), the last 20% are
held out. Printed: the log loss and RMSE (bins) of the held-out reviews' outcomes as predicted by fsrs's
defaults, by the server's fit (every member's first 80% together), by each member's own fit, and by the
bot's rule (own fit from 400 reviews, else the server's; lower is better), and the time a fit takes. Prints figures only; nothing asserts on them.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from fsrs import Card, Rating, Scheduler
from fsrs.scheduler import DEFAULT_PARAMETERS

from bot.quiz.practice import MemoryState, review
from bot.reviews.fitting import FIT_REVIEWS, Source, TrainingItem, choose, training_items
from bot.reviews.optimizer import evaluate, fit_weights, within_bounds
from bot.store import PastReview

START = datetime(2026, 1, 5, 18, 0, tzinfo=UTC)


def true_weights(rng: random.Random) -> tuple[float, ...]:
    """A member's own memory: each of fsrs's weights scaled by a factor between 1/2 and 2."""
    return within_bounds([w * 2 ** rng.uniform(-1, 1) for w in DEFAULT_PARAMETERS])


def next_practice(due: datetime, now: datetime, rng: random.Random) -> datetime:
    """A retry ten minutes on is taken then; else the member practises on the first evening from `due`."""
    if due - now < timedelta(hours=1):
        return due
    evening = due.replace(hour=18, minute=0, second=0, microsecond=0)
    return (evening if evening >= due else evening + timedelta(days=1)) + timedelta(
        minutes=rng.randrange(120)
    )


def member_reviews(user_id: int, questions: int, days: int, rng: random.Random) -> list[PastReview]:
    """One member's answers: each question met first on a random evening, then whenever the bot says."""
    memory = Scheduler(
        parameters=true_weights(rng),
        learning_steps=(timedelta(minutes=10),),
        relearning_steps=(timedelta(minutes=10),),
        enable_fuzzing=False,
    )
    reviews: list[PastReview] = []
    end = START + timedelta(days=days)
    for q in range(questions):
        at = START + timedelta(days=rng.randrange(int(days * 0.6)), minutes=rng.randrange(120))
        truth = Card(card_id=q + 1, due=at)
        kept: MemoryState | None = None
        while at < end:
            recall = 1.0 if truth.last_review is None else memory.get_card_retrievability(truth, at)
            right = truth.last_review is not None and rng.random() < recall
            if truth.last_review is None:  # a first meeting: known already with the chance fsrs assumes
                right = rng.random() < 0.6
            truth, _log = memory.review_card(truth, Rating.Good if right else Rating.Again, at)
            kept = review(kept, right, at, question_key=f"deck/q{q}")
            reviews.append(PastReview(user_id, "deck", f"q{q}", right, at))
            at = next_practice(kept.due, at, rng)
    return sorted(reviews, key=lambda past: past.at)


def split(reviews: list[PastReview]) -> tuple[list[TrainingItem], list[TrainingItem]]:
    """Training items of the first 80% of the reviews, and the items of the last 20% (their targets)."""
    cut = int(len(reviews) * 0.8)
    known = training_items(reviews[:cut])
    held_out = Counter(training_items(reviews)) - Counter(known)
    return known, list(held_out.elements())


def weighted(scores: list[tuple[float, float, int]]) -> tuple[float, float]:
    total = sum(n for _loss, _rmse, n in scores)
    return (
        sum(loss * n for loss, _rmse, n in scores) / total,
        sum(rmse * n for _loss, rmse, n in scores) / total,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--members", type=int, default=40)
    parser.add_argument("--questions", type=int, default=60, help="questions each member meets")
    parser.add_argument("--days", type=int, default=180)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    began = time.perf_counter()
    population = [member_reviews(m, args.questions, args.days, rng) for m in range(args.members)]
    splits = [split(reviews) for reviews in population]
    simulated = time.perf_counter() - began
    counts = [len(reviews) for reviews in population]
    print(
        f"{args.members} members, {sum(counts):,} reviews ({min(counts)}-{max(counts)} each; "
        f"{sum(c >= FIT_REVIEWS for c in counts)} with {FIT_REVIEWS}+), simulated in {simulated:.1f} s"
    )
    began = time.perf_counter()
    server = fit_weights([item for known, _held in splits for item in known])
    server_seconds = time.perf_counter() - began
    names = ("fsrs's defaults", "the server's fit", "own fit", "the bot's rule")
    rows: dict[str, list[tuple[float, float, int]]] = {name: [] for name in names}
    fit_seconds = []
    for reviews, (known, held) in zip(population, splits, strict=True):
        began = time.perf_counter()
        own = fit_weights(known)
        fit_seconds.append(time.perf_counter() - began)
        # The rule as the refit applies it: every member in one server, counted on what the bot has.
        source = choose(int(len(reviews) * 0.8), 0, {0: server}).source
        ruled = {Source.OWN: own, Source.SERVER: server, Source.DEFAULT: DEFAULT_PARAMETERS}[source]
        for name, weights in zip(names, (DEFAULT_PARAMETERS, server, own, ruled), strict=True):
            rows[name].append((*evaluate(weights, held), len(held)))
    held_items = sum(len(held) for _known, held in splits)
    print(f"held out: the last 20% of each member's reviews, {held_items:,} items")
    print(f"{'weights':<18} {'log loss':>9} {'RMSE (bins)':>12}")
    for name, scores in rows.items():
        loss, rmse = weighted(scores)
        print(f"{name:<18} {loss:>9.4f} {rmse:>12.4f}")
    items = [len(known) for known, _held in splits]
    print(
        f"a member's fit: {sum(fit_seconds) / len(fit_seconds) * 1000:.0f} ms on average "
        f"({min(items)}-{max(items)} items); the server's: {server_seconds * 1000:.0f} ms ({sum(items):,} items)"
    )


if __name__ == "__main__":
    main()
