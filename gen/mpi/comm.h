// A small transport over the plain C MPI API: the session (MPI_Init and
// MPI_Finalize as one RAII object), and the world communicator with the few
// collectives the distributed solvers use. Every MPI error becomes an
// MpiError exception (the communicator returns errors instead of aborting),
// and a failure on one rank is made known to all of them by agree(), so
// that every rank ends with the same one-line message.
#pragma once

#include <mpi.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <exception>
#include <limits>
#include <span>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace rtb::mpi {

struct MpiError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

inline void check(int code, const char* what) {
  if (code == MPI_SUCCESS) return;
  char text[MPI_MAX_ERROR_STRING];
  int length = 0;
  MPI_Error_string(code, text, &length);
  throw MpiError(std::string("MPI ") + what + " failed (a rank died or the network failed): " +
                 std::string(text, static_cast<std::size_t>(length)));
}

// True when this process was started by mpirun (Open MPI, or a PMI launcher):
// only then is MPI initialised, so a plain run never touches it.
inline bool launched_by_mpirun() {
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_SIZE"})
    if (std::getenv(name) != nullptr) return true;
  return false;
}

class Session {
 public:
  Session() {
    int provided = 0;
    check(MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided), "init");
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  }
  ~Session() { MPI_Finalize(); }
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;
};

template <class T>
MPI_Datatype datatype();
template <>
inline MPI_Datatype datatype<std::uint64_t>() {
  return MPI_UINT64_T;
}
template <>
inline MPI_Datatype datatype<std::uint16_t>() {
  return MPI_UINT16_T;
}
template <>
inline MPI_Datatype datatype<char>() {
  return MPI_CHAR;
}

// Message tags of the point-to-point traffic.
enum Tag : int { kTagWork = 1, kTagDone = 2, kTagMessage = 3, kTagValues = 4 };

class Comm {
 public:
  Comm() {
    MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
    MPI_Comm_size(MPI_COMM_WORLD, &size_);
  }
  int rank() const { return rank_; }
  int size() const { return size_; }
  bool root() const { return rank_ == 0; }

