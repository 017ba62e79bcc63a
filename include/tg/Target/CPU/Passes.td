//===- Passes.td - CPU target passes -----------------------*- tablegen -*-===//

#ifndef TG_TARGET_CPU_PASSES_TD
#define TG_TARGET_CPU_PASSES_TD

include "mlir/Pass/PassBase.td"

def TGCPUDropUnitDims : Pass<"tg-cpu-drop-unit-dims", "::mlir::ModuleOp"> {
  let summary = "Fold away the unit loops and size-1 axes inside kernels";
  let description = [{
    In every kernel function (`tg.kernel`), on tensors: loops of extent 1
    and operand axes of size 1 read at index 0 (a reduce's kept axes, a
    convolution's groups axis when there is one group) are folded away with
    upstream's unit-extent-dims patterns, so every stage reads and writes
    through projected permutations, as tiling one stage into another's tiles
    requires. The kernel's arguments keep their types (a size-1 axis of the
    output is collapsed by a reshape inside), and the unit loops that index
    the output argument are kept. An input read at a constant index along
    an axis of more elements (a stride-2 convolution's input viewed as
    [.., 14, 2, ..] and read at 0) is first sliced at that index when it is
    a kernel argument, reshaped or not (a slice between two stages would
    keep them from fusing); the slice's size-1 axis then folds like the
    others.
  }];
  let dependentDialects = ["::mlir::tensor::TensorDialect", "::mlir::linalg::LinalgDialect"];
}

