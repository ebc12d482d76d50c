"""Drawing a Conquest view: an SVG map for web pages and a text listing for terminals.

Both functions take only a view (``state.view(player)``), never a state.

* :func:`render_svg` draws every territory as a ``<path>`` outline with
  ``data-territory="<id>"`` (so a page can make it clickable), coloured by Land/Sea or, once a
  player holds it, by :func:`owned_fill` (as the table page draws it), plus settlements,
  Monuments, Armies and Fleets.
* :func:`render_text` lists territories with their resource, neighbours, owner and units.
"""

from __future__ import annotations

from html import escape
from typing import Any

PLAYER_COLOURS = (
    "#d62728", "#1f77b4", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf",
    "#e377c2", "#8c564b", "#bcbd22", "#7f7f7f", "#000080", "#008080",
)
LAND = "#e8dcb5"
SEA = "#a9cfe8"
CELL = 14
RESOURCE_MARK = {
    "salt": "Sa", "fish": "Fi", "trade": "Tr", "grain": "Gr", "herds": "He", "wine": "Wi",
    "olives": "Ol", "wood": "Wo", "iron": "Ir", "stone": "St", "gold": "Go",
}


def colour(seat: int) -> str:
    return PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]


OWNED = 0.72
"""How much of its owner's colour a held territory shows, the rest white: the blue player's land
stays apart from the light blue sea, and the labels stay readable."""


def owned_fill(seat: int) -> str:
    """A held territory's fill: its owner's colour lightened toward white (``static/conquest.js``
    draws the same), never a thin tint over the land's beige, which turned blue into grey-green."""
    hex_colour = colour(seat)
    mixed = (round(int(hex_colour[k:k + 2], 16) * OWNED + 255 * (1 - OWNED)) for k in (1, 3, 5))
    return "#" + "".join(f"{v:02x}" for v in mixed)


def _path(outline: list[list[list[float]]]) -> str:
    parts = []
    for loop in outline:
        pts = " L".join(f"{x * CELL:g} {y * CELL:g}" for x, y in loop)
        parts.append(f"M{pts} Z")
    return " ".join(parts)


def render_svg(view: dict[str, Any]) -> str:
    """The map of ``view`` as a standalone SVG document (text)."""
    mp = view.get("map")
    if not mp:
        return ('<svg xmlns="http://www.w3.org/2000/svg" width="320" height="40" class="conquest-map">'
                '<text x="10" y="25">The map has not been drawn yet.</text></svg>')
    w, h = mp["width"] * CELL, mp["height"] * CELL
    dyn = {t["id"]: t for t in view["territories"]}
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" height="{h}" '
        f'class="conquest-map" font-family="sans-serif">',
        f'<rect width="{w}" height="{h}" fill="{SEA}"/>',
        '<g class="territories" stroke="#555" stroke-width="1" fill-rule="evenodd">',
    ]
    for t in mp["territories"]:
        d = dyn[t["id"]]
        owner = d["owner"]
        fill = owned_fill(owner) if owner is not None else LAND if t["land"] else SEA
        title = _title(t, d, view)
        out.append(
            f'<path d="{_path(t["outline"])}" fill="{fill}" data-territory="{t["id"]}" '
            f'data-land="{str(t["land"]).lower()}" class="territory {"land" if t["land"] else "sea"}">'
            f"<title>{escape(title)}</title></path>"
        )
    out.append("</g>")
    out.append('<g class="marks" pointer-events="none" font-size="9">')
    for t in mp["territories"]:
        d = dyn[t["id"]]
        cx, cy = t["center"][0] * CELL, t["center"][1] * CELL
        out.append(f'<text x="{cx:.1f}" y="{cy - 7:.1f}" text-anchor="middle" fill="#333">{t["id"]}</text>')
        out.append(
            f'<text x="{cx:.1f}" y="{cy + 14:.1f}" text-anchor="middle" fill="#555" font-size="8">'
            f'{RESOURCE_MARK.get(t["resource"], t["resource"][:2])}</text>'
        )
        if d["settlement"]:
            col = colour(d["owner"])
            if d["settlement"] == "city":
                out.append(f'<rect x="{cx - 6:.1f}" y="{cy - 4:.1f}" width="12" height="9" fill="{col}" '
                           f'stroke="#000" class="city"/>')
                out.append(f'<polygon points="{cx - 7:.1f},{cy - 4:.1f} {cx:.1f},{cy - 10:.1f} '
                           f'{cx + 7:.1f},{cy - 4:.1f}" fill="{col}" stroke="#000"/>')
            else:
                out.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="4.5" fill="{col}" stroke="#000" class="village"/>')
            if d["monuments"]:
                out.append(f'<text x="{cx + 9:.1f}" y="{cy + 3:.1f}" fill="#000" font-weight="bold">'
                           f'&#9650;{d["monuments"]}</text>')
        dx = -14.0
        for seat, n in sorted(d["armies"].items()):
            out.append(f'<rect x="{cx + dx:.1f}" y="{cy + 4:.1f}" width="7" height="7" fill="{colour(int(seat))}" '
                       f'stroke="#000" class="army"/>')
            out.append(f'<text x="{cx + dx + 8:.1f}" y="{cy + 11:.1f}" font-size="8">{n}</text>')
            dx += 14
        for seat, n in sorted(d["fleets"].items()):
            out.append(f'<polygon points="{cx + dx:.1f},{cy + 4:.1f} {cx + dx + 8:.1f},{cy + 4:.1f} '
                       f'{cx + dx + 4:.1f},{cy + 11:.1f}" fill="{colour(int(seat))}" stroke="#000" class="fleet"/>')
            out.append(f'<text x="{cx + dx + 9:.1f}" y="{cy + 11:.1f}" font-size="8">{n}</text>')
            dx += 14
    out.append("</g></svg>")
    return "\n".join(out)


