"""Ancient Civilization Conquest: territories, resources, traits and battles; 100 VP wins.

See ``docs/conquest-rules.md`` for the readings chosen where the rulebook is unclear."""

from .game import Conquest, ConquestState

__all__ = ["Conquest", "ConquestState"]
