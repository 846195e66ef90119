"""Finds compiled modules that no longer match their sources.

`setup.py` compiles some engine modules with mypyc into binaries beside their `.py` files, and a
binary shadows its source: an edited `.py` would silently not run. The compiled modules form one
compile group (they call each other directly), so a binary is stale when it is older than any
source of the group, not only its own. The tests stop at once and `hoard` warns when one is
(`stale_warning`); this module is the one home of that check.

Decisions: the group is found on disk (every `.py` under `games/` with a binary beside it), not
listed a second time; modification times decide, so a `git checkout` that rewrites sources
counts as an edit (a rebuild is cheap next to running stale code).
"""

from __future__ import annotations

from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

GAMES_DIR = Path(__file__).resolve().parent

REBUILD_HINT = ("run `pip install -e .` again to recompile them "
                "(or `HOARD_PURE_PYTHON=1 pip install -e .` for plain Python)")


def compiled_pairs(root: Path = GAMES_DIR) -> list[tuple[Path, Path]]:
    """Returns (source, binary) for every module under `root` that has a compiled binary."""
    pairs: list[tuple[Path, Path]] = []
    for suffix in EXTENSION_SUFFIXES:
        for binary in sorted(root.rglob(f"*{suffix}")):
            source = binary.with_name(binary.name[: -len(suffix)] + ".py")
            if source.exists():
                pairs.append((source, binary))
    return pairs


def stale_modules(root: Path = GAMES_DIR) -> list[str]:
    """Returns the compiled modules (paths relative to `root`'s parent) older than the newest
    source of their compile group; [] when nothing is compiled or all is fresh."""
    pairs = compiled_pairs(root)
    if not pairs:
        return []
    newest = max(source.stat().st_mtime for source, _ in pairs)
    return [str(binary.relative_to(root.parent)) for _, binary in pairs
            if binary.stat().st_mtime < newest]


def stale_warning(root: Path = GAMES_DIR) -> str | None:
    """Returns a one-line warning naming the stale compiled modules, or None when there are none."""
    stale = stale_modules(root)
    if not stale:
        return None
    more = f" and {len(stale) - 1} more" if len(stale) > 1 else ""
    return (f"compiled modules older than their sources ({stale[0]}{more}) would run instead "
            f"of the edited code: {REBUILD_HINT}")
