//===- executable_format_test.cpp - rejecting bad executables -------------===//
//
// Every defect of a blob must be an error naming the bad field, never a
// crash; the blobs are written by hand with blob_builder.
//
//===----------------------------------------------------------------------===//

#include "blob_builder.h"
#include "test_support.h"

#include <cstddef>

namespace {

constexpr int64_t N = 1000;

// out = a + b over float32[1000]: buffers out, a, b.
BlobSpec vectorAdd() {
  BlobSpec spec;
  spec.name = "vadd";
  spec.buffers = {float32Buffer(TG_BUFFER_OUTPUT, {N}, "out"),
                  float32Buffer(TG_BUFFER_INPUT, {N}, "a"),
                  float32Buffer(TG_BUFFER_INPUT, {N}, "b")};
  spec.kernels = {{"vector_add", 3, N}};
  spec.steps = {{TG_STEP_LAUNCH, 0, {0, 1, 2}}};
  spec.inputs = {1, 2};
  spec.outputs = {0};
  spec.binary = testKernels();
  return spec;
}

class ExecutableFormat : public ::testing::Test {
protected:
  void SetUp() override { cpu_ = openDevice("CPU"); }

  // Loading `blob` (its first `size` bytes) fails with `status` and `text`.
  ::testing::AssertionResult rejects(const std::vector<uint8_t> &blob,
                                     const std::string &text,
                                     tgrt_status status = TGRT_INVALID_EXECUTABLE) {
    return rejectsPrefix(blob, blob.size(), text, status);
  }
  ::testing::AssertionResult rejectsPrefix(const std::vector<uint8_t> &blob,
                                           uint64_t size,
                                           const std::string &text,
                                           tgrt_status status = TGRT_INVALID_EXECUTABLE) {
    tgrt_executable executable = reinterpret_cast<tgrt_executable>(1);
    tgrt_status got =
        tgrt_executable_load(cpu_.get(), blob.data(), size, &executable);
    if (got == TGRT_OK) {
      tgrt_executable_release(executable);
      return ::testing::AssertionFailure() << "it loaded";
    }
    if (executable)
      return ::testing::AssertionFailure() << "the handle was not cleared";
    return failsWith(got, status, text);
  }
  std::vector<uint8_t> build(const BlobSpec &spec) { return buildBlob(spec); }
  // Where a field of buffer `b` or step `s` lives in `blob`.
  static uint64_t bufferField(const std::vector<uint8_t> &blob, uint32_t b,
                              size_t field) {
    return headerOf(blob).buffers_offset + b * sizeof(tg_buffer_desc) + field;
  }

