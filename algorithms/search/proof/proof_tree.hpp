// The graph of a best-first proof-number search (pns.hpp): a pool of nodes,
// a pool of edges, and a hash index that merges transpositions.
//
// A node is keyed by a whole position (both stone masks: exact on every
// board of up to 64 cells) and the tag of proof_question.hpp (game,
// attacker, side to move); it holds its proof and disproof numbers, a zone
// (the restriction zone of an open defender node, the relevance zone of a
// proven node), and its children as a run of edges (child node, move cell,
// and the symmetry that maps the position after the move onto the child's
// key).  A node without edges is a leaf.
//
// Memory is a budget fixed at construction: the pools are allocated once and
// filled in order; add() and reserve_edges() answer kNone when they are
// full, and the search then stops with "unknown within budget".  The pools'
// pages are touched only as they fill, so an unused budget costs address
// space, not memory; clear() forgets every node in time proportional to the
// nodes made.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>

#include "algorithms/game/board.hpp"
#include "algorithms/game/position.hpp"
#include "algorithms/search/proof/proof_number.hpp"
#include "algorithms/tables/zeroed_array.hpp"

namespace tictac {

class ProofTree {
 public:
  static constexpr std::uint32_t kNone = 0xffffffffu;

  struct Node {
    Position position;  // the key's image
    Mask zone;
    ProofNumber pn, dn;
    std::uint32_t first;  // first edge, kNone for a leaf
    std::uint32_t next;   // next node of the same index bucket, kNone at the end
    std::uint8_t count;   // edges
    std::uint8_t mover;   // the side to move (Side as a number)
    std::uint8_t tag;     // key tag
    std::int8_t decisive; // a move that decided the node by knowledge, -1: none found or any
  };
  static_assert(sizeof(Node) == 48);

  struct Edge {
    std::uint32_t node;
    std::uint8_t cell;
    std::uint8_t symmetry;
  };
  static_assert(sizeof(Edge) == 8);

  // Edges per node allowed for: a transposition adds an edge but no node.
  static constexpr std::size_t kEdgesPerNode = 2;

  // How many nodes fit in `mb` MiB (a node, its edges and its index slot).
  static std::size_t nodes_for(std::uint64_t mb) {
    const std::size_t per = sizeof(Node) + kEdgesPerNode * sizeof(Edge) + sizeof(std::uint32_t);
    const std::uint64_t n = (mb << 20) / per;
    return static_cast<std::size_t>(std::max<std::uint64_t>(64, std::min<std::uint64_t>(n, kNone - 1)));
  }

  explicit ProofTree(std::size_t nodes)
      : capacity_(nodes),
        edge_capacity_(nodes * kEdgesPerNode),
        buckets_(std::bit_ceil(nodes)),
        own_nodes_(capacity_),
        own_edges_(edge_capacity_),
        own_heads_(buckets_),
        nodes_(own_nodes_.get()),
        edges_(own_edges_.get()),
        heads_(own_heads_.get()) {}

  std::size_t size() const { return size_; }
  std::size_t capacity() const { return capacity_; }
  // The bytes the pools hold (allocated, not necessarily touched).
  std::size_t bytes() const {
    return capacity_ * sizeof(Node) + edge_capacity_ * sizeof(Edge) + buckets_ * sizeof(std::uint32_t);
  }
  // The bytes of the nodes and edges made so far.
  std::size_t bytes_used() const { return size_ * sizeof(Node) + edges_used_ * sizeof(Edge); }

  void clear() {
    for (std::size_t i = 0; i < size_; ++i) heads_[bucket(nodes_[i].position, nodes_[i].tag)] = 0;
    size_ = edges_used_ = 0;
  }

  Node& node(std::uint32_t id) { return nodes_[id]; }
  const Node& node(std::uint32_t id) const { return nodes_[id]; }
  Edge& edge(std::uint32_t i) { return edges_[i]; }
  const Edge& edge(std::uint32_t i) const { return edges_[i]; }

  std::uint32_t find(const Position& key, std::uint8_t tag) const {
    // The index holds node id + 1 (0: an empty bucket, as a new array is).
    for (std::uint32_t id = heads_[bucket(key, tag)]; id;) {
      const Node& n = nodes_[id - 1];
      if (n.tag == tag && n.position == key) return id - 1;
      id = n.next == kNone ? 0 : n.next + 1;
    }
    return kNone;
  }

  // A new leaf for the key (numbers (1, 1), no zone), or kNone when full.
  std::uint32_t add(const Position& key, std::uint8_t tag) {
    if (size_ == capacity_) return kNone;
    const std::uint32_t id = static_cast<std::uint32_t>(size_++);
    std::uint32_t& head = heads_[bucket(key, tag)];
    nodes_[id] = Node{key, 0, 1, 1, kNone, head ? head - 1 : kNone, 0, 0, tag, -1};
    head = id + 1;
    return id;
  }

  // The first of `count` new edges, or kNone when full.
  std::uint32_t reserve_edges(int count) {
    if (edges_used_ + static_cast<std::size_t>(count) > edge_capacity_) return kNone;
    const std::uint32_t first = static_cast<std::uint32_t>(edges_used_);
    edges_used_ += static_cast<std::size_t>(count);
    return first;
  }

 private:
  std::size_t bucket(const Position& key, std::uint8_t tag) const {
    std::uint64_t h = key.x * 0x9E3779B97F4A7C15ull ^ (key.o + tag) * 0xC2B2AE3D27D4EB4Full;
    h ^= h >> 31;
    h *= 0xBF58476D1CE4E5B9ull;
    h ^= h >> 29;
    return h & (buckets_ - 1);
  }

  std::size_t capacity_, edge_capacity_, buckets_;
  ZeroedArray<Node> own_nodes_;
  ZeroedArray<Edge> own_edges_;
  ZeroedArray<std::uint32_t> own_heads_;
  Node* nodes_;
  Edge* edges_;
  std::uint32_t* heads_;
  std::size_t size_ = 0, edges_used_ = 0;
};

}  // namespace tictac
