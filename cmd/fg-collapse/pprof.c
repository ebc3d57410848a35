/* SPDX-License-Identifier: ISC */
/*
 * pprof.c: pprof profile.proto (github.com/google/pprof/proto/profile.proto),
 * gzip-compressed as Go writes it or not. Decoded (as protoc
 * --decode=perftools.profiles.Profile shows it), a CPU profile
 *
 *	sample_type { type: 1 unit: 2 }    sample_type { type: 3 unit: 4 }
 *	sample { location_id: 2 location_id: 1 value: 12 value: 120000000 }
 *	location { id: 1 line { function_id: 1 } }
 *	location { id: 2 line { function_id: 2 } }
 *	function { id: 1 name: 5 }    function { id: 2 name: 6 }
 *	string_table: ["", "samples", "count", "cpu", "nanoseconds",
 *	    "main.main", "main.work"]
 * becomes (the last sample type, or the one default_sample_type names)
 *	# fg-collapse kind=profile unit=ns samples=12
 *	main.main;main.work 120000000
 *
 * One pass over the Profile message collects the sample types, locations,
 * functions and string table (the strings usually come last); a second
 * pass over its samples folds them. A sample's location_id list is leaf
 * first and a location's lines innermost first, so both are walked
 * backwards to print root to leaf, an inlined call being its own frame.
 * Reading: the probe, the whole input into memory, the Profile message's
 * first pass, the second pass's samples one at a time, and --tag's
 * filters; then folding what is read.
 */
#include <sys/stat.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "collapse.h"
#include "pb.h"
#include "fg.h"

struct str {
	const unsigned char *p;
	size_t len;
};

struct line {
	uint64_t func;		/* function id */
	int64_t line;
};

struct loc {
	uint64_t id, addr;
	size_t line0, nline;	/* in lines[] */
	size_t off, len;	/* folded frames, in names */
};

struct idmap {
	uint32_t *dense;	/* id -> index + 1, when the ids are dense */
	size_t ndense;
	const void *base;	/* else bsearch in the sorted elements */
	size_t n, size;
};

struct func {
	uint64_t id;
	int64_t name, file;
};

struct label {
	int64_t key, str, num;
	int isnum;
};

struct tagf {
	const char *key, *val;
	size_t klen, vlen;
	int isnum;
	int64_t num;
	int seen;		/* a sample has a label of this key */
};

struct prof {
	const char *file;
	const unsigned char *buf;
	size_t len;
	struct str *strs;
	size_t nstr, capstr;
	int64_t (*types)[2];	/* (type, unit) */
	size_t ntype, captype;
	int64_t deftype;
	int64_t ptype[2];	/* period_type (type, unit) */
	int64_t period;		/* in ptype's unit per sample */
	struct loc *locs;
	size_t nloc, caploc;
	struct line *lines;
	size_t nline, capline;
	struct func *funcs;
	size_t nfunc, capfunc;
	struct idmap locmap, funcmap;
	struct buf names;	/* location frames, back to back */
};

struct acc {
	struct buf key;
	uint64_t *ids;
	size_t nids, capids;
	struct label *lb;
	size_t nlb, caplb;
	int64_t *vals;
	size_t nvals, capvals;
};

/* Exits with "file: pprof: msg". */
static _Noreturn void pprof_bad(const struct prof *pr, const char *fmt, ...)
    FG_PRINTF(2, 3);

#define PUSH(pr, arr, n, cap) do {					\
	if ((n) == (cap)) {						\
		(cap) = (cap) ? 2 * (cap) : 64;				\
		(arr) = fg_reallocarray((arr), (cap), sizeof(*(arr)));	\
	}								\
} while (0)

/* The format's probe (struct cfmt). */
static int pprof_probe(const char *head, size_t n, struct cprobe *why);
/* The whole input, read into one buffer (a regular file at its size). */
static unsigned char *pprof_slurp(struct fg_in *in, size_t *len);
/* The first pass over pr->buf: types, locations, functions, strings. */
static void pprof_first_pass(struct prof *pr);
/*
 * The second pass: the next Sample message of the Profile read by r (its
 * location ids, values and labels) into a; 0 at the end. A sample whose
 * values do not match the sample types, or a bad message, is fatal.
 */
static int pprof_next_sample(const struct prof *pr, struct pb *r,
    struct acc *a);
/* --tag's KEY=VALUE filters (o->ntags of them); a bad one is fatal. */
static struct tagf *pprof_tags(const struct copts *o);
/* String i of the table; out of range is fatal, naming what. */
static struct str pprof_str(const struct prof *pr, int64_t i, const char *what);

