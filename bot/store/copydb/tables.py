"""What copy-db moves: every table a member's data lives in, parents before children, and what it checks."""

from __future__ import annotations


def _columns(names: str) -> tuple[str, ...]:
    """`"a, b, c"` (the columns as SQL lists them) as the tuple ("a", "b", "c")."""
    return tuple(names.split(", "))


# Table -> its columns, in an order where every reference points at a table copied before it. The
# board tables are not copied: the target's own trigger (or bulk sum) rebuilds them from the answers,
# and the check after the copy compares them with the source's, so a wrong total cannot slip through.
TABLES: dict[str, tuple[str, ...]] = {
    "meta": ("key", "value"),
    "question_versions": ("digest", "body", "first_seen_at"),
    "guild_settings": _columns(
        "guild_id, quiz_master_role_id, questions, seconds, mode, pause_seconds, language, podium, "
        "standings, streak_bonus, reading_seconds, untimed, long_prompts, tags, difficulty, thread, "
        "teams, hints, card_style"
    ),
    "member_settings": ("user_id", "language", "retention"),
    "rounds": _columns(
        "id, guild_id, channel_id, deck_id, started_by, question_ids, seconds, mode, seed, status, "
        "current, posted_at, message_id, revealed, intro_message_id, started_at, ended_at, "
        "end_reason, podium, standings, streak_bonus, reading_seconds, untimed, long_prompts, "
        "parent_channel_id, teams, versions, hints"
    ),
    "round_questions": ("round_id", "idx", "question_id", "message_id", "posted_at", "revealed_at"),
    "poll_votes": ("round_id", "question_index", "guild_id", "user_id", "choice", "voted_at"),
    "round_teams": ("round_id", "user_id", "team", "joined"),
    "round_hints": ("round_id", "question_index", "user_id", "hints"),
    "answers": _columns(
        "id, guild_id, round_id, question_index, question_id, deck_id, user_id, choice, text, "
        "correct, ms, points, answered_at"
    ),
    "practice_answers": ("id", "user_id", "guild_id", "deck_id", "question_id", "correct", "answered_at"),
    "memories": ("user_id", "deck_id", "question_id", "card", "due", "reviews", "lapses", "last_review"),
    "guild_decks": ("guild_id", "deck_id", "source_name", "text", "uploaded_by", "uploaded_at"),
    "deck_pictures": ("guild_id", "deck_id", "name", "content_type", "data", "sha256", "created_at"),
    "practices": ("id", "user_id", "deck_id", "state", "started_at", "updated_at"),
    "suggestions": _columns(
        "id, guild_id, deck_id, author_id, question, status, created_at, reviewed_by, reviewed_at"
    ),
    "question_flags": _columns(
        "id, guild_id, deck_id, question_id, user_id, reason, note, status, flagged_at, closed_at, closed_by"
    ),
    "calendar_settings": _columns(
        "guild_id, timezone, champion_role_id, champion_period, champion_count, champion_problem, "
        "champion_next_at"
    ),
    "champions": ("guild_id", "period_end", "user_id"),
    "schedules": _columns(
        "id, guild_id, channel_id, deck_id, at, repeat, days, questions, seconds, mode, "
        "announce_minutes, ping_role_id, created_by, created_at, next_at, wake_at, announced, "
        "last_result, last_at, removed"
    ),
    "calendar_claims": ("kind", "key_id", "occurrence_at", "claimed_at", "round_id", "outcome", "detail"),
    "qotd_settings": ("guild_id", "channel_id", "deck_id", "at", "set_by", "next_at", "enabled"),
    "qotd_days": _columns(
        "guild_id, day, channel_id, deck_id, question_id, seed, message_id, posted_at, closes_at, "
        "revealed_at, version, post_problem, retry_at"
    ),
    "qotd_answers": _columns("guild_id, day, user_id, choice, correct, answered_at, text, points"),
    "assignments": _columns(
        "id, guild_id, channel_id, message_id, deck_id, question_ids, seed, due_at, attempts, late, "
        "created_by, created_at, closed_at, versions"
    ),
    "assignment_attempts": ("id", "assignment_id", "user_id", "number", "started_at", "finished_at"),
    "assignment_answers": _columns(
        "attempt_id, question_index, question_id, choice, correct, ms, answered_at, text, points"
    ),
    "web_audit": ("id", "guild_id", "user_id", "user_name", "at", "action", "detail"),
    "deck_versions": ("guild_id", "version"),
    # The item figures as last computed: their mark is the source's, so the target recomputes them unless
    # its triggers come to the same mark, over the same copied first tries.
    "item_figures": ("guild_id", "deck_id", "questions", "changes", "computed_at", "figures"),
    "member_achievements": ("guild_id", "user_id", "achievement", "earned_at", "round_id"),
    "server_fsrs_parameters": ("guild_id", "parameters", "reviews", "fitted_at"),
    "member_fsrs_parameters": ("user_id", "parameters", "reviews", "fitted_at", "guild_id"),
    # How each member shows in the dashboard (their name and avatar as their interactions carried them).
    "member_faces": ("user_id", "name", "avatar", "seen_at"),
}

# Counted on both sides after the copy: every copied table and those the answers' triggers fill (the boards,
# and first_tries, whose versions the trigger reads from the copied rounds, and its per-member totals).
BOARD_TABLES = ("board_days", "board_totals", "first_tries", "first_try_totals")
COUNTED = (*TABLES, *BOARD_TABLES)

# Tables whose integer id a sequence hands out on PostgreSQL (it must continue past the copied ids),
# with that column: round_teams numbers its rows in join order.
IDENTITY_TABLES = {
    "rounds": "id",
    "answers": "id",
    "practice_answers": "id",
    "practices": "id",
    "suggestions": "id",
    "question_flags": "id",
    "web_audit": "id",
    "round_teams": "joined",
    "schedules": "id",
    "assignments": "id",
    "assignment_attempts": "id",
}

# The board check: per server and deck, the sums of the all-time totals and of the daily rows.
BOARD_SUMS = (
    "SELECT 'totals', guild_id, deck_id, SUM(points), SUM(correct), SUM(answered) FROM board_totals "
    "GROUP BY guild_id, deck_id UNION ALL "
    "SELECT 'days', guild_id, deck_id, SUM(points), SUM(correct), SUM(answered) FROM board_days "
    "GROUP BY guild_id, deck_id"
)

# Rows read and written per trip; a deck's pictures, of up to 8 MiB each, a few at a time.
CHUNK = 10_000
CHUNKS = {"deck_pictures": 8}


def chunk_of(table: str) -> int:
    """How many of the table's rows one trip reads and writes."""
    return CHUNKS.get(table, CHUNK)


def read_order(columns: tuple[str, ...]) -> str:
    """Rows in key order: by id where there is one, else by the leading key columns (each table's)."""
    return "id" if "id" in columns else ", ".join(columns[:3])
