#!/usr/bin/env bash
# Install civtable with its test extras in a virtual environment and run the whole test suite:
# linter, type checker and pytest. This is the README's test command.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/venv.sh
. .venv/bin/activate
python -m pip install --quiet --upgrade pip
python -m pip install --quiet -e ".[test,web,sim,rl,postgres,ray]"
bash scripts/system-deps.sh
echo "== ruff"; ruff check civtable tests
echo "== mypy"; mypy civtable
echo "== pytest"; python -m pytest "$@"