static _Noreturn void
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
static int
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

static void
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
static unsigned char *
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

static int
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

static struct tagf *
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

static struct str
pprof_str(const struct prof *pr, int64_t i, const char *what)
{
	if (i < 0 || (uint64_t)i >= pr->nstr)
		pprof_bad(pr, "%s: string index %lld out of range "
		    "(%zu strings)", what, (long long)i, pr->nstr);
	return pr->strs[i];
}

/* ---- id lookup: dense ids index an array, others a sorted one ---- */

/* Locations and functions both start with their uint64_t id. */
static uint64_t
idof(const void *elem)
{
	uint64_t id;

	memcpy(&id, elem, sizeof(id));
	return id;
}

static int
cmp_id(const void *a, const void *b)
{
	uint64_t x = idof(a), y = idof(b);

	return x < y ? -1 : x > y;
}

/* Sorts n elements by id, rejects duplicates, indexes them. */
static void
idmap_build(const struct prof *pr, struct idmap *m, void *base, size_t n,
    size_t size, const char *what)
{
	const char *e = base;
	uint64_t max;
	size_t i;

	memset(m, 0, sizeof(*m));
	m->base = base;
	m->n = n;
	m->size = size;
	if (n == 0)
		return;
	qsort(base, n, size, cmp_id);
	for (i = 1; i < n; i++)
		if (idof(e + i * size) == idof(e + (i - 1) * size))
			pprof_bad(pr, "duplicate %s id %llu", what,
			    (unsigned long long)idof(e + i * size));
	max = idof(e + (n - 1) * size);
	if (n > UINT32_MAX - 1 || max > 4 * (uint64_t)n + 4096)
		return;
	m->ndense = (size_t)max + 1;
	m->dense = fg_calloc(m->ndense, sizeof(*m->dense));
	for (i = 0; i < n; i++)
		m->dense[idof(e + i * size)] = (uint32_t)i + 1;
}

/* The index of the element with this id, or -1. */
static ptrdiff_t
idmap_find(const struct idmap *m, uint64_t id)
{
	const char *e;

	if (m->dense != NULL)
		return id < m->ndense ? (ptrdiff_t)m->dense[id] - 1 : -1;
	if (m->n == 0)
		return -1;
	e = bsearch(&id, m->base, m->n, m->size, cmp_id);
	return e != NULL ? (e - (const char *)m->base) / (ptrdiff_t)m->size :
	    -1;
}

static void
index_ids(struct prof *pr)
{
	idmap_build(pr, &pr->locmap, pr->locs, pr->nloc, sizeof(*pr->locs),
	    "location");
	idmap_build(pr, &pr->funcmap, pr->funcs, pr->nfunc,
	    sizeof(*pr->funcs), "function");
}

/* The index of the element with this id; a missing one is fatal. */
static size_t
mustfind(const struct prof *pr, const struct idmap *m, uint64_t id,
    const char *what)
{
	ptrdiff_t i = idmap_find(m, id);

	if (i < 0)
		pprof_bad(pr, "%s id %llu", what, (unsigned long long)id);
	return (size_t)i;
}

#define findloc(pr, id) (&(pr)->locs[mustfind((pr), &(pr)->locmap, (id), \
	"sample references missing location")])
#define findfunc(pr, id) (&(pr)->funcs[mustfind((pr), &(pr)->funcmap, \
	(id), "location references missing function")])

/* ---- frame names ---- */

static void
names_put(struct prof *pr, const void *p, size_t n)
{
	buf_put(&pr->names, p, n);
}

/* A name as a frame: ';' would split it, newlines end the line. */
static void
names_frame(struct prof *pr, struct str s)
{
	size_t i, start = pr->names.len;
	char *d;

	names_put(pr, s.p, s.len);
	d = pr->names.p + start;
	for (i = 0; i < s.len; i++)
		if (d[i] == ';')
			d[i] = ':';
		else if (d[i] == '\n' || d[i] == '\r')
			d[i] = ' ';
}

static void
names_addr(struct prof *pr, uint64_t addr)
{
	char buf[32];
	int n;

	if (addr == 0)
		names_put(pr, "<unknown>", 9);
	else {
		n = snprintf(buf, sizeof(buf), "%016llx",
		    (unsigned long long)addr);
		names_put(pr, buf, (size_t)n);
	}
}

