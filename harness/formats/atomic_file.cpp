#include "harness/formats/atomic_file.hpp"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <stdexcept>
#include <streambuf>
#include <string>
#include <sys/stat.h>
#include <unistd.h>

namespace tictac {

// A stream buffer over a file descriptor that keeps the errno of the first
// write that failed, so that a full disk is reported as such however long
// before the end of the run it filled (a std::ofstream keeps only a flag).
class AtomicFile::Buffer : public std::streambuf {
 public:
  explicit Buffer(int fd) : fd_(fd) { setp(data_, data_ + sizeof data_); }
  ~Buffer() override { close(); }

  int error() const { return error_; }

  // Writes what is buffered and closes the file; false when a write or the
  // close failed (error() says why).
  bool close() {
    if (fd_ < 0) return error_ == 0;
    drain();
    if (::close(fd_) != 0 && !error_) error_ = errno;
    fd_ = -1;
    return error_ == 0;
  }

 protected:
  int_type overflow(int_type c) override {
    if (!drain()) return traits_type::eof();
    if (!traits_type::eq_int_type(c, traits_type::eof())) {
      *pptr() = traits_type::to_char_type(c);
      pbump(1);
    }
    return traits_type::not_eof(c);
  }
  int sync() override { return drain() ? 0 : -1; }

 private:
  bool drain() {
    const char* p = pbase();
    while (p < pptr() && !error_ && fd_ >= 0) {
      const ssize_t n = ::write(fd_, p, static_cast<std::size_t>(pptr() - p));
      if (n > 0) p += n;
      else if (n < 0 && errno != EINTR) error_ = errno;
      else if (n == 0) error_ = EIO;
    }
    setp(data_, data_ + sizeof data_);
    return error_ == 0;
  }

  int fd_;
  int error_ = 0;
  char data_[1 << 16];
};

AtomicFile::AtomicFile(std::filesystem::path target) : target_(std::move(target)) {
  // A target that exists and is not a regular file (/dev/stdout, /dev/full,
  // a pipe) cannot be replaced by a rename, and must not be: it is written
  // in place, and commit() still reports a failed write.
  std::error_code ec;
  const auto status = std::filesystem::status(target_, ec);
  int fd = -1;
  if (!ec && std::filesystem::exists(status) && !std::filesystem::is_regular_file(status)) {
    fd = ::open(target_.c_str(), O_WRONLY | O_TRUNC | O_CLOEXEC);
    if (fd < 0) throw std::runtime_error("cannot open '" + target_.string() + "' for writing: " + std::strerror(errno));
  } else {
    const auto folder = target_.has_parent_path() ? target_.parent_path() : std::filesystem::path(".");
    std::string name = ".";  // (built by appending: GCC 12 warns falsely on "." + string)
    name += target_.filename().string();
    name += ".tmp-XXXXXX";
    std::string tmpl = (folder / name).string();
    fd = mkstemp(tmpl.data());
    if (fd < 0) throw std::runtime_error("cannot write in folder '" + folder.string() + "': " + std::strerror(errno));
    // mkstemp makes the file private; a result file gets the usual mode.
    const mode_t mask = ::umask(0);
    ::umask(mask);
    ::fchmod(fd, 0666 & ~mask);
    temp_ = tmpl;
  }
  buffer_ = std::make_unique<Buffer>(fd);
  out_.rdbuf(buffer_.get());
  open_ = true;
}

AtomicFile::~AtomicFile() { discard(); }

void AtomicFile::discard() {
  if (!open_) return;
  buffer_->close();
  std::error_code ec;
  if (!temp_.empty()) std::filesystem::remove(temp_, ec);
  open_ = false;
}

void AtomicFile::finish() {
  if (!open_) throw std::logic_error("AtomicFile::finish: nothing to finish");
  if (finished_) return;
  out_.flush();
  const bool written = buffer_->close() && !out_.fail();
  if (!written) {
    const int error = buffer_->error();
    discard();
    throw std::runtime_error("writing '" + target_.string() + "' failed: " +
                             (error ? std::string(std::strerror(error)) : std::string("the stream refused a value")));
  }
  finished_ = true;
}

void AtomicFile::commit() {
  if (!open_) throw std::logic_error("AtomicFile::commit: nothing to commit");
  finish();
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
