"""Terminal screen for Ancient Civilization Conquest, made to fit 80×24 with the most important
information on top: whose turn and phase, every player on one line each (VP, civilization,
traits, settlements, units), this turn's pool and what just happened; then the territories that
matter now (yours, where units stand, and where your options lead), which give way first when the
screen is short. Territories are written ``T12`` so they never read like menu numbers."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from civtable.core import Action, IllegalAction
from civtable.core.words import count

from .conquest_map import map_lines
from .render import Renderer
from .term import visible_len


def _wrap(items: Sequence[str], width: int) -> list[str]:
    lines: list[str] = []
    cur = ""
    for it in items:
        if cur and visible_len(cur) + 1 + visible_len(it) > width:
            lines.append(cur)
            cur = it
        else:
            cur = f"{cur} {it}" if cur else it
    return [*lines, cur]

PHASES = {
    "map": "drawing the map", "civ": "choosing civilizations", "city": "placing starting Cities",
    "famine": "famine: units starve", "build": "building Monuments", "upgrade": "Villages into Cities",
    "settle": "placing Villages", "move": "moving units", "battle": "battles", "recruit": "recruiting units",
    "research": "research", "over": "game over",
}
PICTURE_PHASES = ("city", "settle", "upgrade", "build", "move", "recruit")
"""Phases whose options are places on the map: the screen shows the map's picture then."""


HELP = """\
Ancient Civilization Conquest: the first to 100 VP wins. Each of your turns
scores 1 VP per Monument plus your Arts level. A turn: Produce and Upkeep
(automatic), Build Monuments, Upgrade Villages to Cities, Settle Villages,
Move, Battle, Recruit, Research, Score; 'done' ends a phase. Territories are
numbered: T12 is territory 12; a bare number is always an option of the menu.
Map ('view map'): ':' where the options lead; V1 / C1 a Village / City of
Player 1. Actions: 'village T12', 'upgrade 9', 'recruit army 3', 'unit army 5
to 7', or each word's start: 'min' (civ Minoans), 'rec arm 3'. 'view places':
your territories, their units (2A:P1: two Armies of Player 1) and neighbours.
Players' lines: P1 Player 1, C Cities, V Villages, M Monuments/limit, A Armies,
F Fleets, research levels (Arts3: Arts 3): Agri Agriculture, Econ Economics,
Engi Engineering, Gove Government, Indu Industry, Meta Metallurgy, Mili
Military, Naut Nautical, Reli Religion, Scie Science, Ship Ship Building."""


LEGEND = "(> to play, * you · C Cities V Villages M Monuments/limit A Armies F Fleets)"
"""What the players' lines say in short; the help names their research levels (Naut2: Nautical 2)."""

_T = re.compile(r"^[tT](\d+)$")


def _terr(x: Any) -> str:
    return f"T{x}"


