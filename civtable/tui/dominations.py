"""The Dominations screen, drawn from ``state.view(seat)`` only: the triangular land round the
Cradle, the tiles' Camps and corner Resources, your hand, stocks and limits, your Civilisation
Tree, the Monuments and the other players.

Map legend (works without colour): each cell is two characters — the Camp's colour letter and
``▲``/``▼`` for its orientation, or the level ``1``–``3`` of a City on it, or ``M`` for a
Monument; ``()`` is the Cradle and ``··`` an empty cell where a tile may go. Colours: Y Trade
(yellow), O Craftsmanship (orange), B Art (blue), G Science (green), R Government (red),
P Religion (purple), W Vestigium (white). Places are named as on the web page's board
(:mod:`civtable.games.dominations.places`): each row's letters on the left and right, the column
numbers above the land (even) and below it (odd); ``M20`` is row M, column 20. Typed actions take
these names (``place Y:YYB M20 1``: the tile as the hand shows it, Camp:corners; ``city M20``,
``locus M/N19``, ``convert Trade Art``) as well as the numbers (:mod:`.dominations_words`).

Long decisions are offered in small steps (:meth:`DominationsRenderer.steps`): a placement is the
tile, then the place (numbered on the land), then the turn (each with what it would Produce); a
Mastery, then its square; a Campfire exchange, the Domain given, then the Domain taken.
"""

from __future__ import annotations

from typing import Any

from civtable.core import Action, MalformedAction
from civtable.games.dominations import placement
from civtable.games.dominations.choices import describe_action, knowledge
from civtable.games.dominations.places import (
    cell_name,
    column,
    parse_cell,
    row_name,
    square_words,
    turn_words,
    typed_action,
)
from civtable.games.dominations.view import goal_words

from . import dominations_words
from .dominations_tree import tree_lines
from .render import Renderer
from .term import clip

LETTER = {"yellow": "Y", "orange": "O", "blue": "B", "green": "G", "red": "R", "purple": "P",
          "vestigium": "W", "corruptio": "X"}
DOMAIN = {"yellow": "Trade", "orange": "Craftsmanship", "blue": "Art", "green": "Science", "red": "Government",
          "purple": "Religion", "vestigium": "Vestigium"}
STYLE = {"yellow": "yellow", "orange": "yellow", "blue": "blue", "green": "green", "red": "red", "purple": "magenta"}
COLOURS = ("yellow", "orange", "blue", "green", "red", "purple")


def _neighbours(i: int, j: int, o: int) -> list[tuple[int, int, int]]:
    if o == 0:
        return [(i, j - 1, 1), (i, j, 1), (i - 1, j, 1)]
    return [(i + 1, j, 0), (i, j + 1, 0), (i, j, 0)]


def land_lines(view: dict[str, Any], marks: dict[tuple[int, int, int], int] | None = None) -> list[str]:
    """The board as text rows (north at the top), two characters a column: each row's letters on
    both sides, the even column numbers above the land and the odd ones below it. ``marks``
    numbers cells (where a tile may go, or tiles to choose): the number replaces the cell's two
    characters."""
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
    for cell, n in (marks or {}).items():
        cells[cell] = f"{n:>2}"
    if not cells:
        return []
    cols = {k: column(k) for k in cells}
    left, right = min(cols.values()), max(cols.values())
    rows = sorted({k[1] for k in cells}, reverse=True)
    width = 2 * (right - left + 1)
    pad = max(len(row_name(j)) for j in rows)
    body = []
    for j in rows:
        line = [" "] * width
        for k, text in cells.items():
            if k[1] == j:
                at = 2 * (cols[k] - left)
                line[at:at + 2] = list(text)
        body.append(f"{row_name(j):>{pad}} │ {''.join(line)} │ {row_name(j)}")
    margin = " " * (pad + 3)
    return [margin + _ruler(left, right, 0)] + body + [margin + _ruler(left, right, 1)]


