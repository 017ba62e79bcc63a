# Included by test/CMakeLists.txt (as every examples/*/ctest.cmake is):
# torchvision's resnet18 (a fixed seed) saved by torch.save and loaded with
# torch_load; the C++ model's logits and one SGD training step against
# PyTorch's (torch_reference.py writes both, at 64×64 to keep the test short).
set(resnet_directory ${PROJECT_BINARY_DIR}/examples/resnet)
add_test(NAME resnet.Reference
  COMMAND /usr/bin/python3 ${CMAKE_CURRENT_LIST_DIR}/torch_reference.py ${resnet_directory})
add_test(NAME resnet.MatchesTorch COMMAND $<TARGET_FILE:resnet> --check ${resnet_directory})
set_tests_properties(resnet.Reference PROPERTIES FIXTURES_SETUP resnet_reference)
set_tests_properties(resnet.MatchesTorch PROPERTIES FIXTURES_REQUIRED resnet_reference TIMEOUT 1200)
