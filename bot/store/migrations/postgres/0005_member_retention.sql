-- Each member's desired retention (fsrs's parameter), beside their language; either may be unset.

ALTER TABLE member_settings ALTER COLUMN language DROP NOT NULL;
ALTER TABLE member_settings
    ADD COLUMN retention DOUBLE PRECISION CHECK (retention IS NULL OR (retention >= 0.70 AND retention <= 0.97));
