#!/usr/bin/env bash
# Makes (once) the Python >= 3.12 environment that the pytest-webots suite runs in, with pytest-webots
# and pytest-xdist at pinned versions from PyPI, and prints its python. Usage: venv.sh DIR
set -euo pipefail
dir=$1
if [ -x "$dir/bin/python" ] && "$dir/bin/python" -c 'import pytest_webots, xdist' 2>/dev/null; then
  echo "$dir/bin/python"
  exit 0
fi
python=""
for candidate in python3.12 python3.13 python3 "$HOME"/.pyenv/versions/3.1[2-9]*/bin/python3 /root/.pyenv/versions/3.1[2-9]*/bin/python3; do
  if command -v "$candidate" >/dev/null 2>&1 && "$candidate" -c 'import sys; sys.exit(sys.version_info < (3, 12))' 2>/dev/null; then
    python=$candidate
    break
  fi
done
if [ -z "$python" ]; then
  echo "no Python >= 3.12 found (pytest-webots needs one): install python3.12 (or pyenv install 3.12)" >&2
  exit 1
fi
rm -rf "$dir"
"$python" -m venv "$dir"
"$dir/bin/pip" install --quiet --disable-pip-version-check pytest-webots==0.2.0 pytest==9.2.0 pytest-xdist==3.8.0 >&2
echo "$dir/bin/python"
