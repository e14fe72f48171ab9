"""Row shapes both engines share: times as UTC milliseconds, and records to and from table rows.

PostgreSQL stores the same columns as SQLite, so it converts rows with the SQLite backend's own
functions; this module names them once, so that when they move only this file follows.
"""

from __future__ import annotations

from bot.store.sqlite import answers as _answers
from bot.store.sqlite import boards as _boards
from bot.store.sqlite import flags as _flags
from bot.store.sqlite import polls as _polls
from bot.store.sqlite import practice as _practice
from bot.store.sqlite import reports as _reports
from bot.store.sqlite import rounds as _rounds
from bot.store.sqlite import times as _times

ANSWER_COLUMNS = _answers.ANSWER_COLUMNS
answer_row = _answers.answer_row
answer_key = _answers.answer_key
answer = _answers.answer_record

ROUND_COLUMNS = _rounds.ROUND_COLUMNS
round_record = _rounds.round_record
NEW_ROUND_COLUMNS = _rounds.NEW_ROUND_COLUMNS
new_round_row = _rounds.new_round_row

FLAG_COLUMNS = _flags.FLAG_COLUMNS
flag_record = _flags.flag_record

VOTE_COLUMNS = _polls.VOTE_COLUMNS
vote = _polls.vote_record

MEMORY_COLUMNS = _practice._MEMORY_COLUMNS
memory = _practice._memory
memory_row = _practice._memory_row
PRACTICE_COLUMNS = _practice.PRACTICE_COLUMNS
practice_rows = _practice.practice_rows

ms = _times.to_ms
time = _times.from_ms
time_or_none = _times.from_ms_or_none

days = _boards._days
ranked = _boards._ranked

# The same query with PostgreSQL's numbered parameters: $1 the server, $2 the deck, $3 the failures.
STRUGGLES = _reports._STRUGGLES.replace(":guild", "$1").replace(":deck", "$2").replace(":failures", "$3")
report_lines = _reports._report_lines
