# Included by test/CMakeLists.txt (as every examples/*/ctest.cmake is): the
# GPT's logits against PyTorch's on the same weights (torch_reference.py, from
# the whole sequence and through the generator's key/value cache), and a
# short training run whose validation loss must fall below 2.7 in 200 steps
# (the README's run states the longer one's figures), then generates text.
set(gpt_directory ${PROJECT_BINARY_DIR}/examples/gpt)
add_test(NAME gpt.MatchesTorch
  COMMAND ${CMAKE_CURRENT_LIST_DIR}/check_torch.sh $<TARGET_FILE:gpt> ${gpt_directory})
add_test(NAME gpt.Trains
  COMMAND $<TARGET_FILE:gpt> --steps 200 --eval-every 100 --batch-size 16 --target-loss 2.7
          --generate 60 --save ${gpt_directory}/gpt-200.safetensors)
set_tests_properties(gpt.MatchesTorch gpt.Trains PROPERTIES TIMEOUT 900)
