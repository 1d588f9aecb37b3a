#!/usr/bin/env bash
# Regenerates src/java/generated/ (the Java package and the JNI glue, committed) from controller.i and
# the C++ headers with SWIG. `generate.sh --check` regenerates into a temporary folder and fails when
# the result differs from what is committed (CI runs it when swig is installed).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
here="$root/src/java"
check=false
[ "${1:-}" = "--check" ] && check=true
command -v swig >/dev/null || { echo "swig is not installed (Debian: apt-get install swig)"; exit 1; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# the headers reach each other as in a Webots home: include/controller/{c,cpp}/webots
mkdir -p "$work/include/controller/c" "$work/include/controller/cpp"
ln -s "$root/include/webots" "$work/include/controller/c/webots"
ln -s "$root/include/webots" "$work/include/controller/cpp/webots"
out="$work/generated"
package="$out/com/cyberbotics/webots/controller"
mkdir -p "$package"
swig -c++ -java -package com.cyberbotics.webots.controller -outdir "$package" \
  -I"$work/include/controller/cpp" -I"$work/include/controller/c" \
  -o "$out/JavaController_wrap.cpp" "$here/controller.i"

if $check; then
  # another SWIG version writes other (equivalent) glue: compare only against the one that made it
  made_by="$(grep -m1 -o 'Version [0-9.]*' "$here/generated/JavaController_wrap.cpp" || true)"
  ours="Version $(swig -version | grep -o '[0-9][0-9.]*' | head -1)"
  if [ "$made_by" != "$ours" ]; then
    echo "src/java/generated/ was made by SWIG $made_by, this is SWIG $ours: not compared"
    exit 0
  fi
  if ! diff -r "$here/generated" "$out" >/dev/null; then
    diff -r "$here/generated" "$out" | head -40 || true
    echo "src/java/generated/ differs from what SWIG generates from src/java/controller.i: run src/java/generate.sh and commit"
    exit 1
  fi
else
  rm -rf "$here/generated"
  cp -r "$out" "$here/generated"
fi
