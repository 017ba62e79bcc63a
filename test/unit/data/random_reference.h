// Written by make_random_reference.py from tinygrad (DEV=PYTHON); do not edit.
#ifndef TG_TEST_UNIT_DATA_RANDOM_REFERENCE_H
#define TG_TEST_UNIT_DATA_RANDOM_REFERENCE_H

#include <cstdint>
#include <vector>

namespace random_reference {

// manual_seed(0); rand(3)
const std::vector<uint32_t> kSeed0R = {0x3f53fc92u, 0x3f1f7328u, 0x3f0eaa8cu};

// then rand(3)
const std::vector<uint32_t> kSeed0S = {0x3f44ab88u, 0x3eb561c4u, 0x3f64808cu};

// manual_seed(1337); rand(5, 7)
const std::vector<uint32_t> kSeed1337F32 = {0x3e552b08u, 0x3edce810u, 0x3f296fb0u, 0x3e0c9640u, 0x3f14833cu, 0x3ee03a68u, 0x3e608908u, 0x3f1e0b06u, 0x3edc7da0u, 0x3e760698u, 0x3dac1130u, 0x3efb3920u, 0x3f567afau, 0x3ed83f7cu, 0x3f51bee2u, 0x3f448e9eu, 0x3f42a816u, 0x3f1639e8u, 0x3e379298u, 0x3f27fc70u, 0x3f636e5cu, 0x3edc6e3cu, 0x3f3c66d0u, 0x3f779fbcu, 0x3e2b1e40u, 0x3e3b9610u, 0x3eb36e38u, 0x3e898e3cu, 0x3f584ff4u, 0x3ed630e0u, 0x3f1bbabcu, 0x3ef02684u, 0x3f23b8b6u, 0x3f05d514u, 0x3f393b84u};

// then rand(3, 7, dtype=float16)
const std::vector<uint16_t> kSeed1337F16 = {0x3b3au, 0x397cu, 0x3842u, 0x39d2u, 0x387eu, 0x3574u, 0x3140u, 0x3574u, 0x28c0u, 0x38aeu, 0x3ac2u, 0x38d0u, 0x3b20u, 0x35b4u, 0x3b82u, 0x2eb0u, 0x36acu, 0x3b3eu, 0x38fau, 0x3bf6u, 0x3078u};

// then rand(9, dtype=float64)
const std::vector<uint64_t> kSeed1337F64 = {0x3fe7c0da04ccba14ull, 0x3fe8126c077cebc6ull, 0x3fe87dcee0c93e70ull, 0x3fe9228516f207deull, 0x3fd9ebe920ca9de0ull, 0x3fecbdd2208a9afaull, 0x3fe5e9b177d544ccull, 0x3fe58e78ac4cc7eeull, 0x3fe697cb7d5c62b0ull};

// then rand(11, dtype=bfloat16), as float32
const std::vector<uint32_t> kSeed1337BF16 = {0x3dc00000u, 0x3d900000u, 0x3e300000u, 0x3f340000u, 0x3f440000u, 0x3e600000u, 0x3f4e0000u, 0x3e180000u, 0x3f080000u, 0x3e400000u, 0x3f7a0000u};

// then randn(64)
const std::vector<uint32_t> kSeed1337Randn = {0x3f0c79f4u, 0xbf36c96au, 0x3f673d8du, 0xbef2e922u, 0xbeef2805u, 0x3f15c58bu, 0xbf0d6ca7u, 0xbdb5ad1fu, 0x3f2dc4e3u, 0x3e174d7eu, 0x3e92ff68u, 0xbfde70a5u, 0xbf9ad203u, 0xbf39a68bu, 0xbfdbc10au, 0x3f24c5e0u, 0x3fa040cdu, 0xbf3da8e0u, 0xbf8bf5c7u, 0xbfd51d2cu, 0x3f8f9673u, 0xbdebe335u, 0x3da2ed85u, 0x3f505131u, 0xbeb8b091u, 0x3ed67303u, 0xbf9c95fcu, 0x402293b3u, 0x3eabb607u, 0x3ee889dcu, 0xbfc06608u, 0xbfaec8ccu, 0xbe262f23u, 0x3ed69974u, 0x3fef91f6u, 0x3bb30f3cu, 0x3dc5e7fcu, 0x3f999c13u, 0xbee47ea0u, 0x3ec38133u, 0x3f14524fu, 0xbf2d97bau, 0xbfb45ba9u, 0x3f1251dfu, 0x3f517f15u, 0x3fef2cdfu, 0x3f3b7839u, 0x3eb1cd1bu, 0x3e6dd997u, 0xbf17cc04u, 0x3faf3b8eu, 0x3dfc0cbdu, 0xbf822fddu, 0xbf0d9c9bu, 0xbfadf0c8u, 0xbf8422fau, 0x3eaefb91u, 0xbf18091cu, 0x3fa921f2u, 0xbf2f07ceu, 0x3f983abdu, 0x3f2e7a08u, 0x40299813u, 0x3e74484fu};

// then randint(12, low=-50, high=50)
const std::vector<int32_t> kSeed1337Randint = {33, -10, 46, -41, -8, 47, 48, -10, 45, -50, 29, 21};

// manual_seed(4); nn.Linear(2, 1).weight
const std::vector<uint32_t> kSeed4LinearWeight = {0xbee1c568u, 0x3e67d0c6u};

// its bias
const std::vector<uint32_t> kSeed4LinearBias = {0xbed51763u};

// manual_seed(5); training: x = [1..8]; y = x.dropout(0.5).dropout(0.5); loss = (y * x).sum(), read with item() before backward()
const std::vector<uint32_t> kSeed5DropoutLoss = {0x434c0000u};

// x.grad after loss.backward()
const std::vector<uint32_t> kSeed5DropoutGrad = {0x41000000u, 0x00000000u, 0x41c00000u, 0x42000000u, 0x42200000u, 0x00000000u, 0x00000000u, 0x00000000u};

} // namespace random_reference

#endif // TG_TEST_UNIT_DATA_RANDOM_REFERENCE_H
