"""The terminal tests drive ``civtable play`` in tmux (tmux_util.py)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
