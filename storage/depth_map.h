// A depth map: what turns the classes of a depth stream back into depths.
// A depth stream (a class stream, storage/class_stream.h) holds, for the
// positions of one side to move whose depth a probe cannot derive, a class
// per position; the prober already knows each position's group (chess: its
// win/draw/loss class), and class k of group g is the k-th depth of g, the
// most frequent first, so that one small alphabet serves every group.
//
// Layout, little-endian:
//   "RTBDMP01", uint8 side (the side to move the stream holds), uint8 groups,
//   then per group: uint16 count, count x uint16 depths
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace rtb::storage {

struct DepthMap {
  static constexpr std::size_t kMaxClasses = 255;  // a stream's class is a byte; 255 is "any"

  std::uint8_t side = 0;
  std::vector<std::vector<std::uint16_t>> depths;  // by group, then class

  std::vector<std::byte> encode() const;
  // Throws StorageError starting with `context` where the bytes are not a
  // depth map or a group holds more than kMaxClasses depths.
  static DepthMap decode(std::span<const std::byte> bytes, const std::string& context);
  // The most classes a group has: the stream's values are below it.
  std::size_t classes() const;
};

}  // namespace rtb::storage
