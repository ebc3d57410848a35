/* SPDX-License-Identifier: ISC */
/*
 * pprof-read.c: reading pprof's profile.proto (pprof.h): the probe, the
 * whole input into memory, the Profile message's first pass, the second
 * pass's samples one at a time, and --tag's filters; pprof.c folds what
 * is read.
 */
#include <sys/stat.h>

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pprof.h"

_Noreturn void
pprof_bad(const struct prof *pr, const char *fmt, ...)
{
	va_list ap;

	fg_out_flush();
	fprintf(stderr, "%s: %s: pprof: ", fg_progname, pr->file);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	fg_exit(FG_EXIT_ERR);
}

/* ---- probe ---- */

/* Expected wire type of each Profile field (-1: unknown field). */
static int
profwt(uint32_t num, int wt)
{
	switch (num) {
	case 1: case 2: case 3: case 4: case 5: case 6: case 11: case 15:
		return wt == PB_LEN;
	case 7: case 8: case 9: case 10: case 12: case 14:
		return wt == PB_VARINT;
	case 13:
		return wt == PB_VARINT || wt == PB_LEN;
	default:
		return 0;
	}
}

/*
 * Whether p[0..n) reads as a message: for a ValueType (vt) only varint
 * fields 1 and 2.
 */
static int
message_ok(const unsigned char *p, size_t n, int vt)
{
	struct pb r;
	struct pb_field f;
	int k;

	pb_init(&r, p, n);
	while ((k = pb_next(&r, &f)) == 1)
		if (vt && ((f.num != 1 && f.num != 2) || f.wt != PB_VARINT))
			return 0;
	return k == 0;
}

/*
 * Raw profile.proto has no magic: every field of the head must be a
 * Profile field of the right wire type, and at least one must be a
 * sample type, sample, mapping, location or function that reads as a
 * message (a sample type as a ValueType: text never does). Text fails
 * at once: its bytes make other field numbers, wire types or lengths.
 */
int
pprof_probe(const char *head, size_t n, struct cprobe *why)
{
	const unsigned char *p = (const unsigned char *)head, *q;
	struct pb r;
	struct pb_field f;
	uint64_t key;
	int k, strong = 0;

	pb_init(&r, p, n);
	for (;;) {
		q = r.p;
		if (q < r.end && (pb_varint(&q, r.end, &key) < 0 ||
		    key >> 3 > 15 || !profwt((uint32_t)(key >> 3),
		    (int)(key & 7))))
			return 0;
		if ((k = pb_next(&r, &f)) != 1)
			break;
		if (f.num <= 5) {
			if (!message_ok(f.data, f.len, f.num == 1))
				return 0;
			if (++strong == 8)
				return PROBE_YES;
		}
	}
	if (k == 0)
		return strong >= 1 ? PROBE_YES : probe_why(why, 5,
		    "a protobuf message without profile fields");
	/* a head cut inside a field: the fields before it decide */
	return n >= 65536 && strong >= 1 ? PROBE_YES : 0;
}

/* ---- first pass ---- */

static void
parse_loc(struct prof *pr, const struct pb_field *m)
{
	struct pb r, lr;
	struct pb_field f, g;
	struct loc *l;
	struct line *ln;
	int k;

	PUSH(pr, pr->locs, pr->nloc, pr->caploc);
	l = &pr->locs[pr->nloc++];
	memset(l, 0, sizeof(*l));
	l->line0 = pr->nline;
	pb_init(&r, m->data, m->len);
	while ((k = pb_next(&r, &f)) == 1) {
		if (f.num == 1 && f.wt == PB_VARINT)
			l->id = f.v;
		else if (f.num == 3 && f.wt == PB_VARINT)
			l->addr = f.v;
		else if (f.num == 4 && f.wt == PB_LEN) {
			PUSH(pr, pr->lines, pr->nline, pr->capline);
			ln = &pr->lines[pr->nline++];
			memset(ln, 0, sizeof(*ln));
			pb_init(&lr, f.data, f.len);
			while ((k = pb_next(&lr, &g)) == 1) {
				if (g.num == 1 && g.wt == PB_VARINT)
					ln->func = g.v;
				else if (g.num == 2 && g.wt == PB_VARINT)
					ln->line = (int64_t)g.v;
			}
			if (k < 0)
				pprof_bad(pr, "location line: %s", lr.err);
		}
	}
	if (k < 0)
		pprof_bad(pr, "location: %s", r.err);
	if (l->id == 0)
		pprof_bad(pr, "location with id 0");
	l->nline = pr->nline - l->line0;
}

