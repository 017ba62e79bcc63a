# Included by test/CMakeLists.txt (as every examples/*/ctest.cmake is): the
# ahead-of-time examples, as the README runs them. fashion_mnist_aot exports
# the objects and trains the model with the tensor library; then train.c
# trains it again from plain C and classify.c classifies with the trained
# weights, each checked against those numbers. The README's five epochs (as
# the main job) are labelled `full`; CI (scripts/test.sh with CI=true) runs
# the `slice` of one epoch instead (aot.*.OneEpoch).
foreach(scale full slice)
  if(scale STREQUAL "full")
    set(suffix "")
    set(epochs 5)
    set(minimum 91)
  else()
    set(suffix ".OneEpoch")
    set(epochs 1)
    set(minimum 87)
  endif()
  set(aot_directory ${PROJECT_BINARY_DIR}/examples/aot${suffix})
  add_test(NAME aot.Export${suffix}
    COMMAND $<TARGET_FILE:fashion_mnist_aot> --out ${aot_directory} --epochs ${epochs})
  add_test(NAME aot.Classify${suffix}
    COMMAND ${CMAKE_CURRENT_LIST_DIR}/run.sh classify ${aot_directory})
  add_test(NAME aot.Train${suffix}
    COMMAND ${CMAKE_CURRENT_LIST_DIR}/run.sh train ${aot_directory} ${epochs} ${minimum})
  set_tests_properties(aot.Export${suffix} PROPERTIES FIXTURES_SETUP aot_exported${suffix}
    TIMEOUT 2400 LABELS ${scale})
  set_tests_properties(aot.Classify${suffix} aot.Train${suffix} PROPERTIES
    FIXTURES_REQUIRED aot_exported${suffix} TIMEOUT 2400 LABELS ${scale})
endforeach()
