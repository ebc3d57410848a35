/* SPDX-License-Identifier: ISC */
/*
 * fg-color: annotate a profile or differential stream with frame colours.
 * The whole tool: the frame tree; the input read into it and into a table
 * of its stacks; the tree's colours, through common/color/color.c; what the
 * annotation lines say and the output with them (in common/color/color.h's
 * format); the options and the run.
 */
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fg.h"
#include "color.h"

/*
 * The frame tree of a profile or differential stream: stacks merged into
 * nodes (self and total counts for one or two columns), keyed by (parent,
 * name) in an open-addressing hash; consecutive stacks share their common
 * prefix without a lookup, which is the common case for sorted folded
 * input. Nothing here recurses: walks use the parent, child and sibling
 * links; children are sorted by name. Names are copied into an arena
 * (common/core/alloc.c), the node and slot arrays are large allocations on
 * huge pages (common/core/alloc.c).
 */

#define TREE_NONE UINT32_MAX

struct node {
	const char *name;	/* not NUL-terminated; root: "" */
	uint32_t nlen;
	uint32_t parent;	/* TREE_NONE for the root */
	uint32_t child;		/* first child */
	uint32_t next;		/* next sibling */
	uint32_t last;		/* last child (while building) */
	uint32_t depth;		/* root 0 */
	uint32_t color;		/* 0xRRGGBB or FG_NOCOLOR */
	uint64_t hash;
	double tot[2];		/* inclusive counts (after tree_finish) */
	double self[2];		/* counts of stacks ending here */
};

struct tree {
	struct node *n;	/* n[0] is the root */
	size_t nn, cap;
	int ncols;		/* 1: profile, 2: diff (before, after) */
	uint32_t *slots;	/* hash of (parent, name) -> node */
	size_t mask;
	uint32_t *path;		/* node per depth of the last stack added */
	size_t *pathend;	/* where each of its frames ends */
	size_t pathlen, pathcap;
	char *prev;		/* the last stack added */
	size_t prevlen, prevcap;
	struct fg_arena names;	/* the frames' names */
	uint32_t maxdepth;
	fg_count total[2];	/* exact sums of the counts (tree_counts) */
};

#define NAMES_MIN ((size_t)64 << 10)
#define NAMES_MAX ((size_t)4 << 20)

/* Grows p from n to m elements of sz bytes (m > n), keeping the first n. */
static void *
grow(void *p, size_t n, size_t m, size_t sz)
{
	void *q = fg_big_array(m, sz);

	memcpy(q, p, n * sz);
	free(p);
	return q;
}

static void
tree_init(struct tree *t, int ncols)
{
	memset(t, 0, sizeof(*t));
	t->ncols = ncols;
	t->cap = 1024;
	t->n = fg_big_array(t->cap, sizeof(*t->n));
	memset(&t->n[0], 0, sizeof(t->n[0]));
	t->nn = 1;
	t->n[0].name = "";
	t->n[0].parent = TREE_NONE;
	t->n[0].child = t->n[0].next = t->n[0].last = TREE_NONE;
	t->n[0].color = FG_NOCOLOR;
	t->mask = 1023;
	t->slots = fg_big_array(t->mask + 1, sizeof(*t->slots));
	memset(t->slots, 0xff, (t->mask + 1) * sizeof(*t->slots));
	fg_arena_init(&t->names, NAMES_MIN, NAMES_MAX, 1);
	t->pathcap = 64;
	t->path = fg_malloc(t->pathcap * sizeof(*t->path));
	t->pathend = fg_malloc(t->pathcap * sizeof(*t->pathend));
	t->path[0] = 0;
	t->pathend[0] = 0;
	t->pathlen = 1;
}

static void
tree_free(struct tree *t)
{
	fg_arena_free(&t->names);
	free(t->n);
	free(t->slots);
	free(t->path);
	free(t->pathend);
	free(t->prev);
	memset(t, 0, sizeof(*t));
}

static const char *
intern(struct tree *t, const char *s, size_t n)
{
	if (n == 0)
		return "";
	return memcpy(fg_arena_alloc(&t->names, n), s, n);
}

static inline uint64_t
keyhash(uint32_t parent, const char *s, size_t n)
{
	return fg_hash(s, n) ^ ((uint64_t)parent * 0x9e3779b97f4a7c15ULL);
}

