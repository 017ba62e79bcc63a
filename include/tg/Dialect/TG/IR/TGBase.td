//===- TGBase.td - the tg dialect, its types and enums -----*- tablegen -*-===//
//
// tinygrad's tensor-graph UOps as an MLIR dialect. Values are builtin tensors
// and scalars; element types follow the StableHLO convention (signless iN is
// signed, uiN is unsigned, i1 is bool).
//
//===----------------------------------------------------------------------===//

#ifndef TG_BASE_TD
#define TG_BASE_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"

def TG_Dialect : Dialect {
  let name = "tg";
  let cppNamespace = "::mlir::tg";
  let summary = "tinygrad's tensor-graph operations";
  let description = [{
    The `tg` dialect holds tinygrad's UOps: elementwise ALU ops that apply to
    statically shaped tensors and to scalars alike, constants, the six
    movement ops, reductions, the scheduling ops and `tg.kernel`, a fused
    kernel. There is no implicit broadcasting: every elementwise operand has
    the same shape, and shapes change only through movement ops.

    Element types: `f16 bf16 f32 f64`; `i1` is bool; signless `i8 i16 i32 i64`
    are signed and `ui8 ui16 ui32 ui64` unsigned, so signedness stays visible
    to `tg.cmplt`, the divisions, `tg.shr` and `tg.cast`. Scalars may also be
    `index` (tinygrad's index arithmetic, signed 64-bit).
  }];
  let hasConstantMaterializer = 1;
  let hasRegionArgAttrVerify = 1;
  let hasRegionResultAttrVerify = 1;
  let hasCanonicalizer = 1;
  let useDefaultAttributePrinterParser = 1;
  let extraClassDeclaration = [{
    /// What `--canonicalize` applies to tg ops. The rules live in a library
    /// above this one (tg/Dialect/TG/Rules), which sets this when it
    /// registers the dialect (`registerTGDialect`); unset, tg ops have no
    /// canonicalization patterns.
    std::function<void(::mlir::RewritePatternSet &)> canonicalizationPatterns;
  }];
}

//===----------------------------------------------------------------------===//
// Element types and the scalar-or-tensor constraints built from them.
//===----------------------------------------------------------------------===//

def TG_Float : AnyTypeOf<[F16, BF16, F32, F64], "float (f16, bf16, f32, f64)">;
def TG_Int : AnyTypeOf<[I8, I16, I32, I64, UI8, UI16, UI32, UI64],
                       "integer (i8..i64 signed, ui8..ui64 unsigned)">;
def TG_Bool : AnyTypeOf<[I1], "bool (i1)">;
def TG_ElementType : AnyTypeOf<[TG_Float, TG_Int, TG_Bool], "tg element type">;

def TG_Tensor : StaticShapeTensorOf<[TG_ElementType]>;

// A scalar of one of `scalars`, or a statically shaped tensor of `elements`.
class TG_ScalarOrTensor<list<Type> scalars, list<Type> elements, string what>
    : AnyTypeOf<!listconcat(scalars, [StaticShapeTensorOf<elements>]),
                what # " scalar or statically shaped tensor">;

def TG_FloatLike : TG_ScalarOrTensor<[TG_Float], [TG_Float], "float">;
def TG_IntLike : TG_ScalarOrTensor<[TG_Int, Index], [TG_Int], "integer or index">;
def TG_BoolLike : TG_ScalarOrTensor<[TG_Bool], [TG_Bool], "bool">;
def TG_NumberLike : TG_ScalarOrTensor<[TG_Float, TG_Int, Index],
                                      [TG_Float, TG_Int], "float, integer or index">;
def TG_AnyLike : TG_ScalarOrTensor<[TG_Float, TG_Int, Index, TG_Bool],
    [TG_Float, TG_Int, TG_Bool], "float, integer, index or bool">;
def TG_IntOrBoolLike : TG_ScalarOrTensor<[TG_Int, Index, TG_Bool],
                                         [TG_Int, TG_Bool], "integer, index or bool">;
def TG_UI64Like : TG_ScalarOrTensor<[UI64], [UI64], "ui64">;
// Bitcast needs a fixed width, so no index.
def TG_FixedWidthLike : TG_ScalarOrTensor<[TG_Float, TG_Int, TG_Bool],
    [TG_Float, TG_Int, TG_Bool], "fixed-width">;

//===----------------------------------------------------------------------===//
// Enums
//===----------------------------------------------------------------------===//

def TG_ReduceKind : I32EnumAttr<"ReduceKind", "reduction operator", [
    I32EnumAttrCase<"add", 0>,
    I32EnumAttrCase<"mul", 1>,
    I32EnumAttrCase<"max", 2>
  ]> {
  let cppNamespace = "::mlir::tg";
}

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

def TG_KernelOptsAttr : AttrDef<TG_Dialect, "KernelOpts"> {
  let mnemonic = "opts";
  let summary = "what the kernel optimizer chose for a kernel";
  let description = [{
    tinygrad's applied opts, recorded on a kernel function (`tg.opts`)
    before a later pass applies them, so a test can pin the choice apart
    from its execution and BEAM search only varies the attribute:

    - `split`: the loop of the kernel's main linalg.generic whose iterations
      are divided among CPU workers (a parallel loop, outermost after the
      choice), or -1 for none;
    - `tile`: a tile size per loop of the main generic (0: not tiled;
      absent: no tiling);
    - `vectorize`: whether the tiles are vectorized;
    - `vector`: the tiled loop whose elements become the vector lanes
      (tinygrad's UPCAST axis), stored transposed when it is not the
      output's last axis; absent (-1): the last tiled parallel loop;
    - `outer`: a reduction loop run outside the tiles, one step at a time,
      each tile adding its partial sums to the output (cache blocking of a
      reduction over more data than a cache holds, such as a weight
      gradient's sum over the batch); absent (-1): none.

    `#tg.opts<split = 0, vectorize = true, tile = [8, 32, 0]>`,
    `#tg.opts<split = 0, vectorize = true, tile = [1, 16, 1, 13, 1], vector = 1>`,
    `#tg.opts<split = 2, vectorize = true, tile = [1, 1, 4, 64, 1, 1, 1], outer = 4>`
  }];
  let parameters = (ins "int64_t":$split, "bool":$vectorize,
                        OptionalArrayRefParameter<"int64_t">:$tile,
                        DefaultValuedParameter<"int64_t", "-1">:$vector,
                        DefaultValuedParameter<"int64_t", "-1">:$outer);
  let builders = [
    AttrBuilder<(ins "int64_t":$split, "bool":$vectorize, "::llvm::ArrayRef<int64_t>":$tile), [{
      return $_get($_ctxt, split, vectorize, tile, -1, -1);
    }]>,
    AttrBuilder<(ins "int64_t":$split, "bool":$vectorize, "::llvm::ArrayRef<int64_t>":$tile,
                     "int64_t":$vector), [{
      return $_get($_ctxt, split, vectorize, tile, vector, -1);
    }]>
  ];
  // `<split = S, vectorize = B` then `, tile = [...]`, `, vector = V` and
  // `, outer = O` when given: two optional groups that both begin with a
  // comma are more than the declarative format can tell apart.
  let hasCustomAssemblyFormat = 1;
}

def TG_ZeroBorderAttr : AttrDef<TG_Dialect, "ZeroBorder"> {
  let mnemonic = "zero_border";
  let summary = "the border of a kernel argument that holds zeros";
  let description = [{
    On a kernel function's argument (`tg.zero_border`): the argument holds
    zeros in the first `low[i]` and the last `high[i]` elements of each axis
    `i`: the zeros of a `tg.pad` that ends the kernel writing it (a
    convolution's input gradient reads the output gradient padded by
    k - 1 on each side). `tg-to-linalg` records it where a kernel reads
    such a result; `tg-cpu-skip-zero-border` skips the steps of a
    reduction that would only add products with those zeros, then drops
    it.

    `#tg.zero_border<low = [0, 0, 4, 4], high = [0, 0, 4, 4]>`
  }];
  let parameters = (ins ArrayRefParameter<"int64_t">:$low, ArrayRefParameter<"int64_t">:$high);
  let genVerifyDecl = 1;
  let assemblyFormat = [{
    `<` `low` `=` `[` $low `]` `,` `high` `=` `[` $high `]` `>`
  }];
}

def TG_GPULaunchAttr : AttrDef<TG_Dialect, "GPULaunch"> {
  let mnemonic = "launch";
  let summary = "how a kernel is spread over GPU threads";
  let description = [{
    The GPU kernel optimizer's choice for a kernel function (`tg.launch`),
    recorded by `tg-gpu-choose-launch` and carried out by
    `tg-gpu-map-kernels`:

    - `threads`: threads per workgroup (one-dimensional);
    - `group_reduce = false`: one thread per output element, each running
      the reduction loops (if any) alone; the grid covers the outputs;
    - `group_reduce = true`: one workgroup per output element; its threads
      share the reduction's iterations and combine their partial results
      in workgroup memory, with a barrier between the halving steps.

    `#tg.launch<threads = 256, group_reduce = false>`
  }];
  let parameters = (ins "int64_t":$threads, "bool":$group_reduce);
  let genVerifyDecl = 1;
  let assemblyFormat = [{
    `<` `threads` `=` $threads `,` `group_reduce` `=` $group_reduce `>`
  }];
}

#endif // TG_BASE_TD
