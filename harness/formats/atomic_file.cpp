#include "harness/formats/atomic_file.hpp"

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <string>
#include <sys/stat.h>
#include <unistd.h>

namespace tictac {

AtomicFile::AtomicFile(std::filesystem::path target) : target_(std::move(target)) {
  // A target that exists and is not a regular file (/dev/stdout, /dev/full,
  // a pipe) cannot be replaced by a rename, and must not be: it is written
  // in place, and commit() still reports a failed write.
  std::error_code ec;
  const auto status = std::filesystem::status(target_, ec);
  if (!ec && std::filesystem::exists(status) && !std::filesystem::is_regular_file(status)) {
    out_.open(target_, std::ios::binary);
    if (!out_) throw std::runtime_error("cannot open '" + target_.string() + "' for writing: " + std::strerror(errno));
    open_ = true;
    return;
  }
  const auto folder = target_.has_parent_path() ? target_.parent_path() : std::filesystem::path(".");
  std::string name = ".";  // (built by appending: GCC 12 warns falsely on "." + string)
  name += target_.filename().string();
  name += ".tmp-XXXXXX";
  std::string tmpl = (folder / name).string();
  const int fd = mkstemp(tmpl.data());
  if (fd < 0)
    throw std::runtime_error("cannot write in folder '" + folder.string() + "': " + std::strerror(errno));
  // mkstemp makes the file private; a result file gets the usual mode.
  const mode_t mask = ::umask(0);
  ::umask(mask);
  ::fchmod(fd, 0666 & ~mask);
  ::close(fd);
  temp_ = tmpl;
  out_.open(temp_, std::ios::binary | std::ios::trunc);
  if (!out_) {
    std::filesystem::remove(temp_);
    throw std::runtime_error("cannot open '" + temp_.string() + "' for writing");
  }
  open_ = true;
}

AtomicFile::~AtomicFile() { discard(); }

void AtomicFile::discard() {
  if (!open_) return;
  out_.close();
  std::error_code ec;
  if (!temp_.empty()) std::filesystem::remove(temp_, ec);
  open_ = false;
}

void AtomicFile::commit() {
  if (!open_) throw std::logic_error("AtomicFile::commit: nothing to commit");
  out_.flush();
  out_.close();
  if (out_.fail()) {
    discard();
    throw std::runtime_error("writing '" + target_.string() + "' failed (is the disk full?)");
  }
  if (temp_.empty()) {  // written in place
    open_ = false;
    return;
  }
  std::error_code ec;
  std::filesystem::rename(temp_, target_, ec);
  if (ec) {
    discard();
    throw std::runtime_error("cannot rename into '" + target_.string() + "': " + ec.message());
  }
  open_ = false;
}

}  // namespace tictac