def _title(t: dict[str, Any], d: dict[str, Any], view: dict[str, Any]) -> str:
    kind = "Land" if t["land"] else "Sea"
    parts = [f'Territory {t["id"]} ({kind}, {t["resource"]})']
    if d["settlement"]:
        parts.append(f'{d["settlement"]} of {_who(view, d["owner"])}')
    if d["monuments"]:
        parts.append(f'{d["monuments"]} monument(s)')
    for seat, n in d["armies"].items():
        parts.append(f"{n} army of {_who(view, int(seat))}" if n == 1 else f"{n} armies of {_who(view, int(seat))}")
    for seat, n in d["fleets"].items():
        parts.append(f"{n} fleet(s) of {_who(view, int(seat))}")
    return "; ".join(parts)


def _who(view: dict[str, Any], seat: int | None) -> str:
    if seat is None:
        return "nobody"
    p = view["players"][seat]
    return f'{p["name"]} ({p["civ_name"]})' if p.get("civ_name") else str(p["name"])


def render_text(view: dict[str, Any]) -> str:
    """A terminal listing: players, then each territory with neighbours, owner and units."""
    lines = []
    dec = view["decision"]
    lines.append(f'Round {view["round"]}/{view["max_rounds"]}  phase: {view["phase"]}  '
                 f'to decide: {dec["kind"]} ({dec["prompt"]})')
    for p in view["players"]:
        lv = " ".join(f"{k[:4]}{v['level']}" + (f"+{v['rp']}" if v["rp"] else "")
                      for k, v in p["traits"].items() if v["level"] or v["rp"])
        mark = "*" if p["seat"] == view["current"] else " "
        lines.append(
            f'{mark}{p["name"]:<10} {p["civ_name"] or "-":<12} VP {p["vp"]:>3}  cities {p["cities"]} '
            f'villages {p["villages"]} monuments {p["monuments"]}/{p["monument_limit"]} '
            f'armies {p["armies"]} fleets {p["fleets"]}  [{lv}]'
        )
    pool = " ".join(f"{k} {v}" for k, v in view["pool"].items() if v)
    lines.append(f"Resources this turn: {pool or 'none'}")
    if view.get("last"):
        lines.append(f'Last: {view["last"]}')
    mp = view.get("map")
    if not mp:
        lines.append("(the map has not been drawn yet)")
        return "\n".join(lines)
    dyn = {t["id"]: t for t in view["territories"]}
    lines.append(" id  kind  resource  owner/settlement      units                    neighbours")
    for t in mp["territories"]:
        d = dyn[t["id"]]
        own = ""
        if d["settlement"]:
            own = f'{d["settlement"]} P{d["owner"] + 1}' + (f' +{d["monuments"]}M' if d["monuments"] else "")
        elif d["monuments"]:
            own = f'{d["monuments"]}M'
        units = " ".join([f"{n}A:P{int(s) + 1}" for s, n in d["armies"].items()]
                         + [f"{n}F:P{int(s) + 1}" for s, n in d["fleets"].items()])
        nb = ",".join(str(x) for x in t["neighbours"])
        lines.append(f'{t["id"]:>3}  {"land" if t["land"] else "sea ":<4}  {t["resource"]:<8}  {own:<20}  '
                     f"{units:<23}  {nb}")
    return "\n".join(lines)