static void
grow_slots(struct tree *t)
{
	size_t i, j, nmask = t->mask * 2 + 1;
	uint32_t *ns = fg_big_array(nmask + 1, sizeof(*ns));

	memset(ns, 0xff, (nmask + 1) * sizeof(*ns));
	for (i = 1; i < t->nn; i++) {
		for (j = t->n[i].hash & nmask; ns[j] != TREE_NONE;
		    j = (j + 1) & nmask)
			;
		ns[j] = (uint32_t)i;
	}
	free(t->slots);
	t->slots = ns;
	t->mask = nmask;
}

static uint32_t
newnode(struct tree *t, uint32_t parent, const char *s, size_t n,
    uint64_t h)
{
	struct node *p, *c;
	uint32_t id;

	if (t->nn >= UINT32_MAX - 1)
		fg_errx(FG_EXIT_ERR, "too many frames");
	if (t->nn == t->cap) {
		if (t->cap > SIZE_MAX / 2 / sizeof(*t->n))
			fg_errx(FG_EXIT_ERR, "too many frames");
		t->n = grow(t->n, t->cap, t->cap * 2, sizeof(*t->n));
		t->cap *= 2;
	}
	id = (uint32_t)t->nn++;
	c = &t->n[id];
	memset(c, 0, sizeof(*c));
	if (n > UINT32_MAX)
		fg_errx(FG_EXIT_ERR, "frame name too long");
	c->name = intern(t, s, n);
	c->nlen = (uint32_t)n;
	c->parent = parent;
	c->child = c->next = c->last = TREE_NONE;
	c->color = FG_NOCOLOR;
	c->hash = h;
	p = &t->n[parent];
	c->depth = p->depth + 1;
	if (c->depth > t->maxdepth)
		t->maxdepth = c->depth;
	if (p->last == TREE_NONE)
		p->child = id;
	else
		t->n[p->last].next = id;
	p->last = id;
	return id;
}

/* The child of parent called s[0..n), created if missing. */
static uint32_t
child(struct tree *t, uint32_t parent, const char *s, size_t n)
{
	uint64_t h;
	size_t i;
	uint32_t id;

	h = keyhash(parent, s, n);
	for (i = h & t->mask; (id = t->slots[i]) != TREE_NONE;
	    i = (i + 1) & t->mask) {
		const struct node *c = &t->n[id];

		if (c->hash == h && c->parent == parent && c->nlen == n &&
		    memcmp(c->name, s, n) == 0)
			return id;
	}
	id = newnode(t, parent, s, n, h);
	t->slots[i] = id;
	if (t->nn * 2 > t->mask)
		grow_slots(t);
	return id;
}

/*
 * Adds one stack ("a;b;c", root first) with its counts (ncols of them).
 * Trailing empty frames are dropped, as flamegraph.pl's split drops them.
 */
static void
tree_add(struct tree *t, const char *stack, size_t len,
    const double *c)
{
	const char *p, *e, *semi;
	size_t d, k;
	uint32_t cur;

	while (len > 0 && stack[len - 1] == ';')
		len--;
	d = fg_path_shared(stack, len, t->prev, t->prevlen, t->pathend,
	    t->pathlen);
	cur = t->path[d - 1];
	p = stack + fg_path_rest(d, t->pathend, len);
	e = stack + len;
	while (p < e) {
		semi = memchr(p, ';', (size_t)(e - p));
		if (semi == NULL)
			semi = e;
		cur = child(t, cur, p, (size_t)(semi - p));
		if (d + 1 >= t->pathcap) {
			t->pathcap *= 2;
			t->path = fg_reallocarray(t->path, t->pathcap,
			    sizeof(*t->path));
			t->pathend = fg_reallocarray(t->pathend, t->pathcap,
			    sizeof(*t->pathend));
		}
		t->path[d] = cur;
		t->pathend[d] = (size_t)(semi - stack);
		d++;
		p = semi + 1;
	}
	t->pathlen = d;
	if (len > t->prevcap) {
		t->prevcap = len * 2;
		free(t->prev);
		t->prev = fg_malloc(t->prevcap);
	}
	if (len > 0)
		memcpy(t->prev, stack, len);
	t->prevlen = len;
	for (k = 0; k < (size_t)t->ncols; k++)
		t->n[cur].self[k] += c[k];
}

