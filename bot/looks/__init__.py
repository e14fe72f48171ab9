"""How things look without discord.py: plain text, Discord's limits, a round's embeds as plain data (for bot/ui and bot/web)."""
