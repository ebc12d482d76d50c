"""The vector environment starts some of its games again on given seeds
(``reset(seed=..., options={"reset_mask": mask})``) and leaves the others where they are."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("gymnasium")

from civtable.core import OptionError  # noqa: E402
from civtable.rl.vector_env import CivtableVectorEnv  # noqa: E402

OPTIONS = {"players": 2}


def _vec(n: int = 3) -> CivtableVectorEnv:
    return CivtableVectorEnv("pathciv", num_envs=n, options=OPTIONS)


def _play(vec: CivtableVectorEnv, info: dict, steps: int) -> tuple[np.ndarray, dict]:
    obs = None
    for _ in range(steps):  # the last legal token of every game
        acts = np.array([int(np.flatnonzero(m)[-1]) for m in info["action_mask"]])
        obs, _, _, _, info = vec.step(acts)
    assert obs is not None
    return obs, info


def test_a_marked_game_starts_again_on_its_seed_and_the_others_stay() -> None:
    vec = _vec()
    _, info = vec.reset(seed=[10, 11, 12])
    obs, info = _play(vec, info, 6)
    before_obs, before_mask = obs.copy(), info["action_mask"].copy()
    positions = [s.match.position for s in vec.solos]  # type: ignore[union-attr]

    mask = np.array([False, True, False])
    obs, info = vec.reset(seed=[None, 7, None], options={"reset_mask": mask})

    fresh_obs, fresh_info = _vec(1).reset(seed=[7])
    assert np.array_equal(obs[1], fresh_obs[0])
    assert np.array_equal(info["action_mask"][1], fresh_info["action_mask"][0])
    for i in (0, 2):
        assert np.array_equal(obs[i], before_obs[i])
        assert np.array_equal(info["action_mask"][i], before_mask[i])
        assert vec.solos[i].match.position == positions[i]  # type: ignore[union-attr]
    assert not np.array_equal(obs[1], before_obs[1])
    # the masks are the games' own: every marked token is legal in that game
    for i, solo in enumerate(vec.solos):
        assert solo.match is not None
        assert sorted(np.flatnonzero(info["action_mask"][i])) == sorted(solo.match.legal(solo.seat))


def test_a_partial_reset_is_reproducible_and_plays_on_as_its_seed() -> None:
    runs = []
    for _ in range(2):
        vec = _vec()
        _, info = vec.reset(seed=1)
        _, info = _play(vec, info, 4)
        obs, info = vec.reset(seed=50, options={"reset_mask": np.array([True, False, True])})  # games 1, 3: 50, 52
        obs, info = _play(vec, info, 5)
        runs.append((obs.copy(), info["action_mask"].copy()))
    assert np.array_equal(runs[0][0], runs[1][0]) and np.array_equal(runs[0][1], runs[1][1])
    # game 3 restarted on 52 plays on exactly as a game reset on 52 from the start
    alone = _vec(1)
    _, info = alone.reset(seed=[52])
    obs, info = _play(alone, info, 5)
    assert np.array_equal(runs[0][0][2], obs[0])
    assert np.array_equal(runs[0][1][2], info["action_mask"][0])


@pytest.mark.parametrize(("mask", "words"), [
    (np.array([True, False]), "3 booleans"),
    (np.array([1, 0, 1]), "3 booleans"),
    ("yes", "3 booleans"),
    (np.array([False, False, False]), "marks no game"),
])
def test_a_bad_reset_mask_is_refused_and_changes_nothing(mask: object, words: str) -> None:
    vec = _vec()
    obs, info = vec.reset(seed=3)
    with pytest.raises(OptionError, match=words):
        vec.reset(seed=9, options={"reset_mask": mask})
    again = vec.step(np.array([int(np.flatnonzero(m)[-1]) for m in info["action_mask"]]))
    twin = _vec()
    _, tinfo = twin.reset(seed=3)
    assert np.array_equal(again[0], twin.step(np.array([int(np.flatnonzero(m)[-1]) for m in tinfo["action_mask"]]))[0])


def test_a_bad_seed_of_a_marked_game_changes_no_game() -> None:
    vec = _vec()
    obs, _ = vec.reset(seed=3)
    with pytest.raises(OptionError, match="seed"):
        vec.reset(seed=[4, 5, -1], options={"reset_mask": np.array([True, False, True])})
    assert np.array_equal(vec._obs, obs)
    with pytest.raises(OptionError, match="reset_mask"):
        _vec().reset(seed=3, options={"reset_mask": np.array([True, False, False])})  # the others never started
    with pytest.raises(OptionError, match="takes no options"):
        vec.reset(options={"reset_mask": np.array([True, False, True]), "players": 3})