def _ruler(left: int, right: int, parity: int) -> str:
    """The numbers of the columns of one parity, each over its column's two characters."""
    line = [" "] * (2 * (right - left + 1) + 2)
    free = 0
    for c in range(left, right + 1):
        if c % 2 != parity:
            continue
        text = str(c)
        at = 2 * (c - left) + (2 - len(text) if len(text) < 2 else 0)
        if at >= free:
            line[at:at + len(text)] = list(text)
            free = at + len(text) + 1
    return "".join(line).rstrip()


def cell_text(cell: Any) -> str:
    """A space of the land as the board names it: M20."""
    return cell_name(cell)


NODUS_LETTER = "YOBGRPWX"  # a Nodus's colour: the six Domains, Vestigium (W), Corruptio (X)


def placement_shown(resources: list[str], r: int) -> list[str]:
    return [resources[(k + r) % 3] for k in range(3)]


def tile_words(t: dict[str, Any]) -> str:
    """'Trade tile (corners Y B O)'."""
    return f"{DOMAIN[t['camp']]} tile (corners {' '.join(LETTER[r] for r in t['resources'])})"


def tile_text(t: dict[str, Any]) -> str:
    return f"{t['id']} Camp {LETTER[t['camp']]} · corners " + "".join(LETTER[r] for r in t["resources"])


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


GROUP = 6
"""More Masteries within reach than this: the menu asks for their Domain first."""

SHRINK: tuple[str, ...] = ("recent:3", "tiles", "others", "monuments", "masteries", "objective", "tree", "recent:0", "tight",
                          "status", "you", "land")
"""What leaves the screen first when it does not fit (the land last)."""


