//===- Resample.cpp - index notation and resampling ------------------------===//
//
// tinygrad's einsum, rearrange and interpolate: formulas parsed on the host
// into movement ops, a broadcast product and a sum; resampling as gathers
// at positions computed from aranges, so gradients flow through the
// primitives.
//
//===----------------------------------------------------------------------===//

#include "TensorOps.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <numeric>
#include <sstream>

namespace tg {

namespace {

[[noreturn]] void fail(const char *op, const std::string &why) {
  throw Error(std::string("tg::Tensor::") + op + ": " + why);
}

/// `s` cut at each occurrence of `sep`.
std::vector<std::string> splitText(const std::string &s, const std::string &sep) {
  std::vector<std::string> parts;
  size_t begin = 0;
  for (size_t at; (at = s.find(sep, begin)) != std::string::npos; begin = at + sep.size())
    parts.push_back(s.substr(begin, at - begin));
  parts.push_back(s.substr(begin));
  return parts;
}

//===----------------------------------------------------------------------===//
// einsum
//===----------------------------------------------------------------------===//

/// The letters of `text` used exactly once, sorted, except those in `skip`.
std::string lettersUsedOnce(const std::string &text, const std::string &skip = "") {
  std::string once;
  for (char c : text)
    if (std::isalpha(static_cast<unsigned char>(c)) &&
        std::count(text.begin(), text.end(), c) == 1 && skip.find(c) == std::string::npos)
      once += c;
  std::sort(once.begin(), once.end());
  return once;
}

/// The letters, a-z then A-Z, that `formula` does not use.
std::string unusedLetters(const std::string &formula) {
  std::string free;
  for (char c = 'a'; c <= 'z'; ++c)
    free += c;
  for (char c = 'A'; c <= 'Z'; ++c)
    free += c;
  free.erase(std::remove_if(free.begin(), free.end(),
                            [&](char c) { return formula.find(c) != std::string::npos; }),
             free.end());
  return free;
}

/// An einsum formula split into its operands' letters and the output's.
struct EinsumSpec {
  std::vector<std::string> inputs;
  std::string output;
};

/// tinygrad's ellipsis expansion: each "..." becomes letters the formula
/// does not use, aligned on the right across operands; the output,
/// explicit or implicit, gets all of them first.
EinsumSpec parseEinsum(std::string formula, const std::vector<Tensor> &xs) {
  formula.erase(std::remove(formula.begin(), formula.end(), ' '), formula.end());
  std::vector<std::string> sides = splitText(formula, "->");
  if (sides.size() > 2)
    fail("einsum", "more than one \"->\" in \"" + formula + "\"");
  EinsumSpec spec{splitText(sides[0], ","), ""};
  if (spec.inputs.size() != xs.size())
    fail("einsum", "\"" + formula + "\" has " + std::to_string(spec.inputs.size()) +
                       " operands, not " + std::to_string(xs.size()));
  std::string free = unusedLetters(formula);
  std::vector<int64_t> counts(xs.size(), 0);
  for (size_t i = 0; i < xs.size(); ++i)
    if (spec.inputs[i].find("...") != std::string::npos)
      counts[i] = std::max<int64_t>(0, xs[i].ndim() - int64_t(spec.inputs[i].size()) + 3);
  int64_t most = counts.empty() ? 0 : *std::max_element(counts.begin(), counts.end());
  std::string ellipsis = free.substr(0, most);
  for (size_t i = 0; i < xs.size(); ++i)
    if (size_t at = spec.inputs[i].find("..."); at != std::string::npos)
      spec.inputs[i].replace(at, 3, ellipsis.substr(most - counts[i]));
  std::string lhs;
  for (const std::string &s : spec.inputs)
    lhs += s;
  if (sides.size() == 1)
    spec.output = ellipsis + lettersUsedOnce(lhs, ellipsis);
  else
    spec.output = sides[1];
  if (size_t at = spec.output.find("..."); at != std::string::npos)
    spec.output.replace(at, 3, ellipsis);
  return spec;
}

/// The first letter of `s` used twice, if any.
std::optional<size_t> firstRepeated(const std::string &s) {
  for (size_t j = 0; j < s.size(); ++j)
    if (s.find(s[j], j + 1) != std::string::npos)
      return j;
  return std::nullopt;
}

/// `x` with letters `s` reduced to one axis per letter: each repeated
/// letter's two axes replaced by their diagonal, as the last axis.
Tensor takeDiagonals(Tensor x, std::string &s) {
  while (std::optional<size_t> j = firstRepeated(s)) {
    char c = s[*j];
    size_t k = s.find(c, *j + 1);
    if (x.shape(*j) != x.shape(k))
      fail("einsum", std::string("letter ") + c + " has sizes " + std::to_string(x.shape(*j)) +
                         " and " + std::to_string(x.shape(k)) + " in one operand");
    x = x.diagonal(0, int64_t(*j), int64_t(k));
    s.erase(k, 1);
    s.erase(*j, 1);
    s += c;
  }
  return x;
}

void checkLetters(const std::string &s, const char *what) {
  for (char c : s)
    if (!std::isalpha(static_cast<unsigned char>(c)))
      fail("einsum", std::string("'") + c + "' in " + what + " \"" + s + "\" is not a letter");
}

/// Each letter's size, after checking the operands against their letters
/// and taking their diagonals (which changes `xs` and `spec.inputs`).
std::map<char, int64_t> letterSizes(std::vector<Tensor> &xs, EinsumSpec &spec) {
  std::map<char, int64_t> sizes;
  for (size_t i = 0; i < xs.size(); ++i) {
    std::string &s = spec.inputs[i];
    checkLetters(s, "operand");
    if (int64_t(s.size()) != xs[i].ndim())
      fail("einsum", "operand \"" + s + "\" names " + std::to_string(s.size()) + " dims of " +
                         shapeText(xs[i].shape()));
    xs[i] = takeDiagonals(xs[i], s);
    for (size_t j = 0; j < s.size(); ++j) {
      auto [at, added] = sizes.emplace(s[j], xs[i].shape(j));
      if (!added && at->second != xs[i].shape(j))
        fail("einsum", std::string("letter ") + s[j] + " has sizes " +
                           std::to_string(at->second) + " and " + std::to_string(xs[i].shape(j)));
    }
  }
  checkLetters(spec.output, "output");
  for (char c : spec.output)
    if (!sizes.count(c) || std::count(spec.output.begin(), spec.output.end(), c) > 1)
      fail("einsum", "output \"" + spec.output + "\" repeats " + c + " or names no operand's");
  return sizes;
}

/// The product of the operands, each with its axes in alphabetical order
/// and size 1 for the letters it lacks, so that it broadcasts over all
/// letters (an "and" for bools).
Tensor alignedProduct(const std::vector<Tensor> &xs, const EinsumSpec &spec,
                      const std::map<char, int64_t> &sizes) {
  Tensor product;
  for (size_t i = 0; i < xs.size(); ++i) {
    const std::string &s = spec.inputs[i];
    std::vector<int64_t> order(s.size());
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [&](int64_t a, int64_t b) { return s[a] < s[b]; });
    Shape aligned;
    for (auto [c, size] : sizes)
      aligned.push_back(s.find(c) == std::string::npos ? 1 : size);
    Tensor x = xs[i].permute(order).reshape(aligned);
    if (!product.defined())
      product = x;
    else
      product = product.dtype() == DType::Bool ? product.bitwise_and(x) : product.mul(x);
  }
  return product;
}

} // namespace

