#!/usr/bin/env bash
# Make the project's virtual environment `.venv` if it does not exist yet (sourced by run.sh and
# test.sh). The interpreter: $PYTHON if set; otherwise the system's /usr/bin/python3 when it is
# 3.11 or newer and can make virtual environments (distributions build it with profile-guided and
# link-time optimisation: the same games cost about 13% less CPU than on a CPython built from
# source without them, as pyenv does by default; docs/simulation.md, "Which Python"); otherwise
# python3 from the PATH.
make_venv() {
  [ -x .venv/bin/python ] && return 0
  local candidates=()
  if [ -n "${PYTHON:-}" ]; then
    candidates=("$PYTHON")
  else
    if [ -x /usr/bin/python3 ] && /usr/bin/python3 -c 'import sys, ensurepip; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
      candidates+=(/usr/bin/python3)
    fi
    candidates+=(python3)
  fi
  local py
  for py in "${candidates[@]}"; do
    if "$py" -m venv .venv 2>/dev/null; then
      echo "== virtual environment .venv made with $("$py" -c 'import sys; print(sys.executable, sys.version.split()[0])')"
      return 0
    fi
    rm -rf .venv
  done
  echo "error: could not make a virtual environment with: ${candidates[*]}" >&2
  return 1
}
make_venv