class DominationsRenderer(Renderer):
    optional_sections = SHRINK
    help_text = HELP
    enter_takes_only_option = True  # 'build nothing' when nothing can be built: Enter, not '1'
    page_of_events = True  # the land and a menu leave no room for another player's turn

    def __init__(self, game: Any, term: Any) -> None:
        super().__init__(game, term)
        self._marks: dict[tuple[int, int, int], int] = {}
        self._mark_kind = ""
        self._by_domain = False  # Masteries offered Domain first
        self._colour_of: dict[str, str] = {}  # Mastery -> the Domain step it was chosen from
        self._placing = ""

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

    # ----- the staged menu ---------------------------------------------------------------------
    def steps(self, legal: Any, view: dict[str, Any], seat: int, chosen: str) -> list[tuple[str, str]] | None:
        """Placements as tile → place → turn; Masteries and Monuments as card → square; Cities,
        upgrades, sites and reactivations by numbers on the land; Campfire exchanges as the Domain
        given → the Domain taken. Other actions are entries of their own."""
        self._marks = {}
        self._mark_kind = ""
        self._placing = ""  # the tile (and place) chosen so far, said under the next step
        texts = [a.text() for a in legal]
        kinds = {t.split()[0] for t in texts}
        if len(texts) <= 12 and not kinds & {"place", "reactivate", "city", "site"}:
            return None
        if chosen:
            return self._inner(texts, view, seat, chosen)
        out: list[tuple[str, str]] = []
        seen: set[str] = set()
        me = view["players"][seat]
        hand = {t["id"]: t for t in me.get("hand") or []}
        cat = view.get("masteries") or {}
        cards = {" ".join(t.split()[:2]) for t in texts if t.split()[0] in ("develop", "assimilate")}
        self._by_domain = len(cards) > GROUP  # many Masteries: their Domain first
        for t in texts:
            w = t.split()
            k = w[0]
            if k == "place":
                step = f"place {w[1]}"
                if step not in seen:
                    tile = hand.get(w[1])
                    what = tile_words(tile) if tile else w[1]
                    out.append((f"place {'an' if what[0] in 'AEIOU' else 'a'} {what}", step))
            elif k == "advance" and sum(x.startswith("advance ") for x in texts) > 2:
                step = "advance"
                if step not in seen:
                    out.append(("turn a Mastery to its Advanced side: choose which", step))
            elif k in ("reactivate", "city", "upgrade", "site", "convert") and sum(x.startswith(k + " ") for x in texts) > 1:
                step = k
                if step not in seen:
                    out.append(({"reactivate": "reactivate a placed tile (Inventor): choose which", "city": "build a City: choose where",
                                 "upgrade": "upgrade one of your Cities: choose which", "site": "stand the Monument on a Camp: choose which",
                                 "convert": "Campfire: exchange 2 Knowledge for 1 of your choice"}[k], step))
            elif k in ("develop", "assimilate") and self._by_domain and w[1] in cat:
                colour = cat[w[1]]["colour"]
                step = f"{k} {colour}"
                if step not in seen:
                    n = len({c for c in cards if c.startswith(k + " ") and cat.get(c.split()[1], {}).get("colour") == colour})
                    an = "an" if DOMAIN[colour][0] in "AEIOU" else "a"
                    out.append((f"{k} {an} {DOMAIN[colour]} Mastery: choose one of {n} within reach", step))
            elif k in ("develop", "assimilate", "monument"):
                step = f"{k} {w[1]}"
                if step not in seen:
                    out.append((self._card_words(k, w[1], cat), step))
            else:
                step = t
                out.append((self.action_label(Action.parse(t), view, seat), t))
            seen.add(step)
        return out

    def _inner(self, texts: list[str], view: dict[str, Any], seat: int, chosen: str) -> list[tuple[str, str]]:
        w = chosen.split()
        out: list[tuple[str, str]] = []
        if w[0] == "place":
            tile = {t["id"]: t for t in view["players"][seat].get("hand") or []}.get(w[1])
            at = f" at {cell_text(tuple(int(x) for x in w[2:5]))}" if len(w) == 5 else ""
            self._placing = f"the {tile_words(tile)}{at}" if tile else ""
        if w[0] == "place" and len(w) == 2:
            cells = placement.positions(texts, w[1])
            self._marks = {c: n for n, c in enumerate(cells, 1)}
            self._mark_kind = "free"
            return [(cell_text(c), f"place {w[1]} {c[0]} {c[1]} {c[2]}") for c in cells]
        if w[0] == "place" and len(w) == 5:
            cell = (int(w[2]), int(w[3]), int(w[4]))
            for r in placement.rotations(texts, w[1], cell):
                action = f"{chosen} {r}"
                out.append((self._turn_words(view, seat, w[1], cell, r, action), action))
            return out
        if w[0] in ("reactivate", "city", "upgrade", "site") and len(w) == 1:
            acts = [t for t in texts if t.startswith(w[0] + " ")]
            cells = [(int(t.split()[1]), int(t.split()[2]), int(t.split()[3])) for t in acts]
            self._marks = {c: n for n, c in enumerate(cells, 1)}
            self._mark_kind = "tile"
            board = {tuple(t["cell"]): t for t in view.get("board", [])}
            for c, t in zip(cells, acts, strict=True):
                tile = board.get(c)
                camp = DOMAIN[tile["camp"]] if tile else "?"
                out.append((f"{cell_text(c)} {camp} Camp", t))
            return out
        if w[0] == "convert" and len(w) == 1:
            for colour in dict.fromkeys(t.split()[1] for t in texts if t.startswith("convert ")):
                out.append((f"give 2 {DOMAIN[colour]}, then choose what to take", f"convert {colour}"))
            return out
        if w[0] == "convert" and len(w) == 2:
            return [(f"take 1 {DOMAIN[t.split()[2]]}", t) for t in texts if t.startswith(chosen + " ")]
        if chosen == "advance":
            return [(self.action_label(Action.parse(t), view, seat), t) for t in texts if t.startswith("advance ")]
        cat = view.get("masteries") or {}
        if w[0] in ("develop", "assimilate") and len(w) == 2 and w[1] in DOMAIN:  # the Masteries of a Domain
            for ident in dict.fromkeys(t.split()[1] for t in texts if t.startswith(w[0] + " ")):
                if cat.get(ident, {}).get("colour") == w[1]:
                    out.append((self._card_words(w[0], ident, cat), f"{w[0]} {ident}"))
                    self._colour_of[ident] = w[1]
            return out
        if len(w) == 5 and w[2] == "at":  # a Mastery's copies that fit one square (their Nodus differ)
            content: Any = self.game.content  # type: ignore[attr-defined]
            m = next(x for x in content.masteries if x.id == w[1])
            for t in texts:
                a = t.split()
                if a[:2] == w[:2] and a[3:] == w[3:]:
                    nodus = " ".join(NODUS_LETTER[n] for n in m.copies[int(a[2]) - 1])
                    out.append((f"copy {a[2]}: Nodus N E S W {nodus}", t))
            return out
        # a card, then its square (then the copy when several fit it)
        squares: dict[str, list[str]] = {}
        for t in texts:
            if t.startswith(chosen + " "):
                a = t.split()
                squares.setdefault(f"{a[-2]} {a[-1]}", []).append(t)
        tree = view["players"][seat]["tree"] if 0 <= seat < len(view.get("players", [])) else []
        for sq, acts in squares.items():
            x, y = sq.split()
            beside = square_words(tree, x, y)
            where = f"Tree square ({x}, {y})" + ("" if beside.startswith("at ") else f", {beside}")
            if len(acts) == 1:
                out.append((where, acts[0]))
            else:
                out.append((f"{where}: choose one of {len(acts)} copies that fit", f"{chosen} at {sq}"))
        return out

    def step_path(self, chosen: str) -> list[str]:
        w = chosen.split()
        if w and w[0] == "place":
            return [" ".join(w[:2])] + ([chosen] if len(w) > 2 else [])
        if w and w[0] == "convert":
            return ["convert"] + ([chosen] if len(w) > 1 else [])
        if w and w[0] in ("develop", "assimilate", "monument"):
            path = [f"{w[0]} {self._colour_of[w[1]]}"] if w[0] != "monument" and w[1] in self._colour_of else []
            return path + [" ".join(w[:2])] + ([chosen] if len(w) > 2 else [])
        return [chosen] if chosen else []

    def step_menu(self, entries: Any, view: dict[str, Any], seat: int, inner: bool) -> list[str]:
        t = self.term
        if self._marks and len(entries) > 9:  # the numbers are on the land
            what = "place" if self._mark_kind == "free" else "tile"
            return [f"  Type the number of a {what} shown on the land (1-{len(entries)}), or 'back'."]
        if inner and self._placing and len(entries) > 1:  # what was chosen so far, with 'back'
            back = f"  ({self._placing}; 'back' for the previous step)"
            return super().step_menu(entries, view, seat, False) + [t.style(clip(back, t.width), "grey")]
        return super().step_menu(entries, view, seat, inner) if len(entries) > 1 or inner else [
            f"  {t.style(' 1)', 'cyan')} {entries[0][0]}" if entries else "  (nothing to choose)"]

    def _card_words(self, kind: str, ident: str, cat: dict[str, Any]) -> str:
        content: Any = self.game.content  # type: ignore[attr-defined]
        if kind == "monument":
            mon = next((m for m in content.monuments if m.id == ident), None)
            return f"build the next Level of {mon.name if mon else ident}"
        m = cat.get(ident)
        if not m:
            return f"{kind} {ident}"
        cost = f"{m['value']} {DOMAIN[m['colour']]}" if kind == "develop" else "free"
        return f"{m['name']} ({cost}): {'; '.join(m['basic'])}"

    def _turn_words(self, view: dict[str, Any], seat: int, tile_id: str, cell: tuple[int, int, int], r: int, action: str) -> str:
        me = view["players"][seat]
        tile = next((t for t in me.get("hand") or [] if t["id"] == tile_id), None)
        corners = "".join(LETTER[x] for x in placement_shown(tile["resources"], r)) if tile else "?"
        outs = placement.preview(self.game, view, action, seat)
        if not outs:
            return f"{turn_words(r)} (corners {corners})"
        best = max(outs, key=lambda o: sum(o.counts) + o.vest)
        got = knowledge(best.counts, best.vest).replace(" (Knowledge of your choice)", "")
        more = " or more" if len(outs) > 1 else ""
        return clip(f"{turn_words(r)}: corners {corners} → {got}{more}", self.term.width - 8)

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
