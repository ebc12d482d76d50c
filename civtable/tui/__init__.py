"""Terminal user interface: renderers that draw a seat's view, and the table that lets people
play against each other and against bots at one terminal (``civtable play``)."""

from .console import TerminalTable
from .render import HELP, Renderer, renderer_for
from .term import Term
from .typed import resolve

__all__ = ["HELP", "Renderer", "Term", "TerminalTable", "renderer_for", "resolve"]
