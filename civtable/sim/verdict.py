"""The word a bot-robust study gives a finding (:mod:`.robust`, and its HTML report)."""

from __future__ import annotations

from typing import Any


def verdict_word(v: dict[str, Any], mixes: list[str]) -> str:
    """robust, bot-dependent (it fails under a mix that can test it), or held where testable."""
    if v["robust"]:
        return "robust"
    untested = [m for m, e in zip(mixes, v["effects"]) if e is None]
    if untested and all(h for h, e in zip(v["holds"], v["effects"]) if e is not None):
        return f"held where testable, not testable under {', '.join(untested)}"
    return "bot-dependent"
