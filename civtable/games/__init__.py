"""Built-in games. Each game is a package registered here by name."""

from civtable.core.registry import register

register("inceptum", "civtable.games.inceptum.game:Inceptum")
register("conquest", "civtable.games.conquest.game:Conquest")
register("nim", "civtable.games.nim:Nim")
