/* SPDX-License-Identifier: ISC */
/*
 * bpftrace.c: bpftrace maps keyed by stacks, as printed at exit by
 *   bpftrace -e 'profile:hz:99 { @[kstack, ustack, comm] = count(); }'
 *
 *	@[
 *	    do_idle+170
 *	    cpu_startup_entry+29
 *	,
 *	    main+45
 *	    __libc_start_call_main+122
 *	, myprog]: 12
 * becomes
 *	myprog;__libc_start_call_main;main;cpu_startup_entry;do_idle 12
 *
 * An entry is "@[" (or "@name["), frame lines leaf first, a "," line
 * between stacks, and a last line "]: COUNT" or ", comm]: COUNT". The key
 * parts are joined in reverse order, as stackcollapse-bpftrace.pl does, so
 * @[kstack, ustack, comm] gives comm;user frames;kernel frames. Offsets
 * ("+123") are dropped (kept but on the leaf with --includeoffset); frames
 * in ustack(perf) form "ADDR sym+off (module)" become "sym". One-line
 * entries such as "@[comm]: 5" count too. Other lines (the "Attaching N
 * probes..." banner, printf output) are ignored. The lines are read, the
 * key parts on them gathered per entry (struct bpf_ent), and each entry's
 * parts joined into its stack.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "collapse.h"
#include "fg.h"

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
static void bpf_part(struct bpf_ent *en, const char *s, size_t n, size_t leafn);
/* The entry's stack into st: its parts joined in reverse order. */
static void bpf_join(const struct bpf_ent *en, struct buf *st);

static void
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

static void
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
		t = trim(s, &m);
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
 * The frame of an entry whose key is empty: "@[]: 611" is what
 * @[kstack] prints for the samples taken in user mode (and @[ustack] for
 * kernel threads); counted, so that the other stacks' shares are right.
 */
#define EMPTY_STACK "[empty stack]"

/*
 * The entry's stack counted cnt (cn bytes) into tab; st is a work
 * buffer. A bad count is warned about and skipped.
 */
static void
finish(struct bpf_ent *en, struct fg_stab *tab, struct fg_in *in,
    const char *cnt, size_t cn, struct buf *st)
{
	fg_count c;

	if (fg_count_parse(cnt, cn, &c) != FG_NUM_OK) {
		fg_in_warn(in, "count out of range; entry skipped");
		return;
	}
	if (en->n == 0)		/* "@[]: 611": the key's stack was empty */
		part(en, EMPTY_STACK, sizeof(EMPTY_STACK) - 1, 0);
	bpf_join(en, st);
	collapse_add(tab, st->p, st->len, c, in);
}

static void
run(struct fg_in *in, struct fg_stab *tab, const struct copts *o)
{
	struct bpf_ent en = { { 0 }, 0, 0, 0, 0 };
	struct buf st = { 0 };
	const char *s, *end, *cnt;
	char *line;
	size_t len, n, k, cn;
	int inent = 0, io = o->includeoffset, any = 0;

	while ((line = fg_in_line(in, &len)) != NULL) {
		n = len;
		s = trim(line, &n);
		if ((k = mapstart(s, n)) > 0) {
			any = 1;
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
	if (!any)
		collapse_warn(in, "bpftrace: no map entry (\"@[...]: COUNT\") "
		    "in the input");
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
		s = trim(s, &len);
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
