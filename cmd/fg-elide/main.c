/* SPDX-License-Identifier: ISC */
/*
 * fg-elide: the paths of the baseline that vanished from the current
 * profile. A line "S b a" of a differential stream is elided when b > 0 and
 * no stack with a > 0 is S or passes through S (S is a prefix path of no
 * current stack). Prints them as a plain profile "S b".
 * The whole tool: the input (the stacks read through fg_sum, sum.h, into a
 * table in bytewise order), which of them are elided, the output, and the
 * options and the run.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "fg.h"
#include "sum.h"
#include "color.h"

/* The input: its stacks, summed, and what its header says. */
struct elide_in {
	struct fg_stab *tab;	/* before, after counts; bytewise order */
	char *header;		/* the first "# fg-" header line */
	char *base, *current, *unit;	/* its values, or NULL */
};

/*
 * The input. The stacks of the differential stream come through the one
 * summing path (sum.h), every unique stack once with its summed counts,
 * into a table in bytewise order; the header's names of the two sides and
 * the unit are kept for the output's header.
 */

static void
onstack(const char *key, size_t len, const fg_count *c, int ncols, void *arg)
{
	struct elide_in *rd = arg;
	struct fg_ent *e;

	(void)ncols;
	e = fg_stab_get(rd->tab, key, len);
	e->c[0] = c[0];
	e->c[1] = c[1];
}

static void *
fork(void *arg)
{
	struct elide_in *rd;

	(void)arg;
	rd = fg_calloc(1, sizeof(*rd));
	rd->tab = fg_stab_new(2);
	return rd;
}

/* The upper half's stacks after ours: the order stays bytewise. */
static void
join(void *arg, void *child)
{
	struct elide_in *rd = child;
	struct fg_ent *e;

	for (e = fg_stab_first(rd->tab); e != NULL; e = e->next)
		onstack(fg_ent_key(rd->tab, e), e->len, e->c, 2, arg);
	fg_stab_free(rd->tab);
	free(rd);
}

/* Reads the files (none: standard input) into rd. */
static void
elide_read(struct elide_in *rd, char **files, int nfiles)
{
	struct fg_sumopt so;

	memset(rd, 0, sizeof(*rd));
	rd->tab = fg_stab_new(2);
	memset(&so, 0, sizeof(so));
	so.kind = FG_KIND_DIFF;
	so.header = &rd->header;
	so.emit = onstack;
	so.fork = fork;
	so.join = join;
	so.arg = rd;
	fg_sum(files, nfiles, &so);
	if (rd->header != NULL) {
		rd->base = fg_header_get(rd->header, "base");
		rd->current = fg_header_get(rd->header, "current");
		rd->unit = fg_header_get(rd->header, "unit");
	}
}

static void
elide_in_free(struct elide_in *rd)
{
	free(rd->base);
	free(rd->current);
	free(rd->unit);
	free(rd->header);
	fg_stab_free(rd->tab);
}

/*
 * Which baseline paths vanished. Over the summed stacks in bytewise order,
 * a stack S with a baseline count is elided when no stack with a current
 * count is S or passes through S (has the prefix "S;"); and, for each, its
 * deepest ancestor that still runs.
 */

/* Compares key t with the string s followed by ';'. */
static int
cmp_semi(const char *t, size_t tl, const char *s, size_t sl)
{
	int r = memcmp(t, s, tl < sl ? tl : sl);

	if (r != 0)
		return r;
	if (tl <= sl)
		return -1;
	return (unsigned char)t[sl] - (unsigned char)';';
}

