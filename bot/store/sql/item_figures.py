"""What the item analysis page reads and keeps, for both engines: the first-try mark, kept figures, weeks."""

from __future__ import annotations

from bot.store.records import KeptItemFigures
from bot.store.sql.rows import Columns
from bot.store.sql.statement import sql

# The per-member rows of first_try_totals (one range of its key), their changes summed: a mark that moves
# with any change to the deck's first tries, read without touching them.
FIRST_TRY_MARK = sql(
    "SELECT CAST(COALESCE(SUM(changes), 0) AS BIGINT) FROM first_try_totals "
    "WHERE guild_id = :guild AND deck_id = :deck"
)
FIGURE_COLUMNS = Columns(KeptItemFigures, "guild_id, deck_id, questions, changes, computed_at, figures")
KEPT_FIGURES = sql(
    f"SELECT {FIGURE_COLUMNS.text} FROM item_figures WHERE guild_id = :guild AND deck_id = :deck"
)
# A row of FIGURE_COLUMNS.
KEEP_FIGURES = sql(FIGURE_COLUMNS.saving("item_figures", "guild_id, deck_id"))
# The decks whose kept figures stand at another mark than their first tries' now (the worker's sweep,
# bot/results/item_worker.py): per kept row, one range of first_try_totals' key.
_STALE = (
    "SELECT f.guild_id, f.deck_id FROM item_figures AS f WHERE f.changes <> ("
    "SELECT COALESCE(SUM(t.changes), 0) FROM first_try_totals AS t "
    "WHERE t.guild_id = f.guild_id AND t.deck_id = f.deck_id)"
)
STALE_FIGURES = sql(_STALE + " ORDER BY f.guild_id, f.deck_id")
STALE_FIGURES_HERE = sql(_STALE + " AND f.guild_id = :guild ORDER BY f.deck_id")

# The deck's round answers per week (week_number, bot/store/weeks.py) from the boards' UTC days, which the
# answers' trigger keeps: a few rows per member and day instead of every answer. The chart's weeks start on
# whole UTC days, so the days in [first, last) are exactly its answers.
DECK_WEEKS = sql(
    "SELECT (day + 3) / 7, CAST(SUM(points) AS BIGINT), CAST(SUM(correct) AS BIGINT), "
    "CAST(SUM(answered) AS BIGINT) FROM board_days "
    "WHERE guild_id = :guild AND day >= :first AND day < :last AND deck_id = :deck GROUP BY 1"
)
DAY_MS = 86_400_000
