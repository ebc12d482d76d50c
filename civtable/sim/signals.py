"""The content-element table of a report: which choices go with winning, and how much.

Every seat of a finished game holds content elements: its government, each advance researched,
wonder built, benefit taken, building line built... (whatever its per-seat metrics list: a text
field is one element, a list of texts several). For each element the table gives its share among
the winning seats and among all seats, the win rate of the seats holding it against those that
do not (the *effect*, in points, with a game-clustered interval), and the per-game permutation
test (one winner per game: see :mod:`civtable.sim.effects`), corrected with Benjamini–Hochberg
together with the turn order and the traits. An element is called too strong or too weak only when
it is significant **and** its effect reaches the practical threshold (5 points by default).

*Outcomes* — what a seat reached rather than chose (the age reached) — are listed apart: winning
brings them, they are not levers. Elements held by every seat cannot be told apart from the rest;
the report counts them (a mirror match makes many).
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from .factors import KIND_TITLES, kind_title
from .stats import count_text, format_p, wilson

__all__ = ["KIND_TITLES", "element_table", "kind_title", "pct", "signal_sentence", "untestable_note"]

METHOD = ("per-game permutation test (which seats of a game hold an element is exchangeable when it does not "
          "matter), Benjamini–Hochberg at a false discovery rate of 5% together with turn order{groups}")


def pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def _verdict(r: dict[str, Any], threshold: float) -> str:
    if r["kind"] == "outcome":
        return "an outcome of play (follows from winning), not a lever"
    if r["finding"]:
        return "likely too strong" if r["effect"] > 0 else "likely too weak"
    if r["significant"]:
        return f"real but smaller than {100 * threshold:.0f} points"
    return ""


def element_table(rows: list[dict[str, Any]], untestable: list[dict[str, Any]], threshold: float,
                  seats: int, winners: int, groups: str = "") -> dict[str, Any]:
    """The element rows (choices and outcomes) of the assessed factors, with shares, intervals
    and verdicts, as ``summary["elements"]``; ``groups`` names the seats' assigned choice in the
    plural ("traits", "civilizations"), if the game has one."""
    tested: list[dict[str, Any]] = []
    outcomes: list[dict[str, Any]] = []
    for r in rows:
        if r["kind"] not in ("element", "outcome"):
            continue
        a, w, h, s = r["held_by_winners"], r["winners"], r["held_by_seats"], r["seats"]
        lo_w, hi_w = wilson(a, w)
        lo_s, hi_s = wilson(h, s)
        row = {
            **{k: r[k] for k in ("field", "id", "kind", "effect", "ci", "p", "p_adjusted", "significant", "finding",
                                 "held_by_winners", "winners", "held_by_seats", "seats", "with", "without")},
            "kind": r["title"],
            "name": r["name"],
            "outcome": r["kind"] == "outcome",
            "share_of_winners": round(a / w, 4) if w else 0.0,
            "winners_ci": [round(lo_w, 4), round(hi_w, 4)],
            "share_of_seats": round(h / s, 4) if s else 0.0,
            "seats_ci": [round(lo_s, 4), round(hi_s, 4)],
            "verdict": _verdict(r, threshold),
        }
        (outcomes if r["kind"] == "outcome" else tested).append(row)
    return {
        "method": METHOD.format(groups=f" and {groups}" if groups else ""),
        "threshold": threshold,
        "tested": tested,
        "outcomes": outcomes,
        "untestable": untestable,
        "seats": seats,
        "winner_seats": winners,
    }


def signal_sentence(row: dict[str, Any]) -> str:
    """``Government benefit 'Production +2 of all' is held by 85% of winners vs 33% of seats;
    holders win 64% against 9% without it (+55 pt, p<0.001 corrected): likely too strong.``"""
    return (
        f"{row['kind']} '{row['name']}' is held by {pct(row['share_of_winners'])} of winners "
        f"({row['held_by_winners']} of {row['winners']}) vs {pct(row['share_of_seats'])} of seats "
        f"({row['held_by_seats']} of {row['seats']}); holders win {pct(row['with'])} against {pct(row['without'])} "
        f"without it ({100 * row['effect']:+.0f} pt, {format_p(row['p_adjusted'])} corrected): {row['verdict']}."
    )


def untestable_note(signals: dict[str, Any]) -> str | None:
    every = [r for r in signals.get("untestable", []) if r["held_by_seats"] >= r["seats"]]
    if not every or not signals.get("seats"):
        return None
    by_kind: dict[str, int] = defaultdict(int)
    for r in every:
        by_kind[r["kind"]] += 1
    parts = ", ".join(f"{k.lower()} ×{count_text(n)}" for k, n in sorted(by_kind.items()))
    return (
        f"Held by every seat, so impossible to assess: {parts}. Only a study where some seats do "
        "without them can tell whether they matter (other bots or styles, or civtable study restricted)."
    )
