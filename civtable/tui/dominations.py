"""The Dominations screen, drawn from ``state.view(seat)`` only: the triangular land round the
Cradle, the tiles' Camps and corner Resources, your hand, stocks and limits, your Civilisation
Tree, the Monuments and the other players.

The land and its legend are drawn by :mod:`.dominations_land` (``M20`` is row M, column 20).
Typed actions take the places' names (``place Y:YYB M20 1``: the tile as the hand shows it,
Camp:corners; ``city M20``, ``locus M/N19``, ``convert Trade Art``) as well as the numbers
(:mod:`.dominations_words`).

Long decisions are offered in small steps by :class:`.dominations_steps.StagedMenu`, which this
renderer builds on: a placement is the tile, then the place (numbered on the land), then the
turn; a Mastery, then its square; a Campfire exchange, the Domain given, then the Domain taken.
The modules import one way: this one from the steps, the steps from the land.
"""

from __future__ import annotations

from typing import Any

from civtable.core import Action, MalformedAction
from civtable.games.dominations.choices import describe_action
from civtable.games.dominations.places import (
    cell_name,
    parse_cell,
    square_words,
    turn_words,
    typed_action,
)
from civtable.games.dominations.view import goal_words

from . import dominations_words
from .dominations_land import COLOURS, DOMAIN, LETTER, STYLE, cell_text, land_lines, tile_words
from .dominations_steps import StagedMenu
from .dominations_tree import tree_lines
from .term import clip

HELP = """\
Dominations: 3 Ages of 5 turns, most VP wins. A turn: place a Land tile, then
you may build a City or a Monument Level, then develop a Mastery.
Placing: the tile, then its place (a number on the land), then its turn; its
Camp and the 4 Resources along the edge it touches Produce Knowledge.
Land: a space is named by its row (letters, left and right) and its column
(numbers above and below): M20; a Locus by its two rows and column: M/N19.
Camps: Y Trade, O Craftsmanship, B Art, G Science, R Government, P Religion;
1-3 City, M Monument. Other players' Knowledge goes by these letters: Y3/5 is
3 Trade of a limit of 5. Menus come in steps ('back' returns one). Typing
works too: place TILE SPACE TURNS (place Y:YYB M20 1: the tile as your hand
shows it, Camp:corners, turned once; 0 as drawn, 2 twice), city SPACE, locus
M/N19, develop Bartering copy 2 at (-2, 0) (the Mastery, its copy, the Tree's
square as its rulers say: x, y), convert Trade Art, pass."""


SHRINK: tuple[str, ...] = ("recent:3", "tiles", "others", "monuments", "masteries", "objective", "tree", "recent:0", "tight",
                          "status", "you", "land")
"""What leaves the screen first when it does not fit (the land last)."""


