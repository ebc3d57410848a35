// SPDX-License-Identifier: ISC
// inl.cpp: C++ with inlined functions (sq, acc, a lambda through
// std::function) for perf script -F +srcline on a --call-graph dwarf
// capture (see README).
#include <cstdio>
#include <functional>
#include <vector>
static volatile long sink;
static inline long sq(long x) { return x * x + (x >> 3); }
static inline long acc(const std::vector<long> &v) { long s = 0; for (long x : v) s += sq(x); return s; }
__attribute__((noinline)) long run(std::function<long(const std::vector<long>&)> f, const std::vector<long> &v) { return f(v); }
int main() {
	std::vector<long> v(4096);
	for (size_t i = 0; i < v.size(); i++) v[i] = i;
	long t = 0;
	for (int k = 0; k < 60000; k++) t += run([](const std::vector<long> &w) { return acc(w); }, v);
	sink = t;
	printf("%ld\n", t);
}