/* Builds each location's frames, outermost (caller) first. */
static void
build_names(struct prof *pr, const struct copts *o)
{
	struct loc *l;
	const struct line *ln;
	const struct func *fn;
	struct str s, file;
	char buf[32];
	size_t i, j;
	int n;

	for (i = 0; i < pr->nloc; i++) {
		l = &pr->locs[i];
		l->off = pr->names.len;
		if (l->nline == 0)
			names_addr(pr, l->addr);
		for (j = l->nline; j-- > 0; ) {
			ln = &pr->lines[l->line0 + j];
			if (ln->func == 0) {
				/* a line without a function: the address */
				names_addr(pr, l->addr);
				if (j > 0)
					names_put(pr, ";", 1);
				continue;
			}
			fn = findfunc(pr, ln->func);
			s = pprof_str(pr, fn->name, "function name");
			if (s.len == 0)
				names_addr(pr, l->addr);
			else
				names_frame(pr, s);
			if (o->lines) {
				file = pprof_str(pr, fn->file, "file name");
				if (file.len > 0) {
					names_put(pr, " ", 1);
					names_frame(pr, file);
				}
				if (ln->line != 0) {
					n = snprintf(buf, sizeof(buf), "%s%lld",
					    file.len > 0 ? ":" : " :",
					    (long long)ln->line);
					names_put(pr, buf, (size_t)n);
				}
			}
			if (j > 0)
				names_put(pr, ";", 1);
		}
		l->len = pr->names.len - l->off;
	}
}

/* ---- options ---- */

static size_t
pick_type(const struct prof *pr, const struct copts *o)
{
	struct str s;
	size_t i, len;
	char *end;
	unsigned long long v;

	if (pr->ntype == 0 && o->sample_type == NULL)
		return 0;	/* no samples either, or an error below */
	if (o->sample_type == NULL) {
		if (pr->deftype != 0) {
			s = pprof_str(pr, pr->deftype, "default sample type");
			for (i = 0; i < pr->ntype; i++)
				if (pprof_str(pr, pr->types[i][0],
				    "sample type").len == s.len &&
				    memcmp(pprof_str(pr, pr->types[i][0],
				    "sample type").p, s.p, s.len) == 0)
					return i;
		}
		return pr->ntype - 1;
	}
	len = strlen(o->sample_type);
	for (i = 0; i < pr->ntype; i++) {
		s = pprof_str(pr, pr->types[i][0], "sample type");
		if (s.len == len && memcmp(s.p, o->sample_type, len) == 0)
			return i;
	}
	errno = 0;
	v = strtoull(o->sample_type, &end, 10);
	if (*o->sample_type >= '0' && *o->sample_type <= '9' &&
	    *end == '\0' && errno == 0 && v < pr->ntype)
		return (size_t)v;
	fprintf(stderr, "%s: %s: pprof: no sample type %s; the profile has:",
	    fg_progname, pr->file, o->sample_type);
	for (i = 0; i < pr->ntype; i++) {
		s = pprof_str(pr, pr->types[i][0], "sample type");
		fprintf(stderr, " %zu=%.*s", i, (int)s.len, (const char *)s.p);
	}
	fputc('\n', stderr);
	fg_exit(FG_EXIT_ERR);
}

static int
streq(struct str s, const char *p, size_t n)
{
	return s.len == n && memcmp(s.p, p, n) == 0;
}

/*
 * What sample type ti counts, for the header: pprof's unit, nanoseconds
 * and microseconds shortened to ns and us, "count" named by its type
 * ("samples", "alloc_objects"); the profile's period when its period
 * type is this sample type (cpu nanoseconds in a Go CPU profile, not
 * the bytes between heap samples, which a heap profile's values have
 * already been scaled by).
 */
static void
name_unit(const struct prof *pr, size_t ti, const struct copts *o)
{
	struct str t, u;

	if (ti >= pr->ntype)
		return;
	t = pprof_str(pr, pr->types[ti][0], "sample type");
	u = pprof_str(pr, pr->types[ti][1], "sample unit");
	if (streq(u, "nanoseconds", 11))
		collapse_unit(o, "ns", 2);
	else if (streq(u, "microseconds", 12))
		collapse_unit(o, "us", 2);
	else if (streq(u, "count", 5))
		collapse_unit(o, (const char *)t.p, t.len);
	else
		collapse_unit(o, (const char *)u.p, u.len);
	if (pr->period > 0 && streq(pprof_str(pr, pr->ptype[0], "period type"),
	    (const char *)t.p, t.len) && streq(pprof_str(pr, pr->ptype[1],
	    "period unit"), (const char *)u.p, u.len))
		collapse_period(o, (uint64_t)pr->period);
}

