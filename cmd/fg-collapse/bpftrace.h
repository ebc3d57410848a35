/* SPDX-License-Identifier: ISC */
/*
 * bpftrace.h: bpftrace maps keyed by stacks. bpftrace.c reads the lines
 * and parses the key parts on them, bpftrace-stack.c gathers an entry's
 * key parts and makes its stack.
 */
#ifndef BPFTRACE_H
#define BPFTRACE_H

#include <stddef.h>

#include "collapse.h"

/* One map entry's key parts, in input order. */
struct bpf_ent {
	struct buf parts;
	size_t *off;
	size_t n, cap;
	size_t leafn;		/* the first part's length in the stack */
};

/*
 * A key part of n bytes (none when n is 0) added to the entry; leafn is
 * the length of it the stack keeps when it is the entry's first part (its
 * leaf, whose offset --includeoffset drops).
 */
void bpf_part(struct bpf_ent *en, const char *s, size_t n, size_t leafn);
/* The entry's stack into st: its parts joined in reverse order. */
void bpf_join(const struct bpf_ent *en, struct buf *st);

#endif
