#include <catch2/catch.hpp>

#include <cstdint>

#include "algorithms/game/random.hpp"

using namespace tictac;

// The expected numbers come from the JVM, not from this code: OpenJDK 17
// (javac/java 17.0.15) running
//
//   Random r = new Random(12345);
//   for (int i = 0; i < 18; i++) System.out.println(r.nextLong());
//   Random z = new Random(0);  for (int i = 0; i < 3; i++) System.out.println(z.nextInt());
//   Random m = new Random(-1); for (int i = 0; i < 2; i++) System.out.println(m.nextLong());

TEST_CASE("JavaRandom(12345) draws the 18 nextLong values that java.util.Random(12345) draws", "[java_random]") {
  // Seed 003's whole Zobrist table on 3x3: [cell][player], X then O.
  const std::int64_t jvm[18] = {6674089274190705457LL,  -1236052134575208584LL, -3078921119283744887LL,
                                6022414958441676900LL,  4344647195749500666LL,  6440041613324510652LL,
                                8265573421575953197LL,  -6674900032466492448LL, 2919502189498201214LL,
                                -4263262838430303025LL, -1013215829982866721LL, 1209830369222860200LL,
                                -3500614978637125381LL, 8815982370389166190LL,  6135136337149060510LL,
                                -5671795673574091253LL, -1545304719862780077LL, 6472265773460362391LL};
  JavaRandom r(12345);
  for (std::int64_t expected : jvm) CHECK(r.next_long() == expected);
}

TEST_CASE("JavaRandom's nextInt and a negative seed match java.util.Random", "[java_random]") {
  JavaRandom zero(0);
  CHECK(zero.next_int() == -1155484576);
  CHECK(zero.next_int() == -723955400);
  CHECK(zero.next_int() == 1033096058);
  JavaRandom minus_one(-1);
  CHECK(minus_one.next_long() == 4961115982468162243LL);
  CHECK(minus_one.next_long() == 226341162490527646LL);
}