  std::uint64_t min(std::uint64_t x) const { return reduce(x, MPI_MIN); }
  std::uint64_t max(std::uint64_t x) const { return reduce(x, MPI_MAX); }
  std::uint64_t sum(std::uint64_t x) const { return reduce(x, MPI_SUM); }
  void barrier() const { check(MPI_Barrier(MPI_COMM_WORLD), "barrier"); }
  // A barrier that gives up after `seconds` (a rank may have failed alone
  // and left the others in a collective): whether every rank reached it.
  bool barrier_within(double seconds) const {
    MPI_Request request;
    if (MPI_Ibarrier(MPI_COMM_WORLD, &request) != MPI_SUCCESS) return false;
    const auto end = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
    for (;;) {
      int done = 0;
      if (MPI_Test(&request, &done, MPI_STATUS_IGNORE) != MPI_SUCCESS) return false;
      if (done) return true;
      if (std::chrono::steady_clock::now() > end) return false;
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
  }

  // Every rank learns whether any failed (`error` non-empty on a rank that
  // did); all then throw the message of the lowest failing rank.
  void agree(const std::string& error) const {
    const std::uint64_t failing = min(error.empty() ? kNone : static_cast<std::uint64_t>(rank_));
    if (failing == kNone) return;
    std::string message = error;
    broadcast(message, static_cast<int>(failing));
    throw MpiError(message);
  }

  // Runs f on this rank, then agree()s: an exception on any rank ends every rank.
  template <class F>
  void together(F&& f) const {
    std::string error;
    try {
      f();
    } catch (const std::exception& e) {
      error = e.what();
      if (error.empty()) error = "failed";
    }
    agree(error);
  }

  void broadcast(std::string& text, int from) const {
    std::uint64_t length = text.size();
    check(MPI_Bcast(&length, 1, MPI_UINT64_T, from, MPI_COMM_WORLD), "broadcast");
    text.resize(length);
    check(MPI_Bcast(text.data(), static_cast<int>(length), MPI_CHAR, from, MPI_COMM_WORLD), "broadcast");
  }

  // Each rank sends out[r] to rank r and receives what every rank sent it,
  // in rank order (with how many came from each rank, if `from` is given).
  // Returns the bytes this rank sent to other ranks.
  std::uint64_t exchange(const std::vector<std::vector<std::uint64_t>>& out, std::vector<std::uint64_t>& in,
                         std::vector<int>* from = nullptr) const {
    std::vector<int> send_counts(size_), recv_counts(size_), send_at(size_), recv_at(size_);
    std::vector<std::uint64_t> packed;
    std::uint64_t total = 0, remote = 0;
    for (int r = 0; r < size_; ++r) total += out[r].size();
    packed.reserve(total);
    for (int r = 0; r < size_; ++r) {
      send_counts[r] = count_of(out[r].size());
      send_at[r] = count_of(packed.size());
      packed.insert(packed.end(), out[r].begin(), out[r].end());
      if (r != rank_) remote += out[r].size();
    }
    check(MPI_Alltoall(send_counts.data(), 1, MPI_INT, recv_counts.data(), 1, MPI_INT, MPI_COMM_WORLD),
          "alltoall");
    std::uint64_t incoming = 0;
    for (int r = 0; r < size_; ++r) {
      recv_at[r] = count_of(incoming);
      incoming += static_cast<std::uint64_t>(recv_counts[r]);
    }
    in.resize(count_of(incoming));
    check(MPI_Alltoallv(packed.data(), send_counts.data(), send_at.data(), MPI_UINT64_T, in.data(),
                        recv_counts.data(), recv_at.data(), MPI_UINT64_T, MPI_COMM_WORLD),
          "alltoallv");
    if (from != nullptr) *from = std::move(recv_counts);
    return remote * sizeof(std::uint64_t);
  }

  template <class T>
  void send(std::span<const T> data, int to, int tag) const {
    check(MPI_Send(data.data(), count_of(data.size()), datatype<T>(), to, tag, MPI_COMM_WORLD), "send");
  }
  template <class T>
  void receive(std::span<T> data, int from, int tag) const {
    check(MPI_Recv(data.data(), count_of(data.size()), datatype<T>(), from, tag, MPI_COMM_WORLD,
                   MPI_STATUS_IGNORE),
          "receive");
  }
  // A message of unknown length from any rank: its sender, tag and text.
  struct Message {
    int from = 0, tag = 0;
    std::string text;
  };
  Message receive_any() const {
    MPI_Status status;
    check(MPI_Probe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &status), "probe");
    int length = 0;
    MPI_Get_count(&status, MPI_CHAR, &length);
    Message m{status.MPI_SOURCE, status.MPI_TAG, std::string(static_cast<std::size_t>(length), '\0')};
    check(MPI_Recv(m.text.data(), length, MPI_CHAR, m.from, m.tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE),
          "receive");
    return m;
  }
  void send_text(const std::string& text, int to, int tag) const {
    send(std::span<const char>(text.data(), text.size()), to, tag);
  }

 private:
  static constexpr std::uint64_t kNone = std::numeric_limits<std::uint64_t>::max();

  static int count_of(std::uint64_t n) {
    if (n > static_cast<std::uint64_t>(std::numeric_limits<int>::max()))
      throw MpiError("an MPI message of " + std::to_string(n) + " elements is too long");
    return static_cast<int>(n);
  }
  std::uint64_t reduce(std::uint64_t x, MPI_Op op) const {
    std::uint64_t result = 0;
    check(MPI_Allreduce(&x, &result, 1, MPI_UINT64_T, op, MPI_COMM_WORLD), "allreduce");
    return result;
  }

  int rank_ = 0, size_ = 1;
};

}  // namespace rtb::mpi
