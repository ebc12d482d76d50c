"""The three constructors of a versioned environment module (``env``, ``raw_env``,
``parallel_env``), as PettingZoo's own modules have them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..pettingzoo_env import CivtableAECEnv, CivtableParallelEnv


def constructors(game: str) -> tuple[Callable[..., Any], Callable[..., Any], Callable[..., Any]]:
    def raw_env(**kwargs: Any) -> CivtableAECEnv:
        """The AEC environment without wrappers."""
        return CivtableAECEnv(game, **kwargs)

    def env(**kwargs: Any) -> CivtableAECEnv:
        """The AEC environment. It needs none of PettingZoo's wrappers: it checks the call order
        itself (acting before ``reset`` is refused in plain words). An illegal token changes nothing
        and earns ``illegal_reward``; a value that is no token number (``-1``, a number past the
        last token, a string, ``1.5``) is refused with ``MalformedAction`` and changes nothing."""
        return raw_env(**kwargs)

    def parallel_env(**kwargs: Any) -> CivtableParallelEnv:
        """The native parallel environment."""
        return CivtableParallelEnv(game, **kwargs)

    return env, raw_env, parallel_env
