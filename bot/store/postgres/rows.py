"""Row shapes both engines share: times as UTC milliseconds, and records to and from table rows.

The SQLite store defines them; PostgreSQL stores the same columns, so it converts rows the same way.
"""

from __future__ import annotations

from bot.store import sqlite as _sqlite

# One place names them, so when the SQLite store moves them only this file follows.
ANSWER_COLUMNS = _sqlite._ANSWER_COLUMNS
MEMORY_COLUMNS = _sqlite._MEMORY_COLUMNS
ROUND_COLUMNS = _sqlite._ROUND_COLUMNS
CHART_WEEKS = _sqlite.CHART_WEEKS
EPOCH = _sqlite.EPOCH
answer = _sqlite._answer
answer_row = _sqlite._answer_row
days = _sqlite._days
memory = _sqlite._memory
memory_row = _sqlite._memory_row
ms = _sqlite._ms
ranked = _sqlite._ranked
round_record = _sqlite._round
Tally = _sqlite._Tally
tallies = _sqlite._tallies
time = _sqlite._time
time_or_none = _sqlite._time_or_none
