//===- Passes.td - tg dialect passes -----------------------*- tablegen -*-===//

#ifndef TG_TRANSFORMS_PASSES_TD
#define TG_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def TGSymbolic : Pass<"tg-symbolic"> {
  let summary = "Apply tinygrad's symbolic and movement rules";
  let description = [{
    tinygrad's rule tables as rewrite patterns, applied to a fixed point and
    interleaved with CSE (tinygrad's UOps are hash-consed, so its rules see
    equal expressions as one):

    - the canonicalization rules (self and zero folding, bool algebra, cast
      folding, where folding, term combining, constant regrouping, merging
      of movement ops);
    - the rules that need value ranges, tinygrad's vmin/vmax, computed from
      InferIntRangeInterface, loop bounds and `tg.range` arguments: constant
      ranges become constants, comparison folding (lt folding with gcd),
      max folding, where closure, and the div/mod folding of divandmod.py;
    - movement ops pushed through elementwise ops toward the buffers, so the
      elementwise work fuses into the consumer's kernel.

    Index arithmetic (`index` values) follows tinygrad's weakint: rules that
    assume no overflow apply to it and, guarded by value ranges, to signed
    integers. Each rule is a pattern whose debug name is its
    `before → after` text (`-debug-only=greedy-rewriter` shows which fired).
  }];
  let dependentDialects = ["::mlir::tg::TGDialect"];
  let options = [
    Option<"maxRounds", "max-rounds", "unsigned", /*default=*/"16",
           "Rounds of rewriting and CSE before giving up on a fixed point">,
    Option<"reassociateFloats", "reassociate-floats", "bool", /*default=*/"true",
           "Regroup float sums and products as tinygrad does (results may "
           "differ in the last bits); integers are always regrouped exactly">,
  ];
}

def TGDecompose : Pass<"tg-decompose"> {
  let summary = "Decompose composite tg ops into the ones a target supports";
  let description = [{
    tinygrad's backend decompositions: every ALU op that is not in
    `native-ops` is rewritten into ones that are, as tinygrad's
    codegen/decomp does for a renderer without the op:

    - `floordiv`/`floormod` → `cdiv`/`cmod` with a sign fix (none when the
      value ranges show both operands non-negative), or a shift and a mask
      for powers of two;
    - `sub` → `add` of `mul` by -1; `neg` → `mul` by -1;
    - `fdiv` → `mul` by `reciprocal`;
    - `pow` → repeated multiplication for integer exponents, else
      `exp2(y * log2(|x|))` with tinygrad's sign and NaN fixes;
    - `cmpeq` → `cmpne` negated; `cmpne` → `cmplt` both ways (integers);
    - `max` → `cmplt` + `where`; `mulacc` → `mul` + `add`;
    - `threefry` → the 20 rounds of Threefry-2x32 on 32-bit words.

    The default `native-ops` is tinygrad's primitive set, so only the
    composites of tinygrad's graph (floordiv, floormod, sub, neg, fdiv, pow,
    cmpeq, mulacc, threefry) are decomposed.
  }];
  let dependentDialects = ["::mlir::tg::TGDialect"];
  let options = [
    ListOption<"nativeOps", "native-ops", "std::string",
               "tg ops (by mnemonic) the target supports natively">,
  ];
}

