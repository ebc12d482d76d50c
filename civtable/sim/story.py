"""The story at the top of a report: at most five sentences, ranked by effect on the win rate.

Findings that go together are told as one story. How:

1. **Links.** Two findings *go together* when the seats that have one hold the other more (or
   less) often than chance within games: the per-game permutation test, corrected with
   Benjamini–Hochberg, and at least 1.5 times as often (or two thirds as often).
2. **Conditional analysis.** For a linked pair, a conditional logit of the winning seat (one
   stratum per game: which of its seats won) on both findings gives each one's average effect on
   the win probability with the other allowed for; compared with the model of that finding alone,
   it says which share of its effect remains. A finding keeping less than half of its effect once
   a linked, better-evidenced content choice is allowed for *mostly follows from it* and is told in
   that choice's sentence — the turn order and the traits (civilizations) are checked against every
   content choice, so "the first player wins because they take the +2 benefit" is found.
3. **Stratified tables** give the evidence quoted: how often the first player (a trait's seats)
   takes the choice, and their win rate with it and without it.

Sentences are ranked by the size of their lead finding's effect; a content choice held in fewer
than 10% of games leads no sentence (the tables list it).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .effects import average_effect, conditional_logit, permutation_p
from .factors import THRESHOLD, Factor, FactorSet
from .stats import benjamini_hochberg, format_p

MAX_SENTENCES = 5
MAX_CANDIDATES = 10
MIN_GAMES_SHARE = 0.10
MAX_CLAUSES = 3
LINK_RATIO = 1.5
FOLLOWS = 0.5
"""A finding keeping less than this share of its effect once a linked choice is allowed for
mostly follows from it."""

METHOD = (
    "Effects are win rates with a feature against without it, in points (a shared win counts 1/k), with "
    "game-clustered 95% intervals; tests are per-game permutation tests (which seats of a game hold a feature is "
    "exchangeable when it does not matter), corrected with Benjamini–Hochberg; a finding needs p<0.05 corrected "
    "and an effect of at least {threshold:.0f} points. Findings that go together (held by the same seats more "
    "often than chance) are separated by a conditional logit of the winning seat, one stratum per game, on the "
    "pair, and quoted with stratified tables."
)


def pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def pts(x: float) -> str:
    return f"{100 * x:+.0f} pt"


def _ci(lo: float, hi: float) -> str:
    return f"95% CI {100 * lo:+.0f} to {100 * hi:+.0f}"


def _columns(fs: FactorSet, f: Factor) -> list[Factor]:
    """The model columns of a factor: itself, or every sibling but the first for a trait/bot."""
    if f.kind in ("group", "bot"):
        return [g for g in fs.factors if g.kind == f.kind][1:]
    return [f]


def _effect(fs: FactorSet, cols: list[Factor], f: Factor) -> dict[str, Any]:
    """``f``'s average effect on the win probability in the conditional logit on ``cols``."""
    t = fs.table
    X = np.column_stack([c.x.astype(float) for c in cols]) if cols else np.zeros((t.rows, 0))
    model = conditional_logit(t, X, [c.key for c in cols])
    idx = {c.key: j for j, c in enumerate(cols)}
    siblings = [idx[c.key] for c in cols if c.kind == f.kind and f.kind in ("group", "bot")]
    j = idx.get(f.key)

    def on(block: np.ndarray) -> np.ndarray:
        out = block.copy()
        for s in siblings:
            out[:, s] = 0.0
        if j is not None:
            out[:, j] = 1.0
        return out

    return average_effect(t, X, model, ~f.x, on)


def kept_share(fs: FactorSet, f: Factor, other: Factor, alone: dict[str, Any] | None = None) -> dict[str, Any]:
    """How much of ``f``'s effect remains once ``other`` is allowed for (pairwise conditional logit)."""
    alone = alone or _effect(fs, _columns(fs, f), f)
    both = _effect(fs, _columns(fs, f) + [c for c in _columns(fs, other) if c.key != f.key], f)
    a = alone["effect"]
    kept = both["effect"] / a if abs(a) > 1e-9 else 1.0
    return {"alone": a, "joint": both["effect"], "joint_ci": list(both["ci"]), "kept": kept}


def _within(fs: FactorSet, x: np.ndarray) -> np.ndarray:
    t = fs.table
    v = x.astype(float)
    mean = np.bincount(t.game, weights=v, minlength=t.games) / np.bincount(t.game, minlength=t.games)
    return v - mean[t.game]


def _same(fs: FactorSet, a: Factor, b: Factor, r2: float = 0.9) -> bool:
    """True when ``a`` and ``b`` mark (nearly) the same seats of each game, or exactly the others
    (two benefits of which every seat takes one): no model can tell them apart."""
    if a.kind in ("group", "bot") or b.kind in ("group", "bot"):
        return False
    x, y = _within(fs, a.x), _within(fs, b.x)
    sxx, syy = float(x @ x), float(y @ y)
    if sxx <= 1e-12 or syy <= 1e-12:
        return False
    return float(x @ y) ** 2 / (sxx * syy) > r2


