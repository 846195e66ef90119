"""Discord's documented limits for commands and messages, checked as Discord would (400 on breach)."""

from __future__ import annotations

import re
from typing import Any

NAME = re.compile(r"^[-_\w]{1,32}$")
MAX_CUSTOM_ID = 100


def check_commands(commands: Any) -> list[str]:
    """Returns every breach of the application command limits in a bulk-overwrite payload."""
    problems: list[str] = []
    if not isinstance(commands, list) or len(commands) > 100:
        return ["expected a list of at most 100 commands"]
    names = [c.get("name") for c in commands]
    if len(set(names)) != len(names):
        problems.append("duplicate command names")
    for command in commands:
        problems += _check_named(command, f"/{command.get('name')}")
        problems += _check_options(command.get("options") or [], f"/{command.get('name')}")
        total = _chars(command)
        if total > 4000:
            problems.append(f"/{command.get('name')}: {total} characters in names and descriptions > 4000")
    return problems


def _check_named(obj: dict[str, Any], where: str) -> list[str]:
    problems = []
    name = obj.get("name", "")
    if not NAME.match(name) or name != name.lower():
        problems.append(f"{where}: bad name {name!r}")
    desc = obj.get("description", "")
    if not 1 <= len(desc) <= 100:
        problems.append(f"{where}: description length {len(desc)} not in 1..100")
    for locale, text in (obj.get("description_localizations") or {}).items():
        if not 1 <= len(text) <= 100:
            problems.append(f"{where}: {locale} description length {len(text)} not in 1..100")
    for locale, text in (obj.get("name_localizations") or {}).items():
        if not NAME.match(text) or text != text.lower():
            problems.append(f"{where}: bad {locale} name {text!r}")
    return problems


def _check_options(options: list[dict[str, Any]], where: str) -> list[str]:
    problems = []
    if len(options) > 25:
        problems.append(f"{where}: {len(options)} options > 25")
    seen_optional = False
    for opt in options:
        here = f"{where} {opt.get('name')}"
        problems += _check_named(opt, here)
        if opt.get("required"):
            if seen_optional:
                problems.append(f"{here}: required option after an optional one")
        else:
            seen_optional = True
        choices = opt.get("choices") or []
        if len(choices) > 25:
            problems.append(f"{here}: {len(choices)} choices > 25")
        for choice in choices:
            if not 1 <= len(choice.get("name", "")) <= 100:
                problems.append(f"{here}: choice name {choice.get('name')!r}")
        problems += _check_options(opt.get("options") or [], here)
    return problems


def _chars(obj: Any) -> int:
    if isinstance(obj, dict):
        return sum(len(obj.get(k, "") or "") for k in ("name", "description")) + sum(
            _chars(o) for o in obj.get("options") or []
        ) + sum(len(c.get("name", "")) + len(str(c.get("value", ""))) for c in obj.get("choices") or [])
    return 0


def check_message(payload: dict[str, Any], files: int) -> list[str]:
    """Returns every breach of the message limits (content, embeds, components) in a payload."""
    problems: list[str] = []
    if len(payload.get("content") or "") > 2000:
        problems.append("content longer than 2000")
    problems += _check_embeds(payload.get("embeds") or [])
    if files > 10:
        problems.append("more than 10 files")
    problems += _check_components(payload.get("components") or [])
    return problems


def _check_embeds(embeds: list[dict[str, Any]]) -> list[str]:
    problems: list[str] = []
    if len(embeds) > 10:
        problems.append("more than 10 embeds")
    total = 0
    for embed in embeds:
        total += len(embed.get("title", "")) + len(embed.get("description", ""))
        if len(embed.get("title", "")) > 256:
            problems.append("embed title longer than 256")
        if len(embed.get("description", "")) > 4096:
            problems.append("embed description longer than 4096")
        fields = embed.get("fields", [])
        if len(fields) > 25:
            problems.append("more than 25 embed fields")
        for f in fields:
            total += len(f.get("name", "")) + len(f.get("value", ""))
            if not 1 <= len(f.get("name", "")) <= 256 or not 1 <= len(f.get("value", "")) <= 1024:
                problems.append(f"embed field {f.get('name')!r} out of bounds")
    if total > 6000:
        problems.append("embeds longer than 6000 characters")
    return problems


def _check_components(rows: list[dict[str, Any]]) -> list[str]:
    problems: list[str] = []
    if len(rows) > 5:
        problems.append(f"{len(rows)} action rows > 5")
    ids: list[str] = []
    for row in rows:
        comps = row.get("components", [])
        if row.get("type") != 1 or not 1 <= len(comps) <= 5:
            problems.append("an action row must hold 1-5 components")
        if any(c.get("type") == 3 for c in comps) and len(comps) != 1:
            problems.append("a select must be alone in its row")
        for comp in comps:
            cid = comp.get("custom_id")
            if cid is not None:
                ids.append(cid)
                if not 1 <= len(cid) <= MAX_CUSTOM_ID:
                    problems.append(f"custom_id of length {len(cid)}")
            if len(comp.get("label") or "") > 80:
                problems.append(f"label longer than 80: {comp.get('label')!r}")
            if comp.get("type") == 3:
                problems += _check_select(comp)
    if len(set(ids)) != len(ids):
        problems.append("duplicate custom_ids in one message")
    return problems


def _check_select(comp: dict[str, Any]) -> list[str]:
    problems: list[str] = []
    options = comp.get("options", [])
    if not 1 <= len(options) <= 25:
        problems.append(f"select with {len(options)} options")
    values = [o.get("value") for o in options]
    if len(set(values)) != len(values):
        problems.append("duplicate select option values")
    for o in options:
        if not 1 <= len(o.get("label", "")) <= 100 or not 1 <= len(o.get("value", "")) <= 100:
            problems.append(f"select option out of bounds: {o}")
    if len(comp.get("placeholder") or "") > 150:
        problems.append("placeholder longer than 150")
    return problems
