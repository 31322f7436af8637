// The files of a match (match.hpp): games.csv (one row per game), moves.csv
// (one row per move, graded), summary.csv (one row per pairing, with the
// statistics of match_stats.hpp) and metadata.json.  Each CSV's columns are
// one table in match_files.cpp, a column's name, description and the field
// that fills it side by side; the header, the rows and metadata.json's
// "columns" are read from it.  `tictac match` writes the four files and
// tictac.match() reads the same CSV text into pandas.
#pragma once

#include <filesystem>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/experiment/match.hpp"

namespace tictac {

// A file's columns, (name, description), in file order.
using MatchColumns = std::vector<std::pair<std::string_view, std::string_view>>;
MatchColumns match_game_columns();
MatchColumns match_move_columns();
MatchColumns match_summary_columns();

void write_match_games(std::ostream& out, const MatchResult& r);
void write_match_moves(std::ostream& out, const MatchResult& r);
void write_match_summary(std::ostream& out, const MatchResult& r);

// What the match was (the command line as given, the start time in UTC),
// the build, the host, and each file's columns.
nlohmann::ordered_json match_metadata(const MatchResult& r, const std::string& command_line, const std::string& started_utc);

// The files' names in a match's folder.
inline constexpr const char* kMatchFiles[] = {"games.csv", "moves.csv", "summary.csv", "metadata.json"};

// Throws std::invalid_argument when `dir` holds one of kMatchFiles and
// `force` is false (before a match is played, so that a refused folder costs
// nothing).
void check_match_folder(const std::filesystem::path& dir, bool force);

// Writes the four files into `dir` (made if missing), all or nothing: each
// is written beside its target, and renamed into place once all are
// complete.  Returns their paths.
std::vector<std::filesystem::path> write_match_files(const std::filesystem::path& dir, const MatchResult& r,
                                                     const nlohmann::ordered_json& metadata);

}  // namespace tictac
