#include <catch2/catch.hpp>

#include <vector>

#include "algorithms/tables/memo.hpp"

using namespace tictac;

namespace {

// Distinct positions of a 4x4 board: X on the low bits of n, O above.
std::vector<Position> positions(int n) {
  std::vector<Position> v;
  for (Mask m = 1; static_cast<int>(v.size()) < n; ++m) v.push_back({m & 0xff, (m >> 8) << 8 & 0xffff});
  return v;
}

}  // namespace

TEST_CASE("a direct memo holds one game value per base-3 code and nothing else", "[memo]") {
  Memo<MemoLayout::direct> memo(9);  // 3x3: 19,683 one-byte slots
  CHECK(memo.bytes() == 19683);
  const PositionCode a = position_code({0x001, 0x010}), b = position_code({0x010, 0x001});
  CHECK(memo.find(a) == Memo<MemoLayout::direct>::kMissing);
  memo.insert(a, -1);
  memo.insert(b, 1);
  CHECK(memo.find(a) == -1);
  CHECK(memo.find(b) == 1);
  memo.insert(a, 0);  // replaces
  CHECK(memo.find(a) == 0);
  CHECK(memo.size() == 2);
  memo.clear();
  CHECK(memo.size() == 0);
  CHECK(memo.find(a) == Memo<MemoLayout::direct>::kMissing);
}

TEST_CASE("a direct memo stores the images of one position as one entry that each image finds", "[memo]") {
  Memo<MemoLayout::direct> memo(9);
  const PositionCode codes[] = {5, 700, 19682, 12};
  memo.insert_images(codes, 1);
  CHECK(memo.size() == 1);
  for (PositionCode c : codes) CHECK(memo.find(c) == 1);
  CHECK(memo.find(6) == Memo<MemoLayout::direct>::kMissing);
  memo.insert_images(codes, -1);  // the same entry again
  CHECK(memo.size() == 1);
  CHECK(memo.find(700) == -1);
}

TEST_CASE("a direct memo stays empty across the wrap of its 6-bit generation", "[memo]") {
  Memo<MemoLayout::direct> memo(9);
  memo.clear();
  memo.insert(42, 1);
  // The generation skips 0, so 63 searches later it is back at the entry's number.
  for (int i = 0; i < 63; ++i) memo.clear();
  CHECK(memo.find(42) == Memo<MemoLayout::direct>::kMissing);
}

TEST_CASE("a hashed memo finds every position it holds as it grows, and keeps its size when cleared", "[memo]") {
  Memo<MemoLayout::hashed> memo(1);  // two slots to begin with
  const std::vector<Position> ps = positions(3000);
  for (std::size_t i = 0; i < ps.size(); ++i) memo.insert(ps[i], static_cast<int>(i % 3) - 1);
  CHECK(memo.size() == ps.size());
  int wrong = 0;
  for (std::size_t i = 0; i < ps.size(); ++i) wrong += memo.find(ps[i]) != static_cast<int>(i % 3) - 1;
  CHECK(wrong == 0);
  CHECK(memo.find({0, 1}) == Memo<MemoLayout::hashed>::kMissing);
  // 3,000 entries need 8,192 slots of 24 bytes (at most half full).
  CHECK(memo.bytes() == 8192 * 24);
  memo.clear();
  CHECK(memo.size() == 0);
  CHECK(memo.find(ps[7]) == Memo<MemoLayout::hashed>::kMissing);
  CHECK(memo.bytes() == 2 * 24);  // what a fresh memo needs for no entry
  memo.insert(ps[7], 1);
  memo.insert(ps[7], 0);  // replaces
  CHECK(memo.size() == 1);
  CHECK(memo.find(ps[7]) == 0);
}
