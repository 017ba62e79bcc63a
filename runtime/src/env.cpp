//===- env.cpp - parsing the numbers knobs hold ----------------------------===//

#include "env.h"

#include <cstdlib>

namespace tgrt {

// Parses the leading digits of `text` into `value`, leaving `text` after
// them; false when there are none or the value exceeds `max`.
static bool parseDigits(const char *&text, uint64_t max, uint64_t *value) {
  const char *start = text;
  uint64_t result = 0;
  for (; *text >= '0' && *text <= '9'; ++text) {
    uint64_t digit = static_cast<uint64_t>(*text - '0');
    if (digit > max || result > (max - digit) / 10)
      return false;
    result = result * 10 + digit;
  }
  *value = result;
  return text != start;
}

bool parseCount(const char *text, uint64_t max, uint64_t *count) {
  return parseDigits(text, max, count) && *text == '\0';
}

bool parseByteSize(const char *text, uint64_t *bytes) {
  uint64_t number;
  if (!parseDigits(text, UINT64_MAX, &number))
    return false;
  unsigned shift = 0;
  switch (*text) {
  case '\0': break;
  case 'k': case 'K': shift = 10; break;
  case 'm': case 'M': shift = 20; break;
  case 'g': case 'G': shift = 30; break;
  default: return false;
  }
  if (shift && (text[1] != '\0' || number > (UINT64_MAX >> shift)))
    return false;
  *bytes = number << shift;
  return true;
}

} // namespace tgrt
