from typing import NamedTuple

import pytest

from civtable.core.frames import FrameCodec, tag_of, tagged


@tagged("pray")
class Pray(NamedTuple):
    seat: int
    remaining: int
    taken: tuple[int, ...]


@tagged("turn")
class Turn(NamedTuple):
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
    @tagged("turn")
    class Other(NamedTuple):
        x: int

    with pytest.raises(TypeError):
        FrameCodec([Turn, Other])


def test_untagged_kinds_refused() -> None:
    class Bare(NamedTuple):
        x: int

    with pytest.raises(TypeError):
        FrameCodec([Bare])


def test_tagged_decorator_sets_the_tag() -> None:
    @tagged("free")
    class Free(NamedTuple):
        seat: int
        research: int

    assert tag_of(Free) == "free" and tag_of(Free(1, 2)) == "free" and Free._fields == ("seat", "research")
    assert Free(1, 2) == (1, 2) and hash(Free(1, 2)) == hash((1, 2))
    codec = FrameCodec([Free])
    assert codec.to_json(Free(1, 2)) == ["free", 1, 2]
    assert codec.from_json(["free", 1, 2]) == Free(1, 2)


def test_tagged_refuses_what_cannot_be_a_frame() -> None:
    with pytest.raises(TypeError):
        tagged("")
    with pytest.raises(TypeError):

        @tagged("plain")
        class Plain:
            pass
