#!/usr/bin/env bash
# Builds the Debian package with cpack, unpacks it into a scratch root with dpkg-deb -x and uses
# it from there as a machine that installed it would: tbgen and tbprobe, a C program against the
# header and library, a C++ project with find_package(tbreader), the Python module, the man
# pages. usage: deb_package.sh SRC BUILD
set -euo pipefail
src=$1 build=$2
work=$(mktemp -d)
# Everything lands in $work (package, cpack's staging, tables, builds): removed however we end.
trap 'rm -rf "$work"' EXIT
fail() { echo "deb_package: $*" >&2; exit 1; }

# -B: the package and cpack's staging go to $work, not into the build directory.
cpack -G DEB --config "$build/CPackConfig.cmake" -B "$work/pkg" >"$work/cpack.log" 2>&1 ||
  { cat "$work/cpack.log"; fail "cpack failed"; }
debs=("$work"/pkg/tbgen_*.deb)
if [ ${#debs[@]} != 1 ] || [ ! -f "${debs[0]}" ]; then fail "cpack made no single tbgen_*.deb"; fi
deb=${debs[0]}
echo "package: $(basename "$deb"), $(stat -c %s "$deb") bytes"

# The control fields: what the Debian name, version and dependencies say.
[ "$(dpkg-deb -f "$deb" Package)" = tbgen ] || fail "Package is not tbgen"
version=$(sed -n 's/^project(tbgen VERSION \([0-9.]*\).*/\1/p' "$src/CMakeLists.txt")
[ "$(dpkg-deb -f "$deb" Version)" = "$version" ] || fail "Version is not $version"
depends=$(dpkg-deb -f "$deb" Depends)
names=$(tr ',' '\n' <<<"$depends" | awk '{print $1}')
for dep in libc6 libstdc++6 libzstd1 python3 python3-numpy; do
  grep -qx -- "$dep" <<<"$names" || fail "Depends lacks $dep: $depends"
done

# Every file where Debian looks for it, owned by root.
dpkg-deb -c "$deb" >"$work/contents"
for path in usr/bin/tbgen usr/bin/tbprobe usr/include/tbreader/tbreader.h \
  usr/include/tbreader/tbreader.hpp usr/lib/cmake/tbreader/tbreaderConfig.cmake \
  usr/share/man/man1/tbgen.1.gz usr/share/man/man1/tbprobe.1.gz; do
  grep -q " \./$path\$" "$work/contents" || fail "the package has no /$path"
done
grep -q ' \./usr/lib/python3/dist-packages/tbreader\..*\.so$' "$work/contents" ||
  fail "the package has no Python module in /usr/lib/python3/dist-packages"
if grep -v ' root/root ' "$work/contents"; then fail "files not owned by root"; fi

root=$work/root
dpkg-deb -x "$deb" "$root"
usr=$root/usr

# The commands: tables built by the unpacked tbgen, probed by the unpacked tbprobe.
tables=$work/tables
"$usr/bin/tbgen" build score3 --tables "$tables" >/dev/null
"$usr/bin/tbgen" build 'connect(cols=6,rows=4)' --tables "$tables" >/dev/null
"$usr/bin/tbgen" verify "$tables" >/dev/null
out=$(TBGEN_TABLES=$tables "$usr/bin/tbprobe" score3 'X.O/.X./...')
grep -qx 'value: 0' <<<"$out" || fail "tbprobe printed: $out"

# C, as a plain Makefile would build it: the header, the static library and what it links.
cc -std=c99 -Wall -Wextra -Werror -I"$usr/include" "$src/examples/c_probe/probe.c" \
  "$usr/lib/libtbreader.a" -lzstd -lstdc++ -lpthread -o "$work/probe"
out=$("$work/probe" "$tables" 'connect(cols=6,rows=4)')
grep -qx 'empty board: -1' <<<"$out" || fail "the C program printed: $out"

# C++ through the CMake package, found under the unpacked /usr.
cmake -S "$src/tests/consumer" -B "$work/consumer" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_PREFIX_PATH="$usr" >/dev/null
cmake --build "$work/consumer" >/dev/null
out=$("$work/consumer/consumer" "$tables")
[ "$out" = "0 9" ] || fail "the find_package(tbreader) consumer printed '$out', expected '0 9'"

# Python: Debian's python3 (the ABI the module is built for; a python3 first on PATH may be
# another), from the unpacked dist-packages, with NumPy as the package depends.
PYTHONPATH=$usr/lib/python3/dist-packages /usr/bin/python3 - "$tables" <<'EOF'
import sys

import numpy as np
import tbreader

assert "/usr/lib/python3/dist-packages/" in tbreader.__file__, tbreader.__file__
tables = tbreader.Tablebase(sys.argv[1])
assert tables.value("score3", "X.O/.X./...") == "0"
# Connect Four on 6x4: O wins on the last ply, whatever the first move (bit 18 + c: row 3).
first = np.array([0] + [1 << (18 + c) for c in range(6)], dtype=np.uint64)
values = tables.game("connect(cols=6,rows=4)").values(first, np.zeros(7, dtype=np.uint64))
assert list(values) == [-1] * 7, values
EOF

# The man pages: gzip, roff with a title, and rendered by man without a warning when man-db is
# there (it is not a dependency of the build; a fresh Debian image has no man).
for page in tbgen tbprobe; do
  file=$usr/share/man/man1/$page.1.gz
  gzip -t "$file" || fail "$page.1.gz is not valid gzip"
  zcat "$file" | grep -q "^\.TH ${page^^} 1 .*\"tbgen $version\"" || fail "$page.1.gz: no .TH with version $version"
  if command -v man >/dev/null; then
    text=$(MANWIDTH=80 man -l --warnings "$file" 2>"$work/man.err")
    [ ! -s "$work/man.err" ] || { cat "$work/man.err"; fail "man -l $page.1.gz warned"; }
    for section in NAME SYNOPSIS DESCRIPTION "EXIT STATUS" ENVIRONMENT FILES EXAMPLES "SEE ALSO"; do
      grep -qx "$section" <<<"$text" || fail "man -l $page.1.gz shows no $section"
    done
  fi
done
echo "deb_package: installed tbgen, tbprobe, C, C++, Python and man pages work from the package"
