"""Research environments (optional extra ``civtable[rl]``); ``docs/rl.md`` is the guide.

* Gymnasium: ``import civtable.rl`` registers ``civtable/Inceptum-v1``, ``civtable/PathCiv-v1``,
  ``civtable/Conquest-v1`` and ``civtable/Dominations-v1`` for ``gymnasium.make``
  (:class:`civtable.rl.gym_env.CivtableEnv`); :class:`civtable.rl.vector_env.CivtableVectorEnv`
  steps N games in one process, numpy in and out.
* PettingZoo: ``from civtable.rl.envs import pathciv_v1`` (``env()``, ``parallel_env()``).
* OpenSpiel: ``import civtable.rl.openspiel`` registers ``civtable_inceptum``,
  ``civtable_pathciv``, ``civtable_conquest``, ``civtable_dominations``.

Observations are encoded straight from the state by each game's ``encode`` module
(:mod:`civtable.rl.encoding`); actions are token sequences (:mod:`civtable.rl.actions`); every
environment shares one running-game machinery (:mod:`civtable.rl.match`). Submodules are imported
on use, so a missing optional library only affects its own adapter.
"""

from __future__ import annotations

GYM_IDS = {
    "inceptum": "civtable/Inceptum-v1",
    "pathciv": "civtable/PathCiv-v1",
    "conquest": "civtable/Conquest-v1",
    "dominations": "civtable/Dominations-v1",
}


def _register_gymnasium() -> None:
    try:
        import gymnasium
    except ImportError:  # the rl extra is not installed
        return
    for game, env_id in GYM_IDS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(env_id, entry_point="civtable.rl.gym_env:CivtableEnv", kwargs={"game": game},
                               vector_entry_point="civtable.rl.vector_env:CivtableVectorEnv")


_register_gymnasium()
