#!/usr/bin/env bash
# Debian packages the tests need (a real browser, a real PostgreSQL). Installed only when
# missing and when we are allowed to (root); otherwise the tests that need them are skipped.
set -uo pipefail
need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v pg_ctlcluster >/dev/null 2>&1 || need+=(postgresql)
if [ ${#need[@]} -gt 0 ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "== installing Debian packages: ${need[*]}"
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null) \
    || echo "warning: could not install ${need[*]}; tests needing them will be skipped"
fi
exit 0
