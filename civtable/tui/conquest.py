"""Terminal screen for Ancient Civilization Conquest, made to fit 80×24 with the most important
information on top: whose turn and phase, every player on one line each (VP, civilization,
traits, settlements, units), this turn's pool and what just happened; then the territories that
matter now (yours, where units stand, and where your options lead), which give way first when the
screen is short. Territories are written ``T12`` so they never read like menu numbers."""

from __future__ import annotations

from typing import Any

from civtable.core import Action

from .render import Renderer

PHASES = {
    "civ": "choosing civilizations", "setup": "placing starting Cities", "famine": "famine: units starve",
    "build": "building (Monuments, Cities, Villages)", "move": "moving units", "battle": "battles",
    "recruit": "recruiting units", "research": "research", "over": "game over",
    "monument": "building Monuments", "upgrade": "Villages into Cities", "village": "placing Villages",
    "score": "scoring",
}

HELP = """\
Ancient Civilization Conquest — how to play at the terminal
Goal: first to 100 VP. Each Score phase gives 1 VP per Monument + your Arts level.
A turn: Produce (automatic), Build (Monuments, Cities, Villages), Move, Battle,
Recruit, Research, Score. Each phase ends with 'done'.
Territories are written T12 (territory 12); the map lists them with L land / S sea,
their resource, settlement (V Village, C City, +nM Monuments) and units (2A:P1 = two
Armies of Player 1), then their neighbours after ↔.
Actions name territories by number: 'village 12' places a Village in T12,
'unit army 5' then 'to 7' moves an Army from T5 to T7 ('unit army 5 to 7' at once),
'recruit army 3', 'monument 4', 'upgrade 9', 'buy' (an extra research roll).
'? N' says what option N does; 'view map' shows every territory."""


def _terr(x: Any) -> str:
    return f"T{x}"


class ConquestRenderer(Renderer):
    """Players and the turn first; the territory list gives way when the screen is short."""

    optional_sections = ("recent:3", "map", "legend", "recent:1", "recent:0")
    help_text = HELP

    def title_line(self, view: dict[str, Any], seat: int | None) -> str:
        who = "spectator" if seat is None else f"Player {seat + 1}"
        cur = view.get("current")
        turn = f"Player {cur + 1}'s turn" if isinstance(cur, int) else ""
        phase = PHASES.get(str(view.get("phase")), str(view.get("phase")))
        text = f"Conquest — you: {who} · Round {view.get('round', 0)} · {turn}: {phase}"
        return self.term.style(text[: self.term.width], "bold")

    def sections(self, view: dict[str, Any], seat: int | None) -> list[tuple[str, list[str]]]:
        legend = [self.term.style("(> to play, * you · C cities V villages M monuments A armies F fleets)", "grey")]
        return [("players", self._players(view, seat)), ("turn", self._turn(view)), ("map", self._map(view, seat)),
                ("legend", legend)]

    def board(self, view: dict[str, Any], seat: int | None) -> list[str]:
        out: list[str] = []
        for _, lines in self.sections(view, seat):
            out += lines
        return out

    def _players(self, view: dict[str, Any], seat: int | None) -> list[str]:
        need = view.get("victory_points", 100)
        out = []
        for p in view.get("players", []):
            mark = ">" if p["seat"] == view.get("current") else " "
            you = "*" if p["seat"] == seat else " "
            traits = " ".join(f"{k[:4].title()}{v['level']}" for k, v in p["traits"].items() if v["level"])
            line = (f"{mark}{you}P{p['seat'] + 1} {(p['civ_name'] or '-')[:11]:<11} {p['vp']:>3}/{need}VP "
                    f"C{p['cities']} V{p['villages']} M{p['monuments']}/{p['monument_limit']} "
                    f"A{p['armies']} F{p['fleets']} {traits}")
            out.append(line[: self.term.width])
        return out

    def _turn(self, view: dict[str, Any]) -> list[str]:
        pool = ", ".join(f"{v} {k.title()}" for k, v in (view.get("pool") or {}).items() if v) or "nothing"
        out = [f"Pool this turn: {pool}"]
        t = view.get("turn") or {}
        bits = []
        if t.get("villages_placed"):
            bits.append(f"{t['villages_placed']} Village(s) placed")
        if t.get("recruited"):
            bits.append(f"{t['recruited']} recruited")
        if t.get("rolls_due"):
            bits.append(f"{t['rolls_due']} research roll(s) due")
        if t.get("battle"):
            bits.append(f"battle in {_terr(t['battle'])}")
        frame = view.get("frame")
        if frame and frame.get("kind") == "pay":
            bits.append(f"paying for {_terr(frame['territory'])}: {frame['left']} left")
        if frame and frame.get("kind") == "move":
            bits.append(f"moving {frame['unit']} from {_terr(frame['from'])}")
        if bits:
            out.append(" · ".join(bits)[: self.term.width])
        return out

    def _map(self, view: dict[str, Any], seat: int | None) -> list[str]:
        mp = view.get("map")
        if not mp:
            return ["(the map has not been drawn yet)"]
        dyn = {t["id"]: t for t in view.get("territories", [])}
        out = [self.term.style("Territories that matter now (yours, with units):", "bold")]
        for t in mp["territories"]:
            d = dyn.get(t["id"]) or {}
            armies = d.get("armies") or {}
            fleets = d.get("fleets") or {}
            mine = d.get("owner") == seat and seat is not None
            if not (d.get("settlement") or armies or fleets) and not mine:
                continue
            own = ""
            if d.get("settlement"):
                own = f"{d['settlement']} P{d['owner'] + 1}" + (f" +{d['monuments']}M" if d.get("monuments") else "")
            units = " ".join([f"{n}A:P{int(s) + 1}" for s, n in armies.items()]
                             + [f"{n}F:P{int(s) + 1}" for s, n in fleets.items()])
            nb = ",".join(str(x) for x in t["neighbours"][:8])
            line = f"{_terr(t['id']):>4} {'L' if t['land'] else 'S'} {t['resource'][:6]:<6} {own:<14} {units:<12} ↔{nb}"
            out.append(line[: self.term.width])
        return out

    def action_label(self, action: Action, view: dict[str, Any], seat: int, short: bool = False) -> str:
        args = [_terr(a) if isinstance(a, int) else str(a) for a in action.args]
        if short:
            return " ".join(args) or action.kind
        return " ".join([action.kind, *args])


RENDERER = ConquestRenderer
