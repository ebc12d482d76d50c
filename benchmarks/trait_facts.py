"""What-if study of Inceptum's trait perks: the traits' win rates when a rulebook fact, or the
provisional values around it pushed to the ends of their tuning range, change.

    python benchmarks/trait_facts.py --games 300 --seed 77 --variants base,E0,S0,C75,U5 --out runs/facts

Every variant is the built-in content (or ``--content``) with a few values set (rulebook facts only in a content
that declares itself a variant, ``meta.variant``), played by four greedy bots (``--seats``) with seats rotated
and traits rotated (``trait=rotate``, as ``civtable tune`` does) on the same run seed, so variants
differ by content, not by luck. Each variant's games go to ``OUT/NAME/`` (an ordinary simulation
run: resumable, with its report); ``OUT/facts.json`` collects the win rates with their Wilson
intervals and the mean game length.

``--seats mcts`` plays the variants with another bot in every seat (one spec, or four separated
by commas); ``--no-rotate`` keeps the bots in their seats (the same games as ``civtable simulate``
without ``--rotate-seats``, e.g. to pair a variant with an earlier run of the built-in content):

    python benchmarks/trait_facts.py --seats mcts --no-rotate --games 100 --seed 3001 --variants E0,PMAX --out runs/facts-strong

Variants (combine with ``+``, e.g. ``PMAX+E0``):

* ``base`` — nothing changed;
* ``E0`` — Expansionist starts without its extra population (fact: 1);
* ``E2`` — with two extra population;
* ``S0`` — Scientific without its free research (fact: 1);
* ``C75`` / ``C25`` (any ``C<percent>``) — Cultural's first Wonder 75% / 25% cheaper (fact: 50%);
* ``U5`` / ``U2`` — United's grids hold up to 5 / 2 tokens per building (fact: 4);
* ``W130`` — the ancient Wonders' provisional costs ×1.3 (rounded up): the size of Cultural's
  half-price first Wonder;
* ``PMAX`` — provisional values at the ends of their ±50% range where they should narrow the
  gaps: every advance's population at the top of its range (population abundant, so the
  Expansionist's one token is worth less and United has tokens for its grids) and the six
  starting advances at cost 2 (a free research saves less); ``POP`` and ``START2`` are its two
  halves (the populations alone, the starting costs alone);
* ``PATH=VALUE`` — any one value of the content (``advances.writing.cost=4``): a sweep of single
  levers, e.g. ``--variants base,advances.writing.cost=4,advances.writing.cost=6``. A rulebook
  fact set so makes the variant declare itself a what-if.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from pathlib import Path
from typing import Any

from civtable.sim.content_edit import content_file, edited_text, flatten, load_toml
from civtable.sim.runner import SimConfig, simulate

STARTING_SIX = ("writing", "trade_routes", "organized_labor", "cutting_tools", "domestication", "mysticism")
FACTS: dict[str, dict[str, int]] = {
    "E0": {"traits.expansionist.extra_population": 0},
    "E2": {"traits.expansionist.extra_population": 2},
    "S0": {"traits.scientific.free_research": 0},
    "C75": {"rules.cultural_first_wonder_percent": 75},
    "C25": {"rules.cultural_first_wonder_percent": 25},
    "U5": {"rules.united_max_tokens": 5},
    "U2": {"rules.united_max_tokens": 2},
}


def population_top(source: Path) -> dict[str, int]:
    """Every advance's provisional population at the top of its ±50% range."""
    flat, prov = flatten(load_toml(source))
    return {p: math.ceil(v * 1.5) for p, v in flat.items()
            if p in prov and p.startswith("advances.") and p.endswith(".population") and isinstance(v, int)}


def provisional_extremes(source: Path) -> dict[str, int]:
    out = population_top(source)
    out.update({f"advances.{a}.cost": 2 for a in STARTING_SIX})
    return out


