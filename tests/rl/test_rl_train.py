"""The training example's code path, for a few seconds (skipped where PyTorch is not installed:
the ``train`` extra is not part of the default test install)."""

from __future__ import annotations

import json
import runpy
import sys
from pathlib import Path

import pytest

pytest.importorskip("torch")
pytest.importorskip("matplotlib")

SCRIPT = Path(__file__).resolve().parents[2] / "examples" / "train_ppo.py"


def test_train_ppo_runs_and_reports(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    args = ["train_ppo.py", "--game", "pathciv", "--steps", "64", "--num-envs", "2", "--num-steps", "16",
            "--hidden", "16", "--eval-games", "4", "--out", str(tmp_path)]
    monkeypatch.setattr(sys, "argv", args)
    runpy.run_path(str(SCRIPT), run_name="__main__")
    summary = json.loads((tmp_path / "summary.json").read_text())
    result = summary["evaluation_vs_random"]
    assert result["games"] == 4 and 0.0 <= result["win_rate"] <= 1.0
    assert (tmp_path / "curve.png").stat().st_size > 1000 and (tmp_path / "curve.csv").exists()


def test_sb3_contrib_maskable_ppo_trains_on_the_factorised_space() -> None:
    """MaskablePPO takes the Gymnasium environment as it is (masks through action_masks()); on
    Dominations' factorised space its default policy stays small."""
    sb3 = pytest.importorskip("sb3_contrib")
    import torch

    from civtable.rl.gym_env import CivtableEnv

    torch.set_num_threads(1)
    model = sb3.MaskablePPO("MlpPolicy", CivtableEnv("dominations", options={"players": 2}), n_steps=32, batch_size=16)
    assert sum(p.numel() for p in model.policy.parameters()) < 2_000_000
    model.learn(64)
