#include "storage/depth_map.h"

#include <algorithm>
#include <cstring>

#include "storage/table_writer.h"

namespace rtb::storage {

namespace {

constexpr char kMagic[8] = {'R', 'T', 'B', 'D', 'M', 'P', '0', '1'};

void put16(std::vector<std::byte>& out, std::uint16_t x) {
  out.push_back(static_cast<std::byte>(x & 0xFF));
  out.push_back(static_cast<std::byte>(x >> 8));
}

}  // namespace

std::vector<std::byte> DepthMap::encode() const {
  std::vector<std::byte> out(sizeof kMagic);
  std::memcpy(out.data(), kMagic, sizeof kMagic);
  out.push_back(static_cast<std::byte>(side));
  out.push_back(static_cast<std::byte>(depths.size()));
  for (const auto& group : depths) {
    put16(out, static_cast<std::uint16_t>(group.size()));
    for (std::uint16_t d : group) put16(out, d);
  }
  return out;
}

DepthMap DepthMap::decode(std::span<const std::byte> bytes, const std::string& context) {
  std::size_t at = 0;
  auto need = [&](std::size_t n) {
    if (bytes.size() - at < n) throw StorageError(context + ": the depth map is cut short");
  };
  auto byte = [&] { return std::to_integer<std::uint8_t>(bytes[at++]); };
  auto u16 = [&] { return static_cast<std::uint16_t>(byte() | byte() << 8); };
  need(sizeof kMagic + 2);
  if (std::memcmp(bytes.data(), kMagic, sizeof kMagic) != 0)
    throw StorageError(context + ": the depth map has no RTBDMP01 header");
  at = sizeof kMagic;
  DepthMap map;
  map.side = byte();
  map.depths.resize(byte());
  for (auto& group : map.depths) {
    need(2);
    group.resize(u16());
    if (group.size() > kMaxClasses) throw StorageError(context + ": a depth map group has too many classes");
    need(2 * group.size());
    for (std::uint16_t& d : group) d = u16();
  }
  if (at != bytes.size()) throw StorageError(context + ": the depth map has bytes after its end");
  return map;
}

std::size_t DepthMap::classes() const {
  std::size_t most = 0;
  for (const auto& group : depths) most = std::max(most, group.size());
  return most;
}

}  // namespace rtb::storage
