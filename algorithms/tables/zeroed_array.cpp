#include "algorithms/tables/zeroed_array.hpp"

#include <sys/mman.h>
#include <unistd.h>

#include <cstdlib>

namespace tictac::zeroed_detail {

namespace {
constexpr std::size_t kMapFrom = std::size_t{1} << 20;  // 1 MiB
#if defined(__SANITIZE_ADDRESS__)  // g++
constexpr bool kMapsPages = true;
#elif defined(__has_feature)  // clang
#if __has_feature(address_sanitizer)
constexpr bool kMapsPages = true;
#else
constexpr bool kMapsPages = false;
#endif
#else
constexpr bool kMapsPages = false;
#endif
}  // namespace

bool maps_pages() noexcept { return kMapsPages; }

void* allocate(std::size_t bytes, std::size_t* mapped) {
  *mapped = 0;
  if (!kMapsPages || bytes < kMapFrom) {
    void* p = std::calloc(1, bytes);
    if (!p) throw std::bad_alloc();
    return p;
  }
  const auto page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  const std::size_t data = (bytes + page - 1) / page * page;
  // MAP_NORESERVE: a budget is address space until it is touched.
  void* p = mmap(nullptr, data + page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (p == MAP_FAILED) throw std::bad_alloc();
  // The guard page: a write past the end faults.
  if (mprotect(static_cast<char*>(p) + data, page, PROT_NONE) != 0) {
    munmap(p, data + page);
    throw std::bad_alloc();
  }
  *mapped = data + page;
  return p;
}

void release(void* p, std::size_t mapped) noexcept {
  if (!p) return;
  if (mapped)
    munmap(p, mapped);
  else
    std::free(p);
}

}  // namespace tictac::zeroed_detail
