/* SPDX-License-Identifier: ISC */
/*
 * pivot.h: the key that splits the sort of stack tables' keys between two
 * threads (pivot.c).
 */
#ifndef FG_PIVOT_H
#define FG_PIVOT_H

#include <stddef.h>

#include "stab.h"

/* The most entries fg_pivot samples. */
#define FG_PIVOT_MAX 1024
/*
 * Of k entries (at most FG_PIVOT_MAX) sampled from the tables a and b (b
 * may be NULL), in proportion to their sizes, the one whose whole key
 * (with its table's prefix, see fg_stab_set_prefix) is at fraction at of
 * them in bytewise order; NULL when fewer than two were sampled. The keys
 * below it and those above can then be sorted apart, on two threads.
 */
struct fg_ent *fg_pivot(const struct fg_stab *a, const struct fg_stab *b,
    size_t k, double at);
#endif