  Device cpu_;
};

#define HEADER_FIELD(field) offsetof(tg_executable_header, field)

TEST_F(ExecutableFormat, WellFormedBlobLoads) {
  EXPECT_TRUE(loadExecutable(cpu_.get(), build(vectorAdd())));
}

TEST_F(ExecutableFormat, NullArgumentsAreRejected) {
  std::vector<uint8_t> blob = build(vectorAdd());
  tgrt_executable executable;
  EXPECT_TRUE(failsWith(tgrt_executable_load(nullptr, blob.data(), blob.size(),
                                             &executable),
                        TGRT_INVALID_ARGUMENT, "`device` is NULL"));
  EXPECT_TRUE(failsWith(tgrt_executable_load(cpu_.get(), nullptr, 10,
                                             &executable),
                        TGRT_INVALID_ARGUMENT, "`data` is NULL"));
  EXPECT_TRUE(failsWith(tgrt_executable_load(cpu_.get(), blob.data(),
                                             blob.size(), nullptr),
                        TGRT_INVALID_ARGUMENT, "`executable` is NULL"));
}

TEST_F(ExecutableFormat, BadMagicIsNotAnExecutable) {
  std::vector<uint8_t> blob = build(vectorAdd());
  blob[0] = 'X';
  EXPECT_TRUE(rejects(blob, "invalid executable: it does not start with the "
                            "magic \"TGEXEC\\0\\0\""));
}

TEST_F(ExecutableFormat, OtherVersionIsRejected) {
  std::vector<uint8_t> blob = build(vectorAdd());
  poke<uint32_t>(blob, HEADER_FIELD(version), 3);
  EXPECT_TRUE(rejects(blob, "it has format version 3; this runtime reads "
                            "version 4"));
}

TEST_F(ExecutableFormat, OtherHeaderSizeIsRejected) {
  std::vector<uint8_t> blob = build(vectorAdd());
  poke<uint32_t>(blob, HEADER_FIELD(header_size), 64);
  EXPECT_TRUE(rejects(blob, "header_size is 64, but a version 4 header is " +
                                std::to_string(sizeof(tg_executable_header)) +
                                " bytes"));
}

TEST_F(ExecutableFormat, TruncatedOrPaddedBlobIsRejected) {
  std::vector<uint8_t> blob = build(vectorAdd());
  std::string total = std::to_string(blob.size());
  EXPECT_TRUE(rejectsPrefix(blob, blob.size() - 1,
                            "truncated: its header says it is " + total +
                                " bytes, but " +
                                std::to_string(blob.size() - 1) +
                                " were given"));
  EXPECT_TRUE(rejectsPrefix(blob, 10, "it is 10 bytes, shorter than the " +
                                          std::to_string(sizeof(
                                              tg_executable_header)) +
                                          "-byte header"));
  EXPECT_TRUE(rejectsPrefix(blob, 0, "it is 0 bytes"));
  blob.resize(blob.size() + 8);
  EXPECT_TRUE(rejects(blob, "its header says it is " + total +
                                " bytes, but " + std::to_string(blob.size()) +
                                " were given"));
}

TEST_F(ExecutableFormat, EveryPrefixIsRejected) {
  std::vector<uint8_t> blob = build(vectorAdd());
  for (uint64_t size = 0; size < blob.size(); size += size < 512 ? 1 : 97)
    ASSERT_TRUE(rejectsPrefix(blob, size, "invalid executable")) << size;
}

TEST_F(ExecutableFormat, BinaryKindMustBeAString) {
  std::vector<uint8_t> blob = build(vectorAdd());
  poke<uint64_t>(blob, HEADER_FIELD(binary_kind_offset), blob.size() + 8);
  EXPECT_TRUE(rejects(blob, "the binary kind (at offset"));
  BlobSpec spec = vectorAdd();
  spec.binary_kind = std::string(TG_BINARY_KIND_MAX, 'k');
  EXPECT_TRUE(rejects(build(spec), "the binary kind is longer than 63 characters"));
}

TEST_F(ExecutableFormat, TablesOutsideTheBlobAreRejected) {
  std::vector<uint8_t> blob = build(vectorAdd());
  std::string total = std::to_string(blob.size());
  poke<uint64_t>(blob, HEADER_FIELD(buffers_offset), blob.size() - 8);
  EXPECT_TRUE(rejects(blob, "the buffer table (3 entries of 32 bytes at "
                            "offset " + std::to_string(blob.size() - 8) +
                                ") runs past the end of the " + total +
                                "-byte executable"));

  blob = build(vectorAdd());
  poke<uint64_t>(blob, HEADER_FIELD(kernels_offset), UINT64_MAX - 4);
  EXPECT_TRUE(rejects(blob, "the kernel table"));

  blob = build(vectorAdd());
  poke<uint32_t>(blob, HEADER_FIELD(num_steps), UINT32_MAX);
  EXPECT_TRUE(rejects(blob, "the step table (4294967295 entries"));

  blob = build(vectorAdd());
  poke<uint64_t>(blob, HEADER_FIELD(binary_size), UINT64_MAX);
  EXPECT_TRUE(rejects(blob, "the binary (18446744073709551615 bytes at "
                            "offset"));

  blob = build(vectorAdd());
  poke<uint32_t>(blob, HEADER_FIELD(num_inputs), 1u << 30);
  EXPECT_TRUE(rejects(blob, "the input list (1073741824 entries of 4 bytes"));
}

TEST_F(ExecutableFormat, ArraysAndStringsOutsideTheBlobAreRejected) {
  std::vector<uint8_t> blob = build(vectorAdd());
  poke<uint64_t>(blob, bufferField(blob, 1, offsetof(tg_buffer_desc, shape_offset)),
                 blob.size() - 4);
  EXPECT_TRUE(rejects(blob, "the shape of buffer 1 (1 entries of 8 bytes"));

  blob = build(vectorAdd());
  poke<uint64_t>(blob, HEADER_FIELD(name_offset), blob.size());
  EXPECT_TRUE(rejects(blob, "the function name (at offset " +
                                std::to_string(blob.size()) +
                                ") is outside the"));

  // A name running into the binary's last byte, which is not NUL.
  BlobSpec spec = vectorAdd();
  spec.binary = {'E', 'L', 'F'};
  blob = build(spec);
  poke<uint64_t>(blob, HEADER_FIELD(name_offset), blob.size() - 3);
  EXPECT_TRUE(rejects(blob, "the function name (at offset " +
                                std::to_string(blob.size() - 3) +
                                ") has no terminating NUL"));

  blob = build(vectorAdd());
  poke<uint32_t>(blob, bufferField(blob, 2, offsetof(tg_buffer_desc, name_offset)),
                 UINT32_MAX);
  EXPECT_TRUE(rejects(blob, "the name of buffer 2 (at offset 4294967295)"));
}

TEST_F(ExecutableFormat, BufferIdsOutOfRangeAreRejected) {
  BlobSpec spec = vectorAdd();
  spec.steps[0].buffers = {0, 1, 3};
  EXPECT_TRUE(rejects(build(spec), "the buffer list of step 0: entry 2 is "
                                   "buffer 3, but there are 3 buffers"));
  spec = vectorAdd();
  spec.inputs = {1, 7};
  EXPECT_TRUE(rejects(build(spec), "the input list: entry 1 is buffer 7, but "
                                   "there are 3 buffers"));
  spec = vectorAdd();
  spec.outputs = {UINT32_MAX};
  EXPECT_TRUE(rejects(build(spec), "the output list: entry 0 is buffer "
                                   "4294967295"));
}

TEST_F(ExecutableFormat, KernelIndexOutOfRangeIsRejected) {
  BlobSpec spec = vectorAdd();
  spec.steps[0].kernel = 1;
  EXPECT_TRUE(rejects(build(spec), "step 0 launches kernel 1, but there are "
                                   "1 kernels"));
}

TEST_F(ExecutableFormat, BadStepsAreRejected) {
  BlobSpec spec = vectorAdd();
  spec.steps[0].kind = 7;
  EXPECT_TRUE(rejects(build(spec), "step 0 has unknown kind 7"));
  spec = vectorAdd();
  spec.steps[0].buffers = {0, 1};
  EXPECT_TRUE(rejects(build(spec), "step 0 passes 2 buffers to kernel 0 "
                                   "(vector_add), which takes 3"));
  spec = vectorAdd();
  spec.steps.push_back({TG_STEP_COPY, 0, {0, 1, 2}});
  EXPECT_TRUE(rejects(build(spec), "copy step 1 has 3 buffers, not 2"));
  spec.steps[1].buffers = {0, 0};
  EXPECT_TRUE(rejects(build(spec), "copy step 1 copies buffer 0 onto itself"));
  spec.buffers.push_back(float32Buffer(TG_BUFFER_INTERMEDIATE, {N + 1}));
  spec.steps[1].buffers = {3, 1};
  EXPECT_TRUE(rejects(build(spec), "copy step 1 copies buffer 1 (4000 bytes) "
                                   "into buffer 3 (4004 bytes); the sizes must "
                                   "match"));
}

// A buffer table that shrinks an input to 0 elements, consistently with its
// shape, would hand the kernel a NULL or short buffer: the kernel table says
// what each argument must hold.
TEST_F(ExecutableFormat, BuffersMustHoldWhatTheKernelAccesses) {
  BlobSpec spec = vectorAdd();
  spec.kernels[0].arg_bytes = {4 * N, 4 * N, 4 * N};
  spec.buffers[1] = float32Buffer(TG_BUFFER_INPUT, {0}, "a");
  EXPECT_TRUE(rejects(build(spec), "step 0 passes buffer 1 (0 bytes) as argument 1 "
                                   "of kernel 0 (vector_add), which accesses 4000 bytes"));
  spec.buffers[1] = float32Buffer(TG_BUFFER_INPUT, {N + 1}, "a");
  EXPECT_TRUE(rejects(build(spec), "buffer 1 (4004 bytes) as argument 1"));
  // An intermediate may be larger (a buffer the compiler shares), not smaller.
  spec = vectorAdd();
  spec.buffers.push_back(float32Buffer(TG_BUFFER_INTERMEDIATE, {N - 1}));
  spec.kernels[0].arg_bytes = {4 * N, 4 * N, 4 * N};
  spec.steps = {{TG_STEP_LAUNCH, 0, {3, 1, 2}}, {TG_STEP_LAUNCH, 0, {0, 3, 2}}};
  EXPECT_TRUE(rejects(build(spec), "step 0 passes buffer 3 (3996 bytes) as argument 0 "
                                   "of kernel 0 (vector_add), which accesses 4000 bytes"));
  std::vector<uint8_t> blob = build(vectorAdd());
  poke<uint64_t>(blob, headerOf(blob).kernels_offset + offsetof(tg_kernel_desc, arg_bytes_offset),
                 blob.size() - 8);
  EXPECT_TRUE(rejects(blob, "the argument sizes of kernel 0 (3 entries of 8 bytes at offset"));
}

TEST_F(ExecutableFormat, BadBufferDescriptionsAreRejected) {
  BlobSpec spec = vectorAdd();
  spec.buffers[1].dtype = 99;
  EXPECT_TRUE(rejects(build(spec), "buffer 1 has unknown dtype 99"));
  spec = vectorAdd();
  spec.buffers[2].role = 0;
  EXPECT_TRUE(rejects(build(spec), "buffer 2 has unknown role 0"));
  spec = vectorAdd();
  spec.buffers[0].shape = {-4, -250};
  EXPECT_TRUE(rejects(build(spec), "dimension 0 of buffer 0 is negative (-4)"));
  spec = vectorAdd();
  spec.buffers[0].shape = {10, 10};
  EXPECT_TRUE(rejects(build(spec), "buffer 0 is 4000 bytes, but float32[10x10] "
                                   "is 400 bytes"));
  spec = vectorAdd();
  spec.buffers[0].shape = {1ll << 40, 1ll << 40};
  EXPECT_TRUE(rejects(build(spec), "the shape 1099511627776x1099511627776 of "
                                   "buffer 0 has more than 2^64 bytes"));
}

TEST_F(ExecutableFormat, SignatureMustMatchTheRoles) {
  BlobSpec spec = vectorAdd();
  spec.inputs = {0, 1};
  EXPECT_TRUE(rejects(build(spec), "input 0 is buffer 0, whose role is output, "
                                   "not input"));
  spec = vectorAdd();
  spec.inputs = {1, 1};
  EXPECT_TRUE(rejects(build(spec), "buffer 1 is listed twice in the input "
                                   "list"));
  spec = vectorAdd();
  spec.inputs = {1};
  EXPECT_TRUE(rejects(build(spec), "buffer 2 is an input but not in the input "
                                   "list"));
  spec = vectorAdd();
  spec.outputs = {};
  EXPECT_TRUE(rejects(build(spec), "buffer 0 is an output but not in the "
                                   "output list"));
  spec = vectorAdd();
  spec.buffers[0].role = TG_BUFFER_INTERMEDIATE;
  EXPECT_TRUE(rejects(build(spec), "output 0 is buffer 0, an intermediate"));
}

TEST_F(ExecutableFormat, KernelsNeedNamesAndABinary) {
  BlobSpec spec = vectorAdd();
  spec.kernels[0].symbol = "";
  EXPECT_TRUE(rejects(build(spec), "kernel 0 has an empty entry point name"));
  std::vector<uint8_t> blob = build(vectorAdd());
  poke<uint64_t>(blob, headerOf(blob).kernels_offset, 0);
  EXPECT_TRUE(rejects(blob, "kernel 0 has no entry point name"));
  spec = vectorAdd();
  spec.binary.clear();
  EXPECT_TRUE(rejects(build(spec), "it has 1 kernels but an empty binary"));
}

TEST_F(ExecutableFormat, BinaryForAnotherBackendIsRejected) {
  BlobSpec spec = vectorAdd();
  spec.binary_kind = "hsaco";
  EXPECT_TRUE(rejects(build(spec), "the executable holds a hsaco binary, but "
                                   "CPU:0 loads cpu-elf binaries"));
}

TEST_F(ExecutableFormat, BinaryTheBackendCannotLoadIsABackendError) {
  BlobSpec spec = vectorAdd();
  spec.binary = {'n', 'o', 't', ' ', 'E', 'L', 'F'};
  EXPECT_TRUE(rejects(build(spec), "CPU:0 could not load the executable's cpu-elf "
                                   "binary: the CPU binary is 7 bytes, too "
                                   "small for an ELF header",
                      TGRT_BACKEND_ERROR));
  spec.binary.assign(64, 'x');
  EXPECT_TRUE(rejects(build(spec), "the CPU binary is not a 64-bit ELF file",
                      TGRT_BACKEND_ERROR));
  // dlopen would fault on the missing end of a truncated object.
  spec = vectorAdd();
  spec.binary.resize(spec.binary.size() / 2);
  EXPECT_TRUE(rejects(build(spec), "the CPU binary is truncated: its ELF "
                                   "headers describe more than its",
                      TGRT_BACKEND_ERROR));
  spec = vectorAdd();
  spec.binary[16] = 1; // e_type: a relocatable object, not a shared one
  EXPECT_TRUE(rejects(build(spec), "the CPU binary is not a loadable shared "
                                   "object: ", TGRT_BACKEND_ERROR));
  spec = vectorAdd();
  spec.kernels[0].symbol = "no_such_kernel";
  EXPECT_TRUE(rejects(build(spec), "CPU:0 could not find kernel 0 "
                                   "(no_such_kernel): the CPU binary has no "
                                   "entry point 'no_such_kernel'",
                      TGRT_BACKEND_ERROR));
}

// Whatever single byte of the metadata goes bad, loading returns: an error,
// or an executable when the byte did not matter (a name, a flop count).
TEST_F(ExecutableFormat, CorruptMetadataNeverCrashes) {
  const std::vector<uint8_t> good = build(vectorAdd());
  uint64_t metadata = headerOf(good).binary_offset;
  for (uint64_t at = 0; at < metadata; ++at)
    for (uint8_t flip : {0x01, 0x80, 0xff}) {
      std::vector<uint8_t> blob = good;
      blob[at] ^= flip;
      tgrt_executable executable = nullptr;
      tgrt_status status = tgrt_executable_load(cpu_.get(), blob.data(),
                                                blob.size(), &executable);
      EXPECT_EQ(status == TGRT_OK, executable != nullptr);
      EXPECT_EQ(status == TGRT_OK, std::string(tgrt_last_error()).empty());
      tgrt_executable_release(executable);
    }
}

} // namespace
