"""The three constructors of a versioned environment module (``env``, ``raw_env``,
``parallel_env``), as PettingZoo's own modules have them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pettingzoo.utils import wrappers

from ..pettingzoo_env import CivtableAECEnv, CivtableParallelEnv


def constructors(game: str) -> tuple[Callable[..., Any], Callable[..., Any], Callable[..., Any]]:
    def raw_env(**kwargs: Any) -> CivtableAECEnv:
        """The AEC environment without wrappers."""
        return CivtableAECEnv(game, **kwargs)

    def env(**kwargs: Any) -> Any:
        """The AEC environment with PettingZoo's usual checks (actions in range, call order)."""
        e = raw_env(**kwargs)
        e = wrappers.AssertOutOfBoundsWrapper(e)
        return wrappers.OrderEnforcingWrapper(e)

    def parallel_env(**kwargs: Any) -> CivtableParallelEnv:
        """The native parallel environment."""
        return CivtableParallelEnv(game, **kwargs)

    return env, raw_env, parallel_env
