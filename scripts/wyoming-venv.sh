#!/usr/bin/env bash
# Creates the Python virtual environment of the Wyoming test (the `wyoming` package, whose client
# drives the server, pinned in scripts/wyoming-requirements.txt) and prints the path
# of its python on stdout.
#
#   Usage: scripts/wyoming-venv.sh [DIR]     default DIR: ${VOICELIB_CACHE:-~/.cache/voicelib}/venv-wyoming
#
# Same rules as scripts/python-venv.sh, which does the work: idempotent; exit 0 ready, 3 PyPI
# unreachable (callers may skip, except in CI), 1 else.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cache=${VOICELIB_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/voicelib}
VOICELIB_VENV_REQUIREMENTS="$here/wyoming-requirements.txt" exec "$here/python-venv.sh" "${1:-$cache/venv-wyoming}"
