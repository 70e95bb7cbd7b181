// The Python module tbreader (SPEC section 8): the reader library's public API, nothing more.
// Probes run with the GIL released, so Python threads probe in parallel.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <atomic>
#include <map>
#include <mutex>
#include <optional>
#include <thread>

#include "tbreader/tbreader.hpp"

namespace py = pybind11;

namespace {

py::object value_object(const tbreader::Value& v) {
  if (v.score) return py::int_(*v.score);
  return py::str(v.text);
}

// {"winner": "X" or None, "turns": N or None}
py::dict result_dict(const tbreader::Result& r) {
  py::dict d;
  d["winner"] = r.winner.empty() ? py::object(py::none()) : py::object(py::str(r.winner));
  d["turns"] = r.turns ? py::object(py::int_(*r.turns)) : py::object(py::none());
  return d;
}

// The same keys, in the same order, as `tbprobe GAME BOARD --json`.
py::dict position_dict(const tbreader::Position& p) {
  py::list moves;
  for (const auto& m : p.moves) {
    py::dict move;
    move["move"] = m.name;
    move["value"] = value_object(m.value);
    if (m.result) move["result"] = result_dict(*m.result);
    if (m.outcome_class) move["outcome"] = std::string(1, *m.outcome_class);
    moves.append(move);
  }
  py::dict d;
  d["game"] = p.game;
  d["board"] = p.board;
  d["to_move"] = p.to_move;
  d["value"] = value_object(p.value);
  if (p.result) d["result"] = result_dict(*p.result);
  if (p.outcome_class) d["outcome"] = std::string(1, *p.outcome_class);
  if (p.form) d["form"] = *p.form;
  d["moves"] = moves;
  return d;
}

using Masks = py::array_t<std::uint64_t, py::array::c_style | py::array::forcecast>;
using Sides = py::array_t<bool, py::array::c_style | py::array::forcecast>;
using Hands = py::array_t<std::int32_t, py::array::c_style | py::array::forcecast>;
using Pieces = py::array_t<std::uint8_t, py::array::c_style | py::array::forcecast>;

// A board family member's numeric prober (SPEC 8 and 10): positions as NumPy arrays of masks.
class PyGame {
 public:
  explicit PyGame(const tbreader::Game& game) : game_(game) {}

