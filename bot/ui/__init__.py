"""Discord's side of how things look: embeds, views, buttons, forms and replies, drawn from bot.looks."""
