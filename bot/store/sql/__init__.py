"""What both engines share: the row shapes of each table and the SQL they run alike, written once."""