  // first_to_move: None, or an array of the side to move (true: the first player) for slide
  // and morris members, whose board does not tell it once every mark is placed. first_hand,
  // second_hand: None, or (morris, with first_to_move) the marks each side holds in hand.
  // to_move, hands, pieces: the one numeric position of every game (SPEC 10, Game::probe):
  // to_move an int array (0 the first player, 1 the second, -1 from the counts), hands an
  // n x 2 int array (marks in hand), pieces an n x k uint8 array (dobutsu: k = 18, codes as
  // docs/games.md says); with distances, the turns of each result line too.
  py::object values(const Masks& first, const Masks& second,
                    const std::optional<Sides>& first_to_move,
                    const std::optional<Hands>& first_hand, const std::optional<Hands>& second_hand,
                    const std::optional<Hands>& to_move, const std::optional<Hands>& hands,
                    const std::optional<Pieces>& pieces, bool distances) const {
    const auto fits = [&](const auto& a) {
      return a->ndim() == 1 && a->shape(0) == first.shape(0);
    };
    const auto rows = [&](const auto& a, py::ssize_t width) {
      return a->ndim() == 2 && a->shape(0) == first.shape(0) && (width < 0 || a->shape(1) == width);
    };
    if (first.ndim() != 1 || second.ndim() != 1 || first.shape(0) != second.shape(0) ||
        (first_to_move && !fits(first_to_move)) || (first_hand && !fits(first_hand)) ||
        (second_hand && !fits(second_hand)) || (to_move && !fits(to_move)) ||
        (hands && !rows(hands, 2)) || (pieces && !rows(pieces, -1)))
      throw tbreader::InputError(
          "values: first, second (first_to_move, first_hand, second_hand, to_move) must be "
          "1-dimensional arrays of the same length, hands and pieces 2-dimensional with a row "
          "for each position (hands: 2 columns)");
    if (first_hand.has_value() != second_hand.has_value() || (first_hand && !first_to_move))
      throw tbreader::InputError(
          "values: first_hand and second_hand are given together, with first_to_move");
    if ((to_move || hands || pieces) && (first_to_move || first_hand))
      throw tbreader::InputError(
          "values: to_move, hands and pieces replace first_to_move, first_hand and second_hand");
    const bool numeric = to_move || hands || pieces || distances;
    const std::int32_t* tm = to_move ? to_move->data() : nullptr;
    const std::int32_t* hs = hands ? hands->data() : nullptr;
    const std::uint8_t* ps = pieces ? pieces->data() : nullptr;
    const py::ssize_t width = pieces ? pieces->shape(1) : 0;
    const bool* sides = first_to_move ? first_to_move->data() : nullptr;
    const std::int32_t* fh = first_hand ? first_hand->data() : nullptr;
    const std::int32_t* sh = second_hand ? second_hand->data() : nullptr;
    const auto n = static_cast<std::size_t>(first.shape(0));
    py::array_t<std::int32_t> out(static_cast<py::ssize_t>(n)),
        far(static_cast<py::ssize_t>(distances ? n : 0));
    const std::uint64_t* f = first.data();
    const std::uint64_t* s = second.data();
    std::int32_t* v = out.mutable_data();
    std::int32_t* d = far.mutable_data();
    // Chunks taken in turn by every core, so that a core another process slows leaves its
    // share to the others (halves, one a core, ended with the slower); the first position
    // refused (in index order) is the one reported, and no chunk after it is begun.
    struct Refusal {
      std::size_t at;
      std::string why;
      bool table_error = false;  // a table missing or damaged (OSError), not a bad position
    };
    std::vector<Refusal> refused;
    {
      py::gil_scoped_release unlocked;
      constexpr std::size_t kChunk = std::size_t{1} << 14;
      const unsigned threads = std::max(
          1u, std::min(std::thread::hardware_concurrency(), static_cast<unsigned>(n / 4096 + 1)));
      refused.assign(threads, {n, {}});
      std::atomic<std::size_t> next{0}, stop{n};
      const auto work = [&](unsigned t) {
        for (std::size_t from; (from = next.fetch_add(kChunk)) < stop.load();) {
          const std::size_t to = std::min(n, from + kChunk);
          std::size_t i = from;
          try {
            if (numeric)
              for (; i < to; ++i) {
                const tbreader::Game::Answer a = game_.probe(tbreader::Game::Position{
                    .first = f[i],
                    .second = s[i],
                    .to_move = tm ? tm[i] : -1,
                    .hand = {hs ? hs[2 * i] : 0, hs ? hs[2 * i + 1] : 0},
                    .pieces = ps ? ps + static_cast<py::ssize_t>(i) * width : nullptr});
                v[i] = a.value;
                if (distances) d[i] = a.distance;
              }
            else if (!sides)
              game_.values_of({f + from, to - from}, {s + from, to - from}, {v + from, to - from});
            else
              for (; i < to; ++i)
                v[i] = fh ? game_.value_of(f[i], s[i], sides[i], fh[i], sh[i])
                          : game_.value_of(f[i], s[i], sides[i]);
          } catch (const tbreader::InputError& e) {
            refused[t] = {sides || numeric ? i : from + e.item, e.what()};
          } catch (const std::exception& e) {
            refused[t] = {i, e.what(), dynamic_cast<const tbreader::Error*>(&e) != nullptr};
          }
          if (refused[t].at == n) continue;
          for (std::size_t was = stop.load(); refused[t].at < was;)
            if (stop.compare_exchange_weak(was, refused[t].at)) break;
          return;
        }
      };
      // The calling thread takes a share: it is running already, where a thread started anew
      // may wait for an idle core to wake (connect 6x5's values right after batch 1.04x,
      // docs/notes/probe_speed.md).
      std::vector<std::thread> pool;
      for (unsigned t = 1; t < threads; ++t) pool.emplace_back(work, t);
      work(0);
      for (auto& t : pool) t.join();
    }
    const Refusal& first_refused = *std::min_element(
        refused.begin(), refused.end(), [](const auto& a, const auto& b) { return a.at < b.at; });
    if (first_refused.at != n) {
      if (first_refused.table_error) throw tbreader::Error(first_refused.why);
      throw tbreader::InputError("position " + std::to_string(first_refused.at) +
                                 " of the arrays: " + first_refused.why);
    }
    if (distances) return py::make_tuple(out, far);
    return out;
  }