/* The sample type that counts samples ("samples", "count"), or ntype. */
static size_t
samples_type(const struct prof *pr)
{
	size_t i;

	for (i = 0; i < pr->ntype; i++)
		if (streq(pprof_str(pr, pr->types[i][0], "sample type"),
		    "samples", 7) && streq(pprof_str(pr, pr->types[i][1],
		    "sample unit"), "count", 5))
			return i;
	return pr->ntype;
}

/*
 * A sample passes when, for every key named by --tag, one of its labels
 * with that key has one of the values given for that key.
 */
static int
tags_match(const struct prof *pr, struct tagf *t, int nt,
    const struct label *lb, size_t nlb)
{
	int i, j, ok;
	size_t k;

	for (i = 0; i < nt; i++) {
		/* the first filter of each key checks all of that key's */
		for (j = 0; j < i; j++)
			if (t[j].klen == t[i].klen &&
			    memcmp(t[j].key, t[i].key, t[i].klen) == 0)
				break;
		if (j < i)
			continue;
		ok = 0;
		for (k = 0; k < nlb && !ok; k++) {
			if (!streq(pprof_str(pr, lb[k].key, "label key"),
			    t[i].key, t[i].klen))
				continue;
			t[i].seen = 1;
			for (j = i; j < nt && !ok; j++) {
				if (t[j].klen != t[i].klen ||
				    memcmp(t[j].key, t[i].key, t[i].klen) != 0)
					continue;
				if (lb[k].isnum)
					ok = t[j].isnum && lb[k].num == t[j].num;
				else
					ok = streq(pprof_str(pr, lb[k].str,
					    "label value"), t[j].val, t[j].vlen);
			}
		}
		if (!ok)
			return 0;
	}
	return 1;
}

static void
key_put(struct acc *a, const void *p, size_t n)
{
	buf_put(&a->key, p, n);
}

static void
tag_roots(const struct prof *pr, const struct copts *o, struct acc *a)
{
	struct str s;
	char buf[32];
	size_t k;
	int i, n, nv;

	for (i = 0; i < o->ntag_roots; i++) {
		key_put(a, o->tag_roots[i], strlen(o->tag_roots[i]));
		key_put(a, "=", 1);
		nv = 0;
		for (k = 0; k < a->nlb; k++) {
			s = pprof_str(pr, a->lb[k].key, "label key");
			if (!streq(s, o->tag_roots[i], strlen(o->tag_roots[i])))
				continue;
			if (nv++ > 0)
				key_put(a, ",", 1);
			if (a->lb[k].isnum) {
				n = snprintf(buf, sizeof(buf), "%lld",
				    (long long)a->lb[k].num);
				key_put(a, buf, (size_t)n);
			} else {
				s = pprof_str(pr, a->lb[k].str, "label value");
				for (n = 0; (size_t)n < s.len; n++)
					key_put(a, s.p[n] == ';' ? ":" :
					    s.p[n] == '\n' ? " " :
					    (const char *)s.p + n, 1);
			}
		}
		if (nv == 0)
			key_put(a, "-", 1);
		key_put(a, ";", 1);
	}
}

/* What the samples are summed into, and the space they use. */
struct samples {
	struct fg_stab *tab;	/* folded stacks */
	struct fg_stab *idtab;	/* (roots, location ids) to an entry */
	struct fg_ent **ents;	/* tab's entries, idtab's aux - 1 */
	size_t nents, capents;
	uint64_t nneg;		/* samples with negative values */
	uint64_t expanded;	/* folded text made, for --max-output */
	size_t si;		/* the sample type counting samples */
	uint64_t nsamples;	/* its values summed, or COLLAPSE_UNKNOWN */
	/* a heap profile: the samples actually taken, from each sample's
	 * objects and bytes (heap_pair) */
	int heap;
	size_t hobj, hspace, hval;	/* value indices */
	double period;		/* bytes between samples */
	double hraw, hsw, hsw2;	/* samples; the values and value^2/raw */
	struct acc a, b;
};

/*
 * The idtab entry of sample a's stack. Samples repeat stacks: the
 * tag-root frames and location ids (a short binary key) find the folded
 * stack of one seen before without building its text again.
 */
