-- Question cards in Components V2 (issue 30): how a server's rounds look, "classic" (embeds and buttons)
-- or "cards" (one Components V2 card per question); classic unless the server chooses cards.
ALTER TABLE guild_settings ADD COLUMN card_style TEXT NOT NULL DEFAULT 'classic'
    CHECK (card_style IN ('classic', 'cards'));
