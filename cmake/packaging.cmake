# The Debian packages (docs/install.md): `cpack -G DEB` in the build directory makes, from
# what `cmake --install` installs under /usr,
# - tbgen_<version>_<arch>.deb (the install component tbgen): tbgen and tbprobe, their man
#   pages, the reader library with its headers and CMake config, the Python module where
#   Debian's python3 finds it (python/CMakeLists.txt), the copyright file; no Open MPI;
# - tbgen-mpi_<version>_<arch>.deb (the component mpi, when CMake found MPI): the plugin that
#   `tbgen build GAME --mpi` loads (generator/CMakeLists.txt), with Open MPI as its dependency.
set(CPACK_PACKAGE_NAME tbgen)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT
    "tbgen maintainers <maintainers@users.noreply.a-seed-093782fe.example>"
    CACHE STRING "Maintainer of the Debian package")
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_COMPONENTS_ALL tbgen)
set(CPACK_DEBIAN_TBGEN_PACKAGE_NAME tbgen)
# Each package's description: the summary line, then the extended description, which CPack
# indents, marking the empty line (no CPACK_PACKAGE_DESCRIPTION_SUMMARY: CPack would put that
# one line above both). The families are those of games/games.def.
include(GNUInstallDirs)
set(CPACK_DEBIAN_TBGEN_DESCRIPTION
    "exact tablebases for small board games
tbgen builds tablebases of small board games by retrograde analysis into
compressed, checksummed table files: five tic-tac-toe variants, and the members
of ten families, named by game strings: mnk (k in a row), lines (every line
scored), connect (Connect Four and Connect-k), hex, slide (Teeko and other
place-then-move games), domineering and cram (game values of combinatorial game
theory), morris (Six, Nine and Twelve Men's Morris), quixo (3x3, 4x4, 5x5) and
dobutsu (Dobutsu shogi, with captures and drops). tbprobe answers any
position from the tables in O(1), in text or JSON, in each game's contest
format, or over HTTP with an explorer page.

Also the tbreader library (C and C++ headers, CMake package tbreader) and the
Python module tbreader, which read the tables. Distributed builds under mpirun
need the package tbgen-mpi.")
if(TARGET tbgen_mpi)
  list(APPEND CPACK_COMPONENTS_ALL mpi)
  set(CPACK_DEBIAN_MPI_PACKAGE_NAME tbgen-mpi)
  set(CPACK_DEBIAN_MPI_DESCRIPTION
      "distributed builds for tbgen, over Open MPI
The plugin (libtbgen_mpi.so) with which `tbgen build GAME --mpi`, run under
Open MPI's mpirun, spreads a build over many processes, on one machine or on
many that share the table directory. tbgen loads it only for --mpi, so that
the package tbgen itself needs no Open MPI.")
  # The plugin's libraries (libopenmpi3) come from dpkg-shlibdeps; mpirun from openmpi-bin.
  set(CPACK_DEBIAN_MPI_PACKAGE_DEPENDS "tbgen (= ${PROJECT_VERSION}), openmpi-bin")
endif()
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)  # tbgen_1.0.0_amd64.deb, as Debian names it
# Not games: Debian keeps that section for programs one plays, installed in /usr/games.
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
# The shared libraries the binaries link (libzstd1, the C++ runtime; the plugin's libopenmpi3),
# with the versions they need, from dpkg-shlibdeps (dpkg-dev) rather than a list that drifts
# from the build. xxHash is header-only here: nothing links libxxhash0.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# The Python module is built for one Python version's ABI (python/CMakeLists.txt); NumPy is
# what its numeric probing takes and returns.
if(TBREADER_PYTHON_VERSION)
  string(REGEX MATCH "^[0-9]+" python_major ${TBREADER_PYTHON_VERSION})
  string(REGEX MATCH "[0-9]+$" python_minor ${TBREADER_PYTHON_VERSION})
  math(EXPR python_next "${python_minor} + 1")
  set(CPACK_DEBIAN_TBGEN_PACKAGE_DEPENDS "python3 (>= ${TBREADER_PYTHON_VERSION}~), \
python3 (<< ${python_major}.${python_next}), python3-numpy")
endif()
# The library is static: a program built against it also links zstd (find_package(tbreader)
# asks for zstd's CMake package).
set(CPACK_DEBIAN_TBGEN_PACKAGE_SUGGESTS "libzstd-dev, cmake, g++, tbgen-mpi")
set(CPACK_STRIP_FILES ON)

# The copyright file, in Debian's machine-readable format, from LICENSE (MIT, which Debian
# calls Expat), in each package's /usr/share/doc/PACKAGE.
file(READ ${PROJECT_SOURCE_DIR}/LICENSE license)
string(REGEX MATCH "Copyright \\(c\\) ([^\n]*)" _ "${license}")
set(copyright_holders "${CMAKE_MATCH_1}")
string(FIND "${license}" "Permission is hereby granted" at)
string(SUBSTRING "${license}" ${at} -1 license_text)
string(STRIP "${license_text}" license_text)
string(REPLACE "\n\n" "\n.\n" license_text "${license_text}")
string(REPLACE "\n" "\n " license_text "${license_text}")
file(WRITE ${CMAKE_BINARY_DIR}/debian/copyright
"Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: tbgen
Upstream-Contact: ${CPACK_PACKAGE_CONTACT}
Comment: The programs also hold code of header-only libraries, compiled in:
 CLI11 (BSD-3-clause, University of Cincinnati), cpp-httplib (Expat, Yuji
 Hirose), nlohmann-json (Expat, Niels Lohmann) and xxHash (BSD-2-clause, Yann
 Collet); the Python module, pybind11's (BSD-3-clause, Wenzel Jakob).

Files: *
Copyright: ${copyright_holders}
License: Expat

License: Expat
 ${license_text}
")
# A native package's changelog (Debian's format, compressed as Debian installs it): the
# release, dated by SOURCE_DATE_EPOCH when set, so that a rebuild writes the same bytes. The
# project's history is its git log.
string(TIMESTAMP changelog_date "%a, %d %b %Y %H:%M:%S +0000" UTC)
file(WRITE ${CMAKE_BINARY_DIR}/debian/changelog
"tbgen (${PROJECT_VERSION}) unstable; urgency=medium

  * Release ${PROJECT_VERSION}.

 -- ${CPACK_PACKAGE_CONTACT}  ${changelog_date}
")
find_program(GZIP_EXECUTABLE gzip REQUIRED)
execute_process(COMMAND ${GZIP_EXECUTABLE} -9nf ${CMAKE_BINARY_DIR}/debian/changelog
                COMMAND_ERROR_IS_FATAL ANY)
set(package_docs ${CMAKE_BINARY_DIR}/debian/copyright ${CMAKE_BINARY_DIR}/debian/changelog.gz)
install(FILES ${package_docs} DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/tbgen COMPONENT tbgen)
if(TARGET tbgen_mpi)
  install(FILES ${package_docs} DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/tbgen-mpi COMPONENT mpi)
endif()

set(CPACK_GENERATOR DEB)
include(CPack)