static struct fg_ent *
stack_entry(struct prof *pr, const struct copts *o, struct fg_in *in,
    struct samples *s)
{
	struct acc *a = &s->a, *b = &s->b;
	const struct loc *l;
	struct fg_ent *ie;
	size_t rootlen = 0, i;	/* its place; filled in below */

	a->key.len = 0;
	key_put(a, &rootlen, sizeof(rootlen));
	tag_roots(pr, o, a);
	rootlen = a->key.len - sizeof(rootlen);
	memcpy(a->key.p, &rootlen, sizeof(rootlen));
	key_put(a, a->ids, a->nids * sizeof(*a->ids));
	ie = fg_stab_get(s->idtab, a->key.p, a->key.len);
	if (ie->aux != 0)
		return ie;
	b->key.len = 0;
	key_put(b, a->key.p + sizeof(rootlen), rootlen);
	for (i = a->nids; i-- > 0; ) {
		l = findloc(pr, a->ids[i]);
		key_put(b, pr->names.p + l->off, l->len);
		key_put(b, ";", 1);
	}
	if (a->nids == 0)
		key_put(b, "<unknown>;", 10);
	collapse_budget(in, o, "pprof", &s->expanded, b->key.len);
	PUSH(pr, s->ents, s->nents, s->capents);
	if (s->nents >= UINT32_MAX)
		pprof_bad(pr, "too many stacks");
	s->ents[s->nents++] = fg_stab_get(s->tab, b->key.p, b->key.len - 1);
	ie->aux = (uint32_t)s->nents;
	return ie;
}

/*
 * A heap profile (Go's: period type space, in bytes) scales each sample's
 * objects and bytes up by 1 / (1 - exp(-size / period)), size their
 * average object size, to estimate what was not sampled; that many
 * fewer samples were taken. Sets s->heap with the value indices of the
 * objects and bytes of the same kind (alloc_, inuse_) as value ti.
 */
static void
heap_pair(const struct prof *pr, size_t ti, struct samples *s)
{
	struct str t, pt;
	size_t i, plen;
	char want[64];

	if (ti >= pr->ntype || !(pr->period > 0))
		return;
	pt = pprof_str(pr, pr->ptype[0], "period type");
	t = pprof_str(pr, pr->types[ti][0], "sample type");
	if (!streq(pt, "space", 5))
		return;
	if (t.len > 8 && memcmp(t.p + t.len - 8, "_objects", 8) == 0)
		plen = t.len - 8;
	else if (t.len > 6 && memcmp(t.p + t.len - 6, "_space", 6) == 0)
		plen = t.len - 6;
	else
		return;
	if (plen + 9 > sizeof(want))
		return;
	s->hobj = s->hspace = pr->ntype;
	for (i = 0; i < pr->ntype; i++) {
		t = pprof_str(pr, pr->types[i][0], "sample type");
		memcpy(want, pprof_str(pr, pr->types[ti][0], "sample type").p,
		    plen);
		memcpy(want + plen, "_objects", 8);
		if (streq(t, want, plen + 8))
			s->hobj = i;
		memcpy(want + plen, "_space", 6);
		if (streq(t, want, plen + 6))
			s->hspace = i;
	}
	if (s->hobj < pr->ntype && s->hspace < pr->ntype) {
		s->heap = 1;
		s->hval = ti;
		s->period = (double)pr->period;
	}
}

/* The samples taken behind one heap sample, and its value's weights. */
static void
count_heap(struct samples *s, const struct acc *a)
{
	double obj, sp, v, raw;

	if (s->hobj >= a->nvals || s->hspace >= a->nvals ||
	    s->hval >= a->nvals)
		return;
	obj = (double)a->vals[s->hobj];
	sp = (double)a->vals[s->hspace];
	v = (double)a->vals[s->hval];
	if (!(obj > 0) || !(sp > 0) || !(v > 0))
		return;
	raw = obj * -expm1(-(sp / obj) / s->period);
	if (!(raw > 0) || !isfinite(raw))
		return;
	s->hraw += raw;
	s->hsw += v;
	s->hsw2 += v * v / raw;
}

/* The samples behind a sample counted, for the header. */
static void
count_samples(struct samples *s, const struct acc *a)
{
	int64_t v;

	if (s->heap)
		count_heap(s, a);
	if (s->nsamples == COLLAPSE_UNKNOWN)
		return;
	v = s->si < a->nvals ? a->vals[s->si] : -1;
	if (v < 0 || (uint64_t)v >= COLLAPSE_UNKNOWN - s->nsamples)
		s->nsamples = COLLAPSE_UNKNOWN;
	else
		s->nsamples += (uint64_t)v;
}

