#!/usr/bin/env bash
# Installs the Debian packages tbgen needs (only those missing) and builds it in Release.
# usage: scripts/setup.sh [BUILD_DIR] [--with-sanitizers]
#   --with-sanitizers also installs clang, its runtimes (sanitizer builds, libFuzzer) and
#   clang-format
set -euo pipefail
cd "$(dirname "$0")/.."
build=build
packages=(g++ cmake ninja-build pkg-config libzstd-dev libxxhash-dev libcli11-dev libgtest-dev
          libbenchmark-dev python3-dev pybind11-dev python3-pytest libcpp-httplib-dev
          nlohmann-json3-dev chromium libopenmpi-dev openmpi-bin python3-numpy)
# The Debian package (cpack -G DEB): its dependencies come from dpkg-shlibdeps (dpkg-dev), and
# CPack picks the ELF files to ask it about with file(1).
packages+=(dpkg-dev file)
# tests/deb_package.sh checks the packages with lintian.
packages+=(lintian)
# The README tour queries the server with curl (tests/docs_check.py runs it).
packages+=(curl)
# The explorer's browser test runs playwright-core under Node.js: the machine's own if it has
# one (it may come from elsewhere than Debian), else Debian's.
command -v npm >/dev/null || packages+=(nodejs npm)
for arg in "$@"; do
  case "$arg" in
    --with-sanitizers) packages+=(clang clang-format libclang-rt-14-dev) ;;
    *) build=$arg ;;
  esac
done
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}" >&2
  sudo=""; [ "$(id -u)" = 0 ] || sudo="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get install -y --no-install-recommends "${missing[@]}" >/dev/null ||
    { $sudo apt-get update >/dev/null && $sudo apt-get install -y --no-install-recommends "${missing[@]}" >/dev/null; }
fi
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$build"
