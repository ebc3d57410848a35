/* SPDX-License-Identifier: ISC */
/*
 * bpftrace-stack.c: a bpftrace map entry's key parts (frames, scalars)
 * gathered and joined into a stack in reverse order, as
 * stackcollapse-bpftrace.pl does (bpftrace.h).
 */
#include <stdlib.h>
#include <string.h>

#include "collapse.h"
#include "sym.h"
#include "bpftrace.h"

/* Offset "+123" or "+0x1f" at the end of a frame: its start, else n. */
static size_t
offstart(const char *s, size_t n)
{
	size_t i = n;

	while (i > 0 && (fg_ishex(s[i - 1]) || s[i - 1] == 'x'))
		i--;
	if (i > 0 && i < n && s[i - 1] == '+')
		return i - 1;
	return n;
}

static void
part(struct bpf_ent *en, const char *s, size_t n)
{

	if (n == 0)
		return;
	if (en->n == en->cap) {
		en->cap = en->cap ? en->cap * 2 : 64;
		en->off = fg_reallocarray(en->off, en->cap, sizeof(*en->off));
	}
	en->off[en->n++] = en->parts.len;
	fg_buf_putframe(&en->parts, s, n);
}

void
bpf_scalars(struct bpf_ent *en, const char *s, size_t n)
{
	const char *c, *t;
	size_t k, m;

	while (n > 0) {
		c = memchr(s, ',', n);
		k = c != NULL ? (size_t)(c - s) : n;
		m = k;
		t = fg_trim(s, &m);
		part(en, t, m);
		if (c == NULL)
			break;
		n -= k + 1;
		s = c + 1;
	}
}

void
bpf_frame(struct bpf_ent *en, const char *s, size_t n, int incoff)
{
	size_t i;

	/* ustack(perf): "7f12ab sym+off (module)" */
	for (i = 0; i < n && fg_ishex(s[i]); i++)
		;
	if (i > 0 && i < n && s[i] == ' ') {
		s += i + 1;
		n -= i + 1;
		if (n > 0 && s[n - 1] == ')')
			for (i = n - 1; i > 0; i--)
				if (s[i] == '(' && s[i - 1] == ' ') {
					n = i - 1;
					break;
				}
	}
	if (!incoff)
		n = offstart(s, n);
	part(en, s, n);
}

void
bpf_join(const struct bpf_ent *en, int incoff, struct fg_buf *st)
{
	size_t k, a, b;

	st->len = 0;
	for (k = en->n; k-- > 0;) {
		a = en->off[k];
		b = k + 1 < en->n ? en->off[k + 1] : en->parts.len;
		if (incoff && k == 0)
			b = a + offstart(en->parts.p + a, b - a);
		if (st->len > 0)
			fg_buf_put(st, ";", 1);
		fg_buf_put(st, en->parts.p + a, b - a);
	}
}
