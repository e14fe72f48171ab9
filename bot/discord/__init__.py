"""The discord.py adapter: the bot client, its command tree, replies, forms and Discord calls."""