static void
parse_func(struct prof *pr, const struct pb_field *m)
{
	struct pb r;
	struct pb_field f;
	struct func *fn;
	int k;

	PUSH(pr, pr->funcs, pr->nfunc, pr->capfunc);
	fn = &pr->funcs[pr->nfunc++];
	memset(fn, 0, sizeof(*fn));
	pb_init(&r, m->data, m->len);
	while ((k = pb_next(&r, &f)) == 1) {
		if (f.wt != PB_VARINT)
			continue;
		if (f.num == 1)
			fn->id = f.v;
		else if (f.num == 2)
			fn->name = (int64_t)f.v;
		else if (f.num == 4)
			fn->file = (int64_t)f.v;
	}
	if (k < 0)
		pprof_bad(pr, "function: %s", r.err);
	if (fn->id == 0)
		pprof_bad(pr, "function with id 0");
}

/* A ValueType message: (type, unit) string indices into vt. */
static void
parse_vtype(struct prof *pr, const struct pb_field *m, int64_t vt[2])
{
	struct pb r;
	struct pb_field f;
	int k;

	vt[0] = vt[1] = 0;
	pb_init(&r, m->data, m->len);
	while ((k = pb_next(&r, &f)) == 1)
		if (f.wt == PB_VARINT && (f.num == 1 || f.num == 2))
			vt[f.num - 1] = (int64_t)f.v;
	if (k < 0)
		pprof_bad(pr, "sample type: %s", r.err);
}

void
pprof_first_pass(struct prof *pr)
{
	struct pb r;
	struct pb_field f;
	int k;

	pb_init(&r, pr->buf, pr->len);
	while ((k = pb_next(&r, &f)) == 1) {
		if (f.num == 1 && f.wt == PB_LEN) {
			PUSH(pr, pr->types, pr->ntype, pr->captype);
			parse_vtype(pr, &f, pr->types[pr->ntype++]);
		} else if (f.num == 11 && f.wt == PB_LEN)
			parse_vtype(pr, &f, pr->ptype);
		else if (f.num == 12 && f.wt == PB_VARINT)
			pr->period = (int64_t)f.v;
		else if (f.num == 4 && f.wt == PB_LEN)
			parse_loc(pr, &f);
		else if (f.num == 5 && f.wt == PB_LEN)
			parse_func(pr, &f);
		else if (f.num == 6 && f.wt == PB_LEN) {
			PUSH(pr, pr->strs, pr->nstr, pr->capstr);
			pr->strs[pr->nstr].p = f.data;
			pr->strs[pr->nstr++].len = f.len;
		} else if (f.num == 14 && f.wt == PB_VARINT)
			pr->deftype = (int64_t)f.v;
		else if (f.num <= 15 && !profwt(f.num, f.wt))
			pprof_bad(pr, "field %u has wire type %d", f.num, f.wt);
	}
	if (k < 0)
		pprof_bad(pr, "%s", r.err);
}

/*
 * in_slurp, but a regular file is read straight into a buffer of its
 * size: no copies while growing, no second copy (profiles run to
 * hundreds of megabytes).
 */
unsigned char *
pprof_slurp(struct fg_in *in, size_t *len)
{
	struct stat sb;
	off_t here;
	size_t have, cap, n;
	ssize_t r;
	unsigned char *p;

	if (in->eof || fstat(in->fd, &sb) != 0 || !S_ISREG(sb.st_mode) ||
	    (here = lseek(in->fd, 0, SEEK_CUR)) < 0 || sb.st_size < here ||
	    (uint64_t)(sb.st_size - here) > SIZE_MAX / 2)
		return (unsigned char *)in_slurp(in, len);
	have = in->end - in->pos;
	cap = have + (size_t)(sb.st_size - here) + 1;
	p = fg_malloc(cap);
	memcpy(p, in->buf + in->pos, have);
	in->pos = in->end;
	n = have;
	for (;;) {
		if (cap - n < 2) {	/* the file grew */
			cap *= 2;
			p = fg_realloc(p, cap);
		}
		r = read(in->fd, p + n, cap - n - 1);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			fg_err(FG_EXIT_ERR, "%s: read error", in->name);
		if (r == 0)
			break;
		n += (size_t)r;
	}
	in->eof = 1;
	p[n] = '\0';
	*len = n;
	return p;
}

