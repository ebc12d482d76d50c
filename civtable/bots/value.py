"""Learned position values: who is likely to win, from a few numbers per seat.

A game describes every seat of a position by the same short list of numbers (its *features*:
VP, production, units ...) with a function ``value_features(state) -> list[list[float]]`` and
their names ``VALUE_FEATURES`` in its bot module. The chance that seat ``i`` wins is modelled as

    P(i wins) = exp(w . f_i) / sum_j exp(w . f_j)

(a conditional logit: one weight per feature, the same for every seat and player count). The
weights are fitted on positions of simulated games by :mod:`civtable.sim.value_fit` and kept
as data next to the game's rules (``civtable/games/<game>/value.toml``), so they are read, not
computed, when a bot plays; ``python -m civtable.sim.value_fit <game>`` fits them again.

Evaluating a position is plain Python (no numpy): the search calls it at every leaf.
"""

from __future__ import annotations

import math
import tomllib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from civtable.core import OptionError


class LinearValue:
    """Fitted weights of a conditional-logit value (see the module documentation)."""

    def __init__(self, names: Sequence[str], weights: Sequence[float], meta: dict[str, Any] | None = None) -> None:
        if len(names) != len(weights):
            raise OptionError(f"a value model needs one weight per feature ({len(names)} features, {len(weights)} weights)")
        self.names = tuple(names)
        self.weights = tuple(float(w) for w in weights)
        self.meta = dict(meta or {})

    def scores(self, features: Sequence[Sequence[float]]) -> list[float]:
        """``w . f`` for every seat."""
        w = self.weights
        return [math.fsum(a * b for a, b in zip(w, f, strict=True)) for f in features]

    def win_chances(self, features: Sequence[Sequence[float]]) -> list[float]:
        """Each seat's estimated chance to win (they sum to 1)."""
        z = self.scores(features)
        top = max(z)
        e = [math.exp(x - top) for x in z]
        total = sum(e)
        return [x / total for x in e]

    # ------------------------------------------------------------------ the data file
    def to_toml(self) -> str:
        lines = [
            "# Weights of the learned position value (civtable.bots.value): P(seat wins) is",
            "# proportional to exp(sum of weight * feature). Fitted by",
            f"# python -m civtable.sim.value_fit {self.meta.get('command', '<game>')}",
            "",
            "[fit]",
        ]
        for k, v in sorted(self.meta.items()):
            lines.append(f"{k} = {_toml_value(v)}")
        lines += ["", "[weights]"]
        lines += [f"{name} = {w:.6g}" for name, w in zip(self.names, self.weights, strict=True)]
        return "\n".join(lines) + "\n"

    @classmethod
    def load(cls, path: Path, names: Sequence[str]) -> LinearValue:
        """Read weights for the features ``names`` (in that order) from ``path``; a feature the
        file does not weigh gets 0, a weight of a feature the game no longer has is an error."""
        with open(path, "rb") as fh:
            data = tomllib.load(fh)
        weights = data.get("weights", {})
        unknown = sorted(set(weights) - set(names))
        if unknown:
            raise OptionError(f"{path.name}: weight for an unknown feature {unknown[0]!r}")
        return cls(names, [float(weights.get(n, 0.0)) for n in names], dict(data.get("fit", {})))


def _toml_value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return repr(v) if isinstance(v, int) else f"{v:.6g}"
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(_toml_value(x) for x in v) + "]"
    text = str(v).replace("\\", "\\\\").replace('"', '\\"')
    return f'"{text}"'


_CACHE: dict[Path, LinearValue] = {}


def value_model(path: Path, names: Sequence[str]) -> LinearValue:
    """The weights in ``path``, read once per process."""
    model = _CACHE.get(path)
    if model is None or model.names != tuple(names):
        model = _CACHE[path] = LinearValue.load(path, names)
    return model
