/* SPDX-License-Identifier: ISC */
/*
 * color.c: the differential colours (coloropt reads their settings, the
 * options fg-color and fg-svg share): a frame's change in the comparison
 * mode in force (stats.h), neutral when within noise (the test fg-top
 * makes) or below the --min-change floor; grew red, shrank blue,
 * intensity by sqrt(|d| / max |d|); new frames (no baseline samples)
 * purple.
 */
#include <sys/stat.h>

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fg.h"
#include "stats.h"
#include "color.h"

/* ---- diff colours ---- */

uint32_t
fg_color_neutral(const struct fg_colorcfg *cfg)
{
	(void)cfg;
	return FG_RGB(221, 221, 221);
}

/*
 * The separator frames flamegraph.pl greys whatever the palette or the
 * change: "--" and "-"; FG_NOCOLOR for any other name.
 */
uint32_t
fg_color_sep(const char *name, size_t len)
{
	if (len == 2 && memcmp(name, "--", 2) == 0)
		return FG_RGB(160, 160, 160);
	if (len == 1 && name[0] == '-')
		return FG_RGB(200, 200, 200);
	return FG_NOCOLOR;
}

uint32_t
fg_color_new(const struct fg_colorcfg *cfg)
{
	return cfg->cb ? FG_RGB(240, 228, 66) : FG_RGB(153, 102, 255);
}

static uint32_t
mix(uint32_t a, uint32_t b, double u)
{
	int k, sh;
	uint32_t c = 0;

	for (k = 0; k < 3; k++) {
		sh = 16 - 8 * k;
		double x = ((a >> sh) & 255) * (1 - u) + ((b >> sh) & 255) * u;

		c |= (uint32_t)lround(x) << sh;
	}
	return c;
}

uint32_t
fg_color_scale(const struct fg_colorcfg *cfg, double t, int sign)
{
	double u = t > 1 ? 1 : (t < 0 ? 0 : sqrt(t));

	if (cfg->cb)
		return sign > 0 ?
		    mix(FG_RGB(255, 214, 180), FG_RGB(213, 94, 0), u) :
		    mix(FG_RGB(198, 224, 245), FG_RGB(0, 114, 178), u);
	return sign > 0 ? mix(FG_RGB(255, 205, 205), FG_RGB(230, 25, 25), u) :
	    mix(FG_RGB(205, 210, 255), FG_RGB(30, 60, 230), u);
}

struct dv {
	double b, a, d;
	int sig;
	int byfn;		/* sig by its function's verdict alone */
};

/* A frame's count before and after, from the point of view in force. */
void
fg_color_sides(const struct fg_colorcfg *cfg, const struct fg_cframe *f, double *b,
    double *a)
{
	int k = cfg->negate ? 1 : 0;

	*b = cfg->selfdelta && !f->root ? f->self[k] : f->tot[k];
	*a = cfg->selfdelta && !f->root ? f->self[1 - k] : f->tot[1 - k];
}

/*
 * The noise test's verdict on a frame (fg_color_end ran it), never the
 * root's (its z is 0): with --zcrit, its |z| above it; else Holm's
 * procedure rejects every |z| down to the smallest it rejected
 * (cfg->zthr).
 */
static int
noisesig(const struct fg_colorcfg *cfg, const struct fg_cframe *f, double b,
    double a)
{
	double z;

	if (f->root)
		return 0;
	if (cfg->nz.rule == FG_RULE_FIXED) {
		z = fg_noise_z(&cfg->nz, b, a);
		return !isnan(z) && fabs(z) > cfg->nz.zcrit;
	}
	if (cfg->nsig == 0)	/* no z to compute */
		return 0;
	return fg_holm_rejects(fg_noise_z(&cfg->nz, b, a), cfg->nsig,
	    cfg->zthr);
}

/*
 * Whether the function of frame f changed beyond noise and the threshold
 * (cfg->fnv, fg_verdict_functions) the way the frame moved (d), and the
 * frame's own self change holds a part of it beyond noise at the level
 * of one test among the function's frames.
 */