/* Index of the first current stack >= s (with ';' appended when semi). */
static size_t
lower(struct fg_keyref *cur, size_t n, const char *s, size_t sl, int semi)
{
	size_t lo = 0, hi = n, mid;
	int r;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		r = semi ? cmp_semi(cur[mid].key, cur[mid].len, s, sl) :
		    fg_keycmp(cur[mid].key, cur[mid].len, s, sl);
		if (r < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static int
survives(struct fg_keyref *cur, size_t n, const char *s, size_t sl)
{
	size_t i;

	i = lower(cur, n, s, sl, 0);
	if (i < n && cur[i].len == sl && memcmp(cur[i].key, s, sl) == 0)
		return 1;
	i = lower(cur, n, s, sl, 1);
	return i < n && cur[i].len > sl && memcmp(cur[i].key, s, sl) == 0 &&
	    cur[i].key[sl] == ';';
}

/*
 * The deepest ancestor of stack k (len bytes) that still runs, as the
 * length of its path, or 0 when none does. A path's callers run when it
 * does, so over the stack's ';' positions "runs" holds up to one and no
 * further: a binary search finds it in a few lookups however deep the
 * stack (pos: room for its positions).
 */
static size_t
deepestkept(struct fg_keyref *cur, size_t ncur, const char *k, size_t len,
    size_t *pos)
{
	size_t j, m = 0, lo = 0, hi;

	for (j = 0; j < len; j++)
		if (k[j] == ';')
			pos[m++] = j;
	hi = m;			/* pos[0..lo) run, pos[hi..m) do not */
	while (lo < hi) {
		j = lo + (hi - lo) / 2;
		if (survives(cur, ncur, k, pos[j]))
			lo = j + 1;
		else
			hi = j;
	}
	return lo > 0 ? pos[lo - 1] : 0;
}

/*
 * For each elided stack the deepest ancestor that still runs, each once:
 * its callers still run too, so one path stands for them all and the
 * output stays as long as the input however deep the stacks.
 */
static struct fg_keyref *
ancestors(struct fg_stab *tab, struct fg_ent **v, size_t n,
    struct fg_keyref *cur, size_t ncur, size_t *nkept)
{
	struct fg_keyref *kept = NULL;
	const char *k;
	size_t i, l, cap = 0, pcap = 0, *pos = NULL;

	*nkept = 0;
	for (i = 0; i < n; i++) {
		k = fg_ent_key(tab, v[i]);
		if (v[i]->len > pcap) {
			pcap = v[i]->len;
			pos = fg_reallocarray(pos, pcap, sizeof(*pos));
		}
		if ((l = deepestkept(cur, ncur, k, v[i]->len, pos)) == 0)
			continue;
		if (*nkept > 0 && kept[*nkept - 1].len == l &&
		    memcmp(kept[*nkept - 1].key, k, l) == 0)
			continue;
		if (*nkept == cap) {
			cap = cap ? cap * 2 : 64;
			kept = fg_reallocarray(kept, cap, sizeof(*kept));
		}
		kept[*nkept].key = k;
		kept[(*nkept)++].len = l;
	}
	free(pos);
	return kept;
}

/*
 * The entries of tab (before, after counts; in bytewise order) that are
 * elided, in that order; *n of them. *kept gets *nkept paths, prefixes of
 * their keys: for each, its deepest ancestor that still runs (in the
 * current profile), each once; their callers run too. free() both arrays.
 */
static struct fg_ent **
elide(struct fg_stab *tab, size_t *n, struct fg_keyref **kept, size_t *nkept)
{
	struct fg_keyref *cur;
	struct fg_ent *e, **out;
	size_t ncur = 0;

	cur = fg_reallocarray(NULL, fg_stab_count(tab) + 1, sizeof(*cur));
	out = fg_reallocarray(NULL, fg_stab_count(tab) + 1, sizeof(*out));
	for (e = fg_stab_first(tab); e != NULL; e = e->next) {
		if (fg_count_iszero(e->c[1]))
			continue;
		cur[ncur].key = fg_ent_key(tab, e);
		cur[ncur].len = e->len;
		ncur++;
	}
	*n = 0;
	for (e = fg_stab_first(tab); e != NULL; e = e->next)
		if (!fg_count_iszero(e->c[0]) &&
		    !survives(cur, ncur, fg_ent_key(tab, e), e->len))
			out[(*n)++] = e;
	*kept = ancestors(tab, out, *n, cur, ncur, nkept);
	free(cur);
	return out;
}

/*
 * The output: a "# fg-elide" header naming the view and what the input's
 * header named (the two sides, the unit), a "# color-kept" line
 * (fg-folded(5)) for each elided stack's deepest ancestor that still runs,
 * then the elided stacks as a plain profile of their baseline counts.
 */

/*
 * Prints the n entries v of in's table; when header, after the header and
 * a "# color-kept" line for each of the nk paths kept (with their callers:
 * drawn grey, not what vanished).
 */
static void
elide_write(const struct elide_in *in, struct fg_ent **v, size_t n,
    const struct fg_keyref *kept, size_t nk, int header)
{
	struct fg_colorcfg cc;
	size_t i;

	if (header) {
		fg_out_header("fg-elide", "kind", "profile", "view", "elided",
		    "base", in->base, "current", in->current, "unit", in->unit,
		    (char *)NULL);
		fg_colorcfg_init(&cc);
		for (i = 0; i < nk; i++)
			fg_annot_write(FG_ANNOT_KEPT, kept[i].key, kept[i].len,
			    fg_color_neutral(&cc));
		fg_colorcfg_free(&cc);
	}
	for (i = 0; i < n; i++)
		fg_out_rec(fg_ent_key(in->tab, v[i]), v[i]->len, v[i]->c, 1);
}

/* The options and the run. */

static const char usage[] = "fg-elide [--no-header] [file ...]";

static const char help[] =
    "usage: fg-elide [--no-header] [file ...]\n"
    "Read a differential stream (stack before after, as fg-diff prints it)\n"
    "and print the elided stacks: the baseline's paths that vanished from\n"
    "the current profile, as a plain folded profile of baseline counts,\n"
    "sorted bytewise. Several files are read as one stream; with no file,\n"
    "or when file is -, read standard input.\n"
    "\n"
    "      --no-header        do not print the `# fg-elide` header line\n"
    FG_HELP_TAIL;

enum { OPT_NOHEADER = 256 };
static const struct fg_opt opts[] = {
	{ "no-header", OPT_NOHEADER, FG_OPT_NOARG },
	{ NULL, 0, 0 }
};

int
main(int argc, char *argv[])
{
	struct fg_optstate st;
	struct elide_in in;
	struct fg_ent **v;
	struct fg_keyref *kept;
	char **files;
	size_t n, nk;
	int c, nfiles, header = 1;

	fg_tool_init(argv[0], usage, help);
	fg_opt_init(&st, argc, argv);
	while ((c = fg_getopt(&st, opts)) != -1) {
		switch (c) {
		case OPT_NOHEADER:
			header = 0;
			break;
		default:
			fg_usage(usage);
		}
	}
	files = fg_opt_files(&st, &nfiles);
	elide_read(&in, files, nfiles);
	v = elide(in.tab, &n, &kept, &nk);
	elide_write(&in, v, n, kept, nk, header);
	free(kept);
	free(v);
	elide_in_free(&in);
	free(st.ops);
	fg_out_close();
	return fg_status;
}
