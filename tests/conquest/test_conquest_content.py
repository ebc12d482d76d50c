"""Conquest's content tables copy to worker processes without changing how anything else pickles."""

from __future__ import annotations

import copy
import copyreg
import pickle
from types import MappingProxyType

import pytest

from civtable.core import make_game
from civtable.games.conquest.content import FrozenTable, load_content


def test_loading_conquest_registers_nothing_process_wide() -> None:
    load_content()
    assert MappingProxyType not in copyreg.dispatch_table
    with pytest.raises(TypeError):
        pickle.dumps(MappingProxyType({"a": 1}))  # as Python itself does, whatever games are loaded


def test_content_tables_are_read_only_and_copy_as_themselves() -> None:
    content, _ = load_content()
    for table in (content.resources, content.map.sizes, content.provisional):
        assert isinstance(table, FrozenTable)
        for twin in (pickle.loads(pickle.dumps(table)), copy.deepcopy(table)):
            assert isinstance(twin, FrozenTable) and twin == table and dict(twin.items()) == dict(table.items())
        with pytest.raises(TypeError):
            table["x"] = 1  # type: ignore[index]
    assert content.resources["salt"].name == "Salt" and content.resources.get("nothing") is None
    game = make_game("conquest", {"players": 2})
    state = game.new_initial_state()
    assert pickle.loads(pickle.dumps(state)).state_hash() == copy.deepcopy(state).state_hash() == state.state_hash()
    assert pickle.loads(pickle.dumps(game)).num_players == copy.deepcopy(game).num_players == 2
