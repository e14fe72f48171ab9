"""Bvunzo: a Discord quiz bot for study groups."""

__version__ = "0.1.0"
