"""The stale-binary guard (`games.native`): a compiled module older than any source of its
compile group is named, so that the tests stop and `hoard` warns instead of running old code."""

from __future__ import annotations

import os
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

from games.native import compiled_pairs, stale_modules, stale_warning

SUFFIX = EXTENSION_SUFFIXES[0]


def _module(root: Path, name: str, *, source_at: float, binary_at: float | None) -> None:
    source = root / f"{name}.py"
    source.parent.mkdir(parents=True, exist_ok=True)
    source.write_text("")
    os.utime(source, (source_at, source_at))
    if binary_at is not None:
        binary = root / f"{name}{SUFFIX}"
        binary.write_bytes(b"")
        os.utime(binary, (binary_at, binary_at))


def test_nothing_compiled_is_never_stale(tmp_path: Path) -> None:
    """Plain Python (no binaries, as after HOARD_PURE_PYTHON=1) has nothing to warn about."""
    root = tmp_path / "games"
    _module(root, "rules", source_at=2000, binary_at=None)
    assert compiled_pairs(root) == [] and stale_modules(root) == [] and stale_warning(root) is None


def test_binaries_newer_than_every_source_are_fresh(tmp_path: Path) -> None:
    """Built after the last edit: nothing is stale."""
    root = tmp_path / "games"
    _module(root, "rules", source_at=1000, binary_at=1500)
    _module(root, "sub/board", source_at=1200, binary_at=1500)
    assert len(compiled_pairs(root)) == 2 and stale_warning(root) is None


def test_an_edit_to_one_source_makes_the_whole_group_stale(tmp_path: Path) -> None:
    """Compiled modules call each other directly: editing one makes every older binary stale,
    its own and the others', and the warning says how to rebuild."""
    root = tmp_path / "games"
    _module(root, "rules", source_at=1000, binary_at=1500)
    _module(root, "sub/board", source_at=2000, binary_at=1500)
    _module(root, "plain", source_at=3000, binary_at=None)  # not compiled: not in the group
    assert stale_modules(root) == [f"games/rules{SUFFIX}", f"games/sub/board{SUFFIX}"]
    warning = stale_warning(root)
    assert warning is not None and "1 more" in warning and "pip install -e ." in warning
    assert "\n" not in warning
