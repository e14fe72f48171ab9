"""Pictures of server decks as both engines keep them: kept once by name, read, listed, copied, forgotten."""

from __future__ import annotations

from bot.store.picture_records import DeckPictureRecord
from bot.store.sql.rows import Columns
from bot.store.sql.statement import sql

DECK_PICTURE_COLUMNS = Columns(
    DeckPictureRecord, "guild_id, deck_id, name, content_type, data, sha256, created_at"
)

# A name is its bytes' digest: the same name again is the same picture, kept as it was.
ADD_DECK_PICTURE = sql(
    f"{DECK_PICTURE_COLUMNS.inserting('deck_pictures')} ON CONFLICT (guild_id, deck_id, name) DO NOTHING"
)
DECK_PICTURE = sql(
    f"SELECT {DECK_PICTURE_COLUMNS.text} FROM deck_pictures "
    "WHERE guild_id = :guild AND deck_id = :deck AND name = :name"
)
# What a round posts: a picture of that name in any deck of the server (a copied deck's are the same bytes).
SERVER_PICTURE = sql(
    f"SELECT {DECK_PICTURE_COLUMNS.text} FROM deck_pictures WHERE guild_id = :guild AND name = :name "
    "ORDER BY deck_id LIMIT 1"
)
DECK_PICTURE_NAMES = sql(
    "SELECT name, created_at FROM deck_pictures WHERE guild_id = :guild AND deck_id = :deck ORDER BY name"
)
COPY_DECK_PICTURES = sql(
    f"INSERT INTO deck_pictures ({DECK_PICTURE_COLUMNS.text}) "
    # Cast: PostgreSQL gives a parameter in a select list no type of its own.
    "SELECT guild_id, CAST(:to_deck AS TEXT), name, content_type, data, sha256, CAST(:at AS BIGINT) "
    "FROM deck_pictures "
    "WHERE guild_id = :guild AND deck_id = :deck ON CONFLICT (guild_id, deck_id, name) DO NOTHING"
)
DELETE_DECK_PICTURE = sql(
    "DELETE FROM deck_pictures WHERE guild_id = :guild AND deck_id = :deck AND name = :name"
)
DELETE_DECK_PICTURES = sql("DELETE FROM deck_pictures WHERE guild_id = :guild AND deck_id = :deck")
# What the server's pictures weigh, in bytes, every deck's together (a copy's counted again).
SERVER_PICTURE_BYTES = sql("SELECT COALESCE(SUM(LENGTH(data)), 0) FROM deck_pictures WHERE guild_id = :guild")
