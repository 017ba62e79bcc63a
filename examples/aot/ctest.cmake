# Included by test/CMakeLists.txt (as every examples/*/ctest.cmake is): the
# ahead-of-time examples, as the README runs them. fashion_mnist_aot exports
# the objects and trains the model with the tensor library (5 epochs, as the
# main job); then train.c trains it again from plain C and classify.c
# classifies with the trained weights, each checked against those numbers.
set(aot_directory ${PROJECT_BINARY_DIR}/examples/aot)
add_test(NAME aot.Export
  COMMAND $<TARGET_FILE:fashion_mnist_aot> --out ${aot_directory} --epochs 5)
add_test(NAME aot.Classify COMMAND ${CMAKE_CURRENT_LIST_DIR}/run.sh classify ${aot_directory})
add_test(NAME aot.Train COMMAND ${CMAKE_CURRENT_LIST_DIR}/run.sh train ${aot_directory} 5 91)
set_tests_properties(aot.Export PROPERTIES FIXTURES_SETUP aot_exported TIMEOUT 2400)
set_tests_properties(aot.Classify aot.Train PROPERTIES FIXTURES_REQUIRED aot_exported TIMEOUT 2400)
