/* SPDX-License-Identifier: ISC */
/*
 * flowview.c: one view of what flow.c laid out in one pass: the frames it
 * kept, the view's final minimum width applied (a frame under it is left
 * out with its subtree), positions made absolute, each frame coloured (by
 * the annotation lines' rules, else the profile's colours, or a diff's
 * with new code settled down the open path) and a diff's frames counted
 * by what their colour says. Nothing here recurses.
 */
#include <stdlib.h>
#include <string.h>

#include "fg.h"
#include "svg.h"

/* What a walk over the records keeps per depth. */
struct walk {
	double *base;		/* a drawn frame's absolute start */
	size_t *plen;		/* its path's length in path */
	unsigned char *isnew;	/* diff: it is new code */
	double gall;		/* the Elided view: all that vanished */
	char *path;		/* annotations: the current frame's path */
	size_t pcap;
	struct fg_stab *paths;	/* annotations by path */
	unsigned char *kept;	/* fg-elide's stream: by record, still runs */
};

/* Colour annotations by path, keyed by the path without trailing ';'. */
static struct fg_stab *
annotpaths(const struct fg_annot *a)
{
	struct fg_stab *t;
	struct fg_ent *e;
	const char *k;
	size_t n;

	if (a == NULL || a->paths == NULL)
		return NULL;
	t = fg_stab_new(1);
	for (e = fg_stab_first(a->paths); e != NULL; e = e->next) {
		k = fg_ent_key(a->paths, e);
		for (n = e->len; n > 0 && k[n - 1] == ';'; n--)
			;
		if (n > 0)
			fg_stab_get(t, k, n)->aux = e->aux;
	}
	return t;
}

/*
 * A frame's annotated colour by the annotation lines' rules (a path line,
 * else a name line, else the default line), or FG_NOCOLOR; never the
 * root's.
 */
static uint32_t
annotated(const struct fg_annot *a, struct fg_stab *paths, const char *path,
    size_t plen, const struct svg_frame *f)
{
	struct fg_ent *e;

	if (f->depth == 0)
		return FG_NOCOLOR;
	if (paths != NULL && (e = fg_stab_find(paths, path, plen)) != NULL)
		return e->aux;
	if (a != NULL && a->any) {
		if (a->names != NULL &&
		    (e = fg_stab_find(a->names, f->name, f->nlen)) != NULL)
			return e->aux;
		return a->def;
	}
	return FG_NOCOLOR;
}

/* The path of a frame at depth d >= 1 into w->path, after its parent's. */
static size_t
mkpath(struct walk *w, uint32_t d, const char *name, size_t nlen)
{
	size_t at = d > 1 ? w->plen[d - 1] + 1 : 0;

	if (at + nlen + 1 > w->pcap) {
		w->pcap = (at + nlen + 1) * 2;
		w->path = fg_realloc(w->path, w->pcap);
	}
	if (d > 1)
		w->path[at - 1] = ';';
	if (nlen > 0)
		memcpy(w->path + at, name, nlen);
	w->plen[d] = at + nlen;
	return w->plen[d];
}

/*
 * A frame of the Elided view: what vanished is blue by its share of all
 * that vanished (the view's root, gall), the ancestors that still run
 * grey, as fg-elide's stream draws alone (its "# color-kept" lines);
 * *vanished (unless NULL) says which it was.
 */
static uint32_t
elidedcolor(const struct fg_colorcfg *cc, const struct fg_cframe *cf,
    double gall, int *vanished)
{
	uint32_t c = fg_color_vanished(cc, cf, gall);

	if (vanished != NULL)
		*vanished = c != FG_NOCOLOR;
	return c != FG_NOCOLOR ? c : fg_color_neutral(cc);
}

/*
 * A diff frame's colour (ann: its annotation or FG_NOCOLOR, not in the
 * Elided view), its colour in the other palette (--colorblind flipped; an
 * annotation the diff did not give stays), and its count by kind (a frame
 * the current profile lacks counts as gone), as layout.c does for the tree.
 */
static void
diffcolor(struct svg_view *v, struct svg_opts *o, struct walk *w,
    struct svg_frame *f, uint32_t ann, double all)
{
	struct fg_cframe cf;
	uint32_t c;
	double u;
	int k, van = 0, el = v->col == SVG_ELIDED;

	cf.tot = f->tot;
	cf.self = f->selfc;
	cf.root = f->depth == 0;
	cf.pnew = !cf.root && w->isnew[f->depth - 1];
	w->isnew[f->depth] = (unsigned char)fg_color_newcode(&o->cc, &cf);
	c = el ? elidedcolor(&o->cc, &cf, w->gall, &van) :
	    fg_color_diff(&o->cc, &cf, f->name, f->nlen, all);
	f->color = ann != FG_NOCOLOR && !el ? ann : c;
	if (f->color != c)
		f->alt = f->color;
	else {
		o->cc.cb = !o->cc.cb;
		f->alt = el ? elidedcolor(&o->cc, &cf, w->gall, NULL) :
		    fg_color_diff(&o->cc, &cf, f->name, f->nlen, all);
		o->cc.cb = !o->cc.cb;
	}
	if (cf.root)
		return;
	k = van ? FG_DK_SHRANK : fg_color_kind_of(&o->cc, &cf, &u);
	if (f->tot[1] == 0 && f->tot[0] > 0)
		v->ngone[k != FG_DK_SAME]++;
	else
		v->nk[k]++;
}

