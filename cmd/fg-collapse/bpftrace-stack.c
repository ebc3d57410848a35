/* SPDX-License-Identifier: ISC */
/*
 * bpftrace-stack.c: a bpftrace map entry's key parts (frames, scalars),
 * as bpftrace.c parsed them from its lines, gathered and joined into a
 * stack in reverse order, as stackcollapse-bpftrace.pl does (bpftrace.h).
 */
#include <stdlib.h>
#include <string.h>

#include "collapse.h"
#include "bpftrace.h"

void
bpf_part(struct bpf_ent *en, const char *s, size_t n, size_t leafn)
{

	if (n == 0)
		return;
	if (en->n == en->cap) {
		en->cap = en->cap ? en->cap * 2 : 64;
		en->off = fg_reallocarray(en->off, en->cap, sizeof(*en->off));
	}
	if (en->n == 0)
		en->leafn = leafn;
	en->off[en->n++] = en->parts.len;
	buf_putframe(&en->parts, s, n);
}

void
bpf_join(const struct bpf_ent *en, struct buf *st)
{
	size_t k, a, b;

	st->len = 0;
	for (k = en->n; k-- > 0;) {
		a = en->off[k];
		b = k + 1 < en->n ? en->off[k + 1] : en->parts.len;
		if (k == 0)
			b = a + en->leafn;
		if (st->len > 0)
			buf_put(st, ";", 1);
		buf_put(st, en->parts.p + a, b - a);
	}
}
