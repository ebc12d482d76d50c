"""The Dominations screen, drawn from ``state.view(seat)`` only: the triangular land round the
Cradle, the tiles' Camps and corner Resources, your hand, stocks and limits, your Civilisation
Tree, the Monuments and the other players.

Map legend (works without colour): each cell is two characters — the Camp's colour letter and
``▲``/``▼`` for its orientation, or the level ``1``–``3`` of a City on it, or ``M`` for a
Monument; ``()`` is the Cradle and ``··`` an empty cell where a tile may go. Colours: Y Trade
(yellow), O Craftsmanship (orange), B Art (blue), G Science (green), R Government (red),
P Religion (purple), W Vestigium (white).
"""

from __future__ import annotations

from typing import Any

from civtable.core import Action

from .render import Renderer

LETTER = {"yellow": "Y", "orange": "O", "blue": "B", "green": "G", "red": "R", "purple": "P",
          "vestigium": "W", "corruptio": "X"}
DOMAIN = {"yellow": "Trade", "orange": "Craft", "blue": "Art", "green": "Science", "red": "Govt", "purple": "Religion"}
STYLE = {"yellow": "yellow", "orange": "yellow", "blue": "blue", "green": "green", "red": "red", "purple": "magenta"}
COLOURS = ("yellow", "orange", "blue", "green", "red", "purple")


def _neighbours(i: int, j: int, o: int) -> list[tuple[int, int, int]]:
    if o == 0:
        return [(i, j - 1, 1), (i, j, 1), (i - 1, j, 1)]
    return [(i + 1, j, 0), (i, j + 1, 0), (i, j, 0)]


def land_lines(view: dict[str, Any]) -> list[str]:
    """The board as text rows (north at the top); column = 2 × (2i + j + o)."""
    cells: dict[tuple[int, int, int], str] = {}
    for c in view.get("cradle", []):
        cells[tuple(c)] = "()"  # type: ignore[index]
    for t in view.get("board", []):
        i, j, o = t["cell"]
        mark = "▲" if o == 0 else "▼"
        if t.get("monument"):
            mark = "M"
        elif t.get("city"):
            mark = str(t["city"][1])
        cells[(i, j, o)] = LETTER.get(t["camp"], "?") + mark
    for i, j, o in list(cells):
        for nb in _neighbours(i, j, o):
            cells.setdefault(nb, "··")
    if not cells:
        return []
    cols = {k: 2 * (2 * k[0] + k[1] + k[2]) for k in cells}
    left = min(cols.values())
    rows = sorted({k[1] for k in cells}, reverse=True)
    out = []
    for j in rows:
        line: list[str] = []
        for k, text in sorted(((k, v) for k, v in cells.items() if k[1] == j), key=lambda kv: cols[kv[0]]):
            col = cols[k] - left
            while len(line) < col:
                line.append(" ")
            line[col:col + 2] = list(text)
        out.append(f"{j:>4} " + "".join(line).rstrip())
    return out


def tile_text(t: dict[str, Any]) -> str:
    return f"{t['id']} Camp {LETTER[t['camp']]} · corners " + "".join(LETTER[r] for r in t["resources"])