static int
bysfunc(const struct fg_colorcfg *cfg, const struct fg_cframe *f, double d)
{
	const struct fg_fnvent *fe;
	struct fg_ent *e;
	double z;
	int k = cfg->negate ? 1 : 0;

	if (cfg->fnv == NULL || f->name == NULL ||
	    (e = fg_stab_find(cfg->fnv->tab, f->name, f->nlen)) == NULL)
		return 0;
	fe = &cfg->fnv->v[e->aux - 1];
	if ((d > 0) != (fe->dir > 0) || f->self[k] == f->self[1 - k])
		return 0;
	if (cfg->nz.rule == FG_RULE_NONE || !fg_noise_tested(&cfg->nz))
		return 1;
	z = fg_noise_z(&cfg->nz, f->self[k], f->self[1 - k]);
	return !isnan(z) && fe->dir * z > fe->z;
}

static void
framedelta(const struct fg_colorcfg *cfg, const struct fg_cframe *f,
    struct dv *v)
{
	fg_color_sides(cfg, f, &v->b, &v->a);
	v->d = fg_noise_delta(&cfg->nz, v->b, v->a);
	v->sig = cfg->nz.rule == FG_RULE_NONE ? v->d != 0 :
	    noisesig(cfg, f, v->b, v->a);
	/* and large enough to matter */
	if (v->sig && fg_color_underfloor(cfg, v->d))
		v->sig = 0;
	v->byfn = 0;
	if (!v->sig && v->d != 0 && !f->root && bysfunc(cfg, f, v->d))
		v->sig = v->byfn = 1;
}

int
fg_color_underfloor(const struct fg_colorcfg *cfg, double d)
{
	return cfg->minchg > 0 && !fg_over(d, cfg->minchg);
}

/*
 * What fg_color_end needs of every frame, gathered as they come (a tree's
 * nodes, or frames closing in a one-pass layout), in memory that grows
 * with the frames that may matter, not with all of them: the frames'
 * count, and the counts of those the noise
 * test may call real or that may hold the largest change. A trial setup
 * of the test (pz) screens them: its scale is the final one, or larger
 * when a period is detected at the end (smaller z), and its change is the
 * final one. --drift auto changes both by a factor known only at the end:
 * then every frame is kept.
 */
struct cpair {
	double b, a, d;		/* sides; trial |change| when b > 0, else -1 */
	int z;			/* trial |z| near or above zscr */
};

struct fg_dstat {
	struct fg_noise pz;
	double zscr;		/* least |z| the test may call real */
	size_t n;		/* frames added */
	struct cpair *p;
	size_t np, cap, last;	/* last: np after the last compaction */
	double dtop;		/* largest trial |change| */
	double *sa, *sb;	/* --drift auto: every frame's self counts */
	size_t ns, scap;
	int keepself;		/* keep them (sa, sb) */
	int all;		/* keep every frame's pair */
};

#define CSLACK (1 - 1e-6)

void
fg_color_begin(struct fg_colorcfg *cfg, const double *tot)
{
	static const double none[2] = { 0, 0 };
	struct fg_dstat *ds;
	const double *t = tot != NULL ? tot : none;

	fg_color_dstat_free(cfg);
	ds = cfg->ds = fg_calloc(1, sizeof(*ds));
	cfg->nz.negate = cfg->negate;
	ds->pz = cfg->nz;
	ds->pz.quiet = 1;
	/* Holm rejects no p-value above alpha: |z| below its one-test z */
	ds->zscr = cfg->nz.rule == FG_RULE_FIXED ? cfg->nz.zcrit :
	    fg_zof(cfg->nz.alpha);
	fg_noise_setup(&ds->pz, cfg->header, "input", t[0], t[1], NULL);
	ds->keepself = cfg->nz.driftauto &&
	    ds->pz.mode != FG_MODE_PROPORTIONAL;
	/* no trial scale without the totals: every frame is kept */
	ds->all = ds->keepself || tot == NULL;
}

void
fg_color_dstat_free(struct fg_colorcfg *cfg)
{
	if (cfg->ds == NULL)
		return;
	free(cfg->ds->p);
	free(cfg->ds->sa);
	free(cfg->ds->sb);
	free(cfg->ds);
	cfg->ds = NULL;
}

/* Drops the pairs no longer needed: neither near zscr nor the top. */
static void
compact(struct fg_dstat *ds)
{
	size_t i, j = 0;

	for (i = 0; i < ds->np; i++)
		if (ds->all || ds->p[i].z || ds->p[i].d >= ds->dtop * CSLACK)
			ds->p[j++] = ds->p[i];
	ds->np = ds->last = j;
}