/*
 * Converts a record's counts for tree_add, summing them exactly into
 * t->total first: a total over 2^63-1 (the root's, so also any frame's)
 * is fatal with the message every tool gives (fg_sum_overflow, naming in's
 * file and line), instead of widths and labels computed from doubles.
 */
static void
tree_counts(struct tree *t, const struct fg_in *in, const fg_count *rc,
    double *c)
{
	int k;

	for (k = 0; k < t->ncols; k++) {
		if (fg_count_add(&t->total[k], rc[k]) < 0)
			fg_sum_overflow(in->name, in->lineno);
		c[k] = fg_count_dbl(rc[k]);
	}
}

static int
namecmp(const void *a, const void *b)
{
	const struct node *x = *(const struct node *const *)a;
	const struct node *y = *(const struct node *const *)b;

	return fg_keycmp(x->name, x->nlen, y->name, y->nlen);
}

/* Sorts children by name and sums each node's inclusive counts. */
static void
tree_finish(struct tree *t)
{
	struct node **v = NULL;
	size_t vcap = 0, nv, i, j;
	uint32_t c;

	for (i = 0; i < t->nn; i++) {
		if (t->n[i].child == TREE_NONE ||
		    t->n[t->n[i].child].next == TREE_NONE)
			continue;
		nv = 0;
		for (c = t->n[i].child; c != TREE_NONE; c = t->n[c].next) {
			if (nv == vcap) {
				vcap = vcap ? vcap * 2 : 64;
				v = fg_reallocarray(v, vcap, sizeof(*v));
			}
			v[nv++] = &t->n[c];
		}
		qsort(v, nv, sizeof(*v), namecmp);
		t->n[i].child = (uint32_t)(v[0] - t->n);
		for (j = 0; j + 1 < nv; j++)
			v[j]->next = (uint32_t)(v[j + 1] - t->n);
		v[nv - 1]->next = TREE_NONE;
		t->n[i].last = (uint32_t)(v[nv - 1] - t->n);
	}
	free(v);
	/* Children always have higher ids than their parents. */
	for (i = t->nn; i-- > 0;) {
		struct node *n = &t->n[i], *p;

		n->tot[0] += n->self[0];
		n->tot[1] += n->self[1];
		if (n->parent == TREE_NONE)
			continue;
		p = &t->n[n->parent];
		p->tot[0] += n->tot[0];
		p->tot[1] += n->tot[1];
	}
}

/*
 * Pre-order walk without recursion: the node after n, descending into n's
 * children only when descend is set. TREE_NONE at the end.
 */
static uint32_t
tree_next(const struct tree *t, uint32_t n, int descend)
{
	if (descend && t->n[n].child != TREE_NONE)
		return t->n[n].child;
	while (n != TREE_NONE) {
		if (t->n[n].next != TREE_NONE)
			return t->n[n].next;
		n = t->n[n].parent;
	}
	return TREE_NONE;
}

/*
 * The input. Folded lines (several files read as one, common/color/flame.c)
 * are summed into a table of their stacks, for the output, and into a
 * frame tree, for the colours; a line whose number of counts differs from
 * the first's is skipped with a warning.
 */

/* The input: its stacks summed, as a table and a frame tree. */
struct color_in {
	struct fg_fold f;	/* open until color_in_free: its header */
	struct fg_stab *tab;	/* NULL when there was no data line */
	struct tree t;	/* valid when tab is not NULL */
	int ncols;		/* counts a line: 1 profile, 2 diff */
	struct fg_repl *rp;	/* replicate runs (stats.h) */
};

/* Replicate runs' "# fg-run" lines. */
static void
meta(void *arg, const char *line, size_t len)
{
	struct color_in *in = arg;

	fg_repl_meta(in->rp, line, len);
}

static void
first(void *arg, const struct fg_fold *f, int ncols)
{
	struct color_in *in = arg;

	fg_repl_header(in->rp, f->header);
	in->ncols = ncols;
	in->tab = fg_stab_new(ncols);
	tree_init(&in->t, ncols);
}

static void
rec(void *arg, const struct fg_fold *f, const struct fg_rec *r)
{
	struct color_in *in = arg;
	struct fg_ent *e;
	double c[2];
	int k;

	if (in->ncols == 2)
		fg_repl_stack(in->rp, r->stack, r->len, r->c);
	tree_counts(&in->t, &f->in, r->c, c);
	e = fg_stab_get(in->tab, r->stack, r->len);
	for (k = 0; k < in->ncols; k++)
		(void)fg_count_add(&e->c[k], r->c[k]);	/* <= total */
	tree_add(&in->t, r->stack, r->len, c);
}

