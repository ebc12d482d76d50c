"""civtable: play, simulate and study civilization-building board games."""

__version__ = "0.1.0"
