// libFuzzer target: the files `tictac merge` reads: each shard's
// metadata.json and results.csv (and, with --split, the split file and the
// merged rows).  The input is up to five files separated by lines "@@":
//   shard 0's metadata.json @@ its results.csv @@ shard 1's metadata.json
//   @@ its results.csv @@ a split file
// (the seeds in fuzz/corpus/merge/ are real shards so joined; scripts/
// fuzz-seeds makes them).  Either the merge succeeds or it is refused with
// MergeRefused, and a refused merge leaves no output folder behind.
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "fuzz/scratch_file.hpp"
#include "harness/experiment/merge.hpp"

namespace {

std::vector<std::string> parts_of(std::string_view text) {
  std::vector<std::string> parts;
  const std::string_view sep = "\n@@\n";
  for (;;) {
    const auto at = text.find(sep);
    parts.emplace_back(text.substr(0, at));
    if (at == std::string_view::npos) return parts;
    text.remove_prefix(at + sep.size());
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  namespace fs = std::filesystem;
  const std::vector<std::string> parts = parts_of(tictac::fuzz::text_of(data, size));
  std::vector<fs::path> shards;
  for (std::size_t i = 0; i + 1 < parts.size() && i < 4; i += 2) {
    const fs::path dir = "shard" + std::to_string(i / 2);
    tictac::fuzz::scratch_file(dir / "metadata.json", parts[i]);
    tictac::fuzz::scratch_file(dir / "results.csv", parts[i + 1]);
    shards.push_back(tictac::fuzz::scratch_folder() / dir);
  }
  if (shards.empty()) return 0;
  const fs::path split = parts.size() > 4 ? tictac::fuzz::scratch_file("split.csv", parts[4]) : fs::path();
  const fs::path out = tictac::fuzz::scratch_folder() / "merged";
  try {
    tictac::merge_shards(shards, out, "fuzz", split);
  } catch (const tictac::MergeRefused&) {
    if (fs::exists(out)) __builtin_trap();  // refused, yet something written
  }
  fs::remove_all(out);
  return 0;
}