  std::string name() const { return game_.name(); }

 private:
  const tbreader::Game& game_;
};

class PyTablebase {
 public:
  explicit PyTablebase(const std::string& path) : tables_(path) {}

  py::dict probe(const std::string& game, const py::object& board,
                 const std::optional<std::string>& weights) {
    const tbreader::Game& g = game_of(game);
    const auto boards = boards_of(g, board);
    tbreader::Position p;
    {
      py::gil_scoped_release unlocked;
      p = g.probe(boards, {.weights = weights});
    }
    return position_dict(p);
  }

  std::string value(const std::string& game, const py::object& board,
                    const std::optional<std::string>& weights) {
    const tbreader::Game& g = game_of(game);
    const auto boards = boards_of(g, board);
    py::gil_scoped_release unlocked;
    return g.value(boards, {.weights = weights}).text;
  }

  std::vector<std::string> batch(const std::string& game, const std::vector<std::string>& boards,
                                 const std::optional<std::string>& weights) {
    const tbreader::Game& g = game_of(game);
    std::vector<tbreader::Value> values;
    {
      py::gil_scoped_release unlocked;
      try {
        values = g.values(boards, {.weights = weights});
      } catch (const tbreader::InputError& e) {
        throw tbreader::InputError("board " + std::to_string(e.item) + " of the list: " + e.what());
      }
    }
    std::vector<std::string> texts;
    texts.reserve(values.size());
    for (auto& v : values) texts.push_back(std::move(v.text));
    return texts;
  }

  PyGame game(const std::string& game) {
    const tbreader::Game& g = game_of(game);
    if (!g.board_family())
      throw tbreader::InputError(g.name() +
                                 " has no numbers (the seed games, domineering and cram): no "
                                 "values()");
    return PyGame(g);
  }

  std::vector<std::string> games() const {
    std::vector<std::string> names;
    for (const auto& g : tables_.games()) names.push_back(g.game);
    return names;
  }

  std::string directory() const { return tables_.directory().string(); }

 private:
  // Games are kept by their game string: parsed once, shared by every thread.
  const tbreader::Game& game_of(const std::string& game) {
    std::lock_guard lock(mutex_);
    auto it = games_.find(game);
    if (it == games_.end()) it = games_.emplace(game, tbreader::Game(tables_, game)).first;
    return it->second;
  }
  // A str is one line as `tbprobe batch` reads it (a surreal3 sum may be several boards); a
  // list gives the boards.
  static std::vector<std::string> boards_of(const tbreader::Game& game, const py::object& board) {
    if (py::isinstance<py::str>(board)) return game.boards_of_line(board.cast<std::string>());
    return board.cast<std::vector<std::string>>();
  }

  tbreader::Tablebase tables_;
  std::mutex mutex_;
  std::map<std::string, tbreader::Game> games_;
};

}  // namespace