static void
keepself(struct fg_colorcfg *cfg, const double *self)
{
	struct fg_dstat *ds = cfg->ds;
	int k = cfg->negate ? 1 : 0;

	if (ds->ns == ds->scap) {
		ds->scap = ds->scap ? ds->scap * 2 : 256;
		ds->sa = fg_reallocarray(ds->sa, ds->scap, sizeof(*ds->sa));
		ds->sb = fg_reallocarray(ds->sb, ds->scap, sizeof(*ds->sb));
	}
	ds->sa[ds->ns] = self[k];
	ds->sb[ds->ns++] = self[1 - k];
}

void
fg_color_add(struct fg_colorcfg *cfg, const double *tot, const double *self)
{
	struct fg_dstat *ds = cfg->ds;
	struct fg_cframe f = { tot, self, 0, 0, NULL, 0 };
	struct cpair q;

	ds->n++;
	if (ds->keepself)
		keepself(cfg, self);
	fg_color_sides(cfg, &f, &q.b, &q.a);
	q.z = ds->all || (cfg->nz.rule != FG_RULE_NONE &&
	    fg_noise_maybe(&ds->pz, q.b, q.a, ds->zscr * CSLACK));
	q.d = q.b > 0 ? fabs(fg_noise_delta(&ds->pz, q.b, q.a)) : -1;
	if (q.d > ds->dtop)
		ds->dtop = q.d;
	if (!q.z && !(q.d >= 0 && q.d >= ds->dtop * CSLACK))
		return;
	if (ds->np == ds->cap) {
		if (ds->np > 2 * ds->last + 64)
			compact(ds);
		if (ds->np == ds->cap) {
			ds->cap = ds->cap ? ds->cap * 2 : 256;
			ds->p = fg_reallocarray(ds->p, ds->cap, sizeof(*ds->p));
		}
	}
	ds->p[ds->np++] = q;
}

/*
 * The noise test, fg-top's (stats.h): the mode and the samples behind
 * the counts from the options, the stream's header or the period detected
 * in the frames' self counts; each frame's change tested, Holm's procedure
 * over all the frames (the root's z is 0) keeping the chance of any false
 * colour at --alpha (0.001), as in fg-top. Only the frames kept can be
 * rejected (see struct fg_dstat). Run-to-run
 * variation beyond sampling noise is left to the --min-change floor (see
 * framedelta) and --drift.
 */
static void
noisetest(struct fg_colorcfg *cfg)
{
	struct fg_dstat *ds = cfg->ds;
	double *z;
	size_t i, m = 0;

	z = fg_reallocarray(NULL, ds->np + 1, sizeof(*z));
	for (i = 0; i < ds->np; i++)
		if (ds->p[i].z)
			z[m++] = fg_noise_z(&cfg->nz, ds->p[i].b, ds->p[i].a);
	cfg->nsig = fg_holm_of(z, m, ds->n + 1, cfg->nz.alpha, &cfg->zthr);
	free(z);
}

void
fg_color_end(struct fg_colorcfg *cfg, const double *roottot,
    const struct fg_period *per)
{
	struct fg_dstat *ds = cfg->ds;
	double d;
	size_t i;

	cfg->dmax = 0;
	cfg->nsig = 0;
	cfg->nframes = ds->n;
	/* in the stream's order: the test swaps the sides (stats.h) */
	cfg->nz.negate = cfg->negate;
	fg_noise_setup(&cfg->nz, cfg->header, "input", roottot[0], roottot[1],
	    per);
	cfg->zmdc = fg_noise_zmdc(&cfg->nz, cfg->nframes + 1);
	/* the drift between the runs, measured over the frames' self
	 * counts, which partition each side as fg-top's functions do */
	fg_noise_drift(&cfg->nz, ds->sa, ds->sb, ds->ns);
	if (cfg->nz.rule == FG_RULE_HOLM)
		noisetest(cfg);
	for (i = 0; i < ds->np; i++) {
		if (!(ds->p[i].b > 0))
			continue;
		d = fabs(fg_noise_delta(&cfg->nz, ds->p[i].b, ds->p[i].a));
		if (d > cfg->dmax)
			cfg->dmax = d;
	}
	fg_color_dstat_free(cfg);
}