class DominationsRenderer(StagedMenu):
    optional_sections = SHRINK
    help_text = HELP
    enter_takes_only_option = True  # 'build nothing' when nothing can be built: Enter, not '1'
    page_of_events = True  # the land and a menu leave no room for another player's turn

    def typed(self, line: str, legal: Any) -> str:
        """Places as the board names them: 'place t4 M20 1' is 'place t4 0 0 0 1' (turned
        once), 'city M20' is 'city 0 0 0', 'locus M/N19' is 'locus 0 0'; 'M20' alone is the one option
        on that space."""
        try:
            text = typed_action(dominations_words.typed_words(self.game, line, legal))
        except ValueError as exc:
            raise MalformedAction(str(exc)) from None
        words = line.split()
        if len(words) == 1 and not words[0].isdigit():
            try:
                i, j, o = parse_cell(words[0])
            except ValueError:
                return text
            on = [a for a in legal if len(a.args) >= 3 and [str(x) for x in a.args[-3:]] == [str(i), str(j), str(o)]
                  and a.kind in ("city", "upgrade", "site", "reactivate")]
            return on[0].text() if len(on) == 1 else text
        return text

    def action_words(self, text: str) -> str:
        """'place t4 0 0 0 1' as typed here: 'place Y:YYB M20 1' (the tile by what it shows)."""
        return dominations_words.action_words(self.game, text)

    def said(self, message: str) -> str:
        return dominations_words.said(self.game, message)

    def moment_lines(self, moments: Any) -> list[str]:
        """Each new big moment: its title and its lines wrapped to the width (at most 7 rows)."""
        t = self.term
        out: list[str] = []
        for m in moments:
            out.append(t.style(clip(f"★ {m['title']}", t.width), "bold", "magenta"))
            rows = [r for line in m.get("lines", []) for r in wrap(line, t.width, "    ")]
            out += rows[:6] + ([clip("    … (the log has it all: 'log')", t.width)] if len(rows) > 6 else [])
        return out

    def _land_title(self) -> str:
        if self._marks and self._mark_kind == "free":
            return "Land — type the number of the place for your tile (or its name, row and column):"
        if self._marks:
            return "Land — type the number of the tile you choose (or its name, row and column):"
        return "Land (a space is its row and column: M20 is row M, column 20):"

    def title_line(self, view: dict[str, Any], seat: int | None) -> str:
        t = self.term
        who = "watching" if seat is None else f"{self.game.seat_name(seat)} (you)"
        n = max(1, len(view.get("players", [])))
        rnd = max(1, -(-min(view["turn"], view["turns_per_age"]) // n))
        when = "the game is over" if view.get("finished") else f"Age {view['age']} of 3, round {rnd} of 5"
        return t.style("DOMINATIONS", "bold") + f" — {when} — {who}"

    def sections(self, view: dict[str, Any], seat: int | None) -> list[tuple[str, list[str]]]:
        w = 10**4 if self.whole else self.term.width  # a part asked for is shown whole (wrapped)
        # the land is left out only as a last resort, and never while its numbers are the menu
        self.optional_sections = SHRINK if not self._marks else SHRINK[:-1]
        return [
            ("status", [clip(x, w) for x in self._status(view)]),
            ("land", [self._land_title()] + [clip(x, w) for x in land_lines(view, self._marks)]),
            ("you", self._me(view, seat)),
            ("objective", self._objective(view, seat)),
            ("tiles", [clip(x, w) for x in self._tiles(view)]),
            ("tree", [clip(x, w) for x in self._tree(view, seat)]),
            ("masteries", [clip(x, w) for x in self._masteries(view, seat)]),
            ("monuments", [clip(x, w) for x in self._monuments(view)]),
            ("others", [clip(x, w) for x in self._others(view, seat)]),
        ]

    def board(self, view: dict[str, Any], seat: int | None) -> list[str]:
        out: list[str] = []
        for _name, lines in self.sections(view, seat):
            out += lines + [""]
        return out

    def _status(self, view: dict[str, Any]) -> list[str]:
        if view.get("finished"):  # the final result (most VP first, ties in Initiative order), no turn order
            seats = list(view.get("initiative", []))
            seats += [q for q in range(len(view["players"])) if q not in seats]
            ranked = sorted(seats, key=lambda q: -view["players"][q]["vp"])
            return ["Final result: " + " · ".join(
                f"{self.game.seat_name(q)} {view['players'][q]['vp']} VP" + ("" if k else " (wins)")
                for k, q in enumerate(ranked))]
        order = " → ".join(self.game.seat_name(q) for q in view.get("initiative", []))
        roles = ", ".join(f"{self._name('domination', k)}: {self.game.seat_name(q)}" for k, q in view.get("roles", {}).items())
        out = [f"Initiative: {order or '—'} · Land tiles left: {view.get('pile', 0)}"]
        if roles:
            out.append(f"Domination cards: {roles}")
        return out

    def _tiles(self, view: dict[str, Any]) -> list[str]:
        board = view.get("board", [])
        if not board:
            return []
        out = ["Latest tiles (place: Camp, corners counter-clockwise):"]
        for t in board[-6:]:
            shown = [t["resources"][(k + t["rotation"]) % 3] for k in range(3)]
            extra = f", Level {t['city'][1]} City of {self.game.seat_name(t['city'][0])}" if t.get("city") else ""
            extra += f", Monument {self._name('monument', t['monument'])}" if t.get("monument") else ""
            out.append(f"  {cell_text(t['cell'])} {DOMAIN[t['camp']]}: " + " ".join(LETTER[r] for r in shown) + extra)
        return out

    def _me(self, view: dict[str, Any], seat: int | None) -> list[str]:
        if seat is None:
            return []
        me = view["players"][seat]
        t = self.term
        you = t.style("You", "bold") + f": {me['vp']} VP · Influence {me['influence']}"
        stock = [t.style(f"{DOMAIN[c]} {me['stock'][c]}/{me['limit'][c]}", STYLE[c]) for c in COLOURS]
        # six Domains in full with 20/20 take two lines of 80 columns: three on each
        out = [f"{you} · {' · '.join(stock[:3])}", f"  {' · '.join(stock[3:])} (Knowledge: stock/limit)"] if self.tight else [
            f"{you} · {me['city_tokens']} City tokens", "  Knowledge (stock/limit): " + " · ".join(stock[:3]),
            "    " + " · ".join(stock[3:])]
        hand = me.get("hand") or []
        out.append(clip("  Hand: " + ("  ".join(f"{LETTER[x['camp']]}:{''.join(LETTER[r] for r in x['resources'])}"
                                                for x in hand) + "  (Camp:corners)" if hand else "empty"), self.term.width))
        return out

    def _objective(self, view: dict[str, Any], seat: int | None) -> list[str]:
        if seat is None:
            return []
        me = view["players"][seat]
        out: list[str] = []
        if me.get("objective"):
            out.append(f"Objective {self._name('objective', me['objective'])} · Monument {self._name('monument', me.get('monument'))}")
            out += wrap("Goals: " + "; ".join(self._goals(me["objective"])), self.term.width, "  ")
        if me.get("dealt_objectives"):
            for x in me["dealt_objectives"]:
                out += wrap(f"Objective {self._name('objective', x)}: " + "; ".join(self._goals(x)), self.term.width, "  ")
            content: Any = self.game.content  # type: ignore[attr-defined]
            for x in me["dealt_monuments"]:
                mon = next(m for m in content.monuments if m.id == x)
                out += wrap(f"Monument {mon.name}: {len(mon.levels)} Levels, control scores {mon.control_vp} VP",
                            self.term.width, "  ")
        return out

    def names(self) -> dict[str, str]:
        """Objectives, Monuments and Domination cards by name (the view keeps a seat's by id), and
        the Domains of the colours the view keeps Knowledge under ('yellow': Trade)."""
        content: Any = getattr(self.game, "content", None)
        cards = {} if content is None else {
            x.id: x.name for items in (content.objectives, content.monuments, content.dominations) for x in items}
        return {**DOMAIN, **cards}

    def _name(self, kind: str, ident: Any) -> str:
        content: Any = getattr(self.game, "content", None)
        if content is None or ident is None:
            return str(ident)
        items = {"objective": content.objectives, "monument": content.monuments,
                 "domination": content.dominations}[kind]
        return next((x.name for x in items if x.id == ident), str(ident))

    def _goals(self, ident: str) -> list[str]:
        content: Any = getattr(self.game, "content", None)
        obj = next((o for o in content.objectives if o.id == ident), None) if content is not None else None
        if obj is None:
            return []
        return [f"{goal_words(g)} ({g.vp} VP)" for g in obj.goals]

    def _tree(self, view: dict[str, Any], seat: int | None) -> list[str]:
        if seat is None:
            return []
        return tree_lines(view["players"][seat]["tree"], self.term.width, whole=self.whole)

    def _masteries(self, view: dict[str, Any], seat: int | None) -> list[str]:
        cat = view.get("masteries")
        if not cat or seat is None:
            return []
        me = view["players"][seat]
        owned = {c["id"]: c.get("advanced") for c in me["tree"] if c["kind"] == "mastery"}
        out = ["Masteries within reach (cost: what it gives):"]
        for ident, m in cat.items():
            if ident in owned:
                if not owned[ident] and me["stock"][m["colour"]] >= m["upgrade_cost"]:
                    out.append(f"  {m['name']} Advanced, {m['upgrade_cost']} {DOMAIN[m['colour']]}: " + "; ".join(m["advanced"]))
            elif m["copies"] and me["stock"][m["colour"]] >= m["value"]:
                pre = f" (needs {m['prerequisite']})" if m["prerequisite"] else ""
                out.append(f"  {m['name']}, {m['value']} {DOMAIN[m['colour']]}{pre}: " + "; ".join(m["basic"]))
        return out[:9] if len(out) > 1 else []

    def _monuments(self, view: dict[str, Any]) -> list[str]:
        out = []
        for m in view.get("monuments", []):
            cost = ", ".join(f"{n} {DOMAIN[c]}" for c, n in (m["next_cost"] or {}).items()) or "complete"
            out.append(f"  {m['name']}: {m['built']}/{m['levels']} Levels, next {cost}; control {m['control_vp']} VP")
        return ["Monuments:"] + out if out else []

    def _others(self, view: dict[str, Any], seat: int | None) -> list[str]:
        out = []
        for p in view["players"]:
            if p["seat"] == seat:
                continue
            name, cards = self.game.seat_name(p["seat"]), len(p["tree"]) - 1
            if self.whole:  # 'view others': the Domains in full
                stock = ", ".join(f"{DOMAIN[c]} {p['stock'][c]}/{p['limit'][c]}" for c in COLOURS)
                out.append(f"  {name}: {p['vp']} VP, Influence {p['influence']}, {cards} cards; Knowledge {stock}")
                continue
            stock = " ".join(f"{LETTER[c]}{p['stock'][c]}/{p['limit'][c]}" for c in COLOURS)
            line = f"  {name}: {p['vp']} VP, Influence {p['influence']}, {cards} cards, {stock}"
            out += [line] if len(line) <= self.term.width else [line[:-len(stock) - 2], f"    {stock}"]
        return ["Other players:"] + out

    def item_name(self, key: str, index: int, item: dict[str, Any]) -> str:
        """A space of the land by its place name (``M20``) in ``info``'s changes."""
        cell = item.get("cell")
        if key == "board" and isinstance(cell, list) and len(cell) == 3:
            return cell_name(cell)
        if key == "hand" and item.get("camp") in LETTER:
            return tile_words(item)
        return super().item_name(key, index, item)

    def action_label(self, action: Action, view: dict[str, Any], seat: int, short: bool = False) -> str:
        a = action.args
        k = action.kind
        me = view["players"][seat] if 0 <= seat < len(view.get("players", [])) else {}
        hand = {t["id"]: t for t in me.get("hand") or []}
        if k == "place":
            tid, i, j, o, r = a
            tile = hand.get(str(tid))
            body = f"{tile_words(tile) if tile else 'tile'} at {cell_text((i, j, o))}, {turn_words(r)}"
            return body if short else "place " + body
        if k == "discard":
            tile = hand.get(str(a[0]))
            return f"put back the {tile_words(tile) if tile else 'tile'}"
        if k == "keep":
            return "keep this hand"
        if k == "choose" and len(a) == 2:  # the secret Objective and Monument kept
            body = f"{self._name('objective', a[0])} + {self._name('monument', a[1])}"
            return body if short else "keep " + body
        if k in ("city", "upgrade", "site", "reactivate"):
            verb = {"city": "City on", "upgrade": "upgrade the City on", "site": "stand it on", "reactivate": "reactivate"}[k]
            return f"{verb} {cell_text(a)}"
        if k in ("edge", "locus", "all_edges"):
            said = describe_action(self.game, view, action.text())
            return str(said["text"]) if said else action.text()
        if k == "vest":
            return f"as {DOMAIN[str(a[0])]}"
        if k == "convert":
            return f"2 {DOMAIN[str(a[0])]} → 1 {DOMAIN[str(a[1])]}"
        if k == "first":
            return f"{self.game.seat_name(int(a[0]) - 1)} next"
        if k in ("advance", "flip"):
            said = describe_action(self.game, view, action.text())
            return str(said["title"]) if said else action.text()
        if k in ("monument", "develop", "assimilate") and len(a) >= 3:  # a card onto a square of your Tree
            content: Any = self.game.content  # type: ignore[attr-defined]
            items = content.monuments if k == "monument" else content.masteries
            name = next((x.name for x in items if x.id == str(a[0])), str(a[0]))
            beside = square_words(me.get("tree") or [], a[-2], a[-1])
            where = f"Tree square ({a[-2]}, {a[-1]})" + ("" if beside.startswith("at ") else f", {beside}")
            if k == "monument":
                return f"build the next Level of {name}: {where}"
            return f"{k} {name}" + (f" (copy {a[1]})" if len(a) == 4 else "") + f": {where}"
        if k == "pass":
            return {"build": "build nothing", "develop": "develop nothing", "farmer": "no second tile",
                    "assimilate": "assimilate nothing"}.get((view.get("decision") or {}).get("kind", ""), "pass")
        return super().action_label(action, view, seat, short)


def wrap(text: str, width: int, indent: str) -> list[str]:
    """``text`` in lines of at most ``width`` columns, each starting with ``indent``."""
    import textwrap

    return textwrap.wrap(text, width=width, initial_indent=indent, subsequent_indent=indent + "  ") or [indent]


RENDERER = DominationsRenderer