/* Reads the files (none: standard input) into in, cut at bases. */
static void
color_read(struct color_in *in, char **files, int nfiles,
    const struct fg_bases *bases)
{
	struct fg_inorder o;

	memset(in, 0, sizeof(*in));
	in->ncols = 1;
	memset(&o, 0, sizeof(o));
	o.bases = bases;
	o.first = first;
	o.rec = rec;
	o.onmeta = meta;
	o.arg = in;
	in->rp = fg_repl_new();
	if (fg_inorder_read(&in->f, files, nfiles, &o) != 0)
		tree_finish(&in->t);
	fg_repl_end(in->rp, in->f.in.name);
}

static void
color_in_free(struct color_in *in)
{
	if (in->tab != NULL) {
		tree_free(&in->t);
		fg_stab_free(in->tab);
	}
	fg_fold_close(&in->f);
	fg_repl_free(in->rp);
}

/*
 * The colours of the frame tree: for a diff, every node through
 * common/color/color.c's noise test (fg_color_begin, _add, _end), then new code
 * settled down the tree and each node coloured; for a profile, each node
 * by name or width (fg_color_profile).
 */

/* A count held in a double (> 0; fg_count_from_dbl's, faster when whole). */
static void
period_add_dbl(struct fg_period *p, int side, double x)
{
	fg_count c;

	if (!(x > 0))
		return;
	if (x == floor(x) && x < 9223372036854775808.0) {
		c.i = (int64_t)x;	/* what fg_count_from_dbl makes of it */
		c.f = 0;
	} else if (fg_count_from_dbl(x, &c) != 0)
		return;
	fg_period_add(p, side, c);
}

/*
 * A tree's node as the colours see it, isnew telling for each node before
 * it whether it is new code (NULL for a profile).
 */
static void
nodeframe(const unsigned char *isnew, const struct node *n,
    struct fg_cframe *f)
{
	f->tot = n->tot;
	f->self = n->self;
	f->root = n->parent == TREE_NONE;
	f->pnew = !f->root && isnew != NULL && isnew[n->parent];
	f->name = n->name;
	f->nlen = n->nlen;
}

/*
 * New code: a frame absent before is purple when its own change is real
 * (beyond noise and the floor), and so is everything under such a frame,
 * however small: a child of new code is new by definition. A parent's
 * index is below its children's, so one pass in index order settles it.
 */
static unsigned char *
newcode(const struct fg_colorcfg *cfg, const struct tree *t)
{
	struct fg_cframe f;
	unsigned char *isnew;
	size_t i;

	isnew = fg_calloc(t->nn + 1, 1);
	for (i = 1; i < t->nn; i++) {
		nodeframe(isnew, &t->n[i], &f);
		isnew[i] = (unsigned char)fg_color_newcode(cfg, &f);
	}
	return isnew;
}

/*
 * The functions' verdicts by self, fg-top's: a function the gate fails on
 * colours its frames that moved its way (verdict.c).
 */
static void
functions(struct fg_colorcfg *cfg, const struct tree *t,
    const struct fg_period *per)
{
	struct fg_fnself fs;
	struct fg_changes cs;
	struct fg_noise nz;
	size_t i;

	fg_fnself_init(&fs);
	fg_changes_init(&cs);
	for (i = 1; i < t->nn; i++)
		if (t->n[i].nlen > 0)
			fg_fnself_add(&fs, t->n[i].name, t->n[i].nlen,
			    t->n[i].self);
	fg_verdict_functions(cfg, &fs, t->n[0].tot, per, &nz, &cs);
	fg_changes_free(&cs);
	fg_fnself_free(&fs);
}

/* A diff's noise test over all nodes; returns newcode's array. */
static unsigned char *
prepare(struct fg_colorcfg *cfg, const struct tree *t)
{
	struct fg_period per;
	size_t i;

	cfg->dmax = 0;
	if (t->ncols == 1)
		return NULL;
	memset(&per, 0, sizeof(per));
	fg_color_begin(cfg, t->n[0].tot);
	for (i = 1; i < t->nn; i++) {
		fg_color_add(cfg, t->n[i].tot, t->n[i].self);
		period_add_dbl(&per, 0, t->n[i].self[0]);
		period_add_dbl(&per, 1, t->n[i].self[1]);
	}
	fg_color_end(cfg, t->n[0].tot, &per);
	functions(cfg, t, &per);
	return newcode(cfg, t);
}