Tensor Tensor::einsum(const std::string &formula, const std::vector<Tensor> &operands,
                      std::optional<DType> dtype) {
  std::vector<Tensor> xs = operands;
  for (const Tensor &x : xs)
    x.requireDefined("einsum");
  EinsumSpec spec = parseEinsum(formula, xs);
  std::map<char, int64_t> sizes = letterSizes(xs, spec);
  Tensor product = alignedProduct(xs, spec, sizes);
  std::vector<int64_t> summed;
  int64_t axis = 0;
  for (auto [c, size] : sizes) {
    if (spec.output.find(c) == std::string::npos)
      summed.push_back(axis);
    ++axis;
  }
  Tensor total = dtype ? sumIn(product, Axes(summed), false, *dtype) : product.sum(Axes(summed));
  // The kept letters are in alphabetical order; the output lists its own.
  std::string sortedOutput = spec.output;
  std::sort(sortedOutput.begin(), sortedOutput.end());
  std::vector<int64_t> order;
  for (char c : spec.output)
    order.push_back(int64_t(sortedOutput.find(c)));
  return total.permute(order);
}

//===----------------------------------------------------------------------===//
// rearrange
//===----------------------------------------------------------------------===//

namespace {

/// One side of a rearrange formula: its names in order, and its groups as
/// [begin, end) ranges of them (an empty one for "1").
struct Side {
  std::vector<std::string> names;
  std::vector<std::pair<size_t, size_t>> groups;
};

Side parseSide(const std::string &text) {
  Side side;
  std::optional<size_t> open;
  auto openGroup = [&] {
    if (open)
      fail("rearrange", "nested parentheses in \"" + text + "\"");
    open = side.names.size();
  };
  auto closeGroup = [&] {
    if (!open)
      fail("rearrange", "unbalanced parentheses in \"" + text + "\"");
    side.groups.push_back({*open, side.names.size()});
    open.reset();
  };
  std::string spaced;
  for (char c : text)
    spaced += c == '(' || c == ')' ? std::string(" ") + c + " " : std::string(1, c);
  for (size_t at; (at = spaced.find("…")) != std::string::npos;)
    spaced.replace(at, std::string("…").size(), "...");
  std::istringstream tokens(spaced);
  for (std::string token; tokens >> token;) {
    if (token == "(") {
      openGroup();
    } else if (token == ")") {
      closeGroup();
    } else if (token == "1") {
      openGroup();
      closeGroup();
    } else {
      side.names.push_back(token);
    }
  }
  if (open)
    fail("rearrange", "unbalanced parentheses in \"" + text + "\"");
  return side;
}

bool validName(const std::string &name) {
  if (name == "...")
    return true;
  if (name.empty() || std::isdigit(static_cast<unsigned char>(name[0])) || name.front() == '_' ||
      name.back() == '_')
    return false;
  return std::all_of(name.begin(), name.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
  });
}

