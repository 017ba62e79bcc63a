//===- TGOps.td - tg dialect operations --------------------*- tablegen -*-===//
//
// One op per tinygrad tensor-graph UOp. ALU ops are elementwise-mappable: the
// same op applies to statically shaped tensors and to scalars, and every
// operand has the result's shape (no implicit broadcasting).
//
//===----------------------------------------------------------------------===//

#ifndef TG_OPS_TD
#define TG_OPS_TD

include "tg/Dialect/TG/IR/TGBase.td"
include "mlir/IR/OpBase.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/InferIntRangeInterface.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"

// Every tensor an op takes or gives has a byte size that fits in int64, so
// that no size, stride or offset computed from it overflows.
def TG_SizesFitInt64 : NativeOpTrait<"SizesFitInt64"> {
  let cppNamespace = "::mlir::tg";
}

class TG_Op<string mnemonic, list<Trait> traits = []>
    : Op<TG_Dialect, mnemonic, !listconcat([TG_SizesFitInt64], traits)>;

// Every operand and the result have one shape, or are all scalars.
def TG_NoImplicitBroadcast : NativeOpTrait<"NoImplicitBroadcast"> {
  let cppNamespace = "::mlir::tg";
}

// Runs result-type inference with the op's location before the generic
// InferTypeOpInterface check, so an invalid attribute is reported with its
// specific reason rather than as "failed to infer returned types".
def TG_ExplainsInferenceFailure : NativeOpTrait<"ExplainsInferenceFailure"> {
  let cppNamespace = "::mlir::tg";
}
def TG_InferredResult : TraitList<[TG_ExplainsInferenceFailure, InferTypeOpAdaptor]>;

//===----------------------------------------------------------------------===//
// ALU ops
//===----------------------------------------------------------------------===//

class TG_ALUOp<string mnemonic, list<Trait> traits = []>
    : TG_Op<mnemonic, !listconcat([TG_NoImplicitBroadcast], traits,
        [Pure, ElementwiseMappable,
         DeclareOpInterfaceMethods<InferIntRangeInterface,
                                   ["inferResultRanges"]>])> {
  let hasFolder = 1;
}

class TG_UnaryOp<string mnemonic, Type type, list<Trait> traits = []>
    : TG_ALUOp<mnemonic, !listconcat(traits, [SameOperandsAndResultType])> {
  let arguments = (ins type:$x);
  let results = (outs type:$result);
  let assemblyFormat = "$x attr-dict `:` type($result)";
}

