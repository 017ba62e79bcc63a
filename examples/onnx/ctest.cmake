# Included by test/CMakeLists.txt: models made elsewhere. A script exports
# torchvision's resnet18 and mobilenet_v2, a 2-layer TransformerEncoder and a
# small LSTM to ONNX with torch (fixed seeds), with torch's outputs; each
# imported model matches them within 1e-3 (tg-onnx-conformance
# --require-all); then resnet18.onnx becomes an object that classify.c
# classifies with.
set(onnx_models_directory ${PROJECT_BINARY_DIR}/onnx-models)
add_test(NAME onnx.models.Export
  COMMAND /usr/bin/python3 ${PROJECT_SOURCE_DIR}/test/onnx/models/export.py
    ${onnx_models_directory})
add_test(NAME onnx.models.CPU
  COMMAND $<TARGET_FILE:tg-onnx-conformance> ${onnx_models_directory}
    ${onnx_models_directory}/results.tsv --sets=models --require-all)
add_test(NAME onnx.models.Classify
  COMMAND ${CMAKE_CURRENT_LIST_DIR}/run.sh ${onnx_models_directory} $<TARGET_FILE:tg-compile>)
set_tests_properties(onnx.models.Export PROPERTIES FIXTURES_SETUP onnx_models_exported)
set_tests_properties(onnx.models.CPU onnx.models.Classify PROPERTIES
  FIXTURES_REQUIRED onnx_models_exported ENVIRONMENT "DEV=CPU")