/// The checks tinygrad asserts: the same names on both sides, once each,
/// valid, and at most one "...", not inside a group on the left.
void checkSides(const std::string &formula, const Side &lhs, const Side &rhs) {
  std::vector<std::string> a = lhs.names, b = rhs.names;
  std::sort(a.begin(), a.end());
  std::sort(b.begin(), b.end());
  if (a != b || std::adjacent_find(a.begin(), a.end()) != a.end())
    fail("rearrange", "the two sides of \"" + formula + "\" must name the same axes, once each");
  for (const std::string &name : a)
    if (!validName(name))
      fail("rearrange", "invalid axis name \"" + name + "\" in \"" + formula + "\"");
  for (auto [begin, end] : lhs.groups)
    for (size_t i = begin; i < end; ++i)
      if (lhs.names[i] == "...")
        fail("rearrange", "\"...\" inside a group on the left of \"" + formula + "\"");
}

/// "..." replaced by `count` names ("...0", "...1", ...), the groups after
/// it moved along.
void expandEllipsis(Side &side, int64_t count) {
  auto at = std::find(side.names.begin(), side.names.end(), "...");
  if (at == side.names.end())
    return;
  size_t index = at - side.names.begin();
  std::vector<std::string> names;
  for (int64_t i = 0; i < count; ++i)
    names.push_back("..." + std::to_string(i));
  side.names.erase(at);
  side.names.insert(side.names.begin() + index, names.begin(), names.end());
  for (auto &[begin, end] : side.groups) {
    if (begin > index)
      begin += count - 1;
    if (end > index)
      end += count - 1;
  }
}

} // namespace

