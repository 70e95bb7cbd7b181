# The Debian package (docs/install.md): `cpack -G DEB` in the build directory makes
# tbgen_<version>_<arch>.deb from what `cmake --install` installs, under /usr: tbgen and
# tbprobe, their man pages, the reader library with its headers and CMake config, and the
# Python module where Debian's python3 finds it (python/CMakeLists.txt).
set(CPACK_PACKAGE_NAME tbgen)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT
    "tbgen maintainers <maintainers@users.noreply.a-seed-093782fe.example>"
    CACHE STRING "Maintainer of the Debian package")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "exact tablebases for small board games")
# The extended description, under the summary line: CPack indents it and marks the empty line.
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION
    "tbgen builds tablebases of small board games (tic-tac-toe variants, Connect-k,
Hex, k in a row, sliding games, domineering) by retrograde analysis into compressed,
checksummed table files; tbprobe answers any position from them in O(1), in text or
JSON, in each game's contest format, or over HTTP with an explorer page.

Also the tbreader library (C and C++ headers, CMake package tbreader) and the
Python module tbreader, which read the tables.")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)  # tbgen_1.0.0_amd64.deb, as Debian names it
set(CPACK_DEBIAN_PACKAGE_SECTION games)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
# The shared libraries the binaries link (libzstd1, libopenmpi3 when MPI was found, the C++
# runtime), with the versions they need, from dpkg-shlibdeps (dpkg-dev) rather than a list
# that drifts from the build. xxHash is header-only here: nothing links libxxhash0.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# The Python module is built for one Python version's ABI (python/CMakeLists.txt); NumPy is
# what its numeric probing takes and returns.
if(TBREADER_PYTHON_VERSION)
  string(REGEX MATCH "^[0-9]+" python_major ${TBREADER_PYTHON_VERSION})
  string(REGEX MATCH "[0-9]+$" python_minor ${TBREADER_PYTHON_VERSION})
  math(EXPR python_next "${python_minor} + 1")
  set(CPACK_DEBIAN_PACKAGE_DEPENDS "python3 (>= ${TBREADER_PYTHON_VERSION}~), \
python3 (<< ${python_major}.${python_next}), python3-numpy")
endif()
# The library is static: a program built against it also links zstd (find_package(tbreader)
# asks for zstd's CMake package).
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "libzstd-dev, cmake, g++")
set(CPACK_STRIP_FILES ON)
set(CPACK_GENERATOR DEB)
include(CPack)