def ancient_wonders(source: Path, factor: float) -> dict[str, int]:
    doc = load_toml(source)
    ancient = {w["id"] for w in doc.get("wonders", []) if w.get("age") == "ancient"}
    flat, prov = flatten(doc)
    return {p: math.ceil(v * factor) for p, v in flat.items()
            if p in prov and p.startswith("wonders.") and p.split(".")[1] in ancient and ".cost." in p and isinstance(v, int)}


def values_of(name: str, source: Path) -> dict[str, int]:
    vals: dict[str, int] = {}
    for part in name.split("+"):
        if part == "base":
            continue
        if part == "PMAX":
            vals.update(provisional_extremes(source))
        elif part == "POP":
            vals.update(population_top(source))
        elif part == "START2":
            vals.update({f"advances.{a}.cost": 2 for a in STARTING_SIX})
        elif part == "W130":
            vals.update(ancient_wonders(source, 1.3))
        elif part in FACTS:
            vals.update(FACTS[part])
        elif part[:1] == "C" and part[1:].isdigit():
            vals["rules.cultural_first_wonder_percent"] = int(part[1:])
        elif "=" in part:
            path, _, text = part.partition("=")
            flat, _prov = flatten(load_toml(source))
            if path not in flat:
                raise SystemExit(f"{path!r} is no value of the content")
            vals[path] = int(text) if isinstance(flat[path], int) else float(text)
        else:
            raise SystemExit(f"unknown variant {part!r}; known: base, PMAX, POP, START2, W130, {', '.join(FACTS)}")
    return vals


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--seed", type=int, default=77)
    ap.add_argument("--variants", default="base,E0,S0,C75,U5")
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--out", default="runs/trait-facts")
    ap.add_argument("--content", help="the content the variants start from (default: the built-in one)")
    ap.add_argument("--seats", default="greedy", help="bot spec for every seat, or four specs separated by commas")
    ap.add_argument("--no-rotate", action="store_true", help="keep the bots in their seats (default: rotate them)")
    args = ap.parse_args()
    seats = args.seats.split(",")
    if len(seats) == 1:
        seats *= 4
    if len(seats) != 4:
        raise SystemExit("--seats takes one bot spec or four")
    source = content_file("inceptum", args.content)
    provisional = flatten(load_toml(source))[1]
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    results: dict[str, Any] = json.loads((out / "facts.json").read_text()) if (out / "facts.json").exists() else {}
    for name in args.variants.split(","):
        vals = values_of(name, source)
        facts = {p: v for p, v in vals.items() if p not in provisional}
        path = out / f"{name}.toml"
        path.write_text(edited_text(source, vals, ("what-if: " + ", ".join(f"{p} = {v}" for p, v in facts.items()))
                                    if facts else None))
        start, cpu = time.time(), time.process_time()
        s = simulate(SimConfig(game="inceptum", seats=seats, options={"players": 4}, games=args.games,
                               seed=args.seed, rotate_seats=not args.no_rotate, assign="trait=rotate", workers=args.workers,
                               content=str(path)), out / name, progress=False)
        rates = {k: {"rate": round(v["rate"], 4), "ci": [round(v["ci_low"], 4), round(v["ci_high"], 4)]}
                 for k, v in s["win_rate"]["by_group"].items()}
        results[name] = {"values": vals, "seats": seats, "games": s["finished"], "seed": args.seed, "rates": rates,
                         "mean_rounds": s["length"]["mean"], "wall_s": round(time.time() - start),
                         "cpu_s_main": round(time.process_time() - cpu)}
        (out / "facts.json").write_text(json.dumps(results, indent=1) + "\n")
        print(name, " ".join(f"{k} {100 * v['rate']:.1f}% [{100 * v['ci'][0]:.0f}-{100 * v['ci'][1]:.0f}]"
                             for k, v in sorted(rates.items())), f"rounds {s['length']['mean']:.1f}", flush=True)


if __name__ == "__main__":
    main()
