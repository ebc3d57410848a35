/* SPDX-License-Identifier: ISC */
/*
 * instruments.c: the call tree of Instruments (macOS) as text, what Edit >
 * Deep Copy puts on the clipboard from the Time Profiler's (or the
 * Allocations') call tree, and what speedscope imports:
 *
 *	Weight	Self Weight		Symbol Name
 *	10.00 ms  100.0%	0 s	 	Main Thread  0x1a2b
 *	10.00 ms  100.0%	1.00 ms	 	 main
 *	9.00 ms   90.0%	9.00 ms	 	  parse
 * becomes
 *	# fg-collapse kind=profile unit=ns
 *	Main Thread  0x1a2b;main 1000000
 *	Main Thread  0x1a2b;main;parse 9000000
 *
 * A header line of tab-separated column names, then one row per node of
 * the tree in depth-first order, its depth the number of blanks before
 * the symbol's name. A node's count is its self column ("Self Weight",
 * "Self"), or, when the copy has none, its total ("Weight", "Running
 * Time", "Bytes Used") less its children's. Times ("1.00 ms", "6.37 s",
 * "512.00 µs") become nanoseconds, sizes ("1.50 MB", "128 Bytes") bytes
 * (1 KB = 1024), bare numbers samples; the percentages after them are
 * ignored. Values are as Instruments rounded them for display.
 */
#include <stdlib.h>
#include <string.h>

#include "collapse.h"
#include "fg.h"

enum { U_NONE, U_NS, U_BYTES, U_COUNT };

static int
isdigit_(char c)
{
	return c >= '0' && c <= '9';
}

/* One node on the path: its total, its children's, where it ends. */
struct inode {
	uint64_t total, kids;
	size_t plen;		/* path length with this node's name */
};

struct ip {
	struct fg_in *in;
	struct fg_stab *tab;
	const struct copts *o;
	int ctotal, cself, csym;	/* column indices, -1 when absent */
	int unit;			/* U_*, of the first value read */
	int selfkind;			/* "Self (ms)": U_NS, else U_NONE */
	uint64_t selfscale;		/* and its scale */
	size_t base;			/* the first row's indentation */
	int rows;
	struct buf path;
	struct inode *st;
	size_t nst, capst;
	uint64_t used;			/* --max-output budget */
};

/* Field k of the tab-separated line s (n bytes); 0 when there is none. */
static int
field(const char *s, size_t n, int k, const char **f, size_t *fn)
{
	const char *t, *e = s + n;

	for (; k > 0; k--) {
		if ((t = memchr(s, '\t', (size_t)(e - s))) == NULL)
			return 0;
		s = t + 1;
	}
	t = memchr(s, '\t', (size_t)(e - s));
	*f = s;
	*fn = (size_t)((t != NULL ? t : e) - s);
	return 1;
}

/*
 * The column named one of names (NULL-terminated) in the header, maybe
 * with a unit after it, "Self (ms)", which *u (ul bytes) is set to; -1
 * when there is none.
 */
static int
column(const char *s, size_t n, const char *const *names, const char **u,
    size_t *ul)
{
	const char *f;
	size_t fn, m;
	int k, i;

	for (k = 0; field(s, n, k, &f, &fn); k++) {
		f = trim(f, &fn);
		for (i = 0; names[i] != NULL; i++) {
			m = strlen(names[i]);
			if (fn < m || memcmp(f, names[i], m) != 0)
				continue;
			*ul = 0;
			if (fn == m)
				return k;
			if (fn > m + 3 && f[m] == ' ' && f[m + 1] == '(' &&
			    f[fn - 1] == ')') {
				*u = f + m + 2;
				*ul = fn - m - 3;
				return k;
			}
		}
	}
	return -1;
}

static const char *const totals[] = { "Weight", "Running Time",
	"Bytes Used", "Sample Count", NULL };
static const char *const selfs[] = { "Self Weight", "Self", "Self Bytes",
	NULL };
