#!/usr/bin/env bash
# Builds the Debian packages with cpack, unpacks them into a scratch root with dpkg-deb -x and
# uses them from there as a machine that installed them would: tbgen and tbprobe, a C program
# against the header and library, a C++ project with find_package(tbreader), the Python module,
# the man pages, the copyright file; tbgen without Open MPI (the base package does not depend on
# it, and --mpi says to install tbgen-mpi), then with tbgen-mpi under mpirun; lintian, where it
# is installed, finds no error. usage: deb_package.sh SRC BUILD
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
# The description names every family of the one list of games.
description=$(dpkg-deb -f "$deb" Description)
for family in $(sed -n 's/^TBGEN_FAMILY(\([a-z0-9_]*\),.*/\1/p' "$src/games/games.def"); do
  grep -qw -- "$family" <<<"$description" || fail "the description does not name $family"
done
# Open MPI is tbgen-mpi's, not the base package's: it installs where Open MPI is not.
if grep -qi -- mpi <<<"$names"; then fail "the base package depends on MPI: $depends"; fi

# Every file where Debian looks for it, owned by root.
dpkg-deb -c "$deb" >"$work/contents"
for path in usr/bin/tbgen usr/bin/tbprobe usr/include/tbreader/tbreader.h \
  usr/include/tbreader/tbreader.hpp usr/lib/cmake/tbreader/tbreaderConfig.cmake \
  usr/share/man/man1/tbgen.1.gz usr/share/man/man1/tbprobe.1.gz \
  usr/share/doc/tbgen/copyright usr/share/doc/tbgen/changelog.gz; do
  grep -q " \./$path\$" "$work/contents" || fail "the package has no /$path"
done
grep -q ' \./usr/lib/python3/dist-packages/tbreader\..*\.so$' "$work/contents" ||
  fail "the package has no Python module in /usr/lib/python3/dist-packages"
if grep -v ' root/root ' "$work/contents"; then fail "files not owned by root"; fi
if grep -i 'mpi' "$work/contents"; then fail "the base package holds MPI files"; fi

root=$work/root
dpkg-deb -x "$deb" "$root"
usr=$root/usr

# The copyright file: Debian's machine-readable format, the MIT licence (Debian's Expat) of
# LICENSE, the tbgen authors.
copyright=$usr/share/doc/tbgen/copyright
head -1 "$copyright" | grep -qx 'Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/' ||
  fail "copyright: not in Debian's machine-readable format"
grep -qx 'Copyright: .*the tbgen authors' "$copyright" || fail "copyright: no holder 'the tbgen authors'"
grep -qx 'License: Expat' "$copyright" || fail "copyright: no Expat (MIT) licence"
grep -q '^ Permission is hereby granted, free of charge' "$copyright" ||
  fail "copyright: no licence text"
grep -q '^Copyright (c) .* the tbgen authors$' "$src/LICENSE" || fail "LICENSE names no holder"

# The commands: tables built by the unpacked tbgen, probed by the unpacked tbprobe.
tables=$work/tables
"$usr/bin/tbgen" build score3 --tables "$tables" >/dev/null
"$usr/bin/tbgen" build 'connect(cols=6,rows=4)' --tables "$tables" >/dev/null
"$usr/bin/tbgen" verify "$tables" >/dev/null
out=$(TBGEN_TABLES=$tables "$usr/bin/tbprobe" score3 'X.O/.X./...')
grep -qx 'value: 0' <<<"$out" || fail "tbprobe printed: $out"
# Without tbgen-mpi, --mpi is bad usage: one line saying what to install.
set +e
"$usr/bin/tbgen" build score3 --tables "$tables" --mpi 2>"$work/mpi.err"
status=$?
set -e
[ $status = 2 ] && [ "$(wc -l <"$work/mpi.err")" = 1 ] && grep -q 'install the package tbgen-mpi' "$work/mpi.err" ||
  fail "tbgen --mpi without tbgen-mpi: exit $status, $(cat "$work/mpi.err")"

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

# tbgen-mpi, where the build found MPI: the plugin, Open MPI as its dependency, and a build
# under mpirun from the two packages unpacked together, byte for byte one process's.
mpi_debs=("$work"/pkg/tbgen-mpi_*.deb)
if [ -f "${mpi_debs[0]}" ]; then
  mpi_deb=${mpi_debs[0]}
  mpi_depends=$(dpkg-deb -f "$mpi_deb" Depends)
  for dep in "tbgen (= $version)" libopenmpi3 openmpi-bin; do
    grep -qF -- "$dep" <<<"$mpi_depends" || fail "tbgen-mpi's Depends lacks $dep: $mpi_depends"
  done
  dpkg-deb -c "$mpi_deb" >"$work/mpi-contents"
  for path in usr/lib/tbgen/libtbgen_mpi.so usr/share/doc/tbgen-mpi/copyright; do
    grep -q " \./$path\$" "$work/mpi-contents" || fail "tbgen-mpi has no /$path"
  done
  dpkg-deb -x "$mpi_deb" "$root"
  member='mnk(cols=4,rows=3,k=3)'
  "$usr/bin/tbgen" build "$member" --tables "$work/single" >/dev/null
  OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1 \
    mpirun -np 2 "$usr/bin/tbgen" build "$member" --tables "$work/np2" --threads 1 --mpi \
    >"$work/mpirun.log" 2>&1 || { cat "$work/mpirun.log"; fail "mpirun -np 2 with tbgen-mpi"; }
  grep -q 'on 2 processes' "$work/mpirun.log" || fail "the build under mpirun was not on 2 processes"
  for f in "$work"/single/*.tb; do
    cmp -s "$f" "$work/np2/$(basename "$f")" || fail "$(basename "$f"): mpirun's differs"
  done
  echo "tbgen-mpi: $(basename "$mpi_deb"), mpirun -np 2 builds from the packages"
fi

# lintian: no error (the warnings left are listed in docs/install.md).
if command -v lintian >/dev/null; then
  lintian "$work"/pkg/*.deb >"$work/lintian.log" 2>&1 || true
  if grep '^E: ' "$work/lintian.log"; then fail "lintian found errors"; fi
  echo "lintian: no errors, $(grep -c '^W: ' "$work/lintian.log") warnings"
else
  echo "lintian: not installed (scripts/setup.sh installs it): not run"
fi
echo "deb_package: installed tbgen, tbprobe, C, C++, Python, man pages, copyright and MPI work from the packages"
