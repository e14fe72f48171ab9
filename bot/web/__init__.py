"""The web dashboard: an aiohttp app with Discord login, server-rendered pages and an audit log of changes."""
