"""Builds Hoard, compiling the Dragon Front engine to C extensions with mypyc (issue 13: at least
twice python-chess's decisions per second: interpreted it reaches about three quarters of that,
compiled about 2.5 times; see the README's Benchmarks).

Decisions:
- The engine stays plain, typed Python: mypyc compiles the modules listed by `compiled_sources`
  as they are, and `HOARD_PURE_PYTHON=1` at install time compiles nothing (the same behaviour,
  slower). mypy is pinned exactly in pyproject.toml's build requirements, so the generated C always
  matches the mypyc runtime it was written for.
- One compile group (`GROUP`): compiled modules call each other directly, so an edited module
  means rebuilding them all; `games.native.stale_modules` finds binaries older than any source
  of the group and the tests and `hoard` say to run `pip install -e .` again.
- Left interpreted: the card-text parser, its words and the labels (off the decision path; see
  `INTERPRETED`). The computer player is compiled: its rollouts for the hard level run about
  15% more a second (bench/ai_levels.py --rate).
"""

from __future__ import annotations

import os
import sysconfig
from pathlib import Path

from setuptools import setup

ROOT = Path(__file__).resolve().parent
GROUP = "hoard_native"
"""The name of the shared library that holds every compiled module (`hoard_native__mypyc`)."""
PACKAGES = ("games/dragonfront",)
"""Packages compiled whole, but for `INTERPRETED`."""
MODULES = ("games/core.py", "games/rng.py", "games/text.py")
"""Single modules compiled beside them."""
INTERPRETED = frozenset({"card_text.py", "card_words.py", "labels.py"})


def compiled_sources() -> list[str]:
    """Returns the source paths mypyc compiles, relative to the project root, sorted."""
    found = list(MODULES)
    for package in PACKAGES:
        found += [f"{package}/{p.name}" for p in (ROOT / package).glob("*.py")
                  if p.name not in INTERPRETED]
    return sorted(found)


def remove_binaries() -> None:
    """Deletes the binaries an earlier build left beside the sources: they would shadow them."""
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    for source in compiled_sources():
        (ROOT / source).with_suffix(suffix).unlink(missing_ok=True)
    for library in ROOT.glob(f"{GROUP}__mypyc*{suffix}"):
        library.unlink()


def ext_modules() -> list[object]:
    """Returns mypyc's extensions, or none when HOARD_PURE_PYTHON=1 asks for plain Python (then
    the binaries of an earlier build go, so that the sources run)."""
    if os.environ.get("HOARD_PURE_PYTHON", "") not in ("", "0"):
        remove_binaries()
        return []
    from mypyc.build import mypycify

    return list(mypycify(compiled_sources(), opt_level="3", group_name=GROUP))


setup(ext_modules=ext_modules())
