"""bench/ai_levels.py: a run split over seed ranges and logged adds up to the same figure."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("ai_levels", ROOT / "bench" / "ai_levels.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["ai_levels"] = module
    spec.loader.exec_module(module)
    return module


def test_logs_split_over_seeds_add_up_to_one_run(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """Seeds 0-2 and 1-4 logged in two runs summarize as the five games of seeds 0-4 (seeds 1 and
    2 counted once), with the figure of one run over seeds 0-4."""
    bench = _bench()
    log = tmp_path / "run.jsonl"
    common = ["--game", "drachenherz", "--match", "normal:random", "--json"]
    bench.main([*common, "--games", "3", "--log", str(log)])
    bench.main([*common, "--games", "4", "--seed", "1", "--log", str(log)])
    bench.main([*common, "--games", "5"])
    whole = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    lines = log.read_text(encoding="utf-8").splitlines()
    assert [json.loads(line)["seed"] for line in lines] == [0, 1, 2, 1, 2, 3, 4]
    (row,) = bench.summarize_logs([str(log)])
    assert row["games"] == 5
    assert (row["rate"], row["low"], row["high"]) == (whole["rate"], whole["low"], whole["high"])
    bench.main(["--summarize", str(log)])
    assert capsys.readouterr().out.startswith("drachenherz 2p normal vs random: ")
