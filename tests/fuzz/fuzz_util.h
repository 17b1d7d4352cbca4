// Helpers for the fuzz targets (tests/fuzz/*_fuzz.cc).
//
// Every target defines LLVMFuzzerTestOneInput. Built with REGIONLAB_FUZZ it
// is a libFuzzer binary; in every other build it is linked with
// replay_main.cc, which runs the files of the target's corpus and
// regressions folders through the same function (see CMakeLists.txt).
//
// A target must not crash, leak, hang or reach undefined behaviour on any
// input; a broken invariant is reported with FUZZ_CHECK, which aborts.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <string>
#include <string_view>

#include "util/env.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

// Aborts with the condition's text: the fuzzer keeps the input as a crash.
#define FUZZ_CHECK(cond)                                                                  \
  do {                                                                                    \
    if (!(cond)) {                                                                        \
      std::fprintf(stderr, "%s:%d: FUZZ_CHECK failed: %s\n", __FILE__, __LINE__, #cond); \
      std::abort();                                                                       \
    }                                                                                     \
  } while (0)

namespace regionlab::fuzz {

inline std::string_view AsText(const uint8_t* data, size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

// An Env whose files are byte strings in memory: the file readers under
// test read the fuzz input with no file system in between. Each file is held
// in a buffer of exactly its size, so AddressSanitizer catches a read one
// byte past its end. Anything but reading goes to the default Env.
class MemoryFileEnv final : public EnvWrapper {
 public:
  MemoryFileEnv() : EnvWrapper(Env::Default()) {}

  // Replaces (or adds) the file at `path`.
  void Put(const std::string& path, std::string_view contents) {
    auto bytes = std::make_shared<Bytes>();
    bytes->size = contents.size();
    bytes->data.reset(new char[contents.size() == 0 ? 1 : contents.size()]);
    if (!contents.empty()) std::memcpy(bytes->data.get(), contents.data(), contents.size());
    files_[path] = std::move(bytes);
  }

  Result<std::unique_ptr<RandomAccessFile>> NewRandomAccessFile(const std::string& path) override {
    auto it = files_.find(path);
    if (it == files_.end()) return Status::NotFound(path);
    return std::unique_ptr<RandomAccessFile>(new File(path, it->second));
  }
  bool FileExists(const std::string& path) override { return files_.count(path) != 0; }
  Result<uint64_t> GetFileSize(const std::string& path) override {
    auto it = files_.find(path);
    if (it == files_.end()) return Status::NotFound(path);
    return static_cast<uint64_t>(it->second->size);
  }

 private:
  struct Bytes {
    std::unique_ptr<char[]> data;
    size_t size = 0;
  };
  class File final : public RandomAccessFile {
   public:
    File(std::string path, std::shared_ptr<const Bytes> bytes) : path_(std::move(path)), bytes_(std::move(bytes)) {}
    Status Read(uint64_t offset, size_t n, std::string* scratch) const override {
      std::string_view view;
      RL_RETURN_IF_ERROR(ReadView(offset, n, scratch, &view));
      scratch->assign(view.data(), view.size());
      return Status::OK();
    }
    // A view of the buffer, as the POSIX Env's mapping gives one.
    Status ReadView(uint64_t offset, size_t n, std::string* scratch, std::string_view* result) const override {
      if (offset > bytes_->size || n > bytes_->size - offset) {
        return Status::IOError(path_ + ": read of " + std::to_string(n) + " bytes at offset " +
                               std::to_string(offset) + " past the end of the file");
      }
      *result = std::string_view(bytes_->data.get() + offset, n);
      return Status::OK();
    }
    uint64_t Size() const override { return bytes_->size; }
    const std::string& path() const override { return path_; }

   private:
    const std::string path_;
    const std::shared_ptr<const Bytes> bytes_;
  };

  std::map<std::string, std::shared_ptr<const Bytes>> files_;
};

}  // namespace regionlab::fuzz
