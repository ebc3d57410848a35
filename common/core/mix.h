/* SPDX-License-Identifier: ISC */
/*
 * mix.h: a 64-bit finaliser (MurmurHash3's fmix64): each input bit flips
 * about half of the output bits. The stack table's hash ends with it
 * (stab.c); the benchmark generators derive their repeatable choices
 * from it (bench/gen-rand.h).
 */
#ifndef FG_MIX_H
#define FG_MIX_H

#include <stdint.h>

static inline uint64_t
fg_mix64(uint64_t h)
{
	h ^= h >> 33;
	h *= 0xff51afd7ed558ccdULL;
	h ^= h >> 33;
	h *= 0xc4ceb9fe1a85ec53ULL;
	h ^= h >> 33;
	return h;
}

#endif