class ConquestRenderer(Renderer):
    """Players and the turn first; while the options are places, a picture of the map with the
    territory numbers (the options' territories marked ``+``); the list of the territories that
    matter gives way first when the screen is short. The menu is drawn before the screen, so the
    renderer knows which territories the options name."""

    optional_sections = ("recent:3", "places", "legend", "recent:1", "recent:0", "tight", "picture")
    help_text = HELP
    page_of_events = True  # three players' turns do not fit above a menu of places

    def __init__(self, game: Any, term: Any) -> None:
        super().__init__(game, term)
        self.marked: set[int] = set()

    def typed(self, line: str, legal: Sequence[Action]) -> str:
        """Territories as the screen writes them: 'city T3' is 'city 3'; 'T3' alone is the one
        option on territory 3 (a lone number stays a menu number)."""
        tokens = [_T.sub(r"\1", w) for w in line.split()]
        if len(tokens) == 1 and tokens[0] != line.strip():
            on = [a for a in legal if [str(x) for x in a.args] == tokens]
            if not on:  # 'There is no Conquest action 't99'' said nothing of the territory
                raise IllegalAction(f"no option of the menu is on territory T{tokens[0]}; type an option's number, "
                                    "or 'view map' to see where the territories are")
            return on[0].text() if len(on) == 1 else line
        return " ".join(tokens)

    def title_line(self, view: dict[str, Any], seat: int | None) -> str:
        who = "spectator" if seat is None else f"Player {seat + 1}"
        cur = view.get("current")
        turn = f"Player {cur + 1}'s turn" if isinstance(cur, int) else ""
        phase = PHASES.get(str(view.get("phase")), str(view.get("phase")))
        text = f"Conquest — you: {who} · Round {view.get('round', 0)} · {turn}: {phase}"
        return self.term.style(text[: self.term.width], "bold")

    def sections(self, view: dict[str, Any], seat: int | None) -> list[tuple[str, list[str]]]:
        legend = [self.term.style(LEGEND, "grey")]
        parts = [("players", self._players(view, seat) + self._turn(view))]
        if view.get("phase") in PICTURE_PHASES and self.marked:
            parts.append(("picture", self.picture(view, rows=9)))
        parts += [("places", self._map(view, seat)), ("legend", legend)]
        return parts

    def section(self, name: str, view: dict[str, Any], seat: int | None) -> list[str] | None:
        """``view map``: the map's picture, larger; ``view places``: every territory that matters."""
        if name == "map":
            return self.picture(view, rows=18) + [self.term.style(
                "(numbers: territories · . land, : where an option leads · V1 Village, C1 City of P1)", "grey")]
        return super().section(name, view, seat)

    def picture(self, view: dict[str, Any], rows: int) -> list[str]:
        return map_lines(view, rows, self.term.style, self.marked)

    def menu(self, legal: Sequence[Action], view: dict[str, Any], seat: int,
             described: dict[str, dict[str, Any]] | None = None) -> list[str]:
        """A choice among many territories is a compact list of ``N)T12`` under its kind; other
        menus as in every game."""
        self.marked = {int(a) for act in legal for a in act.args if isinstance(a, int)}
        places = [a for a in legal if len(a.args) == 1 and isinstance(a.args[0], int)]
        if view.get("phase") in PICTURE_PHASES and len(places) >= max(2, len(legal) - 3) and len(legal) > 4:
            return self._compact_menu(legal)
        return super().menu(legal, view, seat, described)

    def _compact_menu(self, legal: Sequence[Action]) -> list[str]:
        """Options among places, short: ``village 1)T13 2)T24`` (the picture shows where they
        are; '? N' says what one does)."""
        t = self.term
        groups: dict[str, list[str]] = {}
        for n, a in enumerate(legal, 1):
            if len(a.args) == 1 and isinstance(a.args[0], int):
                groups.setdefault(a.kind, []).append(f"{t.style(f'{n})', 'cyan')}T{a.args[0]}")
            else:
                groups.setdefault("or", []).append(f"{t.style(f'{n})', 'cyan')} {a.text()}")
        out: list[str] = []
        for kind, items in groups.items():
            body = _wrap(items, t.width - len(kind) - 5)
            out.append(f"  {t.style(kind, 'bold')}  {body[0]}")
            out += [" " * (len(kind) + 4) + b for b in body[1:]]
        return out

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
            traits = [f"{k[:4].title()}{v['level']}" for k, v in p["traits"].items() if v["level"]]
            line = (f"{mark}{you}P{p['seat'] + 1} {(p['civ_name'] or '-')[:11]:<11} {p['vp']:>3}/{need}VP "
                    f"C{p['cities']} V{p['villages']} M{p['monuments']}/{p['monument_limit']} "
                    f"A{p['armies']} F{p['fleets']}")
            for k, trait in enumerate(traits):  # every research level, on more lines when they do not fit one
                rest = len(f" +{len(traits) - k - 1} more") if k + 1 < len(traits) else 0
                if self.tight and not self.whole and len(line) + 1 + len(trait) + rest > self.term.width:
                    line += f" +{len(traits) - k} more"  # short of rows: one line, the rest counted ('view players')
                    break
                if len(line) + 1 + len(trait) > self.term.width:
                    out.append(line)
                    line = " " * 21
                line += " " + trait
            out.append(line)
        return out if len(out) > 1 else []

    def _turn(self, view: dict[str, Any]) -> list[str]:
        pool = ", ".join(f"{v} {k.title()}" for k, v in (view.get("pool") or {}).items() if v) or "nothing"
        out = [f"   Pool this turn: {pool}"]
        t = view.get("turn") or {}
        bits = []
        if t.get("villages_placed"):
            bits.append(f"{count(t['villages_placed'], 'Village')} placed")
        if t.get("recruited"):
            bits.append(f"{t['recruited']} recruited")
        if t.get("rolls_due"):
            bits.append(f"{count(t['rolls_due'], 'research roll')} due")
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
        out = [self.term.style("Territories that matter now (yours, with units):", "bold")]  # 'view places'
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
        return out if len(out) > 1 else []

    def item_name(self, key: str, index: int, item: dict[str, Any]) -> str:
        if key == "territories" and isinstance(item.get("id"), int):
            return _terr(item["id"])
        return super().item_name(key, index, item)

    def names(self) -> dict[str, str]:
        """Civilizations and traits by name: the view keeps them by id ('minoans', 'arts')."""
        content: Any = getattr(self.game, "content", None)
        if content is None:
            return {}
        return {x.id: x.name for items in (content.civilizations, content.traits) for x in items}

    def key_name(self, path: list[str], key: str) -> str:
        """Units are keyed by seat (counted from 0) in a territory, by territory in a turn."""
        if key.isdigit() and path and path[-1] in ("armies", "fleets"):
            return self.game.seat_name(int(key)) if len(path) > 1 and path[-2].startswith("T") else _terr(key)
        if key.isdigit() and path and path[-1].startswith("moved"):
            return _terr(key)
        return super().key_name(path, key)

    def action_label(self, action: Action, view: dict[str, Any], seat: int, short: bool = False) -> str:
        c: Any = self.game.content  # type: ignore[attr-defined]
        if action.kind in ("civ", "fight") and action.args and action.args[0] in c.civ_ids:
            civ = c.civ(action.args[0])  # by name, with its two starting traits when it is chosen
            traits = ", ".join(c.traits[i].name for i in civ.traits) if action.kind == "civ" else ""
            name = f"{civ.name} ({traits})" if traits else civ.name
            return name if short else f"{action.kind} {name}"
        args = [_terr(a) if isinstance(a, int) else str(a) for a in action.args]
        if short:
            return " ".join(args) or action.kind
        return " ".join([action.kind, *args])


RENDERER = ConquestRenderer
