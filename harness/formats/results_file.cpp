#include "harness/formats/results_file.hpp"

#include <limits>
#include <stdexcept>

// fccp's strncpy trips GCC 12's -Wstringop-truncation at -O2/-O3 (a false
// positive); meson has no per-file flags, so it is silenced here.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wstringop-truncation"
#endif
#include <libfccp/csv.h>
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

namespace tictac {

namespace {
using Reader = io::CSVReader<10, io::trim_chars<>, io::double_quote_escape<',', '"'>>;

ResultRows read(Reader& in) {
  ResultRows rows;
  try {
    // Every column but gravity is required (older files have no gravity).
    const char* const required[] = {"board", "k", "strategy", "position_set", "row_kind", "position",
                                    "repetition", "nodes", "time_ns"};
    in.read_header(io::ignore_extra_column | io::ignore_missing_column, "board", "k", "gravity", "strategy",
                   "position_set", "row_kind", "position", "repetition", "nodes", "time_ns");
    for (const char* name : required)
      if (!in.has_column(name))
        throw std::invalid_argument(std::string("cannot read results file: missing column '") + name + "' in " +
                                    in.get_truncated_file_name());
    const bool has_gravity = in.has_column("gravity");
    ResultKey key;
    std::string repetition;
    std::uint64_t nodes = 0;
    double time_ns = 0;
    while (in.read_row(key.board, key.k, key.gravity, key.strategy, key.set, key.kind, key.position, repetition, nodes,
                       time_ns)) {
      if (!has_gravity) key.gravity = "false";
      else if (key.gravity != "true" && key.gravity != "false")
        throw std::invalid_argument("cannot read results file: gravity is '" + key.gravity + "', not true or false, on line " +
                                    std::to_string(in.get_file_line()) + " of " + in.get_truncated_file_name());
      auto [it, fresh] = rows.try_emplace(key);
      if (fresh)
        it->second.nodes = nodes;
      else if (it->second.nodes != nodes)
        it->second.nodes_vary = true;
      it->second.times.push_back(time_ns);
    }
  } catch (const io::error::base& e) {
    throw std::invalid_argument(std::string("cannot read results file: ") + e.what());
  }
  return rows;
}
}  // namespace

ResultRows read_results(const std::string& path) {
  try {
    Reader in(path);
    return read(in);
  } catch (const io::error::base& e) {
    throw std::invalid_argument(std::string("cannot read results file: ") + e.what());
  }
}

ResultRows read_results_text(const std::string& name, const std::string& text) {
  try {
    Reader in(name, text.data(), text.data() + text.size());
    return read(in);
  } catch (const io::error::base& e) {
    throw std::invalid_argument(std::string("cannot read results file: ") + e.what());
  }
}

}  // namespace tictac
