/* SPDX-License-Identifier: ISC */
/*
 * bpftrace.h: bpftrace maps keyed by stacks. bpftrace.c reads the lines,
 * bpftrace-stack.c gathers an entry's key parts and makes its stack.
 */
#ifndef BPFTRACE_H
#define BPFTRACE_H

#include <stddef.h>

#include "collapse.h"

/* One map entry's key parts, in input order. */
struct bpf_ent {
	struct fg_buf parts;
	size_t *off;
	size_t n, cap;
};

/* Scalar key parts "a, b" (after a ',' line start or the "@["). */
void bpf_scalars(struct bpf_ent *en, const char *s, size_t n);
/*
 * A frame line: a ustack(perf) "ADDR sym+off (module)" becomes "sym";
 * the offset dropped unless incoff (--includeoffset).
 */
void bpf_frame(struct bpf_ent *en, const char *s, size_t n, int incoff);
/*
 * The entry's stack (its parts joined in reverse order, the leaf's
 * offset dropped with incoff) counted cnt (cn bytes) into tab; st is a
 * work buffer. A bad count or an empty key is warned about and skipped.
 */
void bpf_finish(struct bpf_ent *en, struct fg_stab *tab, struct fg_in *in,
    const char *cnt, size_t cn, int incoff, struct fg_buf *st);

#endif