def _association(fs: FactorSet, a: Factor, b: Factor) -> dict[str, Any]:
    test = permutation_p(fs.table, a.x, b.x)
    given = float((a.x & b.x).sum() / max(1, b.x.sum()))
    given_not = float((a.x & ~b.x).sum() / max(1, (~b.x).sum()))
    ratio = given / given_not if given_not > 0 else float("inf")
    return {"a": a.key, "b": b.key, "p": test["p"], "ratio": ratio}


def _cells(fs: FactorSet, lead: Factor, other: Factor) -> dict[str, Any]:
    """How often ``other``'s seats hold ``lead`` (and the other seats do), and their win rates
    with it and without it: the stratified table quoted in a sentence."""
    t = fs.table
    both = other.x & lead.x
    only = other.x & ~lead.x
    rest = ~other.x

    def rate(m: np.ndarray) -> float:
        return float(t.share[m].sum() / m.sum()) if m.any() else float("nan")

    return {
        "takes": float(both.sum() / max(1, other.x.sum())),
        "others_take": float((rest & lead.x).sum() / max(1, rest.sum())),
        "with": rate(both), "n_with": int(both.sum()), "without": rate(only), "n_without": int(only.sum()),
    }


def _lead_sentence(r: dict[str, Any], players: int) -> str:
    fair = 1.0 / players if players else 0.0
    ci = _ci(*r["ci"])
    p = f"{format_p(r['p_adjusted'])} corrected"
    if r["kind"] == "turn":
        return (f"The first player wins {pct(r['with'])} of games against {pct(r['without'])} for the other seats "
                f"({pts(r['effect'])}, {ci}; {p}; fair share {pct(fair)}, {r['games']} games)")
    if r["kind"] in ("group", "bot"):
        return (f"{r['label']} wins {pct(r['with'])} of its games against {pct(r['without'])} for the others "
                f"({pts(r['effect'])}, {ci}; {p}; fair share {pct(fair)}, {r['n_with']} games)")
    share = r["games_with"] / r["games"] if r["games"] else 0.0
    return (f"{r['label']}: its holders win {pct(r['with'])} against {pct(r['without'])} without it "
            f"({pts(r['effect'])}, {ci}; {p}; held by {r['held_by_winners']} of the {r['winners']} winners; "
            f"some seat holds it in {pct(share)} of games)")


def _follow_clause(fs: FactorSet, lead: Factor, r: dict[str, Any], k: dict[str, Any]) -> str:
    """A finding that mostly follows from ``lead``, with the stratified numbers."""
    other = next(f for f in fs.factors if f.key == r["key"])
    c = _cells(fs, lead, other)
    if k.get("same"):
        return (f"{other.label} ({pts(r['effect'])}) is the same story told another way: nearly the same seats "
                "(or exactly the others), which no analysis can tell apart")
    after = f"falls to {pts(r['effect'] * k['kept'])} once it is allowed for"
    if other.kind == "turn":
        return (f"the first player takes it in {pct(c['takes'])} of games (another seat {pct(c['others_take'])}) "
                f"and wins {pct(c['with'])} with it ({c['n_with']} games), {pct(c['without'])} without "
                f"({c['n_without']}): the turn-order edge of {pts(r['effect'])} {after}")
    if other.kind in ("group", "bot"):
        return (f"{other.label} seats take it in {pct(c['takes'])} of their games (others {pct(c['others_take'])}) "
                f"and win {pct(c['with'])} with it, {pct(c['without'])} without: its {pts(r['effect'])} {after}")
    return (f"{other.label} ({pts(r['effect'])}) is held by {pct(c['takes'])} of its holders against "
            f"{pct(c['others_take'])} of other seats and {after}")


def _partial_clause(fs: FactorSet, home: Factor, home_row: dict[str, Any], f: Factor, k: dict[str, Any]) -> str:
    """A finding linked to a choice that explains part, not most, of it."""
    c = _cells(fs, home, f)
    who = "the first player holds" if f.kind == "turn" else "its seats hold"
    return (f"it goes with {home_row['label']} ({who} that in {pct(c['takes'])} of cases, other seats in "
            f"{pct(c['others_take'])}) but keeps {pts(k['effect'] * k['kept'])} once that is allowed for")


