-- Reserved: another branch's migration takes this number when the branches meet (the lead renumbers).
SELECT 1;