/* The samples of value ti that pass the tag filters, into s. */
static void
add_samples(struct prof *pr, const struct copts *o, struct fg_in *in,
    size_t ti, struct samples *s)
{
	struct tagf *tags = pprof_tags(o);
	struct acc *a = &s->a;
	struct pb r;
	fg_count c;
	size_t i, j;

	pb_init(&r, pr->buf, pr->len);
	while (pprof_next_sample(pr, &r, a)) {
		if (o->ntags > 0 && !tags_match(pr, tags, o->ntags, a->lb,
		    a->nlb))
			continue;
		c.i = a->vals[ti];
		c.f = 0;
		if (c.i < 0) {
			s->nneg++;
			continue;
		}
		if (c.i == 0) {
			/* nothing to add, but the ids must be valid */
			for (i = 0; i < a->nids; i++)
				(void)findloc(pr, a->ids[i]);
			continue;
		}
		/* summed here, where the lookup brought it into cache */
		if (fg_count_add(&stack_entry(pr, o, in, s)->c[0], c) < 0)
			pprof_bad(pr, "sum of counts overflows 2^63-1");
		count_samples(s, a);
	}
	/*
	 * A key no sample has (a typo?) would leave an empty profile; seen
	 * is set on each key's first filter (tags_match).
	 */
	for (i = 0; i < (size_t)o->ntags; i++) {
		for (j = 0; j < i; j++)
			if (tags[j].klen == tags[i].klen && memcmp(tags[j].key,
			    tags[i].key, tags[i].klen) == 0)
				break;
		if (j == i && !tags[i].seen)
			fg_errx(FG_EXIT_ERR, "%s: --tag %s: no sample has a "
			    "label %.*s", pr->file, tags[i].key,
			    (int)tags[i].klen, tags[i].key);
	}
	free(tags);
}

static void
samples_free(struct samples *s)
{
	fg_stab_free(s->idtab);
	free(s->ents);
	free(s->a.key.p);
	free(s->b.key.p);
	free(s->a.ids);
	free(s->a.lb);
	free(s->a.vals);
}

static void
prof_free(struct prof *pr)
{
	free(pr->strs);
	free(pr->types);
	free(pr->locs);
	free(pr->lines);
	free(pr->funcs);
	free(pr->locmap.dense);
	free(pr->funcmap.dense);
	free(pr->names.p);
}

static void
run(struct fg_in *in, struct fg_stab *tab, const struct copts *o)
{
	struct prof pr;
	struct samples s;
	struct fg_ent *ie;
	unsigned char *raw;
	size_t rawlen, ti;

	memset(&pr, 0, sizeof(pr));
	memset(&s, 0, sizeof(s));
	pr.file = in->name;
	raw = pprof_slurp(in, &rawlen);
	pr.buf = raw;
	pr.len = rawlen;
	pprof_first_pass(&pr);
	index_ids(&pr);
	build_names(&pr, o);
	ti = pick_type(&pr, o);
	name_unit(&pr, ti, o);
	s.tab = tab;
	s.idtab = fg_stab_new(1);
	s.si = samples_type(&pr);
	s.nsamples = s.si < pr.ntype ? 0 : COLLAPSE_UNKNOWN;
	if (s.si >= pr.ntype)
		heap_pair(&pr, ti, &s);
	add_samples(&pr, o, in, ti, &s);
	if (s.heap && s.hraw >= 1 && s.hraw < 1e18) {
		collapse_samples(o, (uint64_t)llround(s.hraw));
		collapse_weights(o, s.hsw, s.hsw2);
	} else
		collapse_samples(o, s.nsamples);
	for (ie = fg_stab_first(s.idtab); ie != NULL; ie = ie->next)
		if (fg_count_add(&s.ents[ie->aux - 1]->c[0], ie->c[0]) < 0)
			pprof_bad(&pr, "sum of counts overflows 2^63-1");
	if (s.nneg > 0) {
		fg_warnx("%s: pprof: skipped %llu samples with negative values "
		    "(a diff profile?)", in->name, (unsigned long long)s.nneg);
		fg_status = fg_status > FG_EXIT_DATA ? fg_status : FG_EXIT_DATA;
	}
	samples_free(&s);
	prof_free(&pr);
	free(raw);
}

const struct cfmt fmt_pprof = {
	"pprof", "pprof profile.proto, gzipped or not (Go, Pyroscope, ...)",
	pprof_probe, run, 0
};
