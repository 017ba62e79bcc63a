# Included by tinygrad-mlir's test/CMakeLists.txt (every examples/*/ctest.cmake
# is): builds this target against an install of the project and runs the
# end-to-end suite on DEV=C.
add_test(NAME c-target.EndToEnd
  COMMAND ${CMAKE_CURRENT_LIST_DIR}/test/build_and_run.sh
    ${PROJECT_SOURCE_DIR} ${PROJECT_BINARY_DIR} ${CMAKE_CXX_COMPILER} ${MLIR_DIR})
set_tests_properties(c-target.EndToEnd PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 1800)
