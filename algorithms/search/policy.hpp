// Compile-time policies, chosen once.
//
// What a search would otherwise test at every node (the kind of table keys,
// fail-hard clamping, a table's replacement scheme, best's switches) is a
// template parameter: a small structural value such as AlphaBetaPolicy.  The
// registry turns a strategy's run-time options into that value once, and
// dispatch() turns the value into the one instantiation built for it, from
// a fixed list, so the builds stay as small as the list.
#pragma once

#include <cstddef>
#include <iterator>
#include <stdexcept>
#include <utility>

namespace tictac {

// Calls f.template operator()<List[i]>() for the first i with
// List[i] == value and returns its result, which must be default
// constructible.  Throws std::logic_error when the list lacks the value (a
// policy function that returns a value outside its own list).
template <const auto& List, class F, class Value>
auto dispatch(const Value& value, F&& f) {
  return [&]<std::size_t... I>(std::index_sequence<I...>) {
    using R = decltype(f.template operator()<List[0]>());
    R result{};
    const bool found = ((value == List[I] && (result = f.template operator()<List[I]>(), true)) || ...);
    if (!found) throw std::logic_error("dispatch: the value is not in its policy list");
    return result;
  }(std::make_index_sequence<std::size(List)>{});
}

}  // namespace tictac