Tensor Tensor::rearrange(const std::string &formula,
                         const std::vector<std::pair<std::string, int64_t>> &sizes) const {
  requireDefined("rearrange");
  std::vector<std::string> sides = splitText(formula, "->");
  if (sides.size() != 2)
    fail("rearrange", "\"" + formula + "\" needs exactly one \"->\"");
  Side lhs = parseSide(sides[0]), rhs = parseSide(sides[1]);
  checkSides(formula, lhs, rhs);
  std::map<std::string, int64_t> given(sizes.begin(), sizes.end());
  for (auto &[name, size] : given)
    if (std::find(lhs.names.begin(), lhs.names.end(), name) == lhs.names.end())
      fail("rearrange", "axis " + name + " is not in \"" + formula + "\"");
  // The left side's dims: a group is one, "..." the ones left over.
  int64_t named = int64_t(lhs.names.size());
  for (auto [begin, end] : lhs.groups)
    named -= int64_t(end - begin) - 1;
  bool ellipsis = std::count(lhs.names.begin(), lhs.names.end(), "...") > 0;
  int64_t leftover = ndim() - (named - ellipsis);
  if (ellipsis ? leftover < 0 : leftover != 0)
    fail("rearrange", "\"" + sides[0] + "\" does not name the dims of " + shapeText(shape()));
  expandEllipsis(lhs, leftover);
  expandEllipsis(rhs, leftover);
  // Ungroup the left side, permute to the right's order, group it.
  Tensor t = *this;
  for (auto [begin, end] : lhs.groups) {
    Shape parts;
    int64_t missing = 0, known = 1, size = t.shape(int64_t(begin));
    for (size_t i = begin; i < end; ++i) {
      parts.push_back(given.count(lhs.names[i]) ? given[lhs.names[i]] : -1);
      if (parts.back() == -1)
        ++missing;
      else
        known *= parts.back();
    }
    if (missing > 1 || (missing ? known == 0 || size % known : known != size))
      fail("rearrange", "an axis of size " + std::to_string(size) + " does not split into " +
                            shapeText(parts) + " in \"" + sides[0] + "\"");
    t = t.unflatten(int64_t(begin), parts);
  }
  for (size_t i = 0; i < lhs.names.size(); ++i)
    if (given.count(lhs.names[i]) && given[lhs.names[i]] != t.shape(i))
      fail("rearrange", "axis " + lhs.names[i] + " has size " + std::to_string(t.shape(i)) +
                            ", not " + std::to_string(given[lhs.names[i]]));
  std::vector<int64_t> order;
  for (const std::string &name : rhs.names)
    order.push_back(std::find(lhs.names.begin(), lhs.names.end(), name) - lhs.names.begin());
  t = t.permute(order);
  for (auto group = rhs.groups.rbegin(); group != rhs.groups.rend(); ++group)
    t = group->first < group->second
            ? t.flatten(int64_t(group->first), int64_t(group->second) - 1)
            : t.unsqueeze(int64_t(group->first));
  return t;
}

//===----------------------------------------------------------------------===//
// interpolate
//===----------------------------------------------------------------------===//

