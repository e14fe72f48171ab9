"""What hosting the bot needs: settings, logs, the event loop, shards, telemetry and /healthz."""
