#!/usr/bin/env bash
# Creates the Python virtual environment the tests use (the official `openai` client and pytest,
# pinned in scripts/python-requirements.txt) and prints the path of its python on stdout.
#
#   Usage: scripts/python-venv.sh [DIR]     default DIR: ${VOICELIB_CACHE:-~/.cache/voicelib}/venv-openai
#
# Idempotent: a venv already holding exactly the pinned requirements (a hash of the file is kept
# in DIR) is reused without touching the network. Python tools never go into the system Python.
# Exit status: 0 ready; 3 PyPI is unreachable (callers may skip, except in CI); 1 anything else.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
cache=${VOICELIB_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/voicelib}
dir=${1:-$cache/venv-openai}
# Another tool set (scripts/fuzz-venv.sh) passes its own pinned file.
requirements=${VOICELIB_VENV_REQUIREMENTS:-$here/python-requirements.txt}
stamp="$dir/.requirements.sha256"
want=$(sha256sum "$requirements" | cut -d' ' -f1)

if [ -x "$dir/bin/python" ] && [ "$(cat "$stamp" 2>/dev/null || true)" = "$want" ]; then
  echo "$dir/bin/python"
  exit 0
fi

python=${PYTHON:-python3}
if ! "$python" -m venv --help >/dev/null 2>&1; then
  echo "python-venv: $python cannot create virtual environments (Debian: apt-get install python3-venv)" >&2
  exit 1
fi
rm -f "$stamp"
"$python" -m venv "$dir" >&2
if ! "$dir/bin/python" -m pip install --quiet --disable-pip-version-check -r "$requirements" >&2; then
  # Tell "no network to PyPI" apart from a real failure: only the former lets a test skip.
  index=${PIP_INDEX_URL:-https://pypi.org/simple/}
  if ! "$dir/bin/python" -c "import sys, urllib.request; urllib.request.urlopen(sys.argv[1] + 'pip/', timeout=15)" "$index" >/dev/null 2>&1; then
    echo "python-venv: $index is unreachable" >&2
    exit 3
  fi
  exit 1
fi
echo "$want" >"$stamp"
echo "$dir/bin/python"
