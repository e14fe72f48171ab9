"""What both engines share: the row shapes of each table and the SQL they run alike, written once.

One module per concern, named as the backends' modules are (answers, boards, decks, flags, polls,
practice, reports, rounds, settings, suggestions): each holds the columns, the record ↔ row functions
and the statements that SQLite and PostgreSQL run the same way, written with :named parameters
(statement.py renders them for each driver). What the engines do differently stays in the backend:
group commit and bulk loads of answers, row locks (FOR UPDATE), arrays against IN lists, and a read
that runs as one query on PostgreSQL but a scan on SQLite. Nothing here imports a driver or a backend.
"""
