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
 * The entry's stack into st: its parts joined in reverse order, the
 * leaf's offset dropped with incoff.
 */
void bpf_join(const struct bpf_ent *en, int incoff, struct fg_buf *st);

#endif