def TGCPUFoldPermutedStores : Pass<"tg-cpu-fold-permuted-stores", "::mlir::func::FuncOp"> {
  let summary = "Write a stage's result permuted instead of copying it permuted";
  let description = [{
    In a kernel function (`tg.kernel`), on tensors: a stage that only copies
    another stage's result, read and written through permutations (a
    convolution's weight gradient, summed as [ky, kx, cin, cout] and stored
    as [cout, cin, ky, kx]), is folded into that stage, which then writes
    the copy's output through the composed permutation. The stage it copies
    must have no other use and start from a linalg.fill (a reduction's
    initial value), which moves to the copy's output. The kernel optimizer
    then sees one stage and no epilogue: a reduction it can tile alone (run
    a reduction loop outside the tiles, `outer` in #tg.opts).
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect"];
}

def TGCPUMergeSplitLoops : Pass<"tg-cpu-merge-split-loops", "::mlir::func::FuncOp"> {
  let summary = "Merge adjacent loops that a stage reads as one axis, linearized";
  let description = [{
    In a kernel function (`tg.kernel`), on tensors: a stage that reads an
    input at `d2 * 128 + d3 * 32 + d4`, where loops d3 and d4 run 4 and 32
    times, reads one axis of 384 elements through three loops that split
    it (a GPT block's qkv projection adding its bias in the kernel's output
    shape [16, 64, 3, 4, 32]). When every other operand reads such a run of
    loops as adjacent axes in loop order, or not at all, the stage runs
    them as one loop (upstream's collapseOpIterationDims), and the reads
    become loops again: the kernel optimizer tiles a stage after the main
    one only then (the qkv kernel ran as scalars, at 6 GFLOPS). The output
    is written through a `tensor.collapse_shape`, a view once bufferized;
    reshapes that an input's split and its merge leave behind cancel.
    A stage whose body computes with a loop (`linalg.index`) keeps its
    loops, as do stages whose other reads are windows (`y + ky`) or that
    read a run differently.
  }];
  let dependentDialects = ["::mlir::tensor::TensorDialect", "::mlir::linalg::LinalgDialect"];
}

def TGCPUCollapseLoops
    : Pass<"tg-cpu-collapse-loops", "::mlir::func::FuncOp"> {
  let summary = "Merge adjacent loops that every operand reads as one axis";
  let description = [{
    tinygrad's `simplify_merge_adjacent`. In a kernel function
    (`tg.kernel`), on tensors, adjacent loops that every operand reads as
    adjacent axes in loop order, or not at all, run as one loop over their
    product, reading the inputs (and writing the output) through a
    `tensor.collapse_shape`:
    - a reduction's runs of reduction loops (a BatchNorm's sum over a 20x20
      map, `x[n, c, h, w]` read along `h, w`, becomes a 400-wide row, where
      a 20-wide row fit no vector and stayed scalar);
    - an elementwise kernel's innermost loops, all but the first loop (the
      workers' to split): a BatchNorm's backward over a 6x6 map runs along
      36 elements, which a 4-float vector divides, where a 6-wide row stayed
      scalar; a 32x32x5x5 weight's Adam update along rows of 800.

    Only stages that read kernel arguments alone (reshaped or not) change,
    and of elementwise stages only the kernel's single stage (its root,
    writing the output argument): those are contiguous, so the reshape
    copies nothing, and it stands between no two stages that would fuse.
    A window read (`y + ky`) is no axis of its own, so a convolution's
    loops stay; so does a loop the body computes with (`linalg.index`),
    whose index would come back from the merged one through a div and a
    mod per element.
  }];
  let dependentDialects = ["::mlir::tensor::TensorDialect", "::mlir::linalg::LinalgDialect"];
}

def TGCPUSliceOffsetReads : Pass<"tg-cpu-slice-offset-reads", "::mlir::func::FuncOp"> {
  let summary = "Read an argument at an offset through a slice of it";
  let description = [{
    In a kernel function (`tg.kernel`), on tensors: a stage that reads an
    input at a constant offset along some axes (`[n, c, y + 1, x + 1]`: a
    BatchNorm's backward reading the gradient of a padded convolution
    input) reads instead a `tensor.extract_slice` of it from that offset,
    at the plain loop indices:

    ```
    generic ins(%g : 16x64x114x114) map (n, c, y, x) -> (n, c, y + 1, x + 1)
      -> generic ins(extract_slice %g[0, 0, 1, 1] [16, 64, 112, 112])
                 map (n, c, y, x) -> (n, c, y, x)
    ```

    so that every read is a projected permutation, as the kernel
    optimizer's tile rules and the vectorizer want: ResNet-18's training
    step ran such sums over 16x64x112x112 one element at a time. Every axis
    of the read must be a loop plus a non-negative constant. An input
    another stage of the kernel writes keeps its read (a slice between two
    stages would keep them from fusing). Bufferized, the slice is a view.

    An input that only bounded the loops (tg-to-linalg adds one to a
    reduction none of whose reads span them, as a read at an offset does
    not) then goes, where the other operands bound every loop: a weight
    gradient that reads its output gradient from a padded copy is a sum
    of two factors' products again, which the kernel optimizer tiles
    (ResNet-18's stem so read, 16x64x112x112 padded by 1 and 2, ran element
    by element: 4.2 s, against 19 ms tiled).
  }];
  let dependentDialects = ["::mlir::tensor::TensorDialect"];
}

def TGCPUChooseOpts : Pass<"tg-cpu-choose-opts", "::mlir::ModuleOp"> {
  let summary = "Choose each kernel's CPU optimizations and record them";
  let description = [{
    The kernel optimizer's decision step (tinygrad's hand_coded_optimizations):
    for every kernel function (`tg.kernel`) it looks at the main stage and
    records its choice as
    `tg.opts = #tg.opts<split = .., vectorize = .., tile = [..]>` without
    changing the kernel; `tg-cpu-apply-opts` carries it out. A kernel that
    already has `tg.opts` (from BEAM search or a test) keeps it. A kernel
    with a stage that reads or writes against a loop (a flip, `2 - y`) gets
    no optimization: upstream tiling sizes slices from their first and last
    index, which such maps reverse.

    The main stage is the root, the `linalg.generic` that writes the
    kernel's output (on tensors, after `convert-tg-to-arith`), unless the
    root is an elementwise epilogue (a bias, an activation) reading one
    reduction stage element by element: then it is that reduction, tile
    sizes are given in its loops, and `vectorize = true` requires the
    epilogue to vectorize too (every operand read along loops, or at 0 on
    a size-1 axis).

    - Sum of products (a matmul, a convolution: the body is
      `out + f(a)·g(b)`, f and g elementwise such as a ReLU fused into its
      consumer, with affine indexing maps): register tiles. A column axis,
      an output axis that one input b reads contiguously and the other does
      not read, is tiled by a power of two up to four vectors that divides
      it (at least 4), or by its whole extent when no such power does and
      it fits in one vector (a 6x6 feature map); a row axis, another output
      axis that b does not read and the other input reads forwards (one
      element per step, or a few: `2y + ky`), by the largest divisor that
      keeps the accumulators within half the vector registers
      (`vector-registers`); every other loop, reductions included, by 1. Of
      the column axes (a convolution's width, or its output channels when the
      weights are channels-last), widths and row axes, the most products per
      reduction step wins, counting the lanes a narrow axis leaves empty (10
      columns in 16 lanes count 10·10/16) and twice the rows when there are 4
      or more whose inputs lie within a vector of each other (pixels of a row,
      not images); on a tie, columns along which b's window does not slide (a
      convolution's channels rather than its `x + kx`), then the output's last
      axis, then the wider columns, except where a window slides along such
      rows (a convolution's `x + kx`) and the tile would read more of b than
      the first-level cache (`first-level-cache-bytes`) holds: there the
      narrower columns of two vectors or more (8 pixels by 32 channels rather
      than 4 by 64), which read b half as often per step. A column axis
      that is not the output's last is recorded as `vector`; its tile is stored
      transposed, with one shuffle per tile, which even a short sum pays
      for (a convolution of one input channel, 9 steps per output on 26x26
      maps, gets 16 channels by 13 pixels). A tile of four vectors by 4
      rows (AVX-512) or 2 (AVX2) whose rows' inputs lie apart (a matmul's
      rows of A), of a sum of 128 steps or more without a reduction loop
      outside the tiles, takes 6 rows when its row axis has 24 or more and
      is not the split loop: by four 512-bit vectors (24 of AVX-512's 32
      registers) or two 256-bit ones (12 of AVX2's 16); the last row tile
      is then partial. 16-byte vectors keep their tile. With AVX2, a tile
      of two vectors by 4 rows, of a sum of 256 steps or more, takes its
      rows along an output axis, not the split loop, that an input reads a
      vector apart or less through a window of 5 steps or more: the most up
      to 6 that divide the axis (5 of 20, 6 of 24), 10 or 12 accumulators.
      The axis is the rows' own when it qualifies (a 5x5 convolution's
      pixels, x + kx), else another (a 5x5 weight gradient's window
      columns, kx over x, in place of its input channels); a window of 3
      steps, which LLVM unrolls whole, keeps 4 rows (12 accumulators
      spilled). A tile of one vector by 5 or 6 such rows over a window of
      any length (a 3x3 convolution over maps 10 or 6 wide; a 5x5 weight
      gradient's window columns, with or without `outer`) takes two vectors
      where the columns have room, in two chunks or more if split: by the
      5 rows, or by 3 of the 6 and 2 of another output axis along which a
      window slides (y + ky); 10 or 12 accumulators (Zen 2: 4.8 -> 2.8 ms
      over 10x10 maps, 3.0 -> 2.4 over 6x6; beautiful_mnist's first weight
      gradient 1.4-1.8 -> 0.9-1.2). The tiles are vectorized.
    - Dot products (a sum of products whose inputs both run contiguously
      along the innermost loop, a reduction: a Linear's x·Wᵀ): rows of both
      inputs by a vector of partial sums along the reduction, merged after
      it; vectorized.
    - Reduction along the innermost loop (a reduction loop innermost, an
      add, mul or max of the output, contiguous reads, an output map naming
      a loop per axis): the innermost loop tiled by the widest of 4, 2, 1 or
      1/2 vectors or a 16-byte register (four floats: a 6x6 map's row of
      36) that divides it (at least twice), which keeps that many
      partial results in vector lanes (tinygrad's UNROLL of a reduce); with
      other reduction loops (a bias gradient's batch, height and width) and
      less than four vectors, the reduction loop outside it by up to two
      vectors' worth of rows; other loops by 1; vectorized.
    - Window reduction (no epilogue, reduction loops of at most 16 steps in
      all, such as a 2x2 pooling, projected-permutation maps, no reads
      through computed indices): the outermost parallel loop that divides
      by 4 tiled by 4, the window unrolled; vectorized.
    - Elementwise (only parallel loops, projected-permutation maps, no
      reads through computed indices, every operand contiguous or broadcast
      along the innermost loop): the innermost loop is tiled by the largest
      of 64, 32, 16, 8 that divides it, else by 4 where four elements fill
      a 16-byte register (floats, not bytes), and vectorized.
    - Elementwise with a transposed read (as above, but an operand reads
      the innermost loop along another axis than its last: a weight copied
      channels-last, a 2-d transpose): the innermost loop is tiled by the
      widest power of two up to a vector that divides it (at least 4), and
      the loops of that operand's last axes, from its last, by their whole
      extent while the block stays within 16 elements (a 3x3 window) or else
      by a divisor of up to 4, until 4 of its elements are contiguous;
      vectorized. Each block reads rows of the transposed operand and
      stores vectors of outputs.
    - Outer reduction (a register-tiled sum of products with at least two
      reduction loops, with an epilogue or without): when several tiles
      read the same inputs and each tile's whole reduction reads more
      than 1 MB of them (a weight gradient's sum over the batch and the
      pixels), or more than the first-level cache but at most that per
      step (ResNet-18's 7x7 maps of 512 channels: 213 KB, 13 KB per image),
      a reduction loop runs outside the tiles (`outer`), so each of its
      steps reads one slice that stays in cache for all the tiles: the
      outermost whose step reads at most the core's own cache
      (`core-cache-bytes`) of the inputs (one image; a row of all images
      when an image is more, as in ResNet-18's first weight gradient),
      else the outermost, as long as the reduction loops inside make at
      least 32 steps. Every step of it loads and stores the outputs of a
      worker's chunk (all of them unsplit), so where they exceed half the
      core's cache (the other half holds the step's inputs), the kernel is
      chosen again without `outer` (ResNet-18's 512x512x3x3 weight gradient,
      589 KB a chunk: Zen 2, 512 KB, 32.4 -> 24.4 ms). A tile stored
      transposed is then chosen again without counting adjacent rows
      double (measured slower there: beautiful_mnist's 5x5 weight gradient,
      5 window columns by 32 channels 10.0-10.5 ms, 8 input channels by
      32 8.1-8.4) and keeps at most 8 rows, as its accumulators are loaded
      and stored in every such step.
    - A kernel with an empty loop gets no opts.
    - Split: with at least 32768 iterations, and when nothing but the root
      (and the fill of its initial value) touches the output, a parallel
      loop that the root runs too is divided among the CPU workers: a
      reduction's column loop (the vector loop, else the last tiled parallel
      loop) when it has 16 tiles or more, or 2 or more when the column
      operand (the inputs read along the columns and no other parallel
      loop: a matmul's B, a convolution's weights) has 2 MB (measured, not the
      machine's cache), or half of it in a product without a window or `outer`
      (a 512² matmul), so each worker reuses its strips of the column operand
      across all row tiles instead of reading all of it per row tile (with
      `outer` too: the split loop runs outside it, so split by rows each
      chunk would stream all of the column operand again); an elementwise
      kernel with a transposed read, the loop of that operand's outermost
      axis with 16 tiles or more, so each worker reads whole rows of it (a
      2-d transpose's innermost loop, a weight's output channels, an
      activation's images; split along the output's rows, each worker read
      a column strip of it, a line per row: 1024x1024, 0.41-0.45 ms against
      0.25-0.27); else the outermost with 16 tiles or more (they divide
      evenly enough among a few workers), else the one with the most tiles
      that two workers share evenly (at least two), an even number on a tie
      (4 chunks rather than 5). With `outer`, when that leaves 3, 5 or 7
      chunks and the column tile takes its whole loop in two vectors or more
      of a column operand beyond 2 MB, the column tile is halved
      and its two halves are split (beautiful_mnist's first weight
      gradient: by its 5 kernel rows 1.57-1.85 ms, by halves of its 32
      channels 1.10-1.12).
    - Turned tiles: a convolution's weight gradient (an input read through
      a window, a parallel and a reduction loop in one index) with `outer`
      and a tile of four vectors of columns by four rows gets two vectors
      by eight rows instead, if a reduction loop still runs outside it, and
      a split kernel splits the rows: as many products from fewer loads in
      each outer step (ResNet-18's 3x3s over 56x56 maps 17.0 -> 14.9 ms,
      7x7 16.7 -> 15.9, stride 2 over 28x28 9.1 -> 8.2; the CNN's over 24x24
      12.0 -> 11.0; beautiful_mnist's over 6x6 1.26-1.31 -> 1.36-1.45, the
      one measured slower). Split by columns, the 7x7s took 26 ms. Without a
      window (GPT's x^T g: 0.54 -> 0.63 ms turned) the tile stays. With
      8 accumulators (AVX2), four vectors by two rows turn to two by four
      where the window slides by one (the CNN's over 24x24 maps on Zen 2:
      23.2 -> 19.3 ms; stride 2, 15.9 -> 23.7, so not), and the split is
      chosen again for the narrower columns (the CNN's: by columns, as
      before; by rows 26.1). Then the rows move to window columns of 5 or
      6 as above (beautiful_mnist's 5x5 over 20x20 maps: 16.7-17.3 -> 13.2-13.5
      ms), or else take six where the rows' loop has 24 or more and is not
      the split loop (12 accumulators: the CNN's 22.1-22.5 -> 19.5 ms,
      ResNet-18's over 56x56 maps 33.4-34.1 -> 28.6-28.9); a split by the
      rows gives way to the next best split, if it shares evenly, for them
      (beautiful_mnist's 3x3 over 6x6 maps: by 16 chunks of input
      channels, 4 rows, 2.16-2.59 ms; by 4 of output channels, 6 rows,
      1.77-2.01).
  }];
  let options = [
    Option<"disable", "noopt", "bool", /*default=*/"false",
           "tinygrad's NOOPT=1: record no tiling, no vectorization and no split">,
    Option<"vectorBytes", "vector-bytes", "int64_t", /*default=*/"64",
           "The width of the target's vector registers in bytes (64: AVX-512)">,
    Option<"vectorRegisters", "vector-registers", "int64_t", /*default=*/"32",
           "How many vector registers the target has (32: AVX-512, NEON; 16: AVX2, SSE)">,
    Option<"firstLevelCacheBytes", "first-level-cache-bytes", "int64_t", /*default=*/"49152",
           "A core's first-level data cache in bytes (48 KB: Golden Cove, Zen 5)">,
    Option<"coreCacheBytes", "core-cache-bytes", "int64_t", /*default=*/"2097152",
           "A core's own second-level cache in bytes (2 MB: Sapphire Rapids)">,
  ];
}

def TGCPUApplyOpts : Pass<"tg-cpu-apply-opts", "::mlir::func::FuncOp"> {
  let summary = "Apply the recorded #tg.opts of each kernel";
  let description = [{
    For a kernel function with `tg.opts` (a function pass: the kernels are
    optimized in parallel), on tensors (where tiles are
    values and accumulators can be hoisted; after bufferization, memref
    arguments might alias). The steps work on the main stage (see
    `tg-cpu-choose-opts`); an epilogue root is tiled around it, each of its
    tiles computing the main stage's tile first.

    1. split: the split loop of the root is tiled alone (by its tile size,
       else 1) with every producer stage that a chunk reads part of fused
       into it, so each worker computes its share from scratch; a stage
       every chunk reads whole (a convolution's zero padding, split by
       output channels) runs once per worker, before the loop, instead of
       once per chunk; the loop is marked `tg.split` for
       `tg-cpu-kernel-abi`, which divides it among workers;
    Then rows: when the root or the main stage reads other reductions
    (softmax's max and sum, which tg-kernelize's `fuse-row-reductions` put
    in its kernel) along parallel loops only, those loops are tiled (by
    their tile sizes, else 1) with every stage fused, and each such stage
    is computed in the row tile as partial results in up to 64 vector lanes
    along its input's contiguous reduction loop, merged after it (a stage
    summing constants, a pool's count, stays scalar). Stages read by two
    others are fused once for each and merged again (CSE).
    Then `outer`: that reduction loop is tiled by 1 alone (without the
    initial fill, which stays outside), the output carrying the partial sums
    from one step to the next; an epilogue (a weight gradient's momentum
    update) is left untiled after the loop, to run once on the whole sum;
    a kernel without tiles cannot have one (an error). When the `vector`
    loop is not the output's last axis (a weight gradient's output
    channels), the partial sums are
    carried in a scratch whose axes follow the loops, the `vector` loop last,
    so each step reads and writes them a vector at a time, and the scratch
    is transposed into the output after the loop (`linalg.transpose`).
    2. tile: the root's other parallel loops are tiled, with the fill of its
       initial value fused into the tile; then its reduction loops: by 1, a
       step at a time, or by T > 1 as T partial results merged after the
       loop (a vector multi-reduction). A slice of an input sliced outside
       the innermost tile loop, so read by every tile inside it (a matmul's
       strip of B, all of k by a tile's columns, when split by columns), of
       64 KB or more and part of wider rows, is copied into a contiguous
       tensor where it is sliced, a row at a time, each row one contiguous
       copy (BLAS's packing: rows of a wide matrix lie a power of two apart
       and share a few cache sets). A tile loop whose tile does not divide
       it (6 rows of 1024) is peeled, innermost first: the whole tiles, then
       the last, partial one, each with static shapes once canonicalized,
       so each copy is tiled, vectorized and given its epilogue (a kernel
       with reductions read per row needs tiles that divide: a fallback);
    3. vectorize: the tile's unit loops are dropped (a window read `y + ky`
       becomes `y`), keeping one reduction loop read as a plain index
       unless the body's `out + a * b` multiplies factors that vary along
       the same parallel loops (lane by lane: a BatchNorm gradient's
       `g * (x - mean)`, not a matmul's row by column); an
       input read `s * y + c` (a stride-2 window, `2y + ky`) is read `y`
       from its slice from c with stride s instead; the
       tile, the fills no larger than it (a worker's chunk of `outer`
       partial sums, filled once before the loop, stays a loop: as one
       vector it unrolled into a store per vector) and the epilogue become
       vector ops, a sum of
       products a `vector.contract` (its row operand first, for the
       outer-product lowering), or, when no reduction loop is left in the
       tile (a convolution of one input channel, a lane-by-lane product), a
       `math.fma` of its product and sum; accumulators read and written in every
       reduction step are hoisted into loop-carried vectors. The `vector`
       loop goes last in the tile's loops, so the accumulator is carried
       as rows of vectors along it (a tile of two row loops, 2 rows of y by
       4 of x: 2x4 rows), permuted from the output's layout once before
       the reduction loops and once after.

    A `tg.opts` that does not fit the kernel (a split of a reduction loop,
    the wrong number of tile sizes, a split of a kernel whose output other
    stages touch) is an error. Opts that fit but cannot be carried out (a
    tile the vectorizer rejects) never fail the compile: each attempt works
    on a fresh copy of the kernel, trying the tiles halved while every size
    stays whole, then the tiles without vectorization, then the split alone,
    then nothing. The kernel keeps what was applied as `tg.opts` and the
    reason as `tg.opts_fallback` (the first error and the opts chosen), which
    the compiler prints at DEBUG=2.
  }];
  let dependentDialects = ["::mlir::scf::SCFDialect", "::mlir::vector::VectorDialect",
                           "::mlir::tensor::TensorDialect", "::mlir::arith::ArithDialect",
                           "::mlir::math::MathDialect"];
}

def TGCPUExpandStridedCopies
    : Pass<"tg-cpu-expand-strided-copies", "::mlir::func::FuncOp"> {
  let summary = "Copy strided views with loops instead of the runtime's memrefCopy";
  let description = [{
    After bufferization, a stage that copies a view (a slice of the weights
    stored channels-last, one tap of a 3x3 window) can be a `memref.copy`.
    LLVM's lowering copies contiguous buffers with `memcpy`, but a strided
    one through a call to the runtime's `memrefCopy`, which no kernel
    library links: the program would fail to load. In a kernel function
    (`tg.kernel`) such a copy becomes `linalg.copy`, which
    `convert-linalg-to-loops` runs as loops; copies of contiguous buffers
    stay as they are.
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect"];
}

def TGCPUFlattenTransposes
    : Pass<"tg-cpu-flatten-transposes", "::mlir::func::FuncOp"> {
  let summary = "Merge the axes a vector transpose keeps together";
  let description = [{
    A transposing copy's register tile (tg-cpu-choose-opts' transposed-read
    tile: a weight `[cout, cin, 3, 3]` copied as `[cin, 3, 3, cout]`) is a
    3-d `vector.transpose`, `vector<16x3x3xf32>` to `vector<3x3x16xf32>`.
    Upstream lowers an n-d transpose element by element (144 extracts and
    inserts here, which took LLVM's code generator 33 ms for this one
    kernel); only a 2-d one becomes a single shuffle
    (`vector-transpose-lowering=shuffle1d`). In a kernel function
    (`tg.kernel`), before the lowering to LLVM:

    - source axes that stay adjacent and in order in the result are merged:
      `transpose(v : 16x3x3, [1, 2, 0])` becomes
      `shape_cast(transpose(shape_cast(v) : 16x9, [1, 0])) : 3x3x16`;
    - the transposed tile's reads and writes take the merged shape: a
      `transfer_read` from a memref, merged by a `shape_cast` that only
      transposes use, reads it from a `memref.collapse_shape` of the memref,
      and a `transfer_write` of a transpose's result unmerged by a
      `shape_cast` writes it to one. Only when the merged axes after each
      group's first are accessed whole, at index 0, in bounds, the memref
      is contiguous along them, and the merged access is still a run of
      consecutive elements (not a strided one).

    Transposes that merge no axes (`[1, 0, 2]`) and accesses of part of an
    axis, or of one that is strided, stay as they are.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect", "::mlir::memref::MemRefDialect"];
}

def TGCPUFusePoolingInputs : Pass<"tg-cpu-fuse-pooling-inputs", "::mlir::func::FuncOp"> {
  let summary = "Compute a pooling's padded input where the pooling reads it";
  let description = [{
    In a kernel function (`tg.kernel`), a reduction without products (a
    pooling's max or sum; a contraction, which multiplies, reads its tiles
    as vectors) takes in each `linalg.generic` it reads through windows (an
    index that is a sum of loops, `2 * oy + ky`) that computes its elements
    from their indices and what it gathers with `tensor.extract` (no
    inputs, no effects: a pad of the input, a pad's mask of where the data
    lies), through upstream's elementwise fusion, which maps the stage's
    indices through the pooling's indexing map. The stage is then no longer
    kept in scratch: ResNet-18's 3x3 max pooling of stride 2 pads with -inf
    as `where(pad(true), pad(x), -inf)`, and wrote a 53 MB padded copy and
    a 13 MB mask to read them back (19.6 ms); computed in its windows, each
    input element is read about twice (3.6 ms). A stage read along the
    loops (a sum of a pad) is left: read once anyway, and a row reduction
    of it vectorizes where a gathering one would not.
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect", "::mlir::affine::AffineDialect"];
}

def TGCPUFreeScratch : Pass<"tg-cpu-free-scratch", "::mlir::ModuleOp"> {
  let summary = "Free the scratch buffers kernels allocate";
  let description = [{
    After bufferization, a stage that a kernel computes whole (an
    intermediate its tiles could not fuse, such as a padded copy inside a
    kernel) lives in a `memref.alloc` that nothing frees, so every launch
    would leak it. In every kernel function (`tg.kernel`) each such buffer
    gets a `memref.dealloc` at the end of the block that allocates it:
    kernels write only their output arguments, so scratch cannot outlive
    it. Buffers that leave their block (returned, yielded or stored, also
    through a view) or are freed already are left alone, as are the host
    function's buffers, which the launch plan owns.
  }];
  let dependentDialects = ["::mlir::memref::MemRefDialect"];
}

def TGCPUPrefetchNextRow : Pass<"tg-cpu-prefetch-next-row", "::mlir::func::FuncOp"> {
  let summary = "Fetch the next row while a row kernel reads a row again";
  let description = [{
    In a kernel (`tg.kernel`) after bufferization, a loop over rows (step 1)
    that views one contiguous row of an argument (`min-row-bytes` or more:
    4 KB by default, where the hardware prefetchers stop at the page) and
    reads that view in two or more of its loops reads the row from memory
    in the first and from the cache after (softmax: the max, then exp2 and
    the sum). The second of those loops, when it steps along the row by
    whole cache lines, also prefetches (`memref.prefetch`, into L1) the
    same cache lines of the next row (the last row's own at the end), so
    that fetching the next row overlaps the computing of this one (a C
    softmax of 4096x4096 on this machine: 6.5-7.1 ms without, 5.1-6.0
    with). Kernels that read each row once (a sum) are memory streams the
    hardware prefetches, and are left alone, as are rows under
    `min-row-bytes`, views that other loop indices move, and rows whose
    later loops step by less than a cache line.
  }];
  let options = [
    Option<"minRowBytes", "min-row-bytes", "int64_t", /*default=*/"4096",
           "Rows of at least this many bytes are prefetched">,
  ];
  let dependentDialects = ["::mlir::memref::MemRefDialect", "::mlir::arith::ArithDialect"];
}

def TGCPUShareRowValues : Pass<"tg-cpu-share-row-values", "::mlir::func::FuncOp"> {
  let summary = "Compute once what a row's reduction and its outputs both compute";
  let description = [{
    In a kernel (`tg.kernel`) after `tg-cpu-apply-opts`, a loop that reduces
    a value over a row in vectors (`acc + v`; softmax's sum of
    exp2(x - max)) and a later loop of the same block over the same
    iterations that computes the same value again (softmax's outputs,
    exp2(x - max) · 1/sum) share it: the reduction's loop also writes each
    vector into a row of scratch (`tensor.empty`, one row long, carried by
    the loop) and the later loop reads it from there. Only values whose
    computation takes a math function or a division are kept: a store and a
    load from L1 cost less than an exp2 polynomial, not less than a
    subtraction. Loops with other bounds or steps, values that depend on
    what the loop carries, and values the later loop does not compute are
    left alone.
  }];
  let dependentDialects = ["::mlir::tensor::TensorDialect", "::mlir::vector::VectorDialect",
                           "::mlir::arith::ArithDialect"];
}

def TGCPUNarrowPartialSums : Pass<"tg-cpu-narrow-partial-sums", "::mlir::func::FuncOp"> {
  let summary = "Carry two registers of a row's partial results when its values take a math function";
  let description = [{
    In a kernel (`tg.kernel`) after `tg-cpu-apply-opts`, a loop that
    reduces a value over a row in vectors (`acc + v`, `max(acc, v)`: the
    partial results of tinygrad's UNROLL of a reduce, as many lanes as a
    step reads, 64 for a 4096-wide row) and whose lanes all go into one
    result after it (a `vector.multi_reduction` of them, reached whole
    through shape casts, or written into scratch and read back whole) carries
    two registers of lanes instead when v takes a math function or a
    division: each step combines v's registers into two first, the merge
    reduces those, and the scratch the lanes went through is erased. A polynomial's constants and temporaries need most
    of AVX2's sixteen registers; eight of partial sums beside them were
    spilled and reloaded every step, and two hide the adds' latency behind
    the polynomial's (softmax_4096x4096's sum of exp2: 6.6 -> 6.15 ms per
    launch on Zen 2). Cheaper values (a max of reads, a sum of
    differences), lanes that leave the loop otherwise, and loops already
    this narrow are left alone.
  }];
  let options = [
    Option<"vectorBytes", "vector-bytes", "int64_t", /*default=*/"64",
           "The width of the target's vector registers in bytes (64: AVX-512)">,
  ];
  let dependentDialects = ["::mlir::vector::VectorDialect", "::mlir::scf::SCFDialect",
                           "::mlir::arith::ArithDialect"];
}

def TGCPUSkipZeroBorder : Pass<"tg-cpu-skip-zero-border", "::mlir::func::FuncOp"> {
  let summary = "Skip the steps of a reduction that only add products with zeros";
  let description = [{
    In a kernel (`tg.kernel`) with an argument whose border holds zeros
    (`tg.zero_border`, recorded by `tg-to-linalg` for the result of a
    `tg.pad`), a loop (`scf.for`, step 1) whose iterations only add
    products to its results (`vector.contract` into its `iter_args`,
    directly or through nested loops that do the same, writing no memory)
    runs only the steps where a factor of every product, a read of one
    element of that argument along an axis that moves with the step, is
    not in the border:

    ```
    for ky in [0, 5): acc += read(g[.., y + ky, ..]) * w[ky]
      -> for ky in [max(0, 4 - y), min(5, 24 - y)): the same
    ```

    A convolution's input gradient reads the output gradient padded by
    k - 1 on each side; a 5x5's over a 20x20 map skips a sixth of its row
    steps (beautiful_mnist's 128x32x24x24: 9.0 -> 7.2 ms; the CNN bench's
    3x3 over 24x24, 128x32x26x26: 7.7 -> 6.7 ms).

    A read of a vector along a bordered axis (a register tile's columns)
    mostly straddles the border, so no step is skipped for it. Instead,
    when the loops that move the read have constant bounds (the tile's
    loop, outermost and not the one the workers split, and steps nested
    in it of at most 8 iterations, kx),
    the tile loop's first and last iterations, if they read the border,
    are peeled off into loops of their own (carrying its results on), the
    steps nested in them unrolled, and each product (`vector.contract`
    adding into an accumulator) whose read is then known to have zeros in
    some lanes narrowed to the other lanes, along an output dimension:

    ```
    for x in [0, 24) step 8: for kx in [0, 5): acc += read(g[x + kx : 8]) * w[kx]
      -> x = 0:  acc[4:8] += read(g[0 : 8])[4:8] * w[0]; acc[3:8] += ...
         for x in [8, 16) step 8: as before
         x = 16: ...
    ```

    That skips the rest of the zero border (beautiful_mnist's 5x5: 7.2 ->
    5.8 ms, its 3x3s over 10x10 and 8x8 by a fifth; the CNN bench's 3x3,
    whose 26 columns are two tiles of 13: 6.6 -> 6.3 ms). A skipped
    product would have been a zero times a weight, so sums only differ
    where a weight is infinite or NaN (and in the sign of a zero).

    The kernel's arguments then lose their `tg.zero_border`, which LLVM
    does not know (its translation would warn of each).
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect", "::mlir::vector::VectorDialect"];
}

def TGCPUStreamStores : Pass<"tg-cpu-stream-stores", "::mlir::func::FuncOp"> {
  let summary = "Write large outputs with non-temporal stores";
  let description = [{
    A kernel (`tg.kernel`) whose output argument is larger than the
    last-level cache (`min-bytes`, 32 MB by default) and that never reads
    it writes its vectors of whole cache lines (64 bytes or more, in bounds,
    contiguous) with non-temporal stores: the lines go to memory without
    being read first, which an ordinary store does to own them (a copy of
    64 MB: 6.2 ms with ordinary stores, 4.4 ms streamed, on this machine's
    Zen 4). Such an output would leave the cache before the next kernel
    read it anyway. A non-temporal store of a vector must be aligned to its
    cache lines: each `vector.transfer_write` becomes a test of its
    address, a non-temporal `vector.store` aligned to 64 bytes when it is,
    the write as before when not. Kernels that read their output (partial
    sums added to it) and smaller outputs are left alone.
  }];
  let options = [
    Option<"minBytes", "min-bytes", "int64_t", /*default=*/"32 << 20",
           "Outputs of at least this many bytes are streamed">,
  ];
  let dependentDialects = ["::mlir::memref::MemRefDialect", "::mlir::vector::VectorDialect",
                           "::mlir::scf::SCFDialect", "::mlir::arith::ArithDialect"];
}

def TGCPUOptimizeSmallForSize : Pass<"tg-cpu-optimize-small-for-size", "::mlir::func::FuncOp"> {
  let summary = "Ask LLVM for small code in kernels that do little work";
  let description = [{
    A kernel (`tg.kernel`) that is still linalg ops on memrefs (the kernel
    optimizer tiled and vectorized nothing) and runs at most
    `max-iterations` of their loop iterations in all gets LLVM's `optsize`
    (`passthrough = ["optsize"]`, which convert-func-to-llvm carries to the
    `llvm.func`). Without it LLVM unrolls and vectorizes such a loop nest as
    it would a large one: the CNN training step's weight flip
    `E_64_3_3_32`, 18432 copies that run in about 20 µs, became 1826
    instructions (4 KB of code) that took LLVM 94 ms; with `optsize`, 190
    bytes. The step's 20 such kernels ran 3 µs longer in all, and the parts
    of LLVM's work that hold them took 118-129 ms against 256-277. A
    kernel with loops of its own
    (tiled, vectorized) or with loops of unknown length is left alone:
    LLVM's unrolling of those pays (unrolling off, the CNN step's weight
    gradient ran 1.8 times longer).
  }];
  let options = [
    Option<"maxIterations", "max-iterations", "int64_t", /*default=*/"1 << 16",
           "Kernels of at most this many loop iterations are optimized for size">,
  ];
}

def TGCPURangeMaximum : Pass<"tg-cpu-range-maximum", "::mlir::func::FuncOp"> {
  let summary = "IEEE maximum of f32 vectors in three AVX-512 instructions";
  let description = [{
    `arith.maximumf` is IEEE 754's maximum: a NaN operand gives NaN, and
    +0 is larger than -0. LLVM lowers it on x86 to six instructions per
    register (vpmovd2m, two blends, vcmpunordps, vmaxps, a masked move),
    as `vmaxps` alone returns its second operand for NaNs and equal zeros.
    AVX-512DQ's `vrangeps` with immediate 5 (the larger value, its sign
    from the comparison) is IEEE maximum for every pair but NaNs, for which
    it returns the other operand. In a kernel function (`tg.kernel`), each
    `arith.maximumf` of f32 vectors that fill whole 16-lane registers
    becomes, per register, `vrangeps(a, b)` and a NaN fix-up,
    `select(isnan(a) | isnan(b), a + b, range)`, which LLVM emits as one
    compare and one masked add. Softmax's row maximum uses it; the CNN
    step's max pooling reduces windows of 2x2 lanes (a `vector<4xf32>`)
    and its ReLU compares and selects, so neither does. Only for CPUs with
    AVX-512DQ (tg-cpu-to-llvm adds it when the machine has `+avx512dq`).
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect", "::mlir::vector::VectorDialect",
                           "::mlir::arith::ArithDialect"];
}

def TGCPUKernelABI : Pass<"tg-cpu-kernel-abi", "::mlir::ModuleOp"> {
  let summary = "Give CPU kernels their worker split";
  let description = [{
    On kernels lowered to loops over memrefs: every kernel function gets two
    trailing `index` arguments, `worker` and `num_workers`. When `tg.opts`
    splits, the top-level `scf.for` marked `tg.split` runs only the share
    `[worker·n/W, (worker+1)·n/W)` of its `n` iterations. `n` is recorded as
    `tg.parallel_size` (1 when nothing is split) for the executable's
    launch plan. Calls from host code pass worker 0 of 1: the whole kernel.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect", "::mlir::scf::SCFDialect"];
}

def TGCPUCachedScratch : Pass<"tg-cpu-cached-scratch", "::mlir::ModuleOp"> {
  let summary = "Allocate kernels' scratch through the runtime's cache";
  let description = [{
    On the LLVM dialect, after `finalize-memref-to-llvm`: in every kernel
    function (`tg.kernel`), each call of `malloc` becomes one of
    `tgrt_scratch_alloc` and each call of `free` one of `tgrt_scratch_free`
    (a kernel frees only its own scratch, tg-cpu-free-scratch's). The
    runtime defines both over a cache of freed blocks: through malloc, a
    block past glibc's mmap threshold is mapped afresh at every launch, and
    each of its pages faults and is zeroed when first touched (ResNet-18's
    max pooling pads 53 MB in its kernel: 13 ms of faults in 20). The module
    gets weak definitions of both over `malloc` and `free`, the allocation's
    result `noalias` as malloc's is, so that a binary also runs where no
    runtime defines them (an AOT object). Functions other than kernels (an
    AOT program's plan) keep malloc and free.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def TGCPUEntryPoints : Pass<"tg-cpu-entry-points", "::mlir::ModuleOp"> {
  let summary = "Export every kernel under its name with the runtime's entry point signature";
  let description = [{
    On the LLVM dialect: every kernel function `<name>` (bare-pointer
    calling convention, with `worker` and `num_workers` last) becomes the
    internal `<name>.body`, and the exported function `<name>(void *const
    *buffers, i64 worker, i64 num_workers)` of tg_executable.h loads each
    buffer pointer and calls it. The symbol the executable names, and the
    runtime shows (DEBUG=2), is the kernel's own name.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

#endif // TG_TARGET_CPU_PASSES_TD
