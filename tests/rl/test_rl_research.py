"""What a researcher meets first with third-party tools: OpenSpiel's game-length bound, PettingZoo
calls made the wrong way, and the guide's code run as written."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

pytest.importorskip("numpy")
pytest.importorskip("gymnasium")

from civtable.core import MalformedAction, OptionError  # noqa: E402

DOC = Path(__file__).resolve().parents[2] / "docs" / "rl.md"


def test_an_openspiel_game_ends_at_max_game_length_with_nobody_winning() -> None:
    """``max_game_length`` is the bound OpenSpiel's tests and algorithms rely on: before, a game
    loaded with ``max_game_length=30`` went on past it (``pyspiel.random_sim_test`` failed:
    ``game_length <= game.MaxGameLength()``)."""
    pyspiel = pytest.importorskip("pyspiel")
    import civtable.rl.openspiel  # noqa: F401 - registers the games

    game = pyspiel.load_game("civtable_pathciv", {"players": 2, "max_game_length": 30})
    state = game.new_initial_state()
    rng = random.Random(0)
    moves = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            moves += 1
    assert moves == 30
    assert state.current_player() == pyspiel.PlayerId.TERMINAL
    assert state.returns() == [0.0, 0.0] and state.legal_actions() == []
    history = state.history()
    with pytest.raises(ValueError, match="max_game_length"):
        state.apply_action(0)
    assert state.history() == history
    clone = state.clone()
    assert clone.is_terminal() and clone.returns() == [0.0, 0.0]
    _, back = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert back.is_terminal() and back.history() == history
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def test_a_serialized_openspiel_state_is_small_and_shares_the_encoders_of_its_games_options() -> None:
    """OpenSpiel serializes (and pickles) a Python state's attributes: before, that copied the
    game's encoders and caches into every state — 390 kB for a Conquest state, 4 ms each way,
    and every deserialized state kept a copy of its own. A state now names its game (name, options),
and shares the encoders of the latest game loaded with them."""
    pyspiel = pytest.importorskip("pyspiel")
    import pickle
    import subprocess
    import sys

    import civtable.rl.openspiel  # noqa: F401 - registers the games

    game = pyspiel.load_game("civtable_conquest", {"players": 2, "max_game_length": 500})
    state = game.new_initial_state()
    rng = random.Random(1)
    for _ in range(60):
        state.apply_action(rng.choice(state.chance_outcomes())[0] if state.is_chance_node()
                           else rng.choice(state.legal_actions()))
    text = pyspiel.serialize_game_and_state(game, state)
    assert len(text) < 60_000
    game_again, back = pyspiel.deserialize_game_and_state(text)
    assert back._ctx is game_again.ctx and back.history() == state.history()
    assert back.observation_tensor(0) == state.observation_tensor(0)
    assert game.deserialize_state(state.serialize())._ctx is game_again.ctx  # the latest game of these options
    data = pickle.dumps(state)
    again = pickle.loads(data)
    assert len(data) < 60_000 and again._ctx is again.get_game().ctx and again.history() == state.history()
    # in a fresh process the game is loaded again from its name and options
    code = ("import pickle, sys; s = pickle.loads(sys.stdin.buffer.read()); "
            "print(s.get_game().max_game_length(), s._ctx.max_len, len(s.history()), s.legal_actions())")
    out = subprocess.run([sys.executable, "-c", code], input=data, capture_output=True, check=True).stdout.decode()
    assert out.split(" ", 3)[:3] == ["500", "500", str(len(state.history()))]
    assert out.split(" ", 3)[3].strip() == str(state.legal_actions())


def test_a_re_dealt_state_in_the_middle_of_a_factorised_action_keeps_its_legal_actions() -> None:
    """``resample_from_infostate`` while a Dominations action is being built (a tile and a row
    chosen): before, the re-dealt state had no legal action at all — its trie of tokens was asked
    for the prefix before its parents — so OpenSpiel's ISMCTS failed ("max() arg is an empty
    sequence") within a few moves."""
    pyspiel = pytest.importorskip("pyspiel")
    import numpy as np
    from open_spiel.python.algorithms import ismcts

    import civtable.rl.openspiel as spiel

    game = pyspiel.load_game("civtable_dominations", {"players": 2})
    rng = random.Random(0)
    state = game.new_initial_state()
    checked = 0
    while checked < 6 and not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
            continue
        player = state.current_player()
        legal = state.legal_actions()
        if len(state._box.prefix[player]) >= 2:
            again = state.resample_from_infostate(player, rng.random)
            assert again.current_player() == player and again.legal_actions() == legal
            assert again.information_state_string(player) == state.information_state_string(player)
            checked += 1
        state.apply_action(rng.choice(legal))
    assert checked == 6
    bot = ismcts.ISMCTSBot(game=game, evaluator=spiel.HeuristicEvaluator(3), uct_c=2.0, max_simulations=5,
                           random_state=np.random.RandomState(0))
    state = game.new_initial_state()
    for _ in range(25):
        state.apply_action(rng.choice(state.chance_outcomes())[0] if state.is_chance_node() else bot.step(state))


def test_the_parallel_step_refuses_a_list_in_plain_words_and_changes_nothing() -> None:
    """Before, ``step([0, 0])`` died with "'list' object has no attribute 'keys'"."""
    from civtable.rl.envs import pathciv_v1

    env = pathciv_v1.parallel_env(options={"players": 2})
    env.reset(seed=3)
    assert env.match is not None
    before = env.match.state.state_hash()
    for bad in ([0, 0], (0, 0), 0, None):
        with pytest.raises(MalformedAction, match="dict of actions, one per live agent"):
            env.step(bad)  # type: ignore[arg-type]
    assert env.match.state.state_hash() == before and env.cycles == 0
    env.step(dict.fromkeys(env.agents, 0))
    assert env.cycles == 1


@pytest.mark.parametrize("api", ["env", "parallel_env"])
def test_the_spaces_of_an_unknown_agent_name_the_agents(api: str) -> None:
    """Before, ``observation_space("player_7")`` of a two-player game raised a bare KeyError."""
    from civtable.rl.envs import inceptum_v1

    env = getattr(inceptum_v1, api)(options={"players": 2})
    for method in (env.observation_space, env.action_space):
        with pytest.raises(OptionError, match="unknown agent 'player_7'; the agents are player_0, player_1"):
            method("player_7")
    assert env.action_space("player_1").n == 229


def _python_blocks() -> list[str]:
    return re.findall(r"```python\n(.*?)```", DOC.read_text(), re.S)


def test_the_guides_python_code_runs_as_written_and_prints_what_it_says(capsys: pytest.CaptureFixture[str]) -> None:
    """Every ```python block of docs/rl.md runs, in order, in one namespace; a line's
    ``# prints: X`` comment is what that line prints."""
    pytest.importorskip("pettingzoo")
    pytest.importorskip("pyspiel")
    blocks = _python_blocks()
    assert len(blocks) >= 2
    namespace: dict[str, object] = {}
    for block in blocks:
        capsys.readouterr()
        exec(compile(block, str(DOC), "exec"), namespace)  # noqa: S102 - the guide's own code
        out = capsys.readouterr().out.splitlines()
        expected = re.findall(r"# prints: (.*)", block)
        assert out == [e.strip() for e in expected], block
