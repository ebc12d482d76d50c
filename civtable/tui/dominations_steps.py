"""Dominations' long decisions offered in small steps at the terminal: a placement is the tile,
then the place (numbered on the land), then the turn (each with what it would Produce); a Mastery,
then its square; a Campfire exchange, the Domain given, then the Domain taken. The screen itself
is drawn by :mod:`.dominations`, whose renderer builds on :class:`StagedMenu`."""

from __future__ import annotations

from typing import Any

from civtable.core import Action
from civtable.games.dominations import placement
from civtable.games.dominations.choices import knowledge
from civtable.games.dominations.places import square_words, turn_words

from .dominations_land import DOMAIN, LETTER, NODUS_LETTER, cell_text, placement_shown, tile_words
from .render import Renderer
from .term import clip

GROUP = 6
"""More Masteries within reach than this: the menu asks for their Domain first."""


class StagedMenu(Renderer):
    """The staged menu of Dominations (:meth:`steps`, :meth:`step_path`, :meth:`step_menu`) and
    the numbers it puts on the land (``_marks``), which the screen draws."""

    def __init__(self, game: Any, term: Any) -> None:
        super().__init__(game, term)
        self._marks: dict[tuple[int, int, int], int] = {}
        self._mark_kind = ""
        self._by_domain = False  # Masteries offered Domain first
        self._colour_of: dict[str, str] = {}  # Mastery -> the Domain step it was chosen from
        self._placing = ""

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