namespace {

/// Where `out` samples of an axis of `in` read it: sample i at num[i] / den
/// (num an int32 arange expression, exact where floats would round).
struct Positions {
  Tensor num;
  int64_t den;
};

/// align_corners: i · (in − 1)/(out − 1); otherwise pixel centers,
/// (i + ½) · in/out − ½.
Positions sourcePositions(int64_t in, int64_t out, bool alignCorners) {
  Tensor i = Tensor::arange(double(out));
  if (alignCorners)
    return {i.mul(double(in - 1)), std::max<int64_t>(out - 1, 1)};
  return {i.mul(2.0).add(1.0).mul(double(in)).sub(double(out)), 2 * out};
}

/// The elements of x at `index` (a 1-d index into axis `axis`) along that
/// axis.
Tensor gatherAlong(const Tensor &x, int64_t axis, const Tensor &index) {
  Shape column(x.ndim(), 1), shape = x.shape();
  column[axis] = shape[axis] = index.numel();
  return x.gather(axis, index.reshape(column).expand(shape));
}

/// A 1-d weight per sample, shaped to broadcast along `axis` of x.
Tensor alongAxis(const Tensor &w, const Tensor &x, int64_t axis) {
  Shape column(x.ndim(), 1);
  column[axis] = w.numel();
  return w.reshape(column);
}

/// tinygrad's linear mode: the two neighbours of each clipped position,
/// mixed by its fraction (in float32, as tinygrad's).
Tensor linearAxis(const Tensor &x, int64_t axis, int64_t out, bool alignCorners) {
  int64_t in = x.shape(axis);
  auto [num, den] = sourcePositions(in, out, alignCorners);
  num = num.clip(0, double((in - 1) * den));
  Tensor low = num.div(double(den), Rounding::Floor);
  Tensor high = num.add(double(den - 1)).div(double(den), Rounding::Floor);
  Tensor frac = num.sub(low.mul(double(den))).cast(DType::Float32).div(double(den));
  Tensor a = gatherAlong(x, axis, low), b = gatherAlong(x, axis, high);
  return a.add(b.sub(a).mul(alongAxis(frac, a, axis)));
}

/// PyTorch's bicubic along one axis: four neighbours (clamped to the axis)
/// weighted by the cubic convolution kernel with A = -0.75.
Tensor cubicAxis(const Tensor &x, int64_t axis, int64_t out, bool alignCorners) {
  int64_t in = x.shape(axis);
  auto [num, den] = sourcePositions(in, out, alignCorners);
  Tensor first = num.div(double(den), Rounding::Floor);
  Tensor t = num.sub(first.mul(double(den))).cast(DType::Float32).div(double(den));
  constexpr double A = -0.75;
  // Within one sample of the position, and between one and two.
  auto near = [](const Tensor &d) { return ((A + 2) * d - (A + 3)) * d * d + 1; };
  auto far = [](const Tensor &d) { return ((A * d - 5 * A) * d + 8 * A) * d - 4 * A; };
  Tensor weights[] = {far(t + 1), near(t), near(1 - t), far(2 - t)};
  Tensor sum;
  for (int64_t k = 0; k < 4; ++k) {
    Tensor index = first.add(double(k - 1)).clip(0, double(in - 1));
    Tensor term = gatherAlong(x, axis, index);
    term = term.mul(alongAxis(weights[k], term, axis));
    sum = sum.defined() ? sum.add(term) : term;
  }
  return sum;
}

/// "nearest": floor(i · in/out); "nearest-exact": floor((i + ½) · in/out).
Tensor nearestAxis(const Tensor &x, int64_t axis, int64_t out, bool exact) {
  int64_t in = x.shape(axis);
  Tensor i = Tensor::arange(double(out));
  Tensor index = exact ? i.mul(2.0).add(1.0).mul(double(in)).div(double(2 * out), Rounding::Floor)
                       : i.mul(double(in)).div(double(out), Rounding::Floor);
  return gatherAlong(x, axis, index);
}

} // namespace

Tensor Tensor::interpolate(Shape size, const std::string &mode, bool align_corners) const {
  requireDefined("interpolate");
  if (size.empty() || size.size() > size_t(ndim()))
    fail("interpolate", "cannot resample " + shapeText(shape()) + " to " + shapeText(size));
  static const std::map<std::string, size_t> kAxes = {
      {"nearest", 0}, {"nearest-exact", 0}, {"linear", 0},
      {"bilinear", 2}, {"trilinear", 3},   {"bicubic", 2}};
  auto known = kAxes.find(mode);
  if (known == kAxes.end())
    fail("interpolate", "mode \"" + mode +
                            "\" is not nearest, nearest-exact, linear, bilinear, trilinear "
                            "or bicubic");
  if (known->second && known->second != size.size())
    fail("interpolate", "mode " + mode + " resamples " + std::to_string(known->second) +
                            " dims, not " + std::to_string(size.size()));
  bool nearest = mode.compare(0, 7, "nearest") == 0;
  if (align_corners && nearest)
    fail("interpolate", "align_corners needs an interpolating mode, not " + mode);
  size_t lead = ndim() - size.size();
  for (size_t i = 0; i < size.size(); ++i)
    if (size[i] < 1 || shape(lead + i) < 1)
      fail("interpolate", "cannot resample " + shapeText(shape()) + " to " + shapeText(size));
  Tensor x = *this;
  for (size_t i = size.size(); i-- > 0;) {
    int64_t axis = int64_t(lead + i);
    x = nearest               ? nearestAxis(x, axis, size[i], mode == "nearest-exact")
        : mode == "bicubic" ? cubicAxis(x, axis, size[i], align_corners)
                            : linearAxis(x, axis, size[i], align_corners);
  }
  return x.cast(dtype());
}

} // namespace tg
