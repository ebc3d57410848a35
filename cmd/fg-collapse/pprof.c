/* SPDX-License-Identifier: ISC */
/*
 * pprof.c: pprof profile.proto (github.com/google/pprof/proto/profile.proto),
 * gzip-compressed as Go writes it or not: folding what pprof-read.c reads.
 *
 * One pass over the Profile message collects the sample types, locations,
 * functions and string table (the strings usually come last); a second
 * pass over its samples folds them. A sample's location_id list is leaf
 * first and a location's lines innermost first, so both are walked
 * backwards to print root to leaf, an inlined call being its own frame.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fg.h"
#include "pprof.h"

struct str
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
	fg_buf_put(&pr->names, p, n);
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
tags_match(const struct prof *pr, const struct tagf *t, int nt,
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
	fg_buf_put(&a->key, p, n);
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

/* The samples behind a sample counted, for the header. */
static void
count_samples(struct samples *s, const struct acc *a)
{
	int64_t v;

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
	size_t i;

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
	add_samples(&pr, o, in, ti, &s);
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
