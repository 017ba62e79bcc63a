# What `cmake --install` puts where, in three components that are also the
# Debian packages CPack makes (docs/sdk.md):
#   runtime  the shared libraries (libtgrt and its plug-ins, libtg,
#            libtgtensor, libtgcompiler), with versioned sonames
#   dev      the headers (include/tg/, include/tgrt/), the namelinks, the
#            CMake package TinygradMLIR and the pkg-config files
#   tools    tg-opt, tg-run, tg-compile, tg-import-onnx and tg-cache
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(TG_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/TinygradMLIR)
set(TG_TOOLS tg-opt tg-run tg-compile tg-import-onnx tg-cache)

# Installed, a tool finds the libraries beside it and MLIR's where Debian
# keeps them.
set_target_properties(${TG_TOOLS} PROPERTIES
  INSTALL_RPATH "\$ORIGIN/../${CMAKE_INSTALL_LIBDIR};${LLVM_LIBRARY_DIR}")
set_target_properties(tg PROPERTIES INSTALL_RPATH "\$ORIGIN;${LLVM_LIBRARY_DIR}")

install(TARGETS tgrt tg tgcompiler tgtensor EXPORT TinygradMLIRTargets
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT runtime NAMELINK_COMPONENT dev)
install(TARGETS ${TG_TOOLS} RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT tools)

# The headers: the sources' and the generated ones (ODS, tg_ops.h).
foreach(root ${PROJECT_SOURCE_DIR}/include/tg ${PROJECT_BINARY_DIR}/include/tg)
  install(DIRECTORY ${root} DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} COMPONENT dev
    FILES_MATCHING PATTERN "*.h" PATTERN "*.h.inc" PATTERN "*.td"
    PATTERN "CMakeFiles" EXCLUDE)
endforeach()

install(EXPORT TinygradMLIRTargets NAMESPACE TinygradMLIR:: DESTINATION ${TG_INSTALL_CMAKEDIR}
  COMPONENT dev)
configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/TinygradMLIRConfig.cmake.in
  ${PROJECT_BINARY_DIR}/cmake/TinygradMLIRConfig.cmake INSTALL_DESTINATION ${TG_INSTALL_CMAKEDIR})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/cmake/TinygradMLIRConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/cmake/TinygradMLIRConfig.cmake
  ${PROJECT_BINARY_DIR}/cmake/TinygradMLIRConfigVersion.cmake
  DESTINATION ${TG_INSTALL_CMAKEDIR} COMPONENT dev)

# pkg-config files that find the prefix from where they are, so that an
# install into any prefix (cmake --install --prefix) is right.
file(RELATIVE_PATH TG_PC_TO_PREFIX /${CMAKE_INSTALL_LIBDIR}/pkgconfig /)
foreach(pc tgrt tg)
  configure_file(${CMAKE_CURRENT_LIST_DIR}/${pc}.pc.in ${PROJECT_BINARY_DIR}/pkgconfig/${pc}.pc @ONLY)
  install(FILES ${PROJECT_BINARY_DIR}/pkgconfig/${pc}.pc
    DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig COMPONENT dev)
endforeach()

# Debian packages: tinygrad-mlir-runtime, -dev and -tools (cpack -G DEB).
set(CPACK_PACKAGE_NAME tinygrad-mlir)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(TG_PACKAGE_CONTACT "tinygrad-mlir developers <tinygrad-mlir@example.org>" CACHE STRING
  "The Maintainer of the Debian packages")
set(CPACK_PACKAGE_CONTACT "${TG_PACKAGE_CONTACT}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "tinygrad's compiler stack on MLIR")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_GENERATOR DEB)
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_COMPONENTS_ALL runtime dev tools)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# A shlibs file and the ldconfig trigger for the libraries.
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS ON)
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS_POLICY "=")
set(CPACK_DEBIAN_RUNTIME_PACKAGE_CONTROL_EXTRA ${CMAKE_CURRENT_LIST_DIR}/debian/triggers)
# dpkg-shlibdeps finds the project's own libraries in the build.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS_PRIVATE_DIRS ${PROJECT_BINARY_DIR}/lib)
set(CPACK_DEBIAN_RUNTIME_DESCRIPTION "tinygrad-mlir's shared libraries
 The runtime (libtgrt) and its backend plug-ins, the tensor library's C ABI
 (libtg), the tensor library (libtgtensor) and the compiler (libtgcompiler).")
set(CPACK_DEBIAN_DEV_DESCRIPTION "tinygrad-mlir's headers, CMake package and pkg-config files
 For building against tinygrad-mlir: find_package(TinygradMLIR CONFIG), or
 pkg-config tgrt and tg.")
set(CPACK_DEBIAN_TOOLS_DESCRIPTION "tinygrad-mlir's command-line tools
 tg-opt (passes), tg-run (runs IR and models), tg-compile (models to object
 files), tg-import-onnx and tg-cache.")
set(tg_runtime_depends "tinygrad-mlir-runtime (= ${PROJECT_VERSION})")
set(CPACK_DEBIAN_DEV_PACKAGE_DEPENDS "${tg_runtime_depends}")
set(CPACK_DEBIAN_TOOLS_PACKAGE_DEPENDS "${tg_runtime_depends}")

# What Debian asks of every package: its copyright and changelog, and the
# lintian overrides (each with its reason) of the ones with a RUNPATH.
set(tg_debian ${PROJECT_BINARY_DIR}/debian)
configure_file(${CMAKE_CURRENT_LIST_DIR}/debian/changelog.in ${tg_debian}/changelog @ONLY)
execute_process(COMMAND gzip -n -9 -c ${tg_debian}/changelog OUTPUT_FILE ${tg_debian}/changelog.gz)
foreach(component runtime dev tools)
  set(doc ${CMAKE_INSTALL_DATAROOTDIR}/doc/tinygrad-mlir-${component})
  install(FILES ${CMAKE_CURRENT_LIST_DIR}/debian/copyright ${tg_debian}/changelog.gz
    DESTINATION ${doc} COMPONENT ${component})
  if(NOT component STREQUAL "dev")
    configure_file(${CMAKE_CURRENT_LIST_DIR}/debian/lintian-overrides.in
      ${tg_debian}/tinygrad-mlir-${component} @ONLY)
    install(FILES ${tg_debian}/tinygrad-mlir-${component}
      DESTINATION ${CMAKE_INSTALL_DATAROOTDIR}/lintian/overrides COMPONENT ${component})
  endif()
endforeach()
include(CPack)
