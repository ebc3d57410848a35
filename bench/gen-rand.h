/* SPDX-License-Identifier: ISC */
/*
 * The benchmark generators' random numbers: a xorshift64 stream (seeded by
 * setting gen_rs) and a 64-bit finaliser (common/core/mix.h) for derived,
 * repeatable choices.
 */
#ifndef GEN_RAND_H
#define GEN_RAND_H

#include <stdint.h>

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

#endif