def tell(fs: FactorSet, rows: list[dict[str, Any]], threshold: float = THRESHOLD) -> dict[str, Any]:
    """The story: at most five sentences, the analyses behind them and the method in words."""
    findings = [r for r in rows if r["finding"]]
    by_key = {f.key: f for f in fs.factors}
    row_of = {r["key"]: r for r in rows}
    exogenous = [r for r in findings if r["kind"] in ("turn", "group", "bot")]
    common = [r for r in findings if r["kind"] == "element"
              and r["games_with"] >= MIN_GAMES_SHARE * max(1, r["games"])]
    # strongest evidence first (p-values beyond 1e-10 all count as certain), then the larger, the
    # positive, and the rarer of two alike (the benefit taken, not "any other benefit")
    candidates = sorted(common, key=lambda r: (max(r["p"], 1e-10), -round(abs(r["effect"]), 2), -r["effect"],
                                               r["held_by_seats"]))[:MAX_CANDIDATES]
    # links between every pair that could be told together
    pairs = []
    for i, a in enumerate(candidates):
        for b in candidates[i + 1:] + exogenous:
            pairs.append(_association(fs, by_key[a["key"]], by_key[b["key"]]))
    rejected, adjusted = benjamini_hochberg([p["p"] for p in pairs]) if pairs else ([], [])
    linked: dict[str, set[str]] = {}
    links = []
    for p, rej, adj in zip(pairs, rejected, adjusted):
        if rej and (p["ratio"] >= LINK_RATIO or p["ratio"] <= 1 / LINK_RATIO):
            links.append({**p, "p_adjusted": adj})
            linked.setdefault(p["a"], set()).add(p["b"])
            linked.setdefault(p["b"], set()).add(p["a"])
    # choices in order of evidence; each later one (and each turn / trait finding) may follow from one before
    alone: dict[str, dict[str, Any]] = {}
    explained: dict[str, dict[str, Any]] = {}  # key -> {"by": home, "kept": ..., "effect": ...}
    homes: list[str] = []
    for r in candidates + sorted(exogenous, key=lambda r: -abs(r["effect"])):
        f = by_key[r["key"]]
        best: tuple[float, str, dict[str, Any]] | None = None
        for home in homes:
            if home not in linked.get(f.key, set()):
                continue
            if _same(fs, f, by_key[home]):
                best = (0.0, home, {"alone": None, "joint": None, "kept": 0.0, "same": True})
                break
            if f.key not in alone:
                alone[f.key] = _effect(fs, _columns(fs, f), f)
            k = kept_share(fs, f, by_key[home], alone[f.key])
            if best is None or k["kept"] < best[0]:
                best = (k["kept"], home, k)
        if best is not None:
            explained[f.key] = {"by": best[1], "effect": r["effect"], **best[2]}
        if r["kind"] == "element" and (best is None or best[0] >= FOLLOWS):
            homes.append(f.key)
    leads = [r["key"] for r in findings
             if r["kind"] != "element" or r["key"] in homes
             if not (r["key"] in explained and explained[r["key"]]["kept"] < FOLLOWS)]
    leads = [k for k in leads if row_of[k]["kind"] != "element" or k in {c["key"] for c in candidates}]
    leads.sort(key=lambda k: -abs(row_of[k]["effect"]))
    rank = {"turn": 0, "group": 1, "bot": 2}
    stories = []
    for key in leads:
        r = row_of[key]
        text = _lead_sentence(r, fs.players)
        followers = sorted((o for o, e in explained.items() if e["by"] == key and e["kept"] < FOLLOWS),
                           key=lambda o: (rank.get(row_of[o]["kind"], 3), -abs(row_of[o]["effect"])))
        clauses = [_follow_clause(fs, by_key[key], row_of[o], explained[o]) for o in followers[:MAX_CLAUSES]]
        rest = followers[MAX_CLAUSES:]
        also = [o for o in rest if row_of[o]["kind"] != "element"]  # turn order and traits are always named
        if also:
            clauses.append(", ".join(f"{row_of[o]['label']} ({pts(row_of[o]['effect'])}, "
                                     f"{pts(row_of[o]['effect'] * explained[o]['kept'])} once it is allowed for)"
                                     for o in also) + " likewise mostly follow from it")
        if len(rest) > len(also):
            clauses.append(f"{len(rest) - len(also)} more content choice(s) mostly follow from it")
        if key in explained:
            e = explained[key]
            clauses.append(_partial_clause(fs, by_key[e["by"]], row_of[e["by"]], by_key[key], e))
        if clauses:
            text += ". " + "; ".join(c[0].upper() + c[1:] for c in clauses)
        stories.append({"lead": key, "kind": r["kind"], "effect": r["effect"], "text": text + ".", "follows": followers})
    lines = [s["text"] for s in stories[:MAX_SENTENCES]]
    untold = len(findings) - sum(1 + len(s["follows"]) for s in stories[:MAX_SENTENCES])
    if lines and untold > 0:
        lines[-1] += f" ({untold} more finding(s) in the tables below.)"
    if not findings:
        sig = [r for r in rows if r["significant"] and r["kind"] != "outcome"]
        tested = [r for r in rows if r["kind"] != "outcome"]
        small = f"; {len(sig)} significant but smaller than {100 * threshold:.0f} points" if sig else ""
        group_title = next((f.title for f in fs.factors if f.kind == "group"), "") if fs.group_field else ""
        groups = f"{group_title.lower()}s, " if group_title else ""
        lines.append(f"No imbalance of {100 * threshold:.0f} points or more: none of the {len(tested)} features tested "
                     f"(turn order, {groups}content choices) moves the win rate that much "
                     f"with confidence ({fs.table.games} games{small}).")
    return {
        "sentences": lines,
        "stories": stories,
        "explained": {k: {kk: vv for kk, vv in v.items()} for k, v in explained.items()},
        "links": links,
        "threshold": threshold,
        "method": METHOD.format(threshold=100 * threshold),
    }
