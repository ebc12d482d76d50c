"""The tables of ``docs/rl.md``: every observation slice and every action token of every game,
generated from the layouts and token spaces themselves (``python -m civtable.rl.docs`` prints
them; a test checks the document carries exactly these)."""

from __future__ import annotations

from civtable.core import make_game

from .actions import make_token_space
from .encoding import Observer

GAMES = ("inceptum", "pathciv", "conquest", "dominations")
START = "<!-- generated tables: python -m civtable.rl.docs -->"
END = "<!-- end of generated tables -->"


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def sizes() -> list[str]:
    """The observation size and the number of action tokens of every game for every player count
    (a game's layouts change with the player count only where these do)."""
    out = ["| game | players | observation entries | action tokens |", "|---|---|---|---|"]
    for name in GAMES:
        game = make_game(name, {})
        for players in range(game.info.min_players, game.info.max_players + 1):
            g = make_game(name, {"players": players})
            ob, space = Observer(g), make_token_space(g)
            extra = "" if space.depth == 1 else f" + {space.size:,} (tokens chosen so far)"
            out.append(f"| `{name}` | {players} | {ob.size:,}{extra} | {space.size:,} |")
    return out


def tables(players: int = 2) -> str:
    out = [START, ""]
    out += ["Sizes for every player count:", "", *sizes(), ""]
    for name in GAMES:
        game = make_game(name, {"players": players})
        ob = Observer(game)
        space = make_token_space(game)
        title = game.info.title
        out += [f"### {title} (`{name}`, {players} players)", ""]
        extra = "" if space.depth == 1 else f", then {space.size} for the tokens chosen so far of a factorised action"
        out += [f"Observation: {ob.size} entries{extra}; action tokens: {space.size}.", ""]
        out += ["| entries | slice | bound | what |", "|---|---|---|---|"]
        for where, slice_name, bound, doc in ob.layout.rows():
            out.append(f"| {where} | `{slice_name}` | {bound} | {_cell(doc)} |")
        if space.depth > 1:
            base = ob.size
            out.append(f"| {base}-{base + space.size - 1} | `pending` | 1 | the tokens chosen so far of the action being "
                       "built (one entry per token) |")
        out += ["", "| tokens | action |", "|---|---|"]
        for where, doc in space.rows():
            out.append(f"| {where} | {_cell(doc)} |")
        out.append("")
    out.append(END)
    return "\n".join(out)


def main() -> None:
    print(tables())


if __name__ == "__main__":
    main()
