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


def test_every_game_declares_its_frames_one_way() -> None:
    """Each game's frame kinds are ``@tagged("...")`` NamedTuples: no tag written in a class body,
    no tag set afterwards, no subclass adding one (the one pattern ``core/frames.py`` documents)."""
    import ast
    import importlib
    from pathlib import Path

    games = Path(__file__).resolve().parents[2] / "civtable" / "games"
    paths = sorted(games.glob("*/frames.py"))
    assert len(paths) >= 3
    for path in paths:
        tree = ast.parse(path.read_text())
        declared: dict[str, str] = {}
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "setattr":
                assert not any(isinstance(a, ast.Constant) and a.value == "TAG" for a in node.args), path
            if not isinstance(node, ast.ClassDef):
                continue
            for stmt in node.body:
                targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target] if isinstance(stmt, ast.AnnAssign) else []
                assert not any(isinstance(t, ast.Name) and t.id == "TAG" for t in targets), f"{path}: {node.name}"
            if not any(isinstance(b, ast.Name) and b.id == "NamedTuple" for b in node.bases):
                continue
            tags = [d.args[0].value for d in node.decorator_list
                    if isinstance(d, ast.Call) and isinstance(d.func, ast.Name) and d.func.id == "tagged"
                    and d.args and isinstance(d.args[0], ast.Constant)]
            assert len(tags) == 1, f"{path}: {node.name} is not declared with @tagged(...)"
            declared[node.name] = tags[0]
        module = importlib.import_module(f"civtable.games.{path.parent.name}.frames")
        kinds = module.CODEC.kinds()
        assert {k.__name__: tag_of(k) for k in kinds} == declared, path


def test_fields_with_defaults_may_be_missing_from_older_saves() -> None:
    @tagged("pay")
    class Pay(NamedTuple):
        seat: int
        counts: tuple[int, ...]
        extra: tuple[int, ...] = ()

    codec = FrameCodec([Pay])
    assert codec.from_json(["pay", 1, [2, 3]]) == Pay(1, (2, 3), ())
    assert codec.from_json(["pay", 1, [2], [4]]) == Pay(1, (2,), (4,))
    for bad in (["pay", 1], ["pay", 1, [2], [4], 5]):
        with pytest.raises(ValueError, match="2 to 3 fields"):
            codec.from_json(bad)
