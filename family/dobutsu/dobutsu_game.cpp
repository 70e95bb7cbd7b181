#include "family/dobutsu/dobutsu_game.hpp"

#include <cctype>
#include <optional>
#include <utility>
#include <vector>

#include "tbreader/tbreader.hpp"

namespace tbgen::dobutsu {
namespace {

std::string square_name(int s) {
  return std::string(1, static_cast<char>('a' + s % 3)) + std::to_string(s / 3 + 1);
}
int kind_of(char upper) {
  for (int k = 0; k < kKinds; ++k)
    if (kLetters[k] == upper) return k;
  return -1;
}

}  // namespace

std::optional<std::string> invalid(const Position& p) {
  const char* names[kKinds] = {"lion", "giraffe", "elephant", "chick", "hen"};
  if ((p.mine.all() & p.theirs.all()) != 0) return "a square holds pieces of both sides";
  for (const auto& [s, who] : {std::pair{&p.mine, "sente"}, std::pair{&p.theirs, "gote"}}) {
    if (__builtin_popcount(s->on[kLion]) != 1)
      return std::string(who) + " has " + std::to_string(__builtin_popcount(s->on[kLion])) +
             " lions on the board, not 1";
    for (int k = 0; k < kKinds; ++k)
      for (int j = k + 1; j < kKinds; ++j)
        if (s->on[k] & s->on[j]) return std::string("a square holds two of ") + who + "'s pieces";
  }
  for (int k = kGiraffe; k <= kChick; ++k) {
    const int n = __builtin_popcount(p.mine.on[k] | p.theirs.on[k]) +
                  (k == kChick ? __builtin_popcount(p.mine.on[kHen] | p.theirs.on[kHen]) : 0) +
                  p.mine.hand[k - 1] + p.theirs.hand[k - 1];
    if (n != 2)
      return std::to_string(n) + " " + names[k] + "s on the board and in the hands" +
             (k == kChick ? " (hens counted)" : "") + ", not 2";
  }
  return std::nullopt;
}

Text parse_sfen(const std::string& text) {
  const auto fail = [&](const std::string& what) {
    throw tbreader::InputError("position '" + text + "': " + what);
  };
  const std::size_t space = text.find(' ');
  if (space == std::string::npos)
    fail("the side to move is missing: add ' b' (sente) or ' w' (gote), then the hands");
  // As written: sente's pieces `mine`, squares row by row from rank 1.
  Position written;
  int rank = 0, file = 0;
  for (std::size_t i = 0; i < space; ++i) {
    const char c = text[i];
    const std::string at = ", column " + std::to_string(i + 1);
    if (c == '/') {
      if (file != 3)
        fail("rank " + std::to_string(rank + 1) + " has " + std::to_string(file) +
             " squares, not 3" + at);
      ++rank, file = 0;
      if (rank == 4) fail("more than 4 ranks" + at);
      continue;
    }
    if (c >= '1' && c <= '3') {
      file += c - '0';
      if (file > 3) fail("rank " + std::to_string(rank + 1) + " has more than 3 squares" + at);
      continue;
    }
    const bool promoted = c == '+';
    const char letter = promoted && i + 1 < space ? text[++i] : c;
    const int kind = kind_of(static_cast<char>(std::toupper(static_cast<unsigned char>(letter))));
    if (kind < 0 || kind == kHen || (promoted && kind != kChick))
      fail(std::string("unknown piece '") + (promoted ? "+" : "") + letter + "'" + at +
           " (pieces are L G E C and +C, uppercase sente's, lowercase gote's)");
    if (file == 3) fail("rank " + std::to_string(rank + 1) + " has more than 3 squares" + at);
    Side& side = std::isupper(static_cast<unsigned char>(letter)) ? written.mine : written.theirs;
    side.on[promoted ? kHen : kind] |= Squares(1u << (rank * 3 + file));
    ++file;
  }
  if (rank != 3 || file != 3)
    fail("the board has " + std::to_string(rank + 1) + " ranks, the last of " +
         std::to_string(file) + " squares: 4 ranks of 3 squares, separated by '/'");
  // The side to move, the hands, and a move number (ignored).
  std::size_t at = space + 1;
  const auto word = [&] {
    const std::size_t end = std::min(text.find(' ', at), text.size());
    std::string w = text.substr(at, end - at);
    at = end + 1;
    return w;
  };
  const std::string side = word();
  if (side != "b" && side != "w") fail("the side to move is 'b' or 'w', not '" + side + "'");
  const std::string hands = at <= text.size() ? word() : "";
  if (hands.empty()) fail("the hands are missing: '-' when both are empty");
  if (hands != "-") {
    int count = 1;
    for (const char c : hands) {
      if (c == '2') {
        count = 2;
        continue;
      }
      const int kind = kind_of(static_cast<char>(std::toupper(static_cast<unsigned char>(c))));
      if (kind == kLion || kind == kHen)
        fail(std::string("a ") + (kind == kLion ? "lion" : "hen") + " in hand ('" + c + "')");
      if (kind < 0) fail(std::string("unknown piece '") + c + "' in the hands");
      Side& s = std::isupper(static_cast<unsigned char>(c)) ? written.mine : written.theirs;
      s.hand[kind - 1] = static_cast<std::uint8_t>(s.hand[kind - 1] + count);
      count = 1;
    }
  }
  if (at < text.size()) {
    const std::string number = word();
    if (number.empty() || number.find_first_not_of("0123456789") != std::string::npos)
      fail("after the hands only a move number, not '" + number + "'");
  }
  if (const auto why = invalid(written)) fail(*why);
  return {side == "b" ? written : turned(written), side == "b"};
}

std::string sfen(const Position& p, bool sente_to_move) {
  const Position s = sente_to_move ? p : turned(p);  // sente's pieces `mine`, as written
  std::string out;
  for (int rank = 0; rank < 4; ++rank) {
    if (rank) out += '/';
    int empty = 0;
    for (int file = 0; file < 3; ++file) {
      const Squares bit = Squares(1u << (rank * 3 + file));
      char c = 0;
      for (int k = 0; k < kKinds; ++k) {
        if (s.mine.on[k] & bit) c = kLetters[k];
        if (s.theirs.on[k] & bit) c = static_cast<char>(std::tolower(kLetters[k]));
      }
      if (!c) {
        ++empty;
        continue;
      }
      if (empty) out += static_cast<char>('0' + empty), empty = 0;
      if (c == 'H' || c == 'h') out += '+', c = c == 'H' ? 'C' : 'c';
      out += c;
    }
    if (empty) out += static_cast<char>('0' + empty);
  }
  out += sente_to_move ? " b " : " w ";
  std::string hands;
  for (const auto& [side, upper] : {std::pair{&s.mine, true}, std::pair{&s.theirs, false}})
    for (int h = 0; h < kHandKinds; ++h) {
      if (side->hand[h] == 2) hands += '2';
      if (side->hand[h])
        hands += upper ? kLetters[h + 1] : static_cast<char>(std::tolower(kLetters[h + 1]));
    }
  return out + (hands.empty() ? "-" : hands);
}

std::string turn_name(const Turn& t, bool sente_to_move) {
  const auto real = [&](int s) { return sente_to_move ? s : 11 - s; };
  if (t.from < 0) return std::string(1, kLetters[t.kind]) + "*" + square_name(real(t.to));
  return square_name(real(t.from)) + "-" + square_name(real(t.to)) + (t.promotes ? "+" : "");
}

}  // namespace tbgen::dobutsu
