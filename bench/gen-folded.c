/* SPDX-License-Identifier: ISC */
/*
 * gen-folded: deterministic synthetic folded profiles for benchmarks.
 * usage: gen-folded NSTACKS SEED [after]
 * Prints NSTACKS lines of deep Java/Go-like stacks sharing prefixes, in
 * pseudo-random order. With "after", prints a changed version of the same
 * profile: some paths vanish, some are new, counts move.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen-rand.h"

#define NPOOL 6000

int
main(int argc, char *argv[])
{
	static char pool[NPOOL][96];
	static const char *const pk[] = { "io/netty/channel", "org/apache/kafka",
	    "com/fasterxml/jackson", "github.com/acme/svc", "net/http",
	    "runtime", "java/util/concurrent", "encoding/json" };
	long n, j;
	int after, i, depth;
	uint64_t idx, seed;

	if (argc < 3)
		return 2;
	n = atol(argv[1]);
	seed = strtoull(argv[2], NULL, 10);
	after = argc > 3;
	gen_rs = 0x9e3779b97f4a7c15ULL ^ seed;
	for (i = 0; i < NPOOL; i++) {
		uint64_t r = rnd();

		if (r & 1)
			snprintf(pool[i], sizeof(pool[i]),
			    "%s/Class%llu.method%llu_[j]", pk[r % 8],
			    (unsigned long long)(r >> 8) % 500,
			    (unsigned long long)(r >> 20) % 40);
		else
			snprintf(pool[i], sizeof(pool[i]),
			    "%s.(*Type%llu).Method%llu", pk[r % 8],
			    (unsigned long long)(r >> 8) % 500,
			    (unsigned long long)(r >> 20) % 40);
	}
	for (j = 0; j < n; j++) {
		uint64_t r = rnd(), cnt;
		int drop, change;

		depth = 10 + (int)(r % 25);
		cnt = 1 + (rnd() % 997) * (rnd() % 7 == 0 ? 13 : 1);
		drop = after && r % 100 < 4;
		change = after && r % 100 >= 4 && r % 100 < 8;
		idx = 7;
		for (i = 0; i < depth; i++) {
			uint64_t b = 1 + (uint64_t)i / 2;

			idx = (idx * 6364136223846793005ULL + rnd() % b +
			    (uint64_t)i) % NPOOL;
			if (drop)
				continue;
			if (i > 0)
				putchar(';');
			if (change && i == depth - 1)
				fputs("new.(*Cache).Lookup", stdout);
			else
				fputs(pool[idx], stdout);
		}
		if (drop)
			continue;
		if (after && r % 3 == 0)
			cnt = cnt * 3 / 2;
		printf(" %llu\n", (unsigned long long)cnt);
	}
	return ferror(stdout) != 0;
}