static const char *const syms[] = { "Symbol Name", "Symbol Names",
	NULL };

/* A unit's scale and kind: "ms" is 10^6 ns. */
static int
unitof(const char *u, size_t n, uint64_t *scale)
{
	static const struct {
		const char *s;
		uint64_t scale;
		int kind;
	} us[] = {
		{ "ns", 1, U_NS }, { "\xc2\xb5s", 1000, U_NS },
		{ "us", 1000, U_NS }, { "ms", 1000000, U_NS },
		{ "s", 1000000000, U_NS }, { "min", 60000000000ULL, U_NS },
		{ "Bytes", 1, U_BYTES }, { "bytes", 1, U_BYTES },
		{ "B", 1, U_BYTES }, { "KB", 1024, U_BYTES },
		{ "MB", 1024 * 1024, U_BYTES },
		{ "GB", 1024ULL * 1024 * 1024, U_BYTES },
	};
	size_t i;

	if (n == 0) {
		*scale = 1;
		return U_COUNT;
	}
	for (i = 0; i < sizeof(us) / sizeof(us[0]); i++)
		if (strlen(us[i].s) == n && memcmp(us[i].s, u, n) == 0) {
			*scale = us[i].scale;
			return us[i].kind;
		}
	return U_NONE;
}

/*
 * A value "1.00 ms  100.0%", "6.37s", "128 Bytes" or "5": into *v in
 * ns, bytes or samples, its kind returned; U_NONE when it is not one.
 */
static int
value(const char *s, size_t n, uint64_t *v)
{
	uint64_t ip = 0, fr = 0, den = 1, scale;
	size_t i = 0, a;
	int kind;

	s = trim(s, &n);
	if (n == 0 || !isdigit_(s[0]))
		return U_NONE;
	for (; i < n && isdigit_(s[i]); i++) {
		if (ip > (UINT64_MAX - 9) / 10)
			return U_NONE;
		ip = ip * 10 + (uint64_t)(s[i] - '0');
	}
	if (i < n && s[i] == '.')
		for (i++; i < n && isdigit_(s[i]); i++)
			if (den < 1000000000) {
				fr = fr * 10 + (uint64_t)(s[i] - '0');
				den *= 10;
			}
	if (i < n && s[i] == ' ')
		i++;
	for (a = i; i < n && s[i] != ' ' && s[i] != '\t'; i++)
		;
	if ((kind = unitof(s + a, i - a, &scale)) == U_NONE ||
	    ip > UINT64_MAX / scale)
		return U_NONE;
	*v = ip * scale + fr * scale / den;
	return kind;
}

/* Counts the stack of the path's first len bytes. */
static void
emit(struct ip *I, size_t len, uint64_t c)
{
	if (c == 0)
		return;
	collapse_budget(I->in, I->o, "instruments", &I->used, len + 1);
	collapse_add_u64(I->tab, I->path.p, len, c, I->in);
}

/* Leaves the nodes deeper than depth; without a self column, counts them. */
static void
popto(struct ip *I, size_t depth)
{
	struct inode *t;

	while (I->nst > depth) {
		t = &I->st[--I->nst];
		if (I->cself < 0)
			emit(I, t->plen, t->total > t->kids ?
			    t->total - t->kids : 0);
	}
	I->path.len = I->nst > 0 ? I->st[I->nst - 1].plen : 0;
}

