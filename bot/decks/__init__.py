"""A server's decks: reading, versions and saving."""