class DominationsRenderer(Renderer):
    optional_sections = ("recent:3", "tiles", "others", "monuments", "masteries", "recent:0")

    def title_line(self, view: dict[str, Any], seat: int | None) -> str:
        t = self.term
        who = "spectator" if seat is None else f"{self.game.seat_name(seat)} (you)"
        turn = f"Age {view['age']} of 3, turn {min(view['turn'], view['turns_per_age'])} of {view['turns_per_age']}"
        return t.style("DOMINATIONS", "bold") + f" — {turn} — {who}"

    def sections(self, view: dict[str, Any], seat: int | None) -> list[tuple[str, list[str]]]:
        return [
            ("status", self._status(view)),
            ("land", ["Land (rows are j; place TILE I J O ROTATION, O 0 ▲ / 1 ▼):"] + land_lines(view)),
            ("tiles", self._tiles(view)),
            ("you", self._me(view, seat)),
            ("tree", self._tree(view, seat)),
            ("masteries", self._masteries(view, seat)),
            ("monuments", self._monuments(view)),
            ("others", self._others(view, seat)),
        ]

    def board(self, view: dict[str, Any], seat: int | None) -> list[str]:
        out: list[str] = []
        for _name, lines in self.sections(view, seat):
            out += lines + [""]
        return out

    def _status(self, view: dict[str, Any]) -> list[str]:
        order = " → ".join(self.game.seat_name(q) for q in view.get("initiative", []))
        roles = ", ".join(f"{k.replace('_', ' ').title()}: {self.game.seat_name(q)}" for k, q in view.get("roles", {}).items())
        out = [f"Initiative: {order or '—'}   Land tiles left: {view.get('pile', 0)}"]
        if roles:
            out.append(f"Domination cards this Age: {roles}")
        return out

    def _tiles(self, view: dict[str, Any]) -> list[str]:
        board = view.get("board", [])
        if not board:
            return []
        out = ["Tiles on the land (cell: Camp, corner Resources counter-clockwise from corner 0):"]
        for t in board[-12:]:
            i, j, o = t["cell"]
            shown = [t["resources"][(k + t["rotation"]) % 3] for k in range(3)]
            extra = f" City L{t['city'][1]} of {self.game.seat_name(t['city'][0])}" if t.get("city") else ""
            extra += f" Monument {t['monument']}" if t.get("monument") else ""
            out.append(f"  ({i},{j},{'▲' if o == 0 else '▼'}) Camp {LETTER[t['camp']]}: "
                       + " ".join(LETTER[r] for r in shown) + extra)
        if len(board) > 12:
            out.append(f"  ... {len(board) - 12} more")
        return out

    def _me(self, view: dict[str, Any], seat: int | None) -> list[str]:
        if seat is None:
            return []
        me = view["players"][seat]
        t = self.term
        stock = "  ".join(t.style(f"{DOMAIN[c]} {me['stock'][c]}/{me['limit'][c]}", STYLE[c]) for c in COLOURS)
        out = [t.style("You", "bold") + f": {me['vp']} VP, Influence {me['influence']}, City tokens {me['city_tokens']}",
               "  Knowledge/limit: " + stock]
        if me.get("objective"):
            out.append(f"  Objective: {self._name('objective', me['objective'])}   "
                       f"Monument: {self._name('monument', me.get('monument'))}")
            goals = self._goals(me["objective"])
            if goals:
                out.append("  Goals: " + "; ".join(goals))
        if me.get("dealt_objectives"):
            objs = ", ".join(self._name("objective", x) for x in me["dealt_objectives"])
            mons = ", ".join(self._name("monument", x) for x in me["dealt_monuments"])
            out.append(f"  Dealt: Objectives {objs}; Monuments {mons}")
        hand = me.get("hand") or []
        out.append("  Hand: " + ("; ".join(tile_text(x) for x in hand) if hand else "empty"))
        return out

    def _name(self, kind: str, ident: Any) -> str:
        content: Any = getattr(self.game, "content", None)
        if content is None or ident is None:
            return str(ident)
        items = content.objectives if kind == "objective" else content.monuments
        return next((x.name for x in items if x.id == ident), str(ident))

    def _goals(self, ident: str) -> list[str]:
        content: Any = getattr(self.game, "content", None)
        obj = next((o for o in content.objectives if o.id == ident), None) if content is not None else None
        if obj is None:
            return []
        out = []
        for g in obj.goals:
            what = {"cities": f"{g.count} Cities of Level {g.level}+", "nodus": f"{g.count} {DOMAIN[COLOURS[g.colour]] if g.colour >= 0 else ''} Nodus",
                    "masteries": f"{g.count} {DOMAIN[COLOURS[g.colour]] if g.colour >= 0 else ''} Masteries",
                    "monument_levels": f"{g.count} Monument Levels", "advanced": f"{g.count} Advanced Masteries",
                    "influence": f"Influence {g.count}"}.get(g.kind, g.kind)
            out.append(f"{what} ({g.vp} VP)")
        return out

    def _tree(self, view: dict[str, Any], seat: int | None) -> list[str]:
        if seat is None:
            return []
        cards = view["players"][seat]["tree"]
        xs = [c["x"] for c in cards]
        ys = [c["y"] for c in cards]
        at = {(c["x"], c["y"]): c for c in cards}
        out = ["Civilisation Tree (x, y; Nodus N/E/S/W; * Advanced):"]
        for y in range(max(ys), min(ys) - 1, -1):
            row = []
            for x in range(min(xs), max(xs) + 1):
                c = at.get((x, y))
                if c is None:
                    row.append(" " * 14)
                else:
                    nod = "".join(LETTER[n] for n in c["nodus"])
                    name = c["name"][:8] + ("*" if c.get("advanced") else "")
                    row.append(f"{name:<9}{nod:<5}")
            out.append(f"  {y:>3} " + "".join(row).rstrip())
        return out

    def _masteries(self, view: dict[str, Any], seat: int | None) -> list[str]:
        cat = view.get("masteries")
        if not cat or seat is None:
            return []
        me = view["players"][seat]
        owned = {c["id"]: c.get("advanced") for c in me["tree"] if c["kind"] == "mastery"}
        out = ["Masteries within reach (value, colour: effects):"]
        for ident, m in cat.items():
            if ident in owned:
                if not owned[ident] and me["stock"][m["colour"]] >= m["upgrade_cost"]:
                    out.append(f"  advance {ident}: {m['upgrade_cost']} {DOMAIN[m['colour']]} → " + "; ".join(m["advanced"]))
            elif m["copies"] and me["stock"][m["colour"]] >= m["value"]:
                pre = f" (needs {m['prerequisite']})" if m["prerequisite"] else ""
                out.append(f"  {ident}: {m['value']} {DOMAIN[m['colour']]}{pre} — " + "; ".join(m["basic"]))
        return out[:17] if len(out) > 1 else []

    def _monuments(self, view: dict[str, Any]) -> list[str]:
        out = []
        for m in view.get("monuments", []):
            cost = ", ".join(f"{n} {DOMAIN[c]}" for c, n in (m["next_cost"] or {}).items()) or "complete"
            out.append(f"  {m['name']}: {m['built']}/{m['levels']} levels, next {cost}")
        return ["Monuments:"] + out if out else []

    def _others(self, view: dict[str, Any], seat: int | None) -> list[str]:
        out = []
        for p in view["players"]:
            if p["seat"] == seat:
                continue
            stock = " ".join(f"{LETTER[c]}{p['stock'][c]}/{p['limit'][c]}" for c in COLOURS)
            out.append(f"  {p['name']}: {p['vp']} VP, Influence {p['influence']}, hand {p['hand_size']}, "
                       f"{len(p['tree']) - 1} cards, {stock}")
        return ["Other players:"] + out

    def action_label(self, action: Action, view: dict[str, Any], seat: int, short: bool = False) -> str:
        if action.kind == "place":
            tid, i, j, o, r = action.args
            body = f"{tid} at ({i},{j},{'▲' if o == 0 else '▼'}) turn {r}"
            return body if short else "place " + body
        if action.kind == "choose" and len(action.args) == 2:  # the secret Objective and Monument kept
            body = f"{self._name('objective', action.args[0])} + {self._name('monument', action.args[1])}"
            return body if short else "keep " + body
        return super().action_label(action, view, seat, short)


RENDERER = DominationsRenderer