/*
 * fg-elide's stream alone: which records still run in the current profile
 * (its "# color-kept" paths and their callers), by record. The records are
 * in preorder: a path is looked up going down, and a frame runs when it
 * was named or one of its callees runs, going back up (acc: per depth,
 * whether a callee seen so far runs).
 */
static unsigned char *
keptrecs(struct walk *w, const struct fg_annot *a, const struct svg_rec *recs,
    size_t n, const char *names, uint32_t maxd)
{
	unsigned char *k, *acc;
	size_t i, pl;
	uint32_t d;

	if (a == NULL || a->kept == NULL)
		return NULL;
	k = fg_calloc(n > 0 ? n : 1, 1);
	acc = fg_calloc((size_t)maxd + 2, 1);
	for (i = 1; i < n; i++) {
		pl = mkpath(w, recs[i].depth, names + recs[i].noff,
		    recs[i].nlen);
		k[i] = fg_stab_find(a->kept, w->path, pl) != NULL;
	}
	for (i = n; i-- > 1;) {
		d = recs[i].depth;
		k[i] |= acc[d + 1];
		acc[d + 1] = 0;
		acc[d] |= k[i];
	}
	free(acc);
	return k;
}

static void
colorframe(struct svg_view *v, struct svg_opts *o, const struct fg_annot *a,
    struct walk *w, struct svg_frame *f, size_t rec, double all)
{
	size_t pl = 0;
	uint32_t ann;

	if (w->paths != NULL && f->depth > 0)
		pl = mkpath(w, f->depth, f->name, f->nlen);
	ann = annotated(a, w->paths, w->path, pl, f);
	if (w->isnew != NULL) {
		diffcolor(v, o, w, f, ann, all);
		return;
	}
	/* fg-elide's stream: the root and the callers that still run are no
	 * path that vanished, as in the diff's Elided view */
	f->color = ann != FG_NOCOLOR ? ann : o->cc.gone && (f->depth == 0 ||
	    (w->kept != NULL && w->kept[rec])) ? fg_color_neutral(&o->cc) :
	    fg_color_profile(&o->cc, f->name, f->nlen, f->tot[0], all);
	f->alt = f->color;
}

static struct svg_frame *
newframe(struct svg_view *v)
{
	if (v->nf == v->cap) {
		v->cap = v->cap ? v->cap * 2 : 256;
		v->f = fg_reallocarray(v->f, v->cap, sizeof(*v->f));
	}
	return &v->f[v->nf++];
}

void
svg_flow_view(struct svg_flow *s, int k, int isdiff, struct svg_view *v,
    struct svg_opts *o, const struct fg_annot *a)
{
	const struct svg_rec *recs, *r;
	struct svg_frame *f;
	struct walk w;
	const char *names;
	size_t i, n;
	uint32_t skip = UINT32_MAX, maxd;
	double wd, all;

	recs = svg_flow_close(s, &n, &names, &maxd, NULL);
	memset(&w, 0, sizeof(w));
	w.paths = annotpaths(a);
	w.plen = fg_calloc((size_t)maxd + 2, sizeof(*w.plen));
	w.kept = keptrecs(&w, a, recs, n, names, maxd);
	w.base = fg_calloc((size_t)maxd + 2, sizeof(*w.base));
	if (isdiff)
		w.isnew = fg_calloc((size_t)maxd + 2, 1);
	all = recs[0].tot[isdiff ? 1 : 0];
	w.gall = recs[0].w[k];
	v->maxdepth = 0;
	for (i = 0; i < n; i++) {
		r = &recs[i];
		if (skip != UINT32_MAX && r->depth > skip)
			continue;
		skip = UINT32_MAX;
		wd = i == 0 ? v->total : r->w[k];
		if (!(wd > 0) || (i > 0 && wd < v->minw)) {
			skip = r->depth;
			continue;
		}
		f = newframe(v);
		f->name = i == 0 ? "" : names + r->noff;
		f->nlen = r->nlen;
		f->depth = r->depth;
		f->x = r->depth == 0 ? 0 : w.base[r->depth - 1] + r->x[k];
		w.base[r->depth] = f->x;
		f->w = wd;
		f->self = svg_vself(r->tot, r->selfc, v->col);
		memcpy(f->tot, r->tot, sizeof(f->tot));
		memcpy(f->selfc, r->selfc, sizeof(f->selfc));
		colorframe(v, o, a, &w, f, i, all);
		f->white = fg_color_ink(f->color) != 0;
		if (f->depth > v->maxdepth)
			v->maxdepth = f->depth;
	}
	free(w.path);
	free(w.plen);
	free(w.base);
	free(w.isnew);
	free(w.kept);
	if (w.paths != NULL)
		fg_stab_free(w.paths);
}
