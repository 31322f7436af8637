// ZeroedArray<T>: the fixed, zero-filled array under each search table and
// pool (bound_table.hpp, connect_table.hpp, proof_table.hpp,
// proof_tree.hpp), allocated once when a search is made.
//
// Built with AddressSanitizer, an array of 1 MiB or more is anonymous pages
// from mmap, with a page without access after them.  The sanitizer's
// allocator writes the shadow of a large block when it is made and again
// when it is freed (2 x 32 MiB of writes and their page faults for the 256
// MiB proof tree of each 5x5 search: half of the provers' sanitized tests);
// pages it did not allocate it leaves alone, and the guard page turns a
// write past the last page into a fault, as the allocator's redzone would
// have reported it.  Every other build takes every array from calloc, as
// before: glibc maps a block above 32 MiB afresh, zeroed as its pages are
// first touched (so the part of a budget that a search never reaches costs
// address space, not memory or time), and serves a smaller one from freed
// memory, so the timed searches' tables behave as they did.
#pragma once

#include <cstddef>
#include <new>
#include <type_traits>
#include <utility>

namespace tictac {

namespace zeroed_detail {
// Whether arrays of 1 MiB or more are mapped pages (the library's build
// decides: zeroed_array.cpp).
bool maps_pages() noexcept;
// `bytes` of zeroed memory; *mapped is the length mapped (the guard page
// included), 0 when it came from calloc.  Throws std::bad_alloc.
void* allocate(std::size_t bytes, std::size_t* mapped);
void release(void* p, std::size_t mapped) noexcept;
}  // namespace zeroed_detail

template <class T>
class ZeroedArray {
  static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>,
                "a zeroed array holds plain data: all-zero bytes are its empty state");

 public:
  ZeroedArray() = default;
  explicit ZeroedArray(std::size_t n) : size_(n) {
    if (n) data_ = static_cast<T*>(zeroed_detail::allocate(n * sizeof(T), &mapped_));
  }
  ZeroedArray(ZeroedArray&& o) noexcept
      : data_(std::exchange(o.data_, nullptr)), size_(std::exchange(o.size_, 0)), mapped_(std::exchange(o.mapped_, 0)) {}
  ZeroedArray& operator=(ZeroedArray&& o) noexcept {
    if (this != &o) {
      zeroed_detail::release(data_, mapped_);
      data_ = std::exchange(o.data_, nullptr);
      size_ = std::exchange(o.size_, 0);
      mapped_ = std::exchange(o.mapped_, 0);
    }
    return *this;
  }
  ZeroedArray(const ZeroedArray&) = delete;
  ZeroedArray& operator=(const ZeroedArray&) = delete;
  ~ZeroedArray() { zeroed_detail::release(data_, mapped_); }

  // Whether an array of 1 MiB or more is mapped pages with a guard page
  // after them (the AddressSanitizer builds).
  static bool guarded() noexcept { return zeroed_detail::maps_pages(); }

  T* get() const { return data_; }
  T& operator[](std::size_t i) const { return data_[i]; }
  std::size_t size() const { return size_; }
  explicit operator bool() const { return data_ != nullptr; }

 private:
  T* data_ = nullptr;
  std::size_t size_ = 0;
  std::size_t mapped_ = 0;
};

}  // namespace tictac
