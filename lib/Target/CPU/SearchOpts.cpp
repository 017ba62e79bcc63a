//===- SearchOpts.cpp - the CPU target's BEAM search space ----------------===//
//
// tinygrad's beam_search actions for the CPU kernel optimizer: from a
// kernel's #tg.opts, the opts one action away (a tile doubled or halved, the
// vector or split loop moved, vectorization toggled), which BEAM times on
// the device. Actions that the kernel cannot carry out fall back in
// tg-cpu-apply-opts as the optimizer's own choices do; BEAM keeps what was
// applied.
//
//===----------------------------------------------------------------------===//

#include "SearchOpts.h"

#include "KernelRoot.h"

#include "tg/Dialect/TG/IR/TGOps.h"
#include "tg/Transforms/Pipelines.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::tg;

namespace {

/// The largest tile that one action makes of a loop: tinygrad's upcasts
/// stop at 32 elements per thread; a vector register tile needs more.
constexpr int64_t kLargestTile = 256;

std::string text(KernelOptsAttr opts) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << opts;
  return s;
}

/// The opts one action away from `opts` for a main op with these loops.
SmallVector<KernelOptsAttr> neighbours(KernelOptsAttr opts, ArrayRef<int64_t> ranges,
                                       ArrayRef<utils::IteratorType> iterators,
                                       ArrayRef<unsigned> splittable) {
  MLIRContext *context = opts.getContext();
  SmallVector<KernelOptsAttr> result;
  int64_t outer = opts.getOuter();
  auto addWithOuter = [&](int64_t split, bool vectorize, ArrayRef<int64_t> tile, int64_t vector,
                          int64_t outer) {
    result.push_back(KernelOptsAttr::get(context, split, vectorize, tile, vector, outer));
  };
  auto add = [&](int64_t split, bool vectorize, ArrayRef<int64_t> tile, int64_t vector) {
    addWithOuter(split, vectorize, tile, vector, outer);
  };
  SmallVector<int64_t> tile(opts.getTile());
  if (tile.empty())
    tile.assign(ranges.size(), 1);
  int64_t split = opts.getSplit(), vector = opts.getVector();
  bool vectorize = opts.getVectorize();
  // A tile doubled or halved, or grown or shrunk by a half (4 rows <-> 6),
  // while it divides its loop or, along a parallel loop that is not split,
  // is shorter than it (tg-cpu-apply-opts peels the last, partial tile).
  for (unsigned loop = 0; loop < ranges.size(); ++loop) {
    SmallVector<int64_t> sizes = {tile[loop] * 2, tile[loop] / 2};
    if (tile[loop] % 2 == 0)
      sizes.push_back(tile[loop] * 3 / 2);
    if (tile[loop] % 3 == 0)
      sizes.push_back(tile[loop] * 2 / 3);
    bool peelable =
        iterators[loop] == utils::IteratorType::parallel && static_cast<int64_t>(loop) != split;
    for (int64_t size : sizes) {
      if (size < 1 || size == tile[loop] || size > kLargestTile ||
          (ranges[loop] % size != 0 && !(peelable && size < ranges[loop])))
        continue;
      SmallVector<int64_t> changed(tile);
      changed[loop] = size;
      add(split, vectorize, changed, vector);
      if (!vectorize)
        add(split, true, changed, vector);
    }
  }
  // The vector lanes along another tiled parallel loop (without `vector`
  // they run along the last one).
  int64_t lanes = columnLoop(iterators, tile, vector);
  for (unsigned loop = 0; loop < ranges.size(); ++loop)
    if (iterators[loop] == utils::IteratorType::parallel && tile[loop] >= 4 &&
        static_cast<int64_t>(loop) != lanes)
      add(split, true, tile, loop);
  if (vector >= 0)
    add(split, vectorize, tile, -1);
  // The work divided among the workers along another loop, or not at all.
  for (unsigned loop : splittable)
    if (static_cast<int64_t>(loop) != split && ranges[loop] / tile[loop] >= 2 &&
        ranges[loop] % tile[loop] == 0)
      add(loop, vectorize, tile, vector);
  if (split >= 0)
    add(-1, vectorize, tile, vector);
  add(split, !vectorize, tile, vectorize ? -1 : vector);
  // The outermost reduction loop outside the tiles, or not.
  if (llvm::count(iterators, utils::IteratorType::reduction) >= 2) {
    int64_t first = llvm::find(iterators, utils::IteratorType::reduction) - iterators.begin();
    addWithOuter(split, vectorize, tile, vector, outer >= 0 ? -1 : first);
  }
  return result;
}

} // namespace

std::vector<std::string> mlir::tg::cpuSearchOpts(Operation *kernel, StringRef current,
                                                 StringRef chooseOpts) {
  // The kernel as tg-cpu-choose-opts sees it, and its choice.
  OwningOpRef<ModuleOp> scratch = ModuleOp::create(kernel->getLoc());
  auto copy = cast<func::FuncOp>(kernel->clone());
  copy->removeAttr("tg.opts");
  scratch->push_back(copy);
  PassManager pm(kernel->getContext());
  std::string errors;
  llvm::raw_string_ostream os(errors);
  std::string pipeline = (kToArithPipeline + "," + kCPUPreparePipeline + "," + chooseOpts).str();
  if (failed(parsePassPipeline(pipeline, pm, os)) || failed(pm.run(*scratch)))
    return {};
  copy = *scratch->getOps<func::FuncOp>().begin();
  auto chosen = copy->getAttrOfType<KernelOptsAttr>("tg.opts");
  linalg::GenericOp root = getKernelRoot(copy);
  // A kernel the optimizer leaves alone because tiling would be wrong (a
  // stage read backwards) is not searched either.
  if (!chosen || !root || readsBackwards(copy))
    return {};
  MainOp main = getMainOp(root);
  SmallVector<int64_t> ranges = main.op.getStaticLoopRanges();
  if (!tileableLoops(ranges))
    return {};
  SmallVector<utils::IteratorType> iterators = main.op.getIteratorTypesArray();
  SmallVector<unsigned> splittable;
  if (onlyRootWritesOutput(copy, root))
    for (unsigned loop = 0; loop < ranges.size(); ++loop)
      if (iterators[loop] == utils::IteratorType::parallel &&
          llvm::is_contained(main.loopOfRootLoop, loop))
        splittable.push_back(loop);

  std::vector<std::string> result;
  if (current.empty()) {
    // Where a search starts: the optimizer's choice and no opts at all.
    result.push_back(text(chosen));
    std::string none = text(KernelOptsAttr::get(kernel->getContext(), -1, false, {}));
    if (none != result.front())
      result.push_back(none);
    return result;
  }
  auto opts = dyn_cast_or_null<KernelOptsAttr>(parseAttribute(current, kernel->getContext()));
  if (!opts || (!opts.getTile().empty() && opts.getTile().size() != ranges.size()))
    return {};
  // Bools take a byte in memory but a bit in a vector: never vectorized.
  bool bools = readsOrWritesBool(main.op) || readsOrWritesBool(root);
  for (KernelOptsAttr next : neighbours(opts, ranges, iterators, splittable))
    if (next != opts && !(bools && next.getVectorize()) && !llvm::is_contained(result, text(next)))
      result.push_back(text(next));
  return result;
}