def TGKernelize : Pass<"tg-kernelize"> {
  let summary = "Fuse tg ops into kernels and decide which values become buffers";
  let description = [{
    tinygrad's scheduler (schedule/rangeify.py, indexing.py). Every value
    that is realized gets a buffer and a `tg.kernel` that computes it; all
    other compute ops fuse into every kernel that uses them (elementwise
    chains and movement ops into their consumers, reductions with the work
    around them). The decision takes tinygrad's two steps.

    Candidates (`run_rangeify`): walking from the results back to the
    inputs, every op gets the index, per axis, that its consumers read it
    at: a loop of each kernel, of each reduction, composed through the
    movement ops as tg index arithmetic and simplified by tg-symbolic's own
    rules (`IndexAlgebra.h`). A value is a candidate when

    - it is explicitly materialized: a function result, the operand of
      `tg.contiguous` or `tg.copy`, the value of `tg.assign` (always kept);
    - its consumers read it at different indices: two kernels, two
      reductions, or `r` and `r.T` in one kernel;
    - a broadcast (`tg.expand`) ends its loops (tinygrad's "ended ranges"):
      a reduction the broadcast reads, or else the first elementwise op or
      reduction behind what the broadcast reads. What feeds a candidate fuses
      into it: nested reductions become one kernel (a conv's backward pass),
      as do parallel ones combined before the broadcast. A 0-d result is
      exempt; a reduction drops the axes it reduces, so `x.sum()` is 0-d but
      an op of shape (1,) behind a broadcast is realized.

    A reshape or expand that is a candidate realizes the value it views.

    Cost (`remove_bufferize`): a candidate that is not explicit stays a
    buffer only when it reads more than 3 buffers or contains a reduction
    that reads a buffer (and depends on the axes it reduces: a sum over
    broadcast axes only is a multiplication); otherwise it is recomputed in
    every consumer. So aranges and masks (reductions of
    constants) and cheap elementwise work are recomputed, while a gradient
    read by two optimizer kernels is computed once. Ours: a candidate of
    more than 3 buffers whose result is larger than all of them together
    (a broadcast of them: max pooling's gradient spread over its
    overlapping windows) is recomputed too, as storing it would move more
    memory than reading them again.

    `tg.assign` writes its target in place (`inplace`) when its kernel reads
    the target only at the index it writes and nothing else uses the value;
    otherwise the value gets a buffer of its own and a copy kernel writes it
    into the target. Assigning a buffer (tinygrad's `clone`) is a copy
    kernel; assigning a buffer to itself, an empty tensor, or the value the
    previous assignment wrote is dropped. `tg.contiguous` of a buffer is the
    buffer. A realized value with no elements needs no kernel: it becomes
    `tensor.empty`. `tg.detach` and `tg.contiguous_backward` disappear.

    With `one-reduction-per-kernel` (the compiler's pipeline sets it; by
    default the pass keeps tinygrad's kernels), a kernel computes at most
    one reduction that reads a buffer: of several (a convolution inside a
    global average pool, a residual block's two convolutions added), all but
    the last in program order get buffers of their own, because the CPU's
    optimizer tiles one main stage per kernel and ran the others as scalar
    loops. So does a reduction the kernel reads through a `tg.pad`
    (attention's dQ, dK and dV assembled into the gradient of one qkv
    buffer): the optimizer tiles no stage that reads the main one at the
    indices a pad computes, and the whole kernel ran scalar.

    With `fuse-row-reductions` (the compiler's pipeline sets it; tinygrad's
    PCONTIG), a value that gets a buffer because a broadcast ends its loops
    (a reduction, or the first elementwise op after one) and reduces rows of
    64 elements or more fuses into the one kernel that reads it, when that
    kernel reads it at an index that depends
    on all the first loops of its output and on no other loop (once per row)
    and reads every buffer it reads (so its rows are in cache; a product's
    sum read through a pool's window keeps its own kernel and tiles).
    Softmax is then one kernel, whose rows the CPU's optimizer reads from
    cache for the max, the sum and the output, not three kernels that each
    read the input from memory.

    With `realize-tiled-operands` (the compiler's pipeline sets it), an
    elementwise candidate that computes something (not only views and
    constants) and that a summed product reads as a factor through a
    broadcast, such as a relu between two convolutions, gets a buffer when
    it has 65,536 elements or more: recomputed, it is a prologue that the
    CPU's register tiles compute at every load (a relu before a 5x5
    convolution took it from 214 to 158 GFLOPS); its own kernel computes it
    once. Smaller ones (an MLP's activations) stay fused.

    Kernels are named as tinygrad's: `E_` (elementwise) or `r_` (with a
    reduction), the output shape without size-1 axes, then the reduced
    sizes; a repeated name gets `n1`, `n2`, ...
  }];
  let options = [
    Option<"oneReductionPerKernel", "one-reduction-per-kernel", "bool", /*default=*/"false",
           "At most one buffer-reading reduction per kernel (tinygrad nests them)">,
    Option<"fuseRowReductions", "fuse-row-reductions", "bool", /*default=*/"false",
           "Fuse a broadcast reduction into the one kernel that reads it once per row">,
    Option<"realizeTiledOperands", "realize-tiled-operands", "bool", /*default=*/"false",
           "Give large computed operands of summed products a buffer">,
  ];
  let dependentDialects = ["::mlir::tg::TGDialect", "::mlir::tensor::TensorDialect"];
}

def TGTransposeContractionOperands : Pass<"tg-transpose-contraction-operands"> {
  let summary = "Copy a buffer a summed product reads across its rows into a transposed buffer";
  let description = [{
    Targets compute a summed product `reduce add (mul (expand a) (expand b))`
    (a matmul, a Linear layer) with its innermost output axis in vector lanes
    or threads: the factor that axis indexes is read along it, the other one
    along the innermost reduced axis. A·B reads both along rows; a Linear
    layer's A·Bᵀ and Aᵀ·B read a buffer across its rows, one row per element,
    and ran at a third of A·B's speed on the CPU.

    When such a factor is a view of a buffer (a function argument, a
    `tg.contiguous`, or a sum or a value computed elementwise from one,
    which tg-kernelize keeps in a buffer when several kernels read it)
    through reshapes, permutations and slices only (an attention head's
    keys, sliced from a qkv projection), and the axis
    it should be read along is not its fastest, the pass gives it a copy,
    `tg.contiguous` of the view permuted to put that axis last (a kernel of
    its own that reads the buffer once), and the product reads the copy. A
    view copied for two products is copied once.

    The copy costs a pass over the factor; the product reads each element
    as often as the other factor's output axes are long (its reuse). So the
    pass copies a factor read `min-reuse` times or more, or `min-extent`
    times or more in dot products of at most `short-product` terms (read
    across rows, those ran at a quarter of their speed; long ones gained
    less than the copy cost at 128 reads). It leaves products whose lane
    axis is shorter than `min-extent` or that sum fewer than 16 terms (a
    matrix-vector product reads a weight once), and factors that are padded
    windows, broadcasts or computed values, whose copy would compute or
    duplicate them.
  }];
  let options = [
    Option<"minExtent", "min-extent", "int64_t", /*default=*/"64",
           "Shortest lane axis and reuse worth a copy">,
    Option<"minReuse", "min-reuse", "int64_t", /*default=*/"512",
           "Reuse from which any contraction's factor is worth a copy">,
    Option<"shortProduct", "short-product", "int64_t", /*default=*/"256",
           "Longest dot product whose factors are worth a copy from min-extent reads">,
  ];
  let dependentDialects = ["::mlir::tg::TGDialect"];
}

def TGMergeIdenticalKernels : Pass<"tg-merge-identical-kernels", "::mlir::ModuleOp"> {
  let summary = "Keep one kernel function of each kind, launched for all";
  let description = [{
    tg-kernelize outlines every kernel of a graph on its own, so a training
    step holds the same kernel many times: an optimizer updates every
    parameter of one shape with the same kernel, on other buffers. Each copy
    would be compiled separately. Two private kernel functions (`tg.kernel`)
    are the same kernel when their types, their attributes but the name,
    and their bodies (locations aside) are equal; the later one is erased
    and its calls launch the first (tinygrad's method cache, keyed by the
    kernel's AST, compiles each kind once too).

    ```
    call @E_32n3(%a, %b)  call @E_32n4(%c, %d)   (the same body)
      -> call @E_32n3(%a, %b)  call @E_32n3(%c, %d)
    ```
  }];
}

def TGPrintRanges : Pass<"tg-print-ranges"> {
  let summary = "Report the value range of every value a region returns";
  let description = [{
    Emits a remark on each return-like terminator (`func.return`,
    `scf.yield`, `tg.yield`, ...) for every integer, index or bool operand:
    `result #i in [lo, hi]`, signed for
    signed types and index, unsigned for bool and unsigned types. This is
    tinygrad's vmin/vmax as tg-symbolic sees it, for tests and for finding
    out why a rule did not fire.
  }];
}

#endif // TG_TRANSFORMS_PASSES_TD