static uint32_t
nodecolor(struct fg_colorcfg *cfg, const unsigned char *isnew,
    const struct tree *t, const struct node *n)
{
	double all = t->n[0].tot[t->ncols - 1];
	struct fg_cframe f;

	if (t->ncols == 2) {
		nodeframe(isnew, n, &f);
		return fg_color_diff(cfg, &f, n->name, n->nlen, all);
	}
	return fg_color_profile(cfg, n->name, n->nlen, n->tot[0], all);
}

/* Colours every node of a finished tree (diff or profile). */
static void
color_tree(struct fg_colorcfg *cfg, struct tree *t)
{
	unsigned char *isnew;
	size_t i;

	isnew = prepare(cfg, t);
	for (i = 0; i < t->nn; i++)
		t->n[i].color = nodecolor(cfg, isnew, t, &t->n[i]);
	free(isnew);
}

/*
 * What the annotation lines of a coloured tree say, worked out for the
 * output: a profile's colour per distinct name, sorted; a diff's frame
 * paths, in the tree's order, with their colours.
 */

/* A profile's colour per distinct name, sorted by name. */
struct namecolors {
	struct fg_stab *tab;	/* name -> aux = colour */
	struct fg_ent **v;	/* its entries sorted, NULL-terminated */
};

static void
namecolors_make(struct namecolors *nc, const struct tree *t)
{
	struct fg_ent *e;
	size_t i;

	nc->tab = fg_stab_new(1);
	for (i = 1; i < t->nn; i++) {
		e = fg_stab_get(nc->tab, t->n[i].name, t->n[i].nlen);
		e->aux = t->n[i].color;
	}
	nc->v = fg_stab_sorted(nc->tab);
}

static void
namecolors_free(struct namecolors *nc)
{
	free(nc->v);
	fg_stab_free(nc->tab);
}

/*
 * A diff's frames (or --colordiffusion's) in the tree's order, the root
 * and frames of the colour skip (the neutral one) left out: pathwalk_next
 * gives each one's path ("a;b;c", len bytes, valid until the next call)
 * and colour, NULL at the end.
 */
struct pathwalk {
	const struct tree *t;
	uint32_t skip;
	uint32_t id;		/* the node last given */
	size_t *off;		/* where the path ends at each depth */
	char *path;
	size_t pcap;
};

static void
pathwalk_init(struct pathwalk *w, const struct tree *t, uint32_t skip)
{
	w->t = t;
	w->skip = skip;
	w->off = fg_calloc((size_t)t->maxdepth + 2, sizeof(*w->off));
	w->pcap = 256;
	w->path = fg_malloc(w->pcap);
	w->id = 0;
}

static const char *
pathwalk_next(struct pathwalk *w, size_t *len, uint32_t *color)
{
	const struct tree *t = w->t;
	const struct node *n;
	size_t plen;

	while ((w->id = tree_next(t, w->id, 1)) != TREE_NONE) {
		n = &t->n[w->id];
		plen = w->off[n->depth - 1];
		if (plen + n->nlen + 1 > w->pcap) {
			w->pcap = (plen + n->nlen + 1) * 2;
			w->path = fg_realloc(w->path, w->pcap);
		}
		if (n->depth > 1)
			w->path[plen++] = ';';
		memcpy(w->path + plen, n->name, n->nlen);
		plen += n->nlen;
		w->off[n->depth] = plen;
		if (n->color == w->skip || n->nlen == 0)
			continue;
		*len = plen;
		*color = n->color;
		return w->path;
	}
	return NULL;
}

static void
pathwalk_free(struct pathwalk *w)
{
	free(w->path);
	free(w->off);
}

/*
 * The output: the input's header line, fg-color's own (the settings the
 * colours were made with), the annotation lines (a colour per frame path
 * for a diff or --diffusion, else per name, in common/color/color.h's format),
 * then the stacks with their summed counts, in the order first seen.
 */

