#pragma once
// The morris solver: retrograde analysis by material, as endgame tablebases are built.
//
// A position is seen from the side to move: its marks and the other side's on the board and in
// hand. A sector holds the positions of one material (m, t, mh, th): m of the mover's marks on
// the board and mh in hand, t and th of the other side's. A turn leads from (m, t, mh, th) to
// (t, m, th, mh) when it steps a mark without a capture, to (t, m + 1, th, mh - 1) when it
// places one, and to a sector with t - 1 when it captures. So sectors are solved in order of
// their marks in all (a capture lowers it), then of their marks in hand (a placement lowers
// that); what is left to solve together is a sector and its mirror (t, m, th, mh), between
// which steps go back and forth: a group, solved by retrograde analysis with cycles.
//
// Within a group every position gets a counter of its turns into the group (turns to images
// of one position counted once), and its turns out of the group are read first: a turn to a
// position lost for the other side in d is a win in d + 1, scheduled at level d; a position
// whose turns all leave the group is decided at once. Then level by level, d = 0, 1, ...: a
// position lost in d makes every undecided predecessor in the group (a mark of the side that
// moved put back where it came from) a win in d + 1, and one won in d counts down its
// predecessors' counters; one whose counter reaches zero is lost, in one more turn than its
// slowest turn. What is never decided is a draw. Each position is looked at forward once,
// backward once, and forward again if it is lost: no position is re-examined per level. Codes
// as slide's (docs/FORMAT.md, codec 11): 0 a draw, d + 1 decided with d turns still to be
// played, the side to move winning when d is odd.
#include <cstdint>
#include <memory>
#include <vector>

#include "family/morris/morris_layout.hpp"
#include "generator/cluster.hpp"
#include "generator/retrograde.hpp"

namespace tbgen::morris {

// The codes of solved sectors, by sector; what a solve reads when a turn leaves its group.
class Solved {
 public:
  virtual ~Solved() = default;
  virtual const Code* codes_of(const Sector& s) const = 0;
  virtual Code code(const Sector& s, std::uint64_t entry) const { return codes_of(s)[entry]; }
};

// The value of a position from solved sectors: decided positions (a side below three marks,
// or the mover without a turn) are answered without a table.
Code value_of(const Layout& layout, const Solved& solved, const Position& p);

// What a position's turns say of it from their codes: a win in the fewest turns through a
// successor lost for the other side, else a loss in the most turns if every successor is won
// for it, else a draw (0); lost in 0 without a turn. The deep check of a table, and the solver's
// look at a lost position.
Code one_ply(const Layout& layout, const Solved& solved, const Position& p);

// The sectors solved together with `sector`: its mirror too where steps lead there and back.
std::vector<Sector> group_of(const Layout& layout, const Sector& sector);
// The solved sectors the group of `sector` reads (its turns' captures and placements).
std::vector<Sector> sectors_read(const Layout& layout, const Sector& sector);

// What a group's solve holds between two levels (generator/group_checkpoint.hpp).
using retrograde::GroupState;
// The cyclic engine's options: threads, progress, the cluster (each process solves its share of
// each sector and tells the others' positions what its own decide, level by level), saves.
using retrograde::SolveOptions;

// Solves the group of `sector`, reading the sectors_read() from `solved` (whole in one
// process; through a cache of blocks in a distributed build); returns the codes of this
// process's share (entry_share) of each sector of group_of(), in that order. The same codes
// for any number of threads and processes.
std::vector<Codes> solve_group(const Layout& layout, const Solved& solved, const Sector& sector,
                               const SolveOptions& options = {});

}  // namespace tbgen::morris
