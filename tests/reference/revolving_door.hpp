#pragma once
// The k-subsets of {0..n-1} in revolving-door order, straight from its definition rather than
// from the index code's rank arithmetic: R(n, k) = R(n-1, k), then R(n-1, k-1) reversed with
// n - 1 added to each.
#include <cstdint>
#include <vector>

namespace reference {

inline std::vector<std::uint32_t> revolving_door_list(int n, int k) {
  if (k == 0) return {0};
  if (k == n) return {(std::uint32_t{1} << n) - 1};
  auto list = revolving_door_list(n - 1, k);
  const auto with_last = revolving_door_list(n - 1, k - 1);
  for (auto it = with_last.rbegin(); it != with_last.rend(); ++it)
    list.push_back(*it | std::uint32_t{1} << (n - 1));
  return list;
}

}  // namespace reference
