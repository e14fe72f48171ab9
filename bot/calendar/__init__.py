"""The group's calendar: when scheduled rounds and questions of the day happen, and the runner that claims each once."""
