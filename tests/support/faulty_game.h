// A registered plugin with faults put in on purpose, for the tests that
// show the plugin checks (gen/check/plugin_check.h) catch each kind of
// mistake and name the position, or the move, at fault.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "games/game.h"
#include "games/impartial.h"

namespace rtb::faulty {

enum class Fault {
  kDropUnmove,         // unmoves(other) leaves out one listing of `at`
  kDuplicateUnmove,    // unmoves(other) lists `at` once more
  kExtraUnmove,        // unmoves(other) lists `at`, which has no move there
  kUnmoveOutOfRange,   // unmoves(at) also gives size()
  kWrongParse,         // parse(text(at)) gives `other`
  kWrongCount,         // count_moves(at) counts one move too many
  kTerminalThrows,     // terminal(at) throws
  kDropSuccessorText,  // successor_texts(text(at)) leaves out its last text
  kDropUnsplit,        // unsplit(other) leaves out one listing of `at`
};

struct InjectedFault {
  Fault fault;
  Index at, other = 0;
};

template <Game Base>
class Faulty : public Base {
 public:
  explicit Faulty(const Params& params) : Base(params) {}
  Faulty(const Params& params, std::vector<InjectedFault> faults)
      : Base(params), faults_(std::move(faults)) {}

  template <class F>
  void unmoves(Index i, F&& f) const {
    Base::unmoves(i, wrong_listing(i, Fault::kDropUnmove, Fault::kDuplicateUnmove, f));
    for (const InjectedFault& x : faults_) {
      if (x.fault == Fault::kExtraUnmove && x.other == i) f(x.at);
      if (x.fault == Fault::kUnmoveOutOfRange && x.at == i) f(Base::size());
    }
  }

  template <class F>
  void unsplit(Index i, F&& f) const requires SplitGame<Base> {
    Base::unsplit(i, wrong_listing(i, Fault::kDropUnsplit, Fault::kDropUnsplit, f));
  }

  Index parse(std::string_view s) const {
    const Index i = Base::parse(s);
    const InjectedFault* x = find(Fault::kWrongParse, i);
    return x ? x->other : i;
  }

  Value terminal(Index i) const {
    if (find(Fault::kTerminalThrows, i)) throw GameError("terminal() broken on purpose");
    return Base::terminal(i);
  }

  // legal() and moves() in one, as game.h asks, but for a kWrongCount index.
  template <class F>
  std::optional<std::uint32_t> count_moves(Index i, F&& known) const {
    if (!Base::legal(i)) return std::nullopt;
    std::uint32_t inside = find(Fault::kWrongCount, i) ? 1 : 0;
    Base::moves(i, [&](Successor s) {
      if (s.inside)
        ++inside;
      else
        known(s.value);
    });
    return inside;
  }

  std::vector<std::string> successor_texts(std::string_view s) const requires requires(const Base& b) {
    b.successor_texts(s);
  }
  {
    std::vector<std::string> out = Base::successor_texts(s);
    for (const InjectedFault& x : faults_)
      if (x.fault == Fault::kDropSuccessorText && Base::text(x.at) == s && !out.empty()) out.pop_back();
    return out;
  }

 private:
  const InjectedFault* find(Fault fault, Index at) const {
    for (const InjectedFault& x : faults_)
      if (x.fault == fault && x.at == at) return &x;
    return nullptr;
  }

  // f, but listing a predecessor `at` of i == `other` once less (drop) or
  // once more (duplicate) the first time it comes.
  template <class F>
  auto wrong_listing(Index i, Fault drop, Fault duplicate, F& f) const {
    return [this, i, drop, duplicate, &f, done = std::vector<bool>(faults_.size())](Index p) mutable {
      for (std::size_t k = 0; k < faults_.size(); ++k) {
        const InjectedFault& x = faults_[k];
        if (done[k] || x.other != i || x.at != p || (x.fault != drop && x.fault != duplicate)) continue;
        done[k] = true;
        if (x.fault == drop) return;
        f(p);
      }
      f(p);
    };
  }

  std::vector<InjectedFault> faults_;
};

}  // namespace rtb::faulty
