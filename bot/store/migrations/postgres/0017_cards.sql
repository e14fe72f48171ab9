-- Question cards in Components V2 (issue 30), as SQLite's 0017_cards.sql says: how a server's rounds look.
ALTER TABLE guild_settings ADD COLUMN card_style TEXT NOT NULL DEFAULT 'classic'
    CHECK (card_style IN ('classic', 'cards'));