/* A row: its node entered at its depth, its self count added. */
static void
row(struct ip *I, const char *s, size_t n)
{
	const char *f, *name;
	size_t fn, depth, nl;
	uint64_t tot = 0, self = 0;
	int k;
	struct inode *t;

	if (!field(s, n, I->csym, &name, &nl))
		goto bad;
	for (depth = 0; depth < nl && name[depth] == ' '; depth++)
		;
	name += depth;
	nl -= depth;
	name = trim(name, &nl);
	if (nl == 0)
		goto bad;
	if (I->rows++ == 0)
		I->base = depth;
	if (depth < I->base || (depth -= I->base) > I->nst) {
		fg_in_warn(I->in, "a row deeper than the one before it "
		    "can be; skipped");
		return;
	}
	if (!field(s, n, I->ctotal, &f, &fn) ||
	    (k = value(f, fn, &tot)) == U_NONE)
		goto bad;
	if (I->cself >= 0 && !field(s, n, I->cself, &f, &fn))
		goto bad;
	if (I->cself >= 0 && I->selfkind != U_NONE) {
		/* "Self (ms)": bare numbers */
		if (value(f, fn, &self) != U_COUNT || I->selfkind != k ||
		    self > UINT64_MAX / I->selfscale)
			goto bad;
		self *= I->selfscale;
	} else if (I->cself >= 0 && value(f, fn, &self) != k)
		goto bad;
	if (I->unit == U_NONE)
		I->unit = k;
	else if (k != I->unit)
		goto bad;
	popto(I, depth);
	if (I->nst > 0)
		I->st[I->nst - 1].kids += tot;
	I->st = collapse_grow(I->st, &I->capst, I->nst + 1, sizeof(*I->st));
	if (I->path.len > 0)
		buf_put(&I->path, ";", 1);
	collapse_frame(&I->path, name, nl);
	t = &I->st[I->nst++];
	t->total = tot;
	t->kids = 0;
	t->plen = I->path.len;
	if (I->cself >= 0)
		emit(I, I->path.len, self);
	return;
bad:
	fg_in_warn(I->in, "not a call tree row (weight, symbol); skipped");
}

static void
run(struct fg_in *in, struct fg_stab *tab, const struct copts *o)
{
	struct ip I;
	char *line;
	const char *u = NULL;
	size_t len, ul, blank;
	int head = 1;

	memset(&I, 0, sizeof(I));
	I.in = in;
	I.tab = tab;
	I.o = o;
	I.ctotal = I.cself = I.csym = -1;
	while ((line = fg_in_line(in, &len)) != NULL) {
		if (len > 0 && line[len - 1] == '\r')
			len--;
		if (head) {
			if (len == 0)
				continue;
			I.ctotal = column(line, len, totals, &u, &ul);
			I.cself = column(line, len, selfs, &u, &ul);
			if (I.cself >= 0 && ul > 0 &&
			    (I.selfkind = unitof(u, ul, &I.selfscale)) ==
			    U_COUNT)
				I.selfkind = U_NONE;
			I.csym = column(line, len, syms, &u, &ul);
			if (I.ctotal < 0 || I.csym < 0)
				fg_errx(FG_EXIT_ERR, "%s: instruments: no "
				    "\"Weight\" and \"Symbol Name\" columns "
				    "in the first line", in->name);
			head = 0;
			continue;
		}
		blank = len;
		if (trim(line, &blank), blank == 0)
			continue;
		row(&I, line, len);
	}
	popto(&I, 0);
	if (head)
		collapse_warn(in, "instruments: no call tree in the input");
	if (I.unit == U_NS)
		collapse_unit(o, "ns", 2);
	else if (I.unit == U_BYTES)
		collapse_unit(o, "bytes", 5);
	else if (I.unit == U_COUNT)
		collapse_unit(o, "samples", 7);
	free(I.path.p);
	free(I.st);
}

/* A first line of tab-separated columns with "Symbol Name" and a weight. */
static int
probe(const char *head, size_t n, struct cprobe *why)
{
	const char *nl = memchr(head, '\n', n), *u;
	size_t len = nl != NULL ? (size_t)(nl - head) : n, ul;

	(void)why;
	if (len > 0 && head[len - 1] == '\r')
		len--;
	if (memchr(head, '\t', len) == NULL)
		return 0;
	return column(head, len, syms, &u, &ul) >= 0 &&
	    column(head, len, totals, &u, &ul) >= 0 ? PROBE_YES : 0;
}

const struct cfmt fmt_instruments = {
	"instruments", "Instruments call tree, Deep Copy text (Weight, "
	"Symbol Name)", probe, run, 0
};
