-- Reserved for the calendar branch's migration (schedules, question of the day, assignments): its own
-- 0008 replaces this file when the branches meet. Until then it changes nothing.
SELECT 1;
