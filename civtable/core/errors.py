"""The small family of typed errors every layer of civtable raises.

Every error carries a message written for a person. Errors raised while applying an
action guarantee that the state was not modified.
"""

from __future__ import annotations


class CivtableError(Exception):
    """Base class of every error civtable raises on purpose."""


_ENDS = (".", "!", "?")


def sentence(words: object) -> str:
    """Words a person reads as a refusal, as a sentence: a capital first letter and a full stop
    (unless it already ends with one, a question or an exclamation mark). Nothing else changes:
    names and quoted text keep their own letters. The one place every surface (the terminal,
    the web page's toasts, the API's error bodies) turns refusal words into a sentence; words
    that start with a number, a quote or a player's name cannot be capitalised, so refusals are
    written to start with a plain word."""
    text = str(words).strip()
    if not text:
        return text
    if text[0].islower():
        text = text[0].upper() + text[1:]
    return text if text.endswith(_ENDS) else text + "."


def shown(value: object) -> str:
    """A value a person gave, as a refusal quotes it: text in quotes (cut after 40 characters),
    numbers as written, ``true``/``false``, and a list, an object or nothing named in words
    rather than as Python writes them (``['x']``, ``True``, ``None``)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "nothing"
    if isinstance(value, int | float):
        return str(value)
    if isinstance(value, str):
        return f"'{value[:40]}{'...' if len(value) > 40 else ''}'"
    if isinstance(value, list | tuple | set):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return f"a {type(value).__name__}"


class Reason(str):
    """The words of a refusal, as two parts: ``plain``, the sentence for everyone (a page where
    people click shows it alone), and ``typed``, how what can be played now is typed (the
    terminal shows it after the sentence, e.g. " ('left ...')"). As a string it is the whole,
    as the terminal shows it (``text`` when the whole is not simply the two parts joined)."""

    plain: str
    typed: str

    def __new__(cls, plain: str, typed: str = "", text: str | None = None) -> Reason:
        self = super().__new__(cls, text if text is not None else plain + typed)
        self.plain = str(plain)
        self.typed = str(typed)
        return self


class ActionError(CivtableError, ValueError):
    """An action could not be applied. The state is unchanged.

    ``str(error)`` is the whole message as a :func:`sentence` (the terminal's, and what an action
    typed in the web page's box hears); ``plain`` is its sentence without how actions are typed
    (what a click hears), and ``typed`` that typed hint as the game wrote it, a fragment ("" when
    the message has none): a message given as a :class:`Reason` keeps its two parts."""

    def __init__(self, message: object = "", *args: object) -> None:
        super().__init__(sentence(message), *args)
        self.plain: str = sentence(getattr(message, "plain", message))
        self.typed: str = getattr(message, "typed", "")


class MalformedAction(ActionError):
    """The action text or JSON is not a well-formed action of this game."""


class IllegalAction(ActionError):
    """The action is well formed but not allowed in the current state."""


class NotYourTurn(IllegalAction):
    """The acting seat is not one of the seats that must decide now."""


class OptionError(CivtableError, ValueError):
    """Unknown game, unknown option or an option value out of range."""


class ContentError(CivtableError, ValueError):
    """A content (rules data) file is malformed or inconsistent.

    ``problems`` lists every problem found, each prefixed with its place in the file.
    """

    def __init__(self, message: str, problems: list[str] | None = None) -> None:
        self.problems = list(problems or [])
        self.summary = message  # the message without its list of problems
        if self.problems:
            message = message + ":\n" + "\n".join("  - " + p for p in self.problems)
        super().__init__(message)


class RecordError(CivtableError, ValueError):
    """A game record or saved state is corrupt, tampered with, or does not replay."""
