// A file that appears whole or not at all.
//
// The text goes to a temporary file in the target's folder; commit() flushes
// it, checks that every byte was written, and renames it over the target (a
// rename within one folder is atomic).  An AtomicFile destroyed without
// commit() removes its temporary, so a failed or interrupted run leaves no
// truncated output behind.  A target that exists and is not a regular file
// (a device such as /dev/stdout or /dev/full, or a pipe) is written in place.
// A process killed outright (kill -9) leaves its temporary, a hidden file
// ".NAME.tmp-XXXXXX" beside the target, and the target as it was.
#pragma once

#include <filesystem>
#include <fstream>
#include <memory>
#include <ostream>

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

  // Flushes and closes the file, checking that every byte was written;
  // throws std::runtime_error naming the target and the reason when a write
  // failed (a full disk, say); the temporary is then removed and the target
  // untouched.  A caller that writes several files finishes them all before
  // it commits any, so that a full disk leaves every target as it was.
  void finish();
  // finish(), if not done yet, then the rename over the target.
  void commit();
  void discard();

 private:
  class Buffer;  // writes to the file descriptor, keeping the first write's error
  std::filesystem::path target_, temp_;
  std::unique_ptr<Buffer> buffer_;
  std::ostream out_{nullptr};
  bool open_ = false, finished_ = false;
};

}  // namespace tictac
