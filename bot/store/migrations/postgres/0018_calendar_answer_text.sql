-- A calendar answer kept as rounds keep theirs, as SQLite's 0018_calendar_answer_text.sql says: the member's
-- answer as text and the points the engine gives it; old multi sets squeezed into `choice` become text.
ALTER TABLE qotd_answers ADD COLUMN text TEXT;
ALTER TABLE qotd_answers ADD COLUMN points INTEGER;
ALTER TABLE assignment_answers ADD COLUMN text TEXT;
ALTER TABLE assignment_answers ADD COLUMN points INTEGER;
UPDATE qotd_answers SET text = rtrim(
    CASE WHEN ((-1 - choice) & 1) <> 0 THEN '0,' ELSE '' END ||
    CASE WHEN ((-1 - choice) & 2) <> 0 THEN '1,' ELSE '' END ||
    CASE WHEN ((-1 - choice) & 4) <> 0 THEN '2,' ELSE '' END ||
    CASE WHEN ((-1 - choice) & 8) <> 0 THEN '3,' ELSE '' END ||
    CASE WHEN ((-1 - choice) & 16) <> 0 THEN '4,' ELSE '' END, ','), choice = -1
WHERE choice < -1;
UPDATE assignment_answers SET text = rtrim(
    CASE WHEN ((-1 - choice) & 1) <> 0 THEN '0,' ELSE '' END ||
    CASE WHEN ((-1 - choice) & 2) <> 0 THEN '1,' ELSE '' END ||
    CASE WHEN ((-1 - choice) & 4) <> 0 THEN '2,' ELSE '' END ||
    CASE WHEN ((-1 - choice) & 8) <> 0 THEN '3,' ELSE '' END ||
    CASE WHEN ((-1 - choice) & 16) <> 0 THEN '4,' ELSE '' END, ','), choice = -1
WHERE choice < -1;
UPDATE qotd_answers SET points = CASE WHEN correct = 1 THEN 100 ELSE 0 END;
UPDATE assignment_answers SET points = CASE WHEN correct = 1 THEN 100 ELSE 0 END;
