/* SPDX-License-Identifier: ISC */
/* overlap.h: how much of two profiles' weight is in stacks both have. */
#ifndef OVERLAP_H
#define OVERLAP_H

#include "fg.h"

/* Below this share of either side's weight, fg-diff warns. */
#define OVERLAP_MIN 0.05

struct overlap {
	struct fg_stab *roots;	/* root frame -> weight before, after */
	struct fg_ent *cur;	/* the root frame of the last stack */
	double shared[2];	/* weight of the stacks both sides have */
};

void overlap_init(struct overlap *o);
/* A stack and its counts before and after (stacks come in key order). */
void overlap_add(struct overlap *o, const char *key, size_t len,
    const fg_count *c);
/* Adds child's figures to o and frees child's table. */
void overlap_join(struct overlap *o, struct overlap *child);
/*
 * Warns when the profiles share no stack or less than OVERLAP_MIN of
 * either side's weight, naming each side's largest root frames.
 */
void overlap_check(const struct overlap *o, const fg_count *total,
    const char *base, const char *current);
void overlap_free(struct overlap *o);

#endif
