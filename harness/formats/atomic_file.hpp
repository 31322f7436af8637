// A file that appears whole or not at all.
//
// The text goes to a temporary file in the target's folder; commit() flushes
// it, checks that every byte was written, and renames it over the target (a
// rename within one folder is atomic).  An AtomicFile destroyed without
// commit() removes its temporary, so a failed or interrupted run leaves no
// truncated output behind.  A target that exists and is not a regular file
// (a device such as /dev/stdout or /dev/full, or a pipe) is written in place.
#pragma once

#include <filesystem>
#include <fstream>

namespace tictac {

class AtomicFile {
 public:
  // Throws std::runtime_error naming the folder when it cannot hold a new file.
  explicit AtomicFile(std::filesystem::path target);
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;
  ~AtomicFile();

  std::ostream& stream() { return out_; }
  const std::filesystem::path& target() const { return target_; }
  const std::filesystem::path& temporary() const { return temp_; }

  // Throws std::runtime_error when a write failed (a full disk, say); the
  // target is then untouched.
  void commit();
  void discard();

 private:
  std::filesystem::path target_, temp_;
  std::ofstream out_;
  bool open_ = false;
};

}  // namespace tictac