class TG_BinaryOp<string mnemonic, Type type, list<Trait> traits = []>
    : TG_ALUOp<mnemonic, !listconcat(traits, [SameOperandsAndResultType])> {
  let arguments = (ins type:$lhs, type:$rhs);
  let results = (outs type:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($result)";
}

class TG_CompareOp<string mnemonic, list<Trait> traits = []>
    : TG_ALUOp<mnemonic, !listconcat(traits, [SameTypeOperands,
        TypesMatchWith<"result is the bool (i1) form of the operand type",
                       "lhs", "result", "::mlir::tg::getBoolLike($_self)">])> {
  let arguments = (ins TG_AnyLike:$lhs, TG_AnyLike:$rhs);
  let results = (outs TG_BoolLike:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($lhs)";
}

// Unary ------------------------------------------------------------------===//

def TG_Exp2Op : TG_UnaryOp<"exp2", TG_FloatLike> {
  let summary = "power of two, 2^x (tinygrad EXP2)";
  let description = [{
    `2^x`; overflows to `+inf`, `exp2(-inf) = 0`, NaN stays NaN. tinygrad's
    transcendentals are base 2: `exp(x)` is `exp2(x * log2(e))`.
  }];
}

def TG_Log2Op : TG_UnaryOp<"log2", TG_FloatLike> {
  let summary = "base-2 logarithm (tinygrad LOG2)";
  let description = [{
    Base-2 logarithm: `log2(0) = -inf`, `log2(x < 0) = NaN`.
  }];
}

def TG_SinOp : TG_UnaryOp<"sin", TG_FloatLike> {
  let summary = "sine (tinygrad SIN)";
  let description = [{
    Sine of `x` radians; `sin(±inf) = NaN`. cos and tan are built from it.
  }];
}

def TG_SqrtOp : TG_UnaryOp<"sqrt", TG_FloatLike> {
  let summary = "square root (tinygrad SQRT)";
  let description = [{ `sqrt(x)`; `sqrt(x < 0) = NaN`, `sqrt(-0) = -0`. }];
}

def TG_ReciprocalOp : TG_UnaryOp<"reciprocal", TG_FloatLike> {
  let summary = "reciprocal, 1/x (tinygrad RECIPROCAL)";
  let description = [{ `1/x` in IEEE arithmetic: `1/±0 = ±inf`. }];
}

def TG_NegOp : TG_UnaryOp<"neg", TG_NumberLike> {
  let summary = "negation, -x (tinygrad NEG)";
  let description = [{
    Negation. Integers wrap around (`-INT_MIN = INT_MIN`, unsigned `-x` is
    `2^n - x`); floats flip the sign bit.
  }];
}

def TG_TruncOp : TG_UnaryOp<"trunc", TG_FloatLike> {
  let summary = "round toward zero (tinygrad TRUNC)";
  let description = [{
    Rounds toward zero to an integral value of the same float type; `±inf`
    and NaN are returned unchanged.
  }];
}

// Binary ----------------------------------------------------------------===//

def TG_AddOp : TG_BinaryOp<"add", TG_NumberLike, [Commutative]> {
  let summary = "addition, x + y (tinygrad ADD)";
  let description = [{
    Addition; integers wrap around modulo `2^n`, floats round to nearest even.
  }];
}

def TG_SubOp : TG_BinaryOp<"sub", TG_NumberLike> {
  let summary = "subtraction, x - y (tinygrad SUB)";
  let description = [{
    Subtraction, wrapping for integers. tinygrad keeps SUB for backends
    (`x + y*-1` in the graph); here it is a first-class op that
    `tg-decompose` removes where a target lacks it.
  }];
}

def TG_MulOp : TG_BinaryOp<"mul", TG_NumberLike, [Commutative]> {
  let summary = "multiplication, x * y (tinygrad MUL)";
  let description = [{ Multiplication; integers wrap around modulo `2^n`. }];
}

def TG_FDivOp : TG_BinaryOp<"fdiv", TG_FloatLike> {
  let summary = "float division, x / y (tinygrad FDIV)";
  let description = [{
    IEEE division: `x/0 = ±inf`, `0/0 = NaN`. tinygrad writes it as
    `x * reciprocal(y)`; `tg-decompose` does that for targets without FDIV.
  }];
}

def TG_CDivOp : TG_BinaryOp<"cdiv", TG_IntLike> {
  let summary = "integer division rounding toward zero, as C (tinygrad CDIV)";
  let description = [{
    Integer division rounding toward zero, as in C: `-7 cdiv 2 = -3`.
    Unsigned types divide unsigned. Division by zero and the signed overflow
    `INT_MIN cdiv -1` are undefined and never folded.
  }];
}

def TG_CModOp : TG_BinaryOp<"cmod", TG_IntLike> {
  let summary = "remainder of cdiv, as C (tinygrad CMOD)";
  let description = [{
    The remainder of `cdiv`: `x - (x cdiv y) * y`, with the sign of `x`:
    `-7 cmod 2 = -1`. A zero divisor is undefined and never folded.
  }];
}

def TG_FloorDivOp : TG_BinaryOp<"floordiv", TG_IntLike> {
  let summary = "floor division, Python-style (tinygrad FLOORDIV)";
  let description = [{
    Integer division rounding toward negative infinity, as Python's `//`:
    `-7 floordiv 2 = -4`. All of tinygrad's index arithmetic uses it; it is
    decomposed into `cdiv` with a sign fix late. A zero divisor is undefined
    and never folded.
  }];
}

def TG_FloorModOp : TG_BinaryOp<"floormod", TG_IntLike> {
  let summary = "floor remainder, Python-style (tinygrad FLOORMOD)";
  let description = [{
    `x - (x floordiv y) * y`, with the sign of `y`, as Python's `%`:
    `-7 floormod 2 = 1`. A zero divisor is undefined and never folded.
  }];
}

def TG_MaxOp : TG_BinaryOp<"max", TG_AnyLike, [Commutative]> {
  let summary = "maximum (tinygrad MAX)";
  let description = [{
    The larger operand. For floats NaN propagates (a NaN operand gives NaN)
    and `-0 < +0`, as IEEE 754-2019 `maximum`. Signed or unsigned by the
    element type; for bool it is logical or.
  }];
}

def TG_PowOp : TG_BinaryOp<"pow", TG_NumberLike> {
  let summary = "power, x ^ y (tinygrad POW)";
  let description = [{
    Power. Floats follow C `pow` (`pow(-8, 1/3) = NaN`, `pow(0, -1) = inf`).
    Integers wrap around; a negative integer exponent gives `1/x^|y|`
    truncated toward zero (so 0 unless `|x| = 1`), and `0 ^ negative` is
    undefined.
  }];
}

def TG_ShlOp : TG_BinaryOp<"shl", TG_IntLike> {
  let summary = "shift left (tinygrad SHL)";
  let description = [{
    `x << y`, wrapping. A shift amount that is negative or not smaller than
    the bit width is undefined and never folded.
  }];
}

def TG_ShrOp : TG_BinaryOp<"shr", TG_IntLike> {
  let summary = "shift right (tinygrad SHR)";
  let description = [{
    `x >> y`: arithmetic for signed types, logical for unsigned ones. A shift
    amount that is negative or not smaller than the bit width is undefined.
  }];
}

def TG_AndOp : TG_BinaryOp<"and", TG_IntOrBoolLike, [Commutative]> {
  let summary = "bitwise and, logical and on bool (tinygrad AND)";
}

def TG_OrOp : TG_BinaryOp<"or", TG_IntOrBoolLike, [Commutative]> {
  let summary = "bitwise or, logical or on bool (tinygrad OR)";
}

def TG_XorOp : TG_BinaryOp<"xor", TG_IntOrBoolLike, [Commutative]> {
  let summary = "bitwise xor, logical xor on bool (tinygrad XOR)";
}

def TG_ThreefryOp : TG_BinaryOp<"threefry", TG_UI64Like> {
  let summary = "Threefry-2x32 counter-based random bits (tinygrad THREEFRY)";
  let description = [{
    `threefry %x, %key`: the Threefry-2x32 block cipher (20 rounds) applied
    to the 64-bit counter `x` (low and high 32-bit halves) under the 64-bit
    key, returning the two output words as `hi << 32 | lo`. tinygrad's random
    numbers are built on it.
  }];
}

def TG_CmpLtOp : TG_CompareOp<"cmplt"> {
  let summary = "less than, x < y (tinygrad CMPLT)";
  let description = [{
    Less-than, signed or unsigned by the element type, `false < true` for
    bool; any comparison with NaN is false. The result is `i1` of the
    operands' shape.
  }];
}

def TG_CmpNeOp : TG_CompareOp<"cmpne", [Commutative]> {
  let summary = "not equal, x != y (tinygrad CMPNE)";
  let description = [{ Not-equal; NaN is not equal to anything, itself included. }];
}

def TG_CmpEqOp : TG_CompareOp<"cmpeq", [Commutative]> {
  let summary = "equal, x == y (tinygrad CMPEQ)";
  let description = [{
    Equal; false whenever an operand is NaN. tinygrad introduces CMPEQ late
    for `!(x != y)`.
  }];
}

// Ternary ---------------------------------------------------------------===//

def TG_WhereOp : TG_ALUOp<"where", [
    AllTypesMatch<["true_value", "false_value", "result"]>,
    TypesMatchWith<"condition is the bool (i1) form of the result type",
                   "result", "cond", "::mlir::tg::getBoolLike($_self)">]> {
  let summary = "select (tinygrad WHERE)";
  let description = [{
    `where %c, %t, %f` is `c ? t : f`, elementwise. tinygrad's PAD, masks
    and `valid` gates are all WHERE.
  }];
  let arguments = (ins TG_BoolLike:$cond, TG_AnyLike:$true_value,
                       TG_AnyLike:$false_value);
  let results = (outs TG_AnyLike:$result);
  let assemblyFormat =
      "$cond `,` $true_value `,` $false_value attr-dict `:` type($result)";
}

def TG_MulAccOp : TG_ALUOp<"mulacc", [SameOperandsAndResultType]> {
  let summary = "multiply-accumulate, a * b + c (tinygrad MULACC)";
  let description = [{
    Multiply-accumulate, as two roundings (`(a*b)+c`), wrapping for integers.
    Backends may lower it to a fused multiply-add.
  }];
  let arguments = (ins TG_NumberLike:$a, TG_NumberLike:$b, TG_NumberLike:$c);
  let results = (outs TG_NumberLike:$result);
  let assemblyFormat = "$a `,` $b `,` $c attr-dict `:` type($result)";
}

// Casts -----------------------------------------------------------------===//

def TG_CastOp : TG_ALUOp<"cast"> {
  let summary = "value conversion (tinygrad CAST)";
  let description = [{
    Converts each value to the result element type:
    - float → float rounds to nearest even;
    - float → integer truncates toward zero; NaN, infinities and values
      outside the target range are undefined and never folded;
    - integer → float rounds to nearest; integers convert by sign or zero
      extension (by the source's signedness) or by truncation (wrapping);
    - anything → bool is `x != 0` (NaN is true); bool → number is 0 or 1.
    `index` behaves as a signed 64-bit integer.
  }];
  let arguments = (ins TG_AnyLike:$x);
  let results = (outs TG_AnyLike:$result);
  let assemblyFormat = "$x attr-dict `:` type($x) `to` type($result)";
}

def TG_BitcastOp : TG_ALUOp<"bitcast"> {
  let summary = "reinterpret bits (tinygrad BITCAST)";
  let description = [{
    Reinterprets each element's bits as the result element type, which must
    have the same bit width (`f32 ↔ i32 ↔ ui32`, `f16 ↔ bf16 ↔ i16`).
  }];
  let arguments = (ins TG_FixedWidthLike:$x);
  let results = (outs TG_FixedWidthLike:$result);
  let assemblyFormat = "$x attr-dict `:` type($x) `to` type($result)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Constants
//===----------------------------------------------------------------------===//

def TG_ConstOp : TG_Op<"const", [ConstantLike, Pure,
    DeclareOpInterfaceMethods<InferIntRangeInterface, ["inferResultRanges"]>]> {
  let summary = "a constant scalar, or a tensor filled with one value (tinygrad CONST)";
  let description = [{
    `tg.const 1.5 : tensor<2x3xf32>` is a 2×3 tensor of 1.5;
    `tg.const 7 : index` a scalar. The value is written for the element type:
    `true`/`false` for i1, unsigned values for `ui` types, and floats as
    decimals or as a hexadecimal bit pattern (how NaN and infinities print).
  }];
  let arguments = (ins TypedAttrInterface:$value);
  let results = (outs TG_AnyLike:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasFolder = 1;
  let builders = [OpBuilder<(ins "::mlir::Type":$type, "double":$value)>];
  let extraClassDeclaration = [{
    /// Whether `type` and `value` form a valid constant (value typed with the
    /// element type of `type`).
    static bool isBuildableWith(::mlir::Attribute value, ::mlir::Type type);
  }];
}

//===----------------------------------------------------------------------===//
// Movement ops
//===----------------------------------------------------------------------===//

// Marks tinygrad's movement ops: views of their operand, which kernels
// fuse rather than compute.
def TG_Movement : NativeOpTrait<"Movement"> {
  let cppNamespace = "::mlir::tg";
}

class TG_MovementOp<string mnemonic, list<Trait> traits = []>
    : TG_Op<mnemonic, !listconcat(traits, [Pure, TG_Movement])> {
  let results = (outs TG_Tensor:$result);
  let hasFolder = 1;
}

def TG_ReshapeOp : TG_MovementOp<"reshape"> {
  let summary = "new shape, same elements in row-major order (tinygrad RESHAPE)";
  let description = [{
    `tg.reshape %x : tensor<2x3xf32> to tensor<6xf32>`. The element count and
    element type are preserved.
  }];
  let arguments = (ins TG_Tensor:$x);
  let assemblyFormat = "$x attr-dict `:` type($x) `to` type($result)";
  let hasVerifier = 1;
}

def TG_PermuteOp : TG_MovementOp<"permute", [TG_InferredResult]> {
  let summary = "reorder axes (tinygrad PERMUTE)";
  let description = [{
    `tg.permute %x [1, 0]`: result axis `i` is input axis `order[i]`; `order`
    is a permutation of `0..rank-1`.
  }];
  let arguments = (ins TG_Tensor:$x, DenseI64ArrayAttr:$order);
  let assemblyFormat = "$x $order attr-dict `:` type($x) `->` type($result)";
}

def TG_ExpandOp : TG_MovementOp<"expand"> {
  let summary = "broadcast size-1 axes (tinygrad EXPAND)";
  let description = [{
    `tg.expand %x : tensor<1x3xf32> to tensor<4x3xf32>`: same rank; every
    axis keeps its size or grows from size 1. This is the only way shapes
    broadcast.
  }];
  let arguments = (ins TG_Tensor:$x);
  let assemblyFormat = "$x attr-dict `:` type($x) `to` type($result)";
  let hasVerifier = 1;
}

def TG_PadOp : TG_MovementOp<"pad", [TG_InferredResult]> {
  let summary = "zero padding (tinygrad PAD)";
  let description = [{
    `tg.pad %x low [0, 1] high [2, 0]` adds `low[i]` zeros before and
    `high[i]` zeros after axis `i` (false for bool). Amounts are
    non-negative; other fill values are a `where` on top.
  }];
  let arguments = (ins TG_Tensor:$x, DenseI64ArrayAttr:$low,
                       DenseI64ArrayAttr:$high);
  let assemblyFormat = [{
    $x `low` $low `high` $high attr-dict `:` type($x) `->` type($result)
  }];
}

def TG_ShrinkOp : TG_MovementOp<"shrink", [TG_InferredResult]> {
  let summary = "a contiguous sub-box (tinygrad SHRINK)";
  let description = [{
    `tg.shrink %x begin [0, 1] end [2, 3]` keeps `begin[i] <= j < end[i]` of
    axis `i`, with `0 <= begin[i] <= end[i] <= size[i]`.
  }];
  let arguments = (ins TG_Tensor:$x, DenseI64ArrayAttr:$begin,
                       DenseI64ArrayAttr:$end);
  let assemblyFormat = [{
    $x `begin` $begin `end` $end attr-dict `:` type($x) `->` type($result)
  }];
}

def TG_FlipOp : TG_MovementOp<"flip", [TG_InferredResult]> {
  let summary = "reverse axes (tinygrad FLIP)";
  let description = [{
    `tg.flip %x [0]` reverses the listed axes (unique, in range).
  }];
  let arguments = (ins TG_Tensor:$x, DenseI64ArrayAttr:$axes);
  let assemblyFormat = "$x $axes attr-dict `:` type($x)";
}

//===----------------------------------------------------------------------===//
// Reduce
//===----------------------------------------------------------------------===//

def TG_ReduceOp : TG_Op<"reduce", [Pure, TG_InferredResult]> {
  let summary = "reduce axes with add, mul or max (tinygrad REDUCE)";
  let description = [{
    `tg.reduce add %x [1] : tensor<4x5xf32> -> tensor<4x1xf32>` reduces the
    listed axes (unique, in range), keeping them as size 1. `add` and `mul`
    take numbers, `max` also bool (any). The identity of an empty reduction
    is 0, 1 or the lowest value (`-inf` for floats).
  }];
  let arguments = (ins TG_ReduceKind:$kind, TG_Tensor:$x,
                       DenseI64ArrayAttr:$axes);
  let results = (outs TG_Tensor:$result);
  let assemblyFormat = "$kind $x $axes attr-dict `:` type($x) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Scheduling ops
//===----------------------------------------------------------------------===//

class TG_SchedulingOp<string mnemonic, list<Trait> traits = []>
    : TG_Op<mnemonic, traits> {
  let results = (outs TG_Tensor:$result);
}

def TG_ContiguousOp : TG_SchedulingOp<"contiguous", [Pure, SameOperandsAndResultType]> {
  let summary = "force the value into its own buffer (tinygrad CONTIGUOUS)";
  let description = [{
    A kernel boundary: the value is materialized in a buffer of its own,
    row-major, instead of being fused into its consumers.
  }];
  let arguments = (ins TG_Tensor:$x);
  let assemblyFormat = "$x attr-dict `:` type($x)";
}

def TG_ContiguousBackwardOp
    : TG_SchedulingOp<"contiguous_backward", [Pure, SameOperandsAndResultType]> {
  let summary = "identity forward, contiguous gradient (tinygrad CONTIGUOUS_BACKWARD)";
  let description = [{
    The value unchanged; autograd makes its gradient contiguous.
  }];
  let arguments = (ins TG_Tensor:$x);
  let assemblyFormat = "$x attr-dict `:` type($x)";
}

def TG_DetachOp : TG_SchedulingOp<"detach", [Pure, SameOperandsAndResultType]> {
  let summary = "identity that stops gradients (tinygrad DETACH)";
  let arguments = (ins TG_Tensor:$x);
  let assemblyFormat = "$x attr-dict `:` type($x)";
}

def TG_CopyOp : TG_SchedulingOp<"copy", [Pure, SameOperandsAndResultType]> {
  let summary = "copy to a device (tinygrad COPY)";
  let description = [{
    `tg.copy %x to "VULKAN:0"`: the value on another device. The device is
    a device kind in capitals (`CPU`, `VULKAN`, or one a runtime plug-in
    adds), optionally `:N`. A copy is always its own step in the schedule.
  }];
  let arguments = (ins TG_Tensor:$x, StrAttr:$device);
  let assemblyFormat = "$x `to` $device attr-dict `:` type($x)";
  let hasVerifier = 1;
}

def TG_AssignOp : TG_SchedulingOp<"assign", [SameOperandsAndResultType]> {
  let summary = "in-place update of a buffer (tinygrad assign: STORE + AFTER)";
  let description = [{
    `%new = tg.assign %target, %value` writes `value` into the buffer that
    holds `target`; `%new` is the buffer after the write, so every later use
    must read `%new`, never `%target`.
  }];
  let arguments = (ins TG_Tensor:$target, TG_Tensor:$value);
  let assemblyFormat = "$target `,` $value attr-dict `:` type($target)";
}

//===----------------------------------------------------------------------===//
// Kernels
//===----------------------------------------------------------------------===//

def TG_KernelOp : TG_Op<"kernel", [IsolatedFromAbove, SingleBlock,
    RecursiveMemoryEffects]> {
  let summary = "a fused kernel (tinygrad CALL of a kernel SINK)";
  let description = [{
    A region over its operands: the block arguments stand for the input
    buffers, the body computes the outputs with tg compute ops (ALU, const,
    movement, reduce) and `tg.yield`s them. `tg-kernelize` forms kernels;
    each becomes one device kernel.

    `inplace`, when present, names for every result the operand whose buffer
    it overwrites (`-1` for a fresh buffer); this is how `tg.assign` is kept.
  }];
  let arguments = (ins Variadic<TG_Tensor>:$inputs,
                       OptionalAttr<StrAttr>:$name,
                       OptionalAttr<DenseI64ArrayAttr>:$inplace);
  let results = (outs Variadic<TG_Tensor>:$results);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    (`(` $inputs^ `)`)? attr-dict `:` functional-type($inputs, $results) $body
  }];
  let hasRegionVerifier = 1;
  let skipDefaultBuilders = 1;
  let builders = [
    OpBuilder<(ins "::mlir::TypeRange":$resultTypes,
                   "::mlir::ValueRange":$inputs)>
  ];
}

def TG_YieldOp : TG_Op<"yield", [Pure, Terminator, ReturnLike,
                                 HasParent<"KernelOp">]> {
  let summary = "the outputs of a kernel";
  let arguments = (ins Variadic<TG_Tensor>:$values);
  let assemblyFormat = "attr-dict ($values^ `:` type($values))?";
}

#endif // TG_OPS_TD
