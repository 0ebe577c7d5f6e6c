#!/usr/bin/env bash
# Installs the system tools the test tiers need when they are missing: Debian's chromium (browser
# tests), Debian's maintained ffmpeg (uploaded video; the npm package's 2018 build is only the
# fallback where there is none), docker-compose (checking docker-compose.yml where no Docker
# engine runs) and Debian's prometheus package for promtool (checking what /metrics serves).
set -euo pipefail

need=()
command -v chromium >/dev/null 2>&1 || [ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || need+=(chromium)
command -v ffmpeg >/dev/null 2>&1 || need+=(ffmpeg)
command -v docker-compose >/dev/null 2>&1 || docker compose version >/dev/null 2>&1 || need+=(docker-compose)
command -v kubectl >/dev/null 2>&1 || command -v kustomize >/dev/null 2>&1 || need+=(kubernetes-client)
command -v promtool >/dev/null 2>&1 || need+=(prometheus)

[ ${#need[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -ne 0 ] && ! command -v sudo >/dev/null 2>&1; then
  echo "Missing system packages: ${need[*]}. Install them with: apt-get install -y ${need[*]}" >&2
  exit 1
fi
SUDO=$([ "$(id -u)" -eq 0 ] && echo "" || echo sudo)
echo "Installing system packages: ${need[*]}"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get install -y --no-install-recommends "${need[@]}" >/dev/null 2>&1 || {
  $SUDO apt-get update -qq
  $SUDO apt-get install -y --no-install-recommends "${need[@]}"
}
