"""The store's contract: tests every backend of bot.store.Store must pass."""
