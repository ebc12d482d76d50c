"""Two people at one keyboard in a game with hidden information (Dominations: each keeps one of
two dealt Objectives and Monuments in secret). Each seat sees only its own view: a "pass the
keyboard" screen comes between the seats, and nothing Player 2 can ask for — the screen, every
``info`` (which once showed Player 1's kept cards), ``view all``, the log — names the Objective or
Monument Player 1 kept. Played over several deals."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

CIVTABLE = str(Path(sys.executable).parent / "civtable")


def run(seed: int, lines: list[str]) -> str:
    out = subprocess.run([CIVTABLE, "play", "dominations", "--players", "2", "--seats", "human,human",
                          "--seed", str(seed)], input="\n".join(lines) + "\n", capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    return out.stdout


@pytest.mark.parametrize("seed", [1, 2, 3, 5])
def test_the_other_seat_never_sees_the_secret(seed: int) -> None:
    asks = ["info 1", "info 2", "info 3", "info 4", "? 1", "view all", "log"]
    text = run(seed, ["", "1", "", *asks, "quit"])
    assert text.count("Pass the keyboard to Player 1, press Enter.") == 1
    assert text.count("Pass the keyboard to Player 2, press Enter.") == 1
    first, _, second = text.partition("Pass the keyboard to Player 2, press Enter.")
    kept = re.search(r"1\) keep (.+?) \+ (.+?)(?:\s{2,}|\n)", first)
    assert kept, first[-2000:]
    objective, monument = kept.group(1).strip(), kept.group(2).strip()
    assert objective in first and monument in first  # Player 1 saw them
    for secret in (objective, monument, objective.lower().replace(" ", "_"), monument.lower().replace(" ", "_")):
        assert secret not in second, f"Player 2 saw {secret!r}"
