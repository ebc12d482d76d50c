"""INCEPTUM: Dawn of Civilizations for PettingZoo: ``env()`` (AEC), ``raw_env()``, ``parallel_env()``.

Keyword arguments: ``options`` (the game's options, e.g. ``{"players": 3}``), ``reward``
(``win``, ``score``, ``shaped``), ``max_cycles``, ``illegal_reward``, ``render_mode`` (``ansi``,
``human``), ``content``. See :mod:`civtable.rl.pettingzoo_env`.
"""

from ._versioned import constructors

env, raw_env, parallel_env = constructors("inceptum")

__all__ = ["env", "parallel_env", "raw_env"]