/* Profiles: one line per distinct name, sorted. */
static void
write_names(const struct tree *t)
{
	struct namecolors nc;
	struct fg_ent *e;
	size_t i;

	namecolors_make(&nc, t);
	for (i = 0; (e = nc.v[i]) != NULL; i++)
		if (e->len != 0)
			fg_annot_write(FG_ANNOT_NAME, fg_ent_key(nc.tab, e),
			    e->len, e->aux);
	namecolors_free(&nc);
}

/* Diffs: the neutral colour, then every frame of another colour. */
static void
write_paths(const struct tree *t, uint32_t neutral)
{
	struct pathwalk w;
	const char *path;
	size_t len;
	uint32_t c;

	fg_annot_write(FG_ANNOT_DEFAULT, NULL, 0, neutral);
	pathwalk_init(&w, t, neutral);
	while ((path = pathwalk_next(&w, &len, &c)) != NULL)
		fg_annot_write(FG_ANNOT_PATH, path, len, c);
	pathwalk_free(&w);
}

/*
 * Prints the input's header, the colour header, the annotation lines of
 * the coloured tree (after color_tree), and the stacks.
 */
static void
color_write(struct color_in *in, struct fg_colorcfg *cfg)
{
	struct fg_ent *e;
	size_t i;

	if (in->f.header != NULL) {
		fg_out_str(in->f.header);
		fg_out_char('\n');
	}
	fg_annot_write_header(cfg, in->ncols);
	if (in->tab == NULL)
		return;
	if (in->ncols == 2 || cfg->diffusion)	/* a colour per frame */
		write_paths(&in->t, fg_color_neutral(cfg));
	else
		write_names(&in->t);
	/* the runs' lines go on after their stacks, each stack once */
	i = fg_repl_on(in->rp) && fg_stab_count(in->tab) ==
	    fg_repl_nstacks(in->rp) ? 0 : SIZE_MAX;
	for (e = fg_stab_first(in->tab); e != NULL; e = e->next) {
		fg_out_rec(fg_ent_key(in->tab, e), e->len, e->c, in->ncols);
		if (i != SIZE_MAX)
			fg_repl_out(in->rp, i++);
	}
}

/* The options and the run. */

static const char usage[] =
    "fg-color [-c palette] [--hash] [--cp] [--negate] [--self-delta] "
    "[--colorblind] [--alpha a | --zcrit z] [--min-change pct] [file ...]";

static const char help[] =
    "usage: fg-color [options] [file ...]\n"
    "Read a folded profile or differential stream (several files are read\n"
    "as one, as flamegraph.pl reads them) and write it back with\n"
    "colour annotation lines (fg-color(1)) that fg-svg draws with:\n"
    "  # color-name NAME #rrggbb    profiles: one line per function name\n"
    "  # color-default #rrggbb      diffs: unchanged frames\n"
    "  # color-path A;B;C #rrggbb   diffs: each frame that changed\n"
    "Earlier colour lines in the input are replaced.\n"
    "\n"
    FG_COLOR_HELP
    FG_HELP_TAIL;

static const struct fg_opt opts[] = {
	FG_COLOR_OPTS,
	{ NULL, 0, 0 }
};

int
main(int argc, char *argv[])
{
	struct fg_optstate st;
	struct fg_colorcfg cfg;
	struct color_in in;
	char **files;
	int nfiles, ch;

	fg_tool_init(argv[0], usage, help);
	fg_colorcfg_init(&cfg);
	fg_opt_init(&st, argc, argv);
	while ((ch = fg_getopt(&st, opts)) != -1) {
		if (!fg_colorcfg_opt(&cfg, ch, st.arg))
			fg_usage(usage);
	}
	files = fg_opt_files(&st, &nfiles);
	color_read(&in, files, nfiles, &cfg.bases);
	cfg.header = in.f.header;
	cfg.nz.rp = fg_repl_on(in.rp) ? in.rp : NULL;
	/* a profile's frames are coloured by name: through the map (--cp) */
	if (in.tab != NULL && in.ncols == 1 && !cfg.diffusion)
		fg_pmap_load(&cfg);
	if (in.tab != NULL)
		color_tree(&cfg, &in.t);
	color_write(&in, &cfg);
	color_in_free(&in);
	fg_pmap_save(&cfg);
	fg_colorcfg_free(&cfg);
	free(st.ops);
	fg_out_close();
	return fg_status;
}
