/* creep.c: fixed work; argv[1] = work of widest() in per mille (1000 base,
 * release k: 1000 + 5k), argv[2] = iterations, argv[3] = onset: when > 0,
 * from iteration argv[3] on, spike() does twice its work (incident case). */
#include <stdlib.h>
static volatile unsigned long sink;
#define LOOP(n, s) do { unsigned long x_ = (s); for (unsigned long i_ = 0; i_ < (n); i_++) \
	x_ = x_ * 6364136223846793005UL + 1442695040888963407UL; sink += x_; } while (0)
__attribute__((noinline)) static void widest(unsigned long n, long pm) { LOOP(n * 25 * pm / 1000, 1); }
__attribute__((noinline)) static void parse(unsigned long n) { LOOP(n * 20, 2); }
__attribute__((noinline)) static void spike(unsigned long n, int twice) { LOOP(n * 20 * (twice ? 2 : 1), 3); }
__attribute__((noinline)) static void encode(unsigned long n) { LOOP(n * 15, 4); }
__attribute__((noinline)) static void flush(unsigned long n) { LOOP(n * 10, 5); }
__attribute__((noinline)) static void logit(unsigned long n) { LOOP(n * 10, 6); }
int main(int argc, char **argv)
{
	long pm = argc > 1 ? atol(argv[1]) : 1000;
	unsigned long iters = argc > 2 ? strtoul(argv[2], 0, 10) : 1000;
	unsigned long onset = argc > 3 ? strtoul(argv[3], 0, 10) : 0;
	for (unsigned long i = 0; i < iters; i++) {
		widest(10000, pm); parse(10000); spike(10000, onset > 0 && i >= onset);
		encode(10000); flush(10000); logit(10000);
	}
	return 0;
}
