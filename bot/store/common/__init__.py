"""The store's concerns written once for both engines: each method runs shared statements (bot/store/sql)
through the engine its store was given (bot/store/sql/engine.py), never a driver of its own."""
