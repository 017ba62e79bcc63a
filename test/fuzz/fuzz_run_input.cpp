// libFuzzer: tg-run's --input text. The first byte picks the dtype, the rest
// is the list: split into elements and each parsed for the dtype, as tg-run
// fills an argument. Every element is a value or a sentence saying why not.
#include "InputText.h"

#include "tg_executable.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size == 0)
    return 0;
  uint32_t dtype = TG_DTYPE_BOOL + data[0] % (TG_DTYPE_FLOAT64 - TG_DTYPE_BOOL + 1);
  tgrun::TextSource source(llvm::StringRef(reinterpret_cast<const char *>(data) + 1, size - 1));
  tgrun::ElementLexer lexer(source);
  std::string element;
  char value[8];
  while (lexer.next(element)) {
    std::string problem = tgrun::parseElement(dtype, element, value);
    if (!problem.empty())
      (void)tgrun::quoted(element);
  }
  return 0;
}