/*
 * fg_color_newcode, the frame's change in *v when it was tested (else
 * v->byfn is 0): the kind of a new frame needs no second test.
 */
static int
newcode(const struct fg_colorcfg *cfg, const struct fg_cframe *f,
    struct dv *v)
{
	int kb = cfg->negate ? 1 : 0;

	v->byfn = 0;
	if (f->root || f->tot[kb] != 0 || !(f->tot[1 - kb] > 0))
		return 0;
	if (f->pnew)
		return 1;
	framedelta(cfg, f, v);
	return v->sig != 0;
}

int
fg_color_newcode(const struct fg_colorcfg *cfg, const struct fg_cframe *f)
{
	struct dv v;

	return newcode(cfg, f, &v);
}

int
fg_color_kind_why(const struct fg_colorcfg *cfg, const struct fg_cframe *f,
    double *u, int *byfn)
{
	struct dv v;
	int kb = cfg->negate ? 1 : 0;

	*u = 0;
	*byfn = 0;
	/* new, unless a few samples that noise explains (see newcode) */
	if (f->tot[kb] == 0 && f->tot[1 - kb] > 0) {
		if (!newcode(cfg, f, &v))
			return FG_DK_SAME;
		*byfn = v.byfn;
		return FG_DK_NEW;
	}
	framedelta(cfg, f, &v);
	if (!v.sig || v.d == 0 || cfg->dmax == 0)
		return FG_DK_SAME;
	*u = fabs(v.d) / cfg->dmax;
	*byfn = v.byfn;
	return v.d > 0 ? FG_DK_GREW : FG_DK_SHRANK;
}

int
fg_color_kind_of(const struct fg_colorcfg *cfg, const struct fg_cframe *f,
    double *u)
{
	int byfn;

	return fg_color_kind_why(cfg, f, u, &byfn);
}

/*
 * The elided view shows what vanished (fg-elide's paths): a frame there
 * that is all gone is blue, even when the noise test or the floor would
 * grey it in the Baseline view (a rerun's one-sample paths), by its share
 * of all that vanished, as fg_color_profile colours fg-elide's stream
 * drawn alone (cfg->gone), so that the two pictures agree.
 */
uint32_t
fg_color_vanished(const struct fg_colorcfg *cfg, const struct fg_cframe *f,
    double all)
{
	int kb = cfg->negate ? 1 : 0;

	if (f->root || !(f->tot[kb] > 0) || f->tot[1 - kb] > 0)
		return FG_NOCOLOR;
	return fg_color_scale(cfg, all > 0 ? f->tot[kb] / all : 1, -1);
}

uint32_t
fg_color_diff(struct fg_colorcfg *cfg, const struct fg_cframe *f,
    const char *name, size_t nlen, double all)
{
	uint32_t c;
	double u;
	int k;

	/* inferno's --colordiffusion: red growing with the square root */
	if (cfg->diffusion && all > 0)
		return fg_color_scale(cfg, f->tot[1] / all, 1);
	if ((c = fg_color_sep(name, nlen)) != FG_NOCOLOR)
		return c;
	k = fg_color_kind_of(cfg, f, &u);
	if (k == FG_DK_NEW)
		return fg_color_new(cfg);
	if (k == FG_DK_SAME)
		return fg_color_neutral(cfg);
	return fg_color_scale(cfg, u, k == FG_DK_GREW ? 1 : -1);
}

uint32_t
fg_color_profile(struct fg_colorcfg *cfg, const char *name, size_t nlen,
    double tot, double all)
{
	/* inferno's --colordiffusion: red growing with the square root */
	if (cfg->diffusion && all > 0)
		return fg_color_scale(cfg, tot / all, 1);
	if (cfg->gone && all > 0)
		return fg_color_scale(cfg, tot / all, -1);
	return fg_color_name(cfg, name, nlen);
}

/*
 * pmap: the palette map's colours (pmap): a function named in it
 * keeps its colour, any other gets its palette's and is added, to be
 * written back. The tool reads the file first (pmap-read,
 * fg_pmap_load); a lookup never opens it.
 */
