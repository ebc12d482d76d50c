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
    assert len(info.value.problems) == 1 and words in info.value.problems[0] and str(f) in info.value.problems[0]
