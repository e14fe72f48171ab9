"""What hosting the bot needs: settings, logs, the event loop, shards, telemetry, /healthz and background loops."""
