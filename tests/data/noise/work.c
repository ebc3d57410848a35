/* SPDX-License-Identifier: ISC */
/* work.c: fixed-work C program. argv[1]: fb's work in percent (100 base,
 * 110 = 10% slower), argv[2]: iterations, argv[3]: 0 CPU work, 1 page
 * faults (touch's pages in percent). Each function runs its own loop. */
#include <stdlib.h>
static volatile unsigned long sink;
#define LOOP(n, s) do { unsigned long x_ = (s); for (unsigned long i_ = 0; i_ < (n); i_++) \
	x_ = x_ * 6364136223846793005UL + 1442695040888963407UL; sink += x_; } while (0)
__attribute__((noinline)) static void fa(unsigned long n) { LOOP(n * 25, 1); }
__attribute__((noinline)) static void fb(unsigned long n, int pct) { LOOP(n * 40 * pct / 100, 2); }
__attribute__((noinline)) static void fc(unsigned long n) { LOOP(n * 15, 3); }
__attribute__((noinline)) static void fd(unsigned long n) { LOOP(n * 5, 4); }
__attribute__((noinline)) static void fe(unsigned long n) { fd(n); LOOP(n * 5, 5); }
__attribute__((noinline)) static void touch(unsigned long pages, int pct)
{ for (int r = 0; r < 4; r++) { size_t sz = pages * 4096 * pct / 100; char *p = malloc(sz);
  for (size_t i = 0; i < sz; i += 4096) p[i] = 1; sink += p[sz / 2]; free(p); } }
__attribute__((noinline)) static void touch2(unsigned long pages)
{ for (int r = 0; r < 4; r++) { size_t sz = pages * 4096; char *p = malloc(sz);
  for (size_t i = 0; i < sz; i += 4096) p[i] = 1; sink += p[sz / 2]; free(p); } }
int main(int argc, char **argv)
{
	int pct = argc > 1 ? atoi(argv[1]) : 100;
	unsigned long iters = argc > 2 ? strtoul(argv[2], 0, 10) : 200;
	int mode = argc > 3 ? atoi(argv[3]) : 0;
	if (mode == 1) {
		for (unsigned long i = 0; i < iters; i++) { touch(4096, pct); touch2(3072); }
		return 0;
	}
	for (unsigned long i = 0; i < iters; i++) { fa(10000); fb(10000, pct); fc(10000); fe(10000); }
	return 0;
}
