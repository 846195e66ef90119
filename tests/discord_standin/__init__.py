"""A local Discord stand-in: the REST and gateway surface Hoard's adapter uses, for tests.

Built from Discord's public API documentation (v10): an aiohttp server on 127.0.0.1 answers the
HTTP routes and speaks the gateway protocol (HELLO, IDENTIFY, READY, GUILD_CREATE, heartbeats,
RESUME) with zlib-stream transport compression, so the real discord.py client can connect to it.
Tests drive simulated users through `slash`, `click` and `select` and assert on what the bot sent.
"""

from tests.discord_standin.server import Interaction, Message, StandIn, User

__all__ = ["Interaction", "Message", "StandIn", "User"]
