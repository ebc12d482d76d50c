"""Research environments (optional extra ``civtable[rl]``).

* :class:`civtable.rl.gym_env.CivtableGymEnv` — Gymnasium, one learning seat against bots,
* :class:`civtable.rl.pettingzoo_env.CivtableAECEnv` — PettingZoo AEC, every seat an agent,
* :mod:`civtable.rl.openspiel` — OpenSpiel Python games ``civtable_<game>``
  (``pyspiel.load_game("civtable_inceptum")`` after ``import civtable.rl.openspiel``),
* :mod:`civtable.rl.encoding` — fixed action indices, masks and observation vectors.

They work for any game whose :meth:`~civtable.core.Game.action_space` is not ``None``, or whose
``encode`` module provides an ``action_codec`` (a fixed numbering relative to the position).
Submodules are imported on use so that a missing optional library only affects its adapter.
"""

from __future__ import annotations

from typing import Any

__all__ = ["gym_env", "make_aec_env", "make_gym_env", "pettingzoo_env"]


def make_gym_env(game: str = "inceptum", **kwargs: Any) -> Any:
    """A :class:`~civtable.rl.gym_env.CivtableGymEnv`."""
    from .gym_env import CivtableGymEnv

    return CivtableGymEnv(game, **kwargs)


def make_aec_env(game: str = "inceptum", **kwargs: Any) -> Any:
    """A :class:`~civtable.rl.pettingzoo_env.CivtableAECEnv`."""
    from .pettingzoo_env import CivtableAECEnv

    return CivtableAECEnv(game, **kwargs)
