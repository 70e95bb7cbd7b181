#pragma once
// An allocator for the large arrays that solves read at random (a layer's value planes): their
// memory is asked for in transparent huge pages (2 MiB), so that a random read costs one cache
// miss rather than a miss and a page-table walk that misses too. With 4 KiB pages a 3 GB layer
// needs 6 MB of page-table entries, far beyond any cache; with huge pages 12 KB.
// Small arrays come from the heap as usual. Where the kernel gives no huge pages (THP off, or
// not Linux) the memory is the same, only slower.
#include <cstddef>
#include <new>

#ifdef __linux__
#include <sys/mman.h>
#endif

namespace tbgen {

template <class T>
struct HugePageAllocator {
  using value_type = T;
  static constexpr std::size_t kHugePage = std::size_t{2} << 20;

  HugePageAllocator() = default;
  template <class U>
  HugePageAllocator(const HugePageAllocator<U>&) noexcept {}

  T* allocate(std::size_t n) {
    const std::size_t bytes = n * sizeof(T);
#ifdef __linux__
    if (bytes >= kHugePage) {
      // mmap gives whole pages, zeroed, and munmap hands them back to the system at once.
      void* p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
      if (p == MAP_FAILED) throw std::bad_alloc();
      madvise(p, bytes, MADV_HUGEPAGE);  // advice only: without THP the pages stay small
      return static_cast<T*>(p);
    }
#endif
    return static_cast<T*>(::operator new(bytes));
  }

  void deallocate(T* p, std::size_t n) noexcept {
    const std::size_t bytes = n * sizeof(T);
#ifdef __linux__
    if (bytes >= kHugePage) {
      munmap(p, bytes);
      return;
    }
#endif
    ::operator delete(p);
  }

  template <class U>
  bool operator==(const HugePageAllocator<U>&) const noexcept {
    return true;
  }
};

}  // namespace tbgen
