from typing import NamedTuple

import pytest

from civtable.core.frames import FrameCodec


class Pray(NamedTuple):
    TAG = "pray"
    seat: int
    remaining: int
    taken: tuple[int, ...]


class Turn(NamedTuple):
    TAG = "turn"
    seat: int


CODEC = FrameCodec([Pray, Turn])


def test_round_trip_and_names() -> None:
    f = Pray(seat=1, remaining=2, taken=(0, 3))
    data = CODEC.to_json(f)
    assert data == ["pray", 1, 2, [0, 3]]
    g = CODEC.from_json(data)
    assert g == f and isinstance(g, Pray) and g.taken == (0, 3)
    assert hash(g) == hash(f)
    assert Pray._fields == ("seat", "remaining", "taken")


@pytest.mark.parametrize("bad", [[], "turn", [3], ["nope", 1], ["turn"], ["turn", 1, 2]])
def test_malformed_frames_are_refused(bad: object) -> None:
    with pytest.raises(ValueError):
        CODEC.from_json(bad)


def test_duplicate_tags_refused() -> None:
    class Other(NamedTuple):
        TAG = "turn"
        x: int

    with pytest.raises(TypeError):
        FrameCodec([Turn, Other])
