"""Offline tools beside the bot: data converters and reports, run by hand (`python -m tools.<game>.<tool>`)."""
