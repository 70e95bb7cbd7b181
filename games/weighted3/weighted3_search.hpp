#pragma once
// The usual contest solution of weighted3, written apart from tbgen: a memoised minimax over
// the boards for one weight vector. The reference for the tests and the baseline for bench/.
#include <array>
#include <cstdint>
#include <cstring>

namespace reference {

class Weighted3Search {
 public:
  explicit Weighted3Search(const std::array<std::int64_t, 9>& w) : w_(w) {
    std::memset(memo_, -1, sizeof memo_);
  }

  // True if Takahashi (X, 1) wins from `board` (0 empty, 1 X, 2 O) with X to move when the
  // counts are equal.
  bool takahashi_wins(std::array<int, 9> board) {
    int x = 0, o = 0;
    for (int c : board) x += c == 1, o += c == 2;
    return solve(board, x == o ? 1 : 2);
  }

 private:
  static bool line(const std::array<int, 9>& b, int p) {
    static const int l[8][3] = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6},
                                {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}};
    for (const auto& t : l)
      if (b[t[0]] == p && b[t[1]] == p && b[t[2]] == p) return true;
    return false;
  }
  bool solve(std::array<int, 9>& b, int mover) {
    int key = 0;
    for (int i = 8; i >= 0; --i) key = key * 3 + b[i];
    if (memo_[key] >= 0) return memo_[key];
    bool result;
    if (line(b, 1)) {
      result = true;
    } else if (line(b, 2)) {
      result = false;
    } else {
      bool any_empty = false;
      result = mover == 2;  // Aoki needs every move to win for Takahashi to be lost
      for (int c = 0; c < 9; ++c) {
        if (b[c] != 0) continue;
        any_empty = true;
        b[c] = mover;
        const bool t = solve(b, 3 - mover);
        b[c] = 0;
        if (mover == 1 && t) result = true;
        if (mover == 2 && !t) result = false;
      }
      if (!any_empty) {
        std::int64_t margin = 0;
        for (int c = 0; c < 9; ++c) margin += b[c] == 1 ? w_[c] : -w_[c];
        result = margin > 0;
      }
    }
    memo_[key] = result;
    return result;
  }
  std::array<std::int64_t, 9> w_;
  std::int8_t memo_[19683];
};

}  // namespace reference
