"""Where a command wrote its files, in lines that fit 80 columns: the output folder once, then each
file by its name within it (a path is never broken across lines)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

WIDTH = 80


def files_text(what: str, folder: str | Path, names: Sequence[str], width: int = WIDTH) -> str:
    """'study, in runs/a: study.json, study.html' on one line when it fits; otherwise the folder
    on the first line (on a line of its own when it is long) and each file on a line of its own,
    indented."""
    head = f"{what}, in {folder}:"
    one = f"{head} {', '.join(names)}"
    if len(one) <= width:
        return one + "\n"
    heads = [head] if len(head) <= width else [f"{what}, in", f"{folder}:"]
    return "\n".join([*heads, *(f"  {name}" for name in names)]) + "\n"
