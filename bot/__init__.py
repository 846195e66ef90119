"""Hoard's host, persistence, console and Discord adapter."""
