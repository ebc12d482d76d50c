"""Built-in games, one package each; they are listed in ``civtable.core.registry.BUILTIN_GAMES``."""