uint32_t
fg_color_name(struct fg_colorcfg *cfg, const char *name, size_t len)
{
	struct fg_ent *e;
	uint32_t c;

	if ((c = fg_color_sep(name, len)) != FG_NOCOLOR)
		return c;
	if (cfg->pmap == NULL || len == 0)
		return fg_pal_color(cfg->pal, cfg->hash, name, len);
	if ((e = fg_stab_find(cfg->pmap->tab, name, len)) != NULL)
		return e->aux;
	c = fg_pal_color(cfg->pal, cfg->hash, name, len);
	e = fg_stab_get(cfg->pmap->tab, name, len);
	e->aux = c;
	return c;
}

void
fg_pmap_free(struct fg_colorcfg *cfg)
{
	if (cfg->pmap != NULL) {
		fg_stab_free(cfg->pmap->tab);
		free(cfg->pmap);
		cfg->pmap = NULL;
	}
}

/* pmap-read: reads a palette map file (pmap). */
/*
 * Reads the palette map. A file with any line that is not a palette map
 * line is refused (fatal) rather than used and later overwritten: it may
 * be a profile given to --palfile by mistake. A symbolic link is refused
 * too, so that --cp never writes through one.
 */
void
fg_pmap_load(struct fg_colorcfg *cfg)
{
	struct fg_in in;
	struct stat sb;
	struct fg_ent *e;
	char *line, *arrow;
	size_t len, i;
	uint32_t c;

	if (cfg->pmfile == NULL || cfg->pmap != NULL)
		return;		/* no map asked for, or read already */
	cfg->pmap = fg_calloc(1, sizeof(*cfg->pmap));
	cfg->pmap->tab = fg_stab_new(1);
	if (lstat(cfg->pmfile, &sb) == 0 && S_ISLNK(sb.st_mode))
		fg_errx(FG_EXIT_ERR, "%s: a symbolic link: not used as a "
		    "palette map (not followed, not overwritten)",
		    cfg->pmfile);
	if (fg_in_tryopen(&in, cfg->pmfile) < 0) {
		if (errno != ENOENT)
			fg_err(FG_EXIT_ERR, "%s", cfg->pmfile);
		return;
	}
	while ((line = fg_in_line(&in, &len)) != NULL) {
		arrow = NULL;
		for (i = 0; i + 1 < len; i++)
			if (line[i] == '-' && line[i + 1] == '>') {
				arrow = line + i;
				break;
			}
		if (arrow == NULL || (c = fg_color_parse(arrow + 2,
		    len - (size_t)(arrow + 2 - line))) == FG_NOCOLOR)
			fg_errx(FG_EXIT_ERR, "%s:%llu: not a palette map line "
			    "(name->rgb(r,g,b)): refusing to use or overwrite "
			    "this file", in.name,
			    (unsigned long long)in.lineno);
		e = fg_stab_get(cfg->pmap->tab, line, (size_t)(arrow - line));
		e->aux = c;
	}
	fg_in_close(&in);
}

/* pmap-write: writes the palette map file back (pmap). */
static int
pmap_write(struct fg_colorcfg *cfg, FILE *fp)
{
	struct fg_ent **v;
	size_t i;
	uint32_t c;

	v = fg_stab_sorted(cfg->pmap->tab);
	for (i = 0; v[i] != NULL; i++) {
		c = v[i]->aux;
		fwrite(fg_ent_key(cfg->pmap->tab, v[i]), 1, v[i]->len, fp);
		fprintf(fp, "->rgb(%u,%u,%u)\n", (unsigned)(c >> 16),
		    (unsigned)(c >> 8 & 255), (unsigned)(c & 255));
	}
	free(v);
	return ferror(fp);
}

/*
 * Written to a temporary file beside it, then renamed over it: a reader
 * never sees half a map, and a symbolic link put there meanwhile is
 * replaced, never followed.
 */
