"""How members show (their name and avatar): recorded as they use the bot, read by the dashboard's pages."""
