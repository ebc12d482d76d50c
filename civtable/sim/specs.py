"""Bot specs as people write them on the command line."""

from __future__ import annotations

from civtable.core import OptionError


def split_seats(text: str) -> list[str]:
    """Split ``greedy,mcts:iters=400,ms=200,random`` into bot specs: a comma-separated item
    that is ``key=value`` without a bot name continues the previous spec's parameters."""
    specs: list[str] = []
    for item in (s.strip() for s in text.split(",")):
        if not item:
            continue
        if "=" in item and ":" not in item and specs:
            sep = "," if ":" in specs[-1] else ":"
            specs[-1] += sep + item
        else:
            specs.append(item)
    if not specs:
        raise OptionError("--seats needs at least one bot, e.g. --seats greedy,greedy,mcts,random")
    return specs