void
fg_pmap_save(struct fg_colorcfg *cfg)
{
	FILE *fp;
	char *tmp;
	size_t n;
	mode_t um;
	int fd, bad;

	if (cfg->pmap == NULL)
		return;
	n = strlen(cfg->pmfile) + 8;
	tmp = fg_malloc(n);
	snprintf(tmp, n, "%s.XXXXXX", cfg->pmfile);
	if ((fd = mkstemp(tmp)) < 0 || (fp = fdopen(fd, "w")) == NULL) {
		fg_warn("%s", tmp);
		if (fd >= 0) {
			close(fd);
			unlink(tmp);
		}
		fg_status = FG_EXIT_ERR;
		free(tmp);
		return;
	}
	um = umask(0);
	umask(um);
	bad = fchmod(fd, 0666 & ~um) != 0;
	bad |= pmap_write(cfg, fp);
	bad |= fclose(fp) != 0;
	if (bad || rename(tmp, cfg->pmfile) != 0) {
		fg_warn("%s", cfg->pmfile);
		unlink(tmp);
		fg_status = FG_EXIT_ERR;
	}
	free(tmp);
}

/*
 * coloropt: the colour settings shared by fg-color and fg-svg, read from
 * their options (color.h's FG_COLOR_OPTS) with an error naming the option;
 * color.c computes the colours with them.
 */
void
fg_colorcfg_init(struct fg_colorcfg *cfg)
{
	memset(cfg, 0, sizeof(*cfg));
	fg_noise_init(&cfg->nz);
	cfg->pal = FG_PAL_HOT;
	fg_colorcfg_alpha(cfg, cfg->nz.alpha);
	cfg->minchg = FG_MINCHG_DEFAULT;
}

/*
 * A level so high that its one-test |z| shows as 0.00 (alpha above about
 * 0.996) tests nothing: every change is coloured, as with --zcrit 0.
 */
static void
nulltest(struct fg_colorcfg *cfg)
{
	if (fg_noise_zshown(&cfg->nz) == 0)
		cfg->nz.rule = FG_RULE_NONE;
}

void
fg_colorcfg_alpha(struct fg_colorcfg *cfg, double alpha)
{
	fg_noise_alpha(&cfg->nz, alpha);
	nulltest(cfg);
}

int
fg_colorcfg_opt(struct fg_colorcfg *cfg, int c, const char *arg)
{
	char *end;

	if (fg_noise_opt(&cfg->nz, c, arg)) {
		if (c == FG_OPT_ALPHA)	/* set; it may test nothing */
			nulltest(cfg);
		return 1;
	}
	switch (c) {
	case FG_OPT_COLORS:
		if ((cfg->pal = fg_pal_parse(arg)) < 0)
			fg_errx(FG_EXIT_ERR, "unknown palette: %s", arg);
		return 1;
	case FG_OPT_HASH:
		cfg->hash = 1;
		return 1;
	case FG_OPT_DIFFUSION:
		cfg->diffusion = 1;
		return 1;
	case FG_OPT_BASE:
		fg_bases_add(&cfg->bases, arg);
		return 1;
	case FG_OPT_CP:
		if (cfg->pmfile == NULL)
			cfg->pmfile = "palette.map";
		return 1;
	case FG_OPT_PALFILE:
		cfg->pmfile = arg;
		return 1;
	case FG_OPT_NEGATE:
		cfg->negate = 1;
		return 1;
	case FG_OPT_SELF:
		cfg->selfdelta = 1;
		return 1;
	case FG_OPT_TOTALDELTA:
		cfg->selfdelta = 0;
		return 1;
	case FG_OPT_CB:
		cfg->cb = 1;
		return 1;
	case FG_OPT_ALL:
		fg_noise_zcrit(&cfg->nz, 0);
		cfg->minchg = 0;
		return 1;
	case FG_OPT_MINCHG:
		errno = 0;
		cfg->minchg = strtod(arg, &end);
		if (errno != 0 || end == arg || *end != '\0' ||
		    !(cfg->minchg >= 0) || !(cfg->minchg <= 100))
			fg_errx(FG_EXIT_ERR, "--min-change: not a number from "
			    "0 to 100: %s", arg);
		return 1;
	}
	return 0;
}

void
fg_fnv_free(struct fg_fnv *fv)
{
	if (fv == NULL)
		return;
	free(fv->v);
	fg_stab_free(fv->tab);
	free(fv);
}

void
fg_colorcfg_free(struct fg_colorcfg *cfg)
{
	fg_pmap_free(cfg);
	fg_color_dstat_free(cfg);
	fg_bases_free(&cfg->bases);
	fg_fnv_free(cfg->fnv);
	cfg->fnv = NULL;
}
