"""Nim with a fixed action space, for testing the RL adapters on a tiny game."""

from __future__ import annotations

from civtable.core import Action
from civtable.games.nim import Nim


class NimWithSpace(Nim):
    def action_space(self) -> list[Action]:
        return [Action("take", (k,)) for k in range(1, self.options["max_take"] + 1)]
