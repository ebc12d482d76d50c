"""The ``civtable`` command. Each sub-command lives in its own module of this package and
exposes ``register(subparsers)``, which adds its parser and sets ``func`` to the function that
runs it (returning an exit code)."""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from civtable import __version__
from civtable.core import CivtableError, ContentError, registry, sentence

COMMANDS = ["games", "play", "replay", "review", "content", "bench", "simulate", "ladder", "compare", "study", "tune", "serve", "account"]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="civtable",
        description="Play, simulate and study civilization-building board games.",
    )
    parser.add_argument("--version", action="version", version=f"civtable {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        module_name = f"civtable.cli.{name}"
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            if exc.name == module_name:
                continue
            raise
        module.register(sub)
    return parser


def said(exc: BaseException) -> str:
    """An error as the command says it: a sentence, one about an option ('--seats ...') saying
    'The option --seats ...' so that it starts with a capital letter like any other."""
    if isinstance(exc, ContentError) and exc.problems:  # a sentence, then the list as it is
        return sentence(exc.summary).removesuffix(".") + ":\n" + "\n".join(f"  - {p}" for p in exc.problems)
    text = str(exc).strip()
    return sentence(f"the option {text}" if text.startswith("--") else text)


SPELLED = {("review", "calibrate"): "review-calibrate"}
"""Commands of two words, each read as the one command that parses it."""


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    words = list(sys.argv[1:] if argv is None else argv)
    if len(words) >= 2 and (words[0], words[1]) in SPELLED:
        words = [SPELLED[words[0], words[1]], *words[2:]]
    args = parser.parse_args(words)
    if not getattr(args, "func", None):
        parser.print_help()
        return 0
    try:
        registry.check_environment()  # a wrong CIVTABLE_GAMES, found when civtable was imported
        return int(args.func(args) or 0)
    except CivtableError as exc:
        print(f"civtable: error: {said(exc)}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # output piped into a program that stopped reading (e.g. head)
        import os

        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    sys.exit(main())
