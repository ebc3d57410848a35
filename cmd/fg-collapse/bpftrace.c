/* SPDX-License-Identifier: ISC */
/*
 * bpftrace.c: bpftrace maps keyed by stacks, as printed at exit by
 *   bpftrace -e 'profile:hz:99 { @[kstack, ustack, comm] = count(); }'
 * An entry is "@[" (or "@name["), frame lines leaf first, a "," line
 * between stacks, and a last line "]: COUNT" or ", comm]: COUNT". The key
 * parts are joined in reverse order, as stackcollapse-bpftrace.pl does, so
 * @[kstack, ustack, comm] gives comm;user frames;kernel frames. Offsets
 * ("+123") are dropped (kept but on the leaf with --includeoffset); frames
 * in ustack(perf) form "ADDR sym+off (module)" become "sym". One-line
 * entries such as "@[comm]: 5" count too. Other lines (the "Attaching N
 * probes..." banner, printf output) are ignored. This file reads the
 * lines, the key parts on them and an entry's count; bpftrace-stack.c
 * gathers the parts and makes the stacks (bpftrace.h).
 */
#include <stdlib.h>
#include <string.h>

#include "collapse.h"
#include "fg.h"
#include "bpftrace.h"

/* "@" [A-Za-z0-9_]* "[" at the start: returns the length, else 0. */
static size_t
mapstart(const char *s, size_t n)
{
	size_t i;

	if (n < 2 || s[0] != '@')
		return 0;
	for (i = 1; i < n; i++) {
		if (s[i] == '[')
			return i + 1;
		if (!((s[i] >= 'a' && s[i] <= 'z') ||
		    (s[i] >= 'A' && s[i] <= 'Z') ||
		    (s[i] >= '0' && s[i] <= '9') || s[i] == '_'))
			return 0;
	}
	return 0;
}

/*
 * The entry's end "...]: DIGITS": returns the position of the ']' and sets
 * *cnt to the count text, else NULL.
 */
static const char *
entryend(const char *s, size_t n, const char **cnt, size_t *cn)
{
	size_t i = n, j;

	while (i > 0 && s[i - 1] >= '0' && s[i - 1] <= '9')
		i--;
	if (i == n || i < 3 || s[i - 1] != ' ' || s[i - 2] != ':' ||
	    s[i - 3] != ']')
		return NULL;
	j = i;
	*cnt = s + j;
	*cn = n - j;
	return s + i - 3;
}

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

/*
 * A key part: with --includeoffset the entry's first (its leaf) is kept
 * without its offset (bpf_part reads leafn for the first part only, so
 * the offset is looked for there alone).
 */
static void
part(struct bpf_ent *en, const char *s, size_t n, int incoff)
{

	bpf_part(en, s, n, incoff && en->n == 0 ? offstart(s, n) : n);
}

/* Scalar key parts "a, b" (after a ',' line start or the "@["). */
static void
scalars(struct bpf_ent *en, const char *s, size_t n, int incoff)
{
	const char *c, *t;
	size_t k, m;

	while (n > 0) {
		c = memchr(s, ',', n);
		k = c != NULL ? (size_t)(c - s) : n;
		m = k;
		t = fg_trim(s, &m);
		part(en, t, m, incoff);
		if (c == NULL)
			break;
		n -= k + 1;
		s = c + 1;
	}
}

/*
 * A frame line: a ustack(perf) "ADDR sym+off (module)" becomes "sym";
 * the offset dropped unless incoff (--includeoffset).
 */
static void
frame(struct bpf_ent *en, const char *s, size_t n, int incoff)
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
	part(en, s, n, incoff);
}

/*
 * The entry's stack counted cnt (cn bytes) into tab; st is a work
 * buffer. A bad count or an empty key is warned about and skipped.
 */
static void
finish(struct bpf_ent *en, struct fg_stab *tab, struct fg_in *in,
    const char *cnt, size_t cn, struct fg_buf *st)
{
	fg_count c;

	if (fg_count_parse(cnt, cn, &c) != FG_NUM_OK) {
		fg_in_warn(in, "count out of range; entry skipped");
		return;
	}
	if (en->n == 0) {
		fg_in_warn(in, "entry without a key; skipped");
		return;
	}
	bpf_join(en, st);
	collapse_add(tab, st->p, st->len, c, in);
}

static void
run(struct fg_in *in, struct fg_stab *tab, const struct copts *o)
{
	struct bpf_ent en = { { 0 }, 0, 0, 0, 0 };
	struct fg_buf st = { 0 };
	const char *s, *end, *cnt;
	char *line;
	size_t len, n, k, cn;
	int inent = 0, io = o->includeoffset;

	while ((line = fg_in_line(in, &len)) != NULL) {
		n = len;
		s = fg_trim(line, &n);
		if ((k = mapstart(s, n)) > 0) {
			if (inent)
				fg_in_warn(in, "new entry before the end of "
				    "the last one; it is skipped");
			en.n = en.parts.len = 0;
			s += k;
			n -= k;
			if ((end = entryend(s, n, &cnt, &cn)) != NULL) {
				scalars(&en, s, (size_t)(end - s), io);
				finish(&en, tab, in, cnt, cn, &st);
				inent = 0;
			} else {
				scalars(&en, s, n, io);
				inent = 1;
			}
			continue;
		}
		if (!inent)
			continue;
		if ((end = entryend(s, n, &cnt, &cn)) != NULL) {
			if (n > 0 && s[0] == ',')
				scalars(&en, s + 1, (size_t)(end - s - 1), io);
			else
				scalars(&en, s, (size_t)(end - s), io);
			finish(&en, tab, in, cnt, cn, &st);
			inent = 0;
		} else if (n > 0 && s[0] == ',')
			scalars(&en, s + 1, n - 1, io);
		else if (n > 0 && s[0] == ']') {
			fg_in_warn(in, "entry value is not a count; skipped");
			inent = 0;
		} else
			frame(&en, s, n, io);
	}
	if (inent)
		fg_in_warn(in, "input ends inside a map entry; it is skipped");
	free(en.parts.p);
	free(en.off);
	free(st.p);
}

/* An "@[" line followed by a frame, or a whole "@name[...]: N" line. */
static int
probe(const char *head, size_t n, struct cprobe *why)
{
	const char *p = head, *e = head + n, *nl, *s, *cnt;
	size_t len, k, cn;
	int open = 0;

	while (p < e) {
		nl = memchr(p, '\n', (size_t)(e - p));
		if (nl == NULL)
			break;
		len = (size_t)(nl - p);
		s = p;
		p = nl + 1;
		if (open)
			return len > 0 && (fg_isws(s[0]) || s[0] == ']' ||
			    s[0] == ',') ? PROBE_YES : probe_why(why, 50,
			    "a map entry \"@[\" without its stack lines");
		s = fg_trim(s, &len);
		if ((k = mapstart(s, len)) == 0)
			continue;
		if (k == len)
			open = 1;
		else if (entryend(s + k, len - k, &cnt, &cn) != NULL)
			return PROBE_YES;
	}
	return 0;
}

const struct cfmt fmt_bpftrace = {
	"bpftrace", "bpftrace maps such as @[kstack, ustack, comm] = count()",
	probe, run, 0
};
