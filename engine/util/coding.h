// Fixed-width and variable-width integer encoding.
//
// Fixed32/Fixed64 are little-endian (LevelDB's convention for on-disk
// framing). BigEndian64/16 are used inside keys, where byte order must match
// numeric order. Decoders never read past the end of their input: Get*
// functions advance `input` and return false when it is too short.
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace regionlab {

void PutFixed16(std::string* dst, uint16_t v);
void PutFixed32(std::string* dst, uint32_t v);
void PutFixed64(std::string* dst, uint64_t v);
void PutVarint32(std::string* dst, uint32_t v);
void PutVarint64(std::string* dst, uint64_t v);
void PutLengthPrefixed(std::string* dst, std::string_view value);  // varint32 length + bytes

bool GetFixed32(std::string_view* input, uint32_t* v);
bool GetFixed64(std::string_view* input, uint64_t* v);
bool GetVarint32(std::string_view* input, uint32_t* v);
bool GetVarint64(std::string_view* input, uint64_t* v);
bool GetLengthPrefixed(std::string_view* input, std::string_view* result);

// Bytes of v's varint encoding: one per started group of 7 bits.
inline int VarintLength(uint64_t v) { return (std::bit_width(v | 1) + 6) / 7; }
// Writes v's varint encoding at p (VarintLength(v) bytes); returns the end.
inline char* EncodeVarint64(char* p, uint64_t v) {
  auto* out = reinterpret_cast<unsigned char*>(p);
  while (v >= 0x80) {
    *out++ = static_cast<unsigned char>(v | 0x80);
    v >>= 7;
  }
  *out++ = static_cast<unsigned char>(v);
  return reinterpret_cast<char*>(out);
}

inline void EncodeFixed16(char* p, uint16_t v) { std::memcpy(p, &v, 2); }
inline void EncodeFixed32(char* p, uint32_t v) { std::memcpy(p, &v, 4); }
inline void EncodeFixed64(char* p, uint64_t v) { std::memcpy(p, &v, 8); }
inline uint16_t DecodeFixed16(const char* p) { uint16_t v; std::memcpy(&v, p, 2); return v; }
inline uint32_t DecodeFixed32(const char* p) { uint32_t v; std::memcpy(&v, p, 4); return v; }
inline uint64_t DecodeFixed64(const char* p) { uint64_t v; std::memcpy(&v, p, 8); return v; }

inline void EncodeBigEndian16(char* p, uint16_t v) {
  p[0] = static_cast<char>(v >> 8);
  p[1] = static_cast<char>(v);
}
inline uint16_t DecodeBigEndian16(const char* p) {
  return static_cast<uint16_t>((static_cast<uint8_t>(p[0]) << 8) | static_cast<uint8_t>(p[1]));
}
// One unaligned load or store and a byte swap (every key compare and parse
// decodes these).
inline void EncodeBigEndian64(char* p, uint64_t v) {
  if constexpr (std::endian::native == std::endian::little) v = __builtin_bswap64(v);
  std::memcpy(p, &v, 8);
}
inline uint64_t DecodeBigEndian64(const char* p) {
  uint64_t v;
  std::memcpy(&v, p, 8);
  if constexpr (std::endian::native == std::endian::little) v = __builtin_bswap64(v);
  return v;
}

// Returns a pointer just past the parsed varint, or nullptr if [p, limit) is too short.
const char* GetVarint64Ptr(const char* p, const char* limit, uint64_t* v);
// The multi-byte case of GetVarint32Ptr.
const char* GetVarint32PtrSlow(const char* p, const char* limit, uint32_t* v);
// Inline for the one-byte case (values < 128), which is nearly every length
// in a block entry header.
inline const char* GetVarint32Ptr(const char* p, const char* limit, uint32_t* v) {
  if (p < limit) {
    const auto byte = static_cast<uint8_t>(*p);
    if ((byte & 0x80) == 0) {
      *v = byte;
      return p + 1;
    }
  }
  return GetVarint32PtrSlow(p, limit, v);
}

}  // namespace regionlab
