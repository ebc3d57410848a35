/* SPDX-License-Identifier: ISC */
/*
 * overlap.h: how much of two profiles' weight is in stacks both have
 * (overlap.c), and the warning when it is little (overlap-warn.c).
 */
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
 * Whether the profiles share no stack or less than OVERLAP_MIN of either
 * side's weight: then 1, with v filled in (each side's share and largest
 * root frames).
 */
#define OVERLAP_NAMES 3		/* root frames named per side */
struct overlap_side {
	double total;		/* the side's weight */
	const struct fg_ent *best[OVERLAP_NAMES];	/* largest first */
	double pct[OVERLAP_NAMES];	/* each one's share, in percent */
	int n;
	int more;		/* it has more root frames */
};
struct overlap_verdict {
	double f[2];		/* the shared stacks' share of each side */
	int none;		/* no stack shared */
	struct overlap_side side[2];
};
int overlap_judge(const struct overlap *o, const fg_count *total,
    struct overlap_verdict *v);
/* overlap-warn.c: the warning, naming each side's largest root frames. */
void overlap_warn(const struct overlap *o, const struct overlap_verdict *v,
    const char *base, const char *current);
void overlap_free(struct overlap *o);

#endif
