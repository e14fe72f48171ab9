"""Members' and servers' preferences held in memory."""
