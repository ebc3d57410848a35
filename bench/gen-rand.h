/* SPDX-License-Identifier: ISC */
/*
 * The benchmark generators' random numbers: a xorshift64 stream (seeded by
 * setting gen_rs) and a 64-bit finaliser (common/core/mix.h) for derived,
 * repeatable choices.
 */
#ifndef GEN_RAND_H
#define GEN_RAND_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "../common/core/mix.h"

static uint64_t gen_rs;

static inline uint64_t
rnd(void)
{
	gen_rs ^= gen_rs << 13;
	gen_rs ^= gen_rs >> 7;
	gen_rs ^= gen_rs << 17;
	return gen_rs;
}

/*
 * The arguments every stack generator takes, NSTACKS SEED [after]: *n the
 * number, gen_rs seeded, *after set when a third argument asks for the
 * "after" profile. -1 (usage printed, naming the generator by use, such as
 * "gen-deep NSTACKS SEED [after]") when there are too few.
 */
static inline int
gen_args(int argc, char **argv, const char *use, long *n, int *after)
{
	if (argc < 3) {
		fprintf(stderr, "usage: %s\n", use);
		return -1;
	}
	*n = atol(argv[1]);
	gen_rs = 0x9e3779b97f4a7c15ULL ^ strtoull(argv[2], NULL, 10);
	*after = argc > 3;
	return 0;
}

/*
 * An open-addressed set of path hashes, so that a generator prints each
 * unique stack once: setcap a power of two, set its calloc'd slots.
 */
static uint64_t *set;
static size_t setcap;

/* A set for n paths (at least twice as many slots); -1 without memory. */
static inline int
set_init(long n)
{
	for (setcap = 1024; setcap < (size_t)n * 2; setcap *= 2)
		;
	return (set = calloc(setcap, sizeof(*set))) == NULL ? -1 : 0;
}

static inline int
addpath(uint64_t h)
{
	size_t i;

	h |= 1;
	for (i = h & (setcap - 1); set[i] != 0; i = (i + 1) & (setcap - 1))
		if (set[i] == h)
			return 0;
	set[i] = h;
	return 1;
}

#endif
