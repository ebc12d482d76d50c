from pathlib import Path

import pytest

from civtable.core import ContentError
from civtable.core.contentfile import read_content_file


def test_reads_bytes_and_tables(tmp_path: Path) -> None:
    f = tmp_path / "c.toml"
    f.write_text('[a]\nb = 1\n', encoding="utf-8")
    data, raw = read_content_file(f)
    assert data == f.read_bytes() and raw == {"a": {"b": 1}}


@pytest.mark.parametrize(
    ("content", "words"),
    [(None, "cannot read the file"), (b"\xff\xfe[a", "not valid UTF-8"), (b"x = [", "not valid TOML")],
)
def test_bad_files_say_why(tmp_path: Path, content: bytes | None, words: str) -> None:
    f = tmp_path / "c.toml"
    if content is not None:
        f.write_bytes(content)
    with pytest.raises(ContentError) as info:
        read_content_file(f)
    assert len(info.value.problems) == 1 and words in info.value.problems[0] and str(f) in str(info.value)
    if words == "not valid TOML":  # the TOML reader's line and column come first, like any problem's line
        assert info.value.problems == ["at the end of the file: not valid TOML: invalid value"]


def test_a_content_file_rewritten_in_place_is_read_again(tmp_path: Path) -> None:
    """The loader's cache is keyed by the file's bytes too: a tuning trial or a probe of the content
    checks that rewrites a file at the same path must not be served the old content."""
    from civtable.core.contentfile import ContentLoader

    parsed: list[int] = []

    def parse(raw: dict[str, object], where: str, digest: str) -> tuple[int | None, list[str]]:
        parsed.append(1)
        value = raw["cost"]
        assert isinstance(value, int)
        return (value, []) if value >= 1 else (None, [f"{where}: cost must be at least 1"])

    loader = ContentLoader(tmp_path / "builtin.toml", parse)
    f = tmp_path / "c.toml"
    f.write_text("cost = 2\n")
    assert loader.load(f) == 2 and loader.load(f) == 2 and len(parsed) == 1  # cached while unchanged
    f.write_text("cost = 0\n")  # same path, same size, other bytes
    with pytest.raises(ContentError, match="1 problem"):
        loader.load(f)
    f.write_text("cost = 3\n")
    assert loader.load(str(f)) == 3


def test_inceptum_reads_a_rewritten_content_file(tmp_path: Path) -> None:
    from civtable.core import make_game
    from civtable.sim.content_edit import content_file, edited_text

    source, f = content_file("inceptum", None), tmp_path / "c.toml"
    f.write_text(edited_text(source, {"advances.trade_routes.cost": 2}))
    make_game("inceptum", {"players": 4}, str(f))
    f.write_text(edited_text(source, {"advances.trade_routes.cost": 0}))
    with pytest.raises(ContentError):
        make_game("inceptum", {"players": 4}, str(f))


@pytest.mark.parametrize("game", ["conquest", "pathciv", "dominations"])
def test_unknown_keys_and_sections_are_named_not_ignored(tmp_path: Path, game: str) -> None:
    import importlib
    import tomllib

    module = importlib.import_module(f"civtable.games.{game}.content")
    builtin = Path(module.__file__).with_name("content.toml")  # type: ignore[arg-type]
    text = builtin.read_text()
    raw = tomllib.loads(text)
    section = next(k for k, v in raw.items() if isinstance(v, list) and v and isinstance(v[0], dict))
    start = text.index(f"[[{section}]]\n") + len(f"[[{section}]]\n")
    path = tmp_path / "c.toml"
    path.write_text(text[:start] + "bogus_cost = 3\n" + text[start:] + "\n[bogus_section]\nx = 1\n")
    problems = module.check_content(str(path))
    assert any(f"[[{section}]] #1 " in p and "bogus_cost: unknown key" in p for p in problems), problems
    assert any("[bogus_section]: unknown section" in p for p in problems), problems
    assert module.check_content(str(builtin)) == []
