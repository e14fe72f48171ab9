-- A calendar answer kept as rounds keep theirs: the question of the day's and an assignment's answers get
-- the member's answer as text (a multi question's set `0,2`, a cloze question's blanks as a JSON list, the
-- words or number typed) and the points the engine's judging gives them (a share for a partly right set
-- or cloze). `choice` stays the lettered choice's original index, -1 for an answer kept as text.
ALTER TABLE qotd_answers ADD COLUMN text TEXT;
ALTER TABLE qotd_answers ADD COLUMN points INTEGER;
ALTER TABLE assignment_answers ADD COLUMN text TEXT;
ALTER TABLE assignment_answers ADD COLUMN points INTEGER;
-- Before this, a multi question's picked set was squeezed into `choice` as -1 minus its bit mask (choices
-- 0 and 2: -6), at most five choices (A-E); it becomes its text, and its choice -1. A typed answer's words
-- were not kept (choice -1): its text stays NULL. The points were then 100 for a right answer, 0 else.
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