/* One Sample message's location ids, values and labels into a. */
static void
parse_sample(const struct prof *pr, const struct pb_field *m, struct acc *a)
{
	struct pb r, lr;
	struct pb_field f, g;
	struct pb_vals it;
	struct label *lb;
	uint64_t v;
	int k, kv;

	a->nids = a->nlb = a->nvals = 0;
	pb_init(&r, m->data, m->len);
	while ((k = pb_next(&r, &f)) == 1) {
		if (f.num == 1 || f.num == 2) {
			if (pb_vals_init(&it, &f) < 0)
				pprof_bad(pr, "sample field %u has wire "
				    "type %d", f.num, f.wt);
			while ((kv = pb_vals_next(&it, &v)) == 1) {
				if (f.num == 1) {
					PUSH(pr, a->ids, a->nids, a->capids);
					a->ids[a->nids++] = v;
				} else {
					PUSH(pr, a->vals, a->nvals,
					    a->capvals);
					a->vals[a->nvals++] = (int64_t)v;
				}
			}
			if (kv < 0)
				pprof_bad(pr, "sample: bad packed varint");
		} else if (f.num == 3 && f.wt == PB_LEN) {
			PUSH(pr, a->lb, a->nlb, a->caplb);
			lb = &a->lb[a->nlb++];
			memset(lb, 0, sizeof(*lb));
			pb_init(&lr, f.data, f.len);
			while ((kv = pb_next(&lr, &g)) == 1) {
				if (g.wt != PB_VARINT)
					continue;
				if (g.num == 1)
					lb->key = (int64_t)g.v;
				else if (g.num == 2)
					lb->str = (int64_t)g.v;
				else if (g.num == 3) {
					lb->num = (int64_t)g.v;
					lb->isnum = 1;
				}
			}
			if (kv < 0)
				pprof_bad(pr, "label: %s", lr.err);
			/* a label with a string value is a string label */
			if (lb->str != 0)
				lb->isnum = 0;
		}
	}
	if (k < 0)
		pprof_bad(pr, "sample: %s", r.err);
}

int
pprof_next_sample(const struct prof *pr, struct pb *r, struct acc *a)
{
	struct pb_field f;
	int k;

	while ((k = pb_next(r, &f)) == 1) {
		if (f.num != 2 || f.wt != PB_LEN)
			continue;
		parse_sample(pr, &f, a);
		if (a->nvals != pr->ntype || pr->ntype == 0)
			pprof_bad(pr, "sample has %zu values for %zu sample "
			    "types", a->nvals, pr->ntype);
		return 1;
	}
	if (k < 0)
		pprof_bad(pr, "%s", r->err);
	return 0;
}

struct tagf *
pprof_tags(const struct copts *o)
{
	struct tagf *t;
	const char *eq;
	char *end;
	long long v;
	int i;

	t = fg_calloc((size_t)o->ntags + 1, sizeof(*t));
	for (i = 0; i < o->ntags; i++) {
		if ((eq = strchr(o->tags[i], '=')) == NULL ||
		    eq == o->tags[i])
			fg_errx(FG_EXIT_ERR, "--tag %s: expected KEY=VALUE",
			    o->tags[i]);
		t[i].key = o->tags[i];
		t[i].klen = (size_t)(eq - o->tags[i]);
		t[i].val = eq + 1;
		t[i].vlen = strlen(eq + 1);
		errno = 0;
		v = strtoll(t[i].val, &end, 10);
		t[i].isnum = t[i].vlen > 0 && *end == '\0' && errno == 0;
		t[i].num = v;
	}
	return t;
}
