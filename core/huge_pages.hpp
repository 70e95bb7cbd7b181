#pragma once
// Memory for the large arrays that solves and probes read at random (a layer's value planes, a
// table's decoded blocks, class lookups): it is asked for in transparent huge pages (2 MiB), so
// that a random read costs one cache miss rather than a miss and a page-table walk that misses
// too. With 4 KiB pages a 3 GB layer needs 6 MB of page-table entries, far beyond any cache;
// with huge pages 12 KB. Small arrays come from the heap as usual. Where the kernel gives no
// huge pages (THP off, or not Linux) the memory is the same, only slower.
#include <cstddef>
#include <new>

#ifdef __linux__
#include <sys/mman.h>
#endif

namespace tbgen {

inline constexpr std::size_t kHugePage = std::size_t{2} << 20;

// `bytes` of zeroed memory; null if the system refuses them. `lazily`: reserved without being
// counted against the system's memory until touched (a decoded table fills only the blocks
// probed, and a damaged header must not fail the reservation before the blocks are checked).
inline void* map_huge_pages(std::size_t bytes, bool lazily) {
#ifdef __linux__
  void* p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS | (lazily ? MAP_NORESERVE : 0), -1, 0);
  if (p == MAP_FAILED) return nullptr;
  madvise(p, bytes, MADV_HUGEPAGE);  // advice only: without THP the pages stay small
  return p;
#else
  (void)lazily;
  return ::operator new(bytes, std::nothrow);
#endif
}

inline void unmap_huge_pages(void* p, std::size_t bytes) {
#ifdef __linux__
  munmap(p, bytes);  // the pages go back to the system at once
#else
  (void)bytes;
  ::operator delete(p);
#endif
}

// For std::vector: arrays of a huge page or more are mapped, smaller ones come from the heap.
template <class T>
struct HugePageAllocator {
  using value_type = T;

  HugePageAllocator() = default;
  template <class U>
  HugePageAllocator(const HugePageAllocator<U>&) noexcept {}

  T* allocate(std::size_t n) {
    const std::size_t bytes = n * sizeof(T);
    if (bytes < kHugePage) return static_cast<T*>(::operator new(bytes));
    void* p = map_huge_pages(bytes, false);
    if (!p) throw std::bad_alloc();
    return static_cast<T*>(p);
  }

  void deallocate(T* p, std::size_t n) noexcept {
    const std::size_t bytes = n * sizeof(T);
    if (bytes < kHugePage) return ::operator delete(p);
    unmap_huge_pages(p, bytes);
  }

  template <class U>
  bool operator==(const HugePageAllocator<U>&) const noexcept {
    return true;
  }
};

}  // namespace tbgen
