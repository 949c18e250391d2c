#!/usr/bin/env bash
# Installs what ShortcutLab needs on Debian/Ubuntu: BLAS and LAPACK (OpenBLAS for speed,
# which becomes libblas.so.3 through alternatives) and pkg-config, which SwiftPM uses to find them.
set -euo pipefail
packages=(libblas-dev liblapacke-dev libopenblas0-pthread pkg-config)
missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
    sudo=""
    [[ $(id -u) -ne 0 ]] && sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi
echo "setup: ${packages[*]} installed"
