#!/usr/bin/env bash
# Install civtable (with the web extra) in a virtual environment and serve the web app on
# embedded defaults: a SQLite file in the current folder, bots in local processes.
# Extra arguments go to `civtable serve` (e.g. --port 8080, --db postgresql://...).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/venv.sh
. .venv/bin/activate
python -m pip install --quiet --upgrade pip
python -m pip install --quiet -e ".[web,sim]"
exec civtable serve "$@"
