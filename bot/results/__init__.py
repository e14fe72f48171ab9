"""What was played, read back and written to files."""
