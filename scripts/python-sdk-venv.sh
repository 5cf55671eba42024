#!/usr/bin/env bash
# A Python virtual environment for the Python SDK's tests (clients/python): httpx (the SDK's only
# dependency), pytest and prometheus-client (its reference parser for the /metrics test).
# Idempotent and cached: the venv lives in ${VOICELIB_CACHE:-~/.cache/voicelib}/python-sdk-venv
# and is only (re)built when the pinned requirements below change.
#
# Usage: scripts/python-sdk-venv.sh        prints the venv's python on the last line of stdout
# Exit status: 0 ready; 3 PyPI is unreachable (callers may skip, never in CI); 1 anything else.
set -euo pipefail

cache=${VOICELIB_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/voicelib}
venv="$cache/python-sdk-venv"
python=${PYTHON:-python3}
requirements='httpx==0.28.1
pytest==9.2.0
prometheus-client==0.26.0'

stamp="$venv/.voicelib-requirements"
if [ -x "$venv/bin/python" ] && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$requirements" ]; then
  echo "$venv/bin/python"
  exit 0
fi

if ! "$python" -m venv --help >/dev/null 2>&1; then
  echo "python-sdk-venv: $python cannot create virtual environments (install python3-venv)" >&2
  exit 1
fi
rm -rf "$venv"
mkdir -p "$cache"
"$python" -m venv "$venv" >&2
printf '%s\n' "$requirements" >"$venv/requirements.txt"
if ! "$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r "$venv/requirements.txt" >&2; then
  # Same index settings as the install (pip.conf, PIP_INDEX_URL): can it be reached at all?
  if ! "$venv/bin/python" -m pip download --quiet --disable-pip-version-check --no-deps \
      --dest "$venv/probe" "httpx==0.28.1" >/dev/null 2>&1; then
    echo "python-sdk-venv: the Python package index is unreachable" >&2
    rm -rf "$venv"
    exit 3
  fi
  rm -rf "$venv"
  exit 1
fi
printf '%s' "$requirements" >"$stamp"
echo "$venv/bin/python"
