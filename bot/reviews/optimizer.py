"""fsrs parameters fitted to training items with fsrs-rs's optimizer, loaded only when a fit is made.

fsrs-rs (the optimizer Anki runs) is a small compiled library with no further dependencies; the fsrs
package's own optimizer needs torch. Both speak FSRS-6's 21 weights in the same order and with the same
defaults, so what it fits, kept within the scheduler's bounds, is what bot.quiz.practice schedules with.
Called in a worker thread (bot/reviews/refit.py): a fit takes a fraction of a second per thousand items.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from bot.reviews.fitting import TrainingItem

if TYPE_CHECKING:
    from fsrs_rs_python import FSRSItem

# The scheduler's one relearning step (bot.quiz.practice.scheduler_for), which the optimizer is told.
RELEARNING_STEPS = 1


def _items(items: Sequence[TrainingItem]) -> list[FSRSItem]:
    from fsrs_rs_python import FSRSItem, FSRSReview

    return [FSRSItem([FSRSReview(rating, days) for rating, days in item]) for item in items]


def within_bounds(weights: Sequence[float]) -> tuple[float, ...]:
    """The weights, each kept inside the bounds the fsrs scheduler accepts (it refuses any outside)."""
    from fsrs.scheduler import LOWER_BOUNDS_PARAMETERS, UPPER_BOUNDS_PARAMETERS

    return tuple(
        min(max(float(weight), low), high)
        for weight, low, high in zip(weights, LOWER_BOUNDS_PARAMETERS, UPPER_BOUNDS_PARAMETERS, strict=True)
    )


def fit_weights(items: Sequence[TrainingItem]) -> tuple[float, ...]:
    """The weights that best predict these items' outcomes (fsrs's defaults when there are too few)."""
    from fsrs_rs_python import DEFAULT_PARAMETERS, FSRS

    fitted = FSRS(DEFAULT_PARAMETERS).compute_parameters(
        _items(items), enable_short_term=True, num_relearning_steps=RELEARNING_STEPS
    )
    # fsrs-rs computes in 32-bit floats: four decimals, as fsrs writes its defaults, drop the noise.
    return within_bounds([round(weight, 4) for weight in fitted])


def evaluate(weights: Sequence[float], items: Sequence[TrainingItem]) -> tuple[float, float]:
    """How well `weights` predict the items' outcomes: (log loss, RMSE over bins), lower is better."""
    from fsrs_rs_python import FSRS

    found = FSRS(list(weights)).evaluate(_items(items))
    return found.log_loss, found.rmse_bins