PYBIND11_MODULE(tbreader, m) {
  m.doc() =
      "Exact values of every position of the games tbgen solves, from its tables.\n\n"
      "    tb = tbreader.Tablebase('tables')\n"
      "    tb.probe('score3', 'X.O/.X./...')   # the position, every move best first\n"
      "    tb.value('double5', '...../...../...../...../.....')   # 'Draw'\n\n"
      "Errors: ValueError for a bad game string, board or weights; OSError for missing or\n"
      "damaged tables. Probes release the GIL: threads probe in parallel.";
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const tbreader::InputError& e) {
      PyErr_SetString(PyExc_ValueError, e.what());
    } catch (const tbreader::Error& e) {
      PyErr_SetString(PyExc_OSError, e.what());
    }
  });
  py::class_<PyGame>(m, "Game", "A board family member of a Tablebase, probed by masks.")
      .def("values", &PyGame::values, py::arg("first"), py::arg("second"),
           py::arg("first_to_move") = py::none(), py::arg("first_hand") = py::none(),
           py::arg("second_hand") = py::none(), py::kw_only(), py::arg("to_move") = py::none(),
           py::arg("hands") = py::none(), py::arg("pieces") = py::none(),
           py::arg("distances") = false,
           "values(first, second, first_to_move=None, first_hand=None, second_hand=None, *,\n"
           "       to_move=None, hands=None, pieces=None, distances=False)\n"
           "    -> numpy.ndarray[int32] (with distances: a pair of them)\n\n"
           "The values of many positions, each given as two masks (NumPy uint64 arrays of one\n"
           "length): bit row * cols + col (row 0 the top) of first where the first player's\n"
           "mark stands, of second the second player's. Values are from the first player's\n"
           "view: outcome 1, 0, -1; speed and margin their signed value. Runs on all cores\n"
           "without the GIL. A position that cannot arise raises ValueError naming its index.\n"
           "slide members: first_to_move, an array of bools (True: the first player), gives the\n"
           "side to move, which their board does not tell once every mark is placed; their\n"
           "value is 0 for a draw, d + 1 when the first player wins with d turns to be played,\n"
           "-(d + 1) when the second does.\n"
           "morris members: bit i of a mask is the i-th point in SPEC 6's list (six: a1 c1 e1\n"
           "b2 ...), first_to_move is given, and first_hand, second_hand (int arrays) give the\n"
           "marks each side holds in hand (None: none); the value is slide's.\n"
           "Every game with numbers (SPEC 10's one numeric position): to_move (int array: 0 the\n"
           "first player, 1 the second, -1 from the counts), hands (n x 2 int array: marks in\n"
           "hand), pieces (n x k uint8 array: dobutsu's square and hand codes, docs/games.md);\n"
           "distances=True returns (values, distances), a distance the turns or plies of the\n"
           "result line (-1 where the game has none, or a draw).")
      .def_property_readonly("name", &PyGame::name);
  py::class_<PyTablebase>(m, "Tablebase",
                          "A directory of tbgen table files, opened lazily; thread-safe.")
      .def(py::init<const std::string&>(), py::arg("path"),
           "Opens the table directory `path` (OSError if it does not exist).")
      .def("probe", &PyTablebase::probe, py::arg("game"), py::arg("board"),
           py::arg("weights") = py::none(),
           "probe(game, board, weights=None) -> dict\n\n"
           "The position's side to move, value and every legal move with the value it leads\n"
           "to, best first: the JSON object of `tbprobe GAME BOARD --json` as a dict. `board`\n"
           "is a str (a surreal3 sum: boards separated by spaces) or a list of boards;\n"
           "`weights` is weighted3's \"w1 ... w9\".")
      .def("value", &PyTablebase::value, py::arg("game"), py::arg("board"),
           py::arg("weights") = py::none(),
           "value(game, board, weights=None) -> str\n\n"
           "The value as `tbprobe` prints it ('X win', 'Draw', '+5', '-3/4', ...).")
      .def("batch", &PyTablebase::batch, py::arg("game"), py::arg("boards"),
           py::arg("weights") = py::none(),
           "batch(game, boards, weights=None) -> list[str]\n\n"
           "The values of many boards in one call, on all cores (as `tbprobe batch`). A bad\n"
           "board raises ValueError naming its index in the list.")
      .def("game", &PyTablebase::game, py::arg("game"), py::keep_alive<0, 1>(),
           "game(game) -> Game\n\nA board family member (mnk, lines, connect, hex, slide,\n"
           "morris, score3, double5) for values() over NumPy arrays of masks.")
      .def("games", &PyTablebase::games,
           "games() -> list[str]\n\nThe games whose tables are in the directory.")
      .def_property_readonly("directory", &PyTablebase::directory);
}
