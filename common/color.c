/* SPDX-License-Identifier: ISC */
/*
 * color.c: frame colours shared by fg-color and fg-svg, so that fg-svg
 * alone colours exactly as fg-color's defaults do.
 *
 * Profiles: flamegraph.pl's palettes. By default a name's colour comes
 * from flamegraph.pl's "random_namehash": the sum of the name's code points
 * seeds drand48, whose first value picks the shade, so a function has the
 * same colour as in flamegraph.pl and in every graph. --hash uses
 * flamegraph.pl's weighted name hash instead.
 *
 * Diffs: the baseline is scaled to the current total (so a longer
 * recording does not paint everything red), then a node's change is
 * d = after - before * (Ta / Tb), by default of its total (inclusive)
 * count, optionally of its self count. Changes within sampling noise (the
 * two-proportion z-test of stats.c) stay neutral. Grew: red, shrank: blue,
 * intensity by sqrt(|d| / max |d|); new frames (no baseline samples) have
 * a colour of their own.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fg.h"
#include "fgstats.h"
#include "flame.h"
#include "sym.h"

static const char *const palnames[FG_PAL_N] = {
	"hot", "mem", "io", "wakeup", "chain", "java", "js", "perl",
	"python", "rust", "red", "green", "blue", "aqua", "yellow", "purple",
	"orange"
};

struct fg_pmap {
	struct fg_stab *tab;
};

#define RGB(r, g, b) (((uint32_t)(r) << 16) | ((uint32_t)(g) << 8) | \
    (uint32_t)(b))

int
fg_pal_parse(const char *s)
{
	int i;

	for (i = 0; i < FG_PAL_N; i++)
		if (strcmp(s, palnames[i]) == 0)
			return i;
	return -1;
}

const char *
fg_pal_name(int pal)
{
	return pal >= 0 && pal < FG_PAL_N ? palnames[pal] : "?";
}

void
fg_colorcfg_init(struct fg_colorcfg *cfg)
{
	memset(cfg, 0, sizeof(*cfg));
	cfg->pal = FG_PAL_HOT;
	cfg->zcrit = FG_Z_DEFAULT;
	cfg->minchg = FG_MINCHG_DEFAULT;
}

int
fg_colorcfg_opt(struct fg_colorcfg *cfg, int c, const char *arg)
{
	char *end;

	switch (c) {
	case FG_OPT_COLORS:
		if ((cfg->pal = fg_pal_parse(arg)) < 0)
			fg_errx(FG_EXIT_ERR, "unknown palette: %s", arg);
		return 1;
	case FG_OPT_HASH:
		cfg->hash = 1;
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
	case FG_OPT_ZCRIT:
		errno = 0;
		cfg->zcrit = strtod(arg, &end);
		if (errno != 0 || end == arg || *end != '\0' ||
		    !(cfg->zcrit >= 0) || isinf(cfg->zcrit))
			fg_errx(FG_EXIT_ERR, "--zcrit: not a number >= 0: %s",
			    arg);
		return 1;
	case FG_OPT_ALL:
		cfg->zcrit = 0;
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

/* ---- profile colours ---- */

/* Perl's rand() after srand(seed): the first value of drand48. */
static double
seeded(uint32_t seed)
{
	uint64_t x = ((uint64_t)seed << 16) | 0x330e;

	x = (0x5deece66dULL * x + 0xb) & ((1ULL << 48) - 1);
	return ldexp((double)x, -48);
}

static uint32_t
cpsum(const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s;
	uint32_t sum = 0, cp;
	size_t k;

	while (n > 0) {
		k = fg_utf8_next(p, n, &cp);
		if (cp == 0xfffd && k == 1)
			cp = p[0];	/* a stray byte counts as itself */
		sum += cp;
		p += k;
		n -= k;
	}
	return sum;
}

/* flamegraph.pl's namehash: the first three characters, weighted. */
static double
namehash(const uint32_t *cp, size_t n)
{
	double vector = 0, weight = 1, max = 1;
	unsigned mod = 10;
	size_t i;

	for (i = 0; i < n; i++) {
		vector += ((double)(cp[i] % mod) / (mod - 1)) * weight;
		mod++;
		max += weight;
		weight *= 0.70;
		if (mod > 12)
			break;
	}
	return 1 - vector / max;
}

static void
hashvals(const char *s, size_t n, double *v1, double *v23)
{
	uint32_t fw[3], bw[3], cp;
	const unsigned char *p = (const unsigned char *)s;
	const char *tick;
	size_t i, k, f = 0, e = n, nf = 0, nb = 0;

	/*
	 * flamegraph.pl hashes the name and the reversed name, each after
	 * dropping a leading "module`" (everything up to the first '`' that
	 * is not the first character).
	 */
	if (n > 1 && (tick = memchr(s + 1, '`', n - 1)) != NULL)
		f = (size_t)(tick + 1 - s);
	for (i = n > 0 ? n - 1 : 0; i-- > 0;)
		if (s[i] == '`') {
			e = i;
			break;
		}
	for (i = f; i < n && nf < 3; i += k) {
		k = fg_utf8_next(p + i, n - i, &cp);
		fw[nf++] = cp;
	}
	for (i = e; i > 0 && nb < 3;) {
		k = 1;
		while (k < i && k < 4 && (p[i - k] & 0xc0) == 0x80)
			k++;
		if (fg_utf8_next(p + i - k, k, &cp) != k) {
			k = 1;
			cp = 0xfffd;
		}
		bw[nb++] = cp;
		i -= k;
	}
	*v1 = namehash(fw, nf);
	*v23 = namehash(bw, nb);
}




/* A path component "pythonX.Y" or "PythonXY". */
static int
pystdlib(const char *s, size_t n)
{
	size_t i = 0, j;

	while (i < n) {
		j = i;
		while (j < n && s[j] != '/' && s[j] != '\\')
			j++;
		if (j - i > 6 && (fg_hasprefix(s + i, j - i, "python") ||
		    fg_hasprefix(s + i, j - i, "Python"))) {
			size_t m = i + 6;

			while (m < j && ((s[m] >= '0' && s[m] <= '9') ||
			    s[m] == '.'))
				m++;
			if (m == j)
				return 1;
		}
		i = j + 1;
	}
	return 0;
}

static int
pycomponent(const char *s, size_t n, const char *c)
{
	size_t i = 0, j, k = strlen(c);

	while (i <= n) {
		j = i;
		while (j < n && s[j] != '/' && s[j] != '\\')
			j++;
		if (j - i == k && memcmp(s + i, c, k) == 0)
			return 1;
		i = j + 1;
	}
	return 0;
}

/* The multi-palettes pick a basic palette from the name. */
static int
resolve(int pal, const char *s, size_t n)
{
	const char *t;

	switch (pal) {
	case FG_PAL_JAVA:
		if (fg_hassuffix(s, n, "_[j]"))
			return FG_PAL_GREEN;
		if (fg_hassuffix(s, n, "_[i]"))
			return FG_PAL_AQUA;
		t = s + (n > 0 && s[0] == 'L');
		if (fg_hasprefix(t, n - (size_t)(t - s), "java/") ||
		    fg_hasprefix(t, n - (size_t)(t - s), "javax/") ||
		    fg_hasprefix(t, n - (size_t)(t - s), "jdk/") ||
		    fg_hasprefix(t, n - (size_t)(t - s), "net/") ||
		    fg_hasprefix(t, n - (size_t)(t - s), "org/") ||
		    fg_hasprefix(t, n - (size_t)(t - s), "com/") ||
		    fg_hasprefix(t, n - (size_t)(t - s), "io/") ||
		    fg_hasprefix(t, n - (size_t)(t - s), "sun/") ||
		    fg_contains(s, n, ":::"))
			return FG_PAL_GREEN;
		if (fg_contains(s, n, "::"))
			return FG_PAL_YELLOW;
		if (fg_hassuffix(s, n, "_[k]"))
			return FG_PAL_ORANGE;
		return FG_PAL_RED;
	case FG_PAL_PERL:
		if (fg_contains(s, n, "::"))
			return FG_PAL_YELLOW;
		if (fg_contains(s, n, "Perl") || fg_contains(s, n, ".pl"))
			return FG_PAL_GREEN;
		if (fg_hassuffix(s, n, "_[k]"))
			return FG_PAL_ORANGE;
		return FG_PAL_RED;
	case FG_PAL_JS:
		if (fg_hassuffix(s, n, "_[j]"))
			return memchr(s, '/', n) ? FG_PAL_GREEN : FG_PAL_AQUA;
		if (fg_contains(s, n, "::"))
			return FG_PAL_YELLOW;
		if ((t = memchr(s, '/', n)) != NULL &&
		    fg_contains(t, n - (size_t)(t - s), ".js"))
			return FG_PAL_GREEN;
		if (memchr(s, ':', n))
			return FG_PAL_AQUA;
		if (n == 1 && s[0] == ' ')
			return FG_PAL_GREEN;
		if (fg_contains(s, n, "_[k]"))
			return FG_PAL_ORANGE;
		return FG_PAL_RED;
	case FG_PAL_PYTHON:
		if (pycomponent(s, n, "site-packages"))
			return FG_PAL_AQUA;
		if (pystdlib(s, n) || fg_hasprefix(s, n, "<built-in") ||
		    fg_hasprefix(s, n, "<method") || fg_hasprefix(s, n, "<frozen"))
			return FG_PAL_YELLOW;
		return FG_PAL_RED;
	case FG_PAL_RUST:
		if ((t = memchr(s, '`', n)) != NULL) {
			n -= (size_t)(t + 1 - s);
			s = t + 1;
		}
		if (fg_hasprefix(s, n, "core::") || fg_hasprefix(s, n, "std::") ||
		    fg_hasprefix(s, n, "alloc::") || (fg_hasprefix(s, n,
		    "<core::") && !fg_hasprefix(s, n,
		    "<core::future::from_generator::GenFuture<T>")) ||
		    fg_hasprefix(s, n, "<std::") || fg_hasprefix(s, n, "<alloc::"))
			return FG_PAL_ORANGE;
		if (fg_contains(s, n, "::"))
			return FG_PAL_AQUA;
		return FG_PAL_YELLOW;
	case FG_PAL_WAKEUP:
		return FG_PAL_AQUA;
	case FG_PAL_CHAIN:
		return fg_contains(s, n, "_[w]") ? FG_PAL_AQUA : FG_PAL_BLUE;
	}
	return pal;
}

static uint32_t
compute(const struct fg_colorcfg *cfg, const char *s, size_t n)
{
	double v1, v2, v3;
	int pal;

	if (cfg->hash) {
		hashvals(s, n, &v1, &v2);
		v3 = v2;
	} else
		v1 = v2 = v3 = seeded(cpsum(s, n));
	pal = resolve(cfg->pal, s, n);
	switch (pal) {
	case FG_PAL_HOT:
		return RGB(205 + (int)(50 * v3), (int)(230 * v1),
		    (int)(55 * v2));
	case FG_PAL_MEM:
		return RGB(0, 190 + (int)(50 * v2), (int)(210 * v1));
	case FG_PAL_IO:
		return RGB(80 + (int)(60 * v1), 80 + (int)(60 * v1),
		    190 + (int)(55 * v2));
	case FG_PAL_RED:
		return RGB(200 + (int)(55 * v1), 50 + (int)(80 * v1),
		    50 + (int)(80 * v1));
	case FG_PAL_GREEN:
		return RGB(50 + (int)(60 * v1), 200 + (int)(55 * v1),
		    50 + (int)(60 * v1));
	case FG_PAL_BLUE:
		return RGB(80 + (int)(60 * v1), 80 + (int)(60 * v1),
		    205 + (int)(50 * v1));
	case FG_PAL_YELLOW:
		return RGB(175 + (int)(55 * v1), 175 + (int)(55 * v1),
		    50 + (int)(20 * v1));
	case FG_PAL_PURPLE:
		return RGB(190 + (int)(65 * v1), 80 + (int)(60 * v1),
		    190 + (int)(65 * v1));
	case FG_PAL_AQUA:
		return RGB(50 + (int)(60 * v1), 165 + (int)(55 * v1),
		    165 + (int)(55 * v1));
	case FG_PAL_ORANGE:
		return RGB(190 + (int)(65 * v1), 90 + (int)(65 * v1), 0);
	}
	return 0;
}

uint32_t
fg_color_parse(const char *s, size_t n)
{
	unsigned v[3] = { 0, 0, 0 };
	size_t i;
	int k;

	if (n == 7 && s[0] == '#') {
		uint32_t c = 0;

		for (i = 1; i < 7; i++) {
			int h = s[i];

			if (h >= '0' && h <= '9')
				h -= '0';
			else if (h >= 'a' && h <= 'f')
				h -= 'a' - 10;
			else if (h >= 'A' && h <= 'F')
				h -= 'A' - 10;
			else
				return FG_NOCOLOR;
			c = c << 4 | (uint32_t)h;
		}
		return c;
	}
	if (n < 10 || memcmp(s, "rgb(", 4) != 0 || s[n - 1] != ')')
		return FG_NOCOLOR;
	i = 4;
	for (k = 0; k < 3; k++) {
		size_t st = i;

		while (i < n - 1 && s[i] >= '0' && s[i] <= '9' && i - st < 3)
			v[k] = v[k] * 10 + (unsigned)(s[i++] - '0');
		if (i == st || v[k] > 255)
			return FG_NOCOLOR;
		if (k < 2 && s[i++] != ',')
			return FG_NOCOLOR;
	}
	if (i != n - 1)
		return FG_NOCOLOR;
	return RGB(v[0], v[1], v[2]);
}

void
fg_color_fmt(char *buf, uint32_t c)
{
	static const char hx[] = "0123456789abcdef";
	int i;

	buf[0] = '#';
	for (i = 0; i < 6; i++)
		buf[1 + i] = hx[(c >> (20 - 4 * i)) & 15];
	buf[7] = '\0';
}

static void
pmap_load(struct fg_colorcfg *cfg)
{
	struct fg_in in;
	struct fg_ent *e;
	char *line, *arrow;
	size_t len;
	uint32_t c;

	cfg->pmap = fg_calloc(1, sizeof(*cfg->pmap));
	cfg->pmap->tab = fg_stab_new(1);
	if (fg_in_tryopen(&in, cfg->pmfile) < 0) {
		if (errno != ENOENT)
			fg_err(FG_EXIT_ERR, "%s", cfg->pmfile);
		return;
	}
	while ((line = fg_in_line(&in, &len)) != NULL) {
		arrow = NULL;
		for (size_t i = 0; i + 1 < len; i++)
			if (line[i] == '-' && line[i + 1] == '>') {
				arrow = line + i;
				break;
			}
		if (arrow == NULL || (c = fg_color_parse(arrow + 2,
		    len - (size_t)(arrow + 2 - line))) == FG_NOCOLOR) {
			fg_in_warn(&in, "not a palette map line "
			    "(name->rgb(r,g,b))");
			continue;
		}
		e = fg_stab_get(cfg->pmap->tab, line, (size_t)(arrow - line));
		e->aux = c;
	}
	fg_in_close(&in);
}

uint32_t
fg_color_name(struct fg_colorcfg *cfg, const char *name, size_t len)
{
	struct fg_ent *e;
	uint32_t c;

	if (len == 2 && memcmp(name, "--", 2) == 0)
		return RGB(160, 160, 160);
	if (len == 1 && name[0] == '-')
		return RGB(200, 200, 200);
	if (cfg->pmfile == NULL || len == 0)
		return compute(cfg, name, len);
	if (cfg->pmap == NULL)
		pmap_load(cfg);
	if ((e = fg_stab_find(cfg->pmap->tab, name, len)) != NULL)
		return e->aux;
	c = compute(cfg, name, len);
	e = fg_stab_get(cfg->pmap->tab, name, len);
	e->aux = c;
	return c;
}

void
fg_pmap_save(struct fg_colorcfg *cfg)
{
	struct fg_ent **v;
	FILE *fp;
	size_t i;
	uint32_t c;

	if (cfg->pmap == NULL)
		return;
	if ((fp = fopen(cfg->pmfile, "w")) == NULL) {
		fg_warn("%s", cfg->pmfile);
		fg_status = FG_EXIT_ERR;
		return;
	}
	v = fg_stab_sorted(cfg->pmap->tab);
	for (i = 0; v[i] != NULL; i++) {
		c = v[i]->aux;
		fwrite(fg_ent_key(cfg->pmap->tab, v[i]), 1, v[i]->len, fp);
		fprintf(fp, "->rgb(%u,%u,%u)\n", (unsigned)(c >> 16),
		    (unsigned)(c >> 8 & 255), (unsigned)(c & 255));
	}
	free(v);
	if (ferror(fp) | fclose(fp)) {
		fg_warn("%s", cfg->pmfile);
		fg_status = FG_EXIT_ERR;
	}
}

void
fg_colorcfg_free(struct fg_colorcfg *cfg)
{
	if (cfg->pmap != NULL) {
		fg_stab_free(cfg->pmap->tab);
		free(cfg->pmap);
		cfg->pmap = NULL;
	}
	free(cfg->sig);
	cfg->sig = NULL;
}

/* ---- diff colours ---- */

uint32_t
fg_color_neutral(const struct fg_colorcfg *cfg)
{
	(void)cfg;
	return RGB(221, 221, 221);
}

uint32_t
fg_color_new(const struct fg_colorcfg *cfg)
{
	return cfg->cb ? RGB(240, 228, 66) : RGB(153, 102, 255);
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
		return sign > 0 ? mix(RGB(255, 214, 180), RGB(213, 94, 0), u) :
		    mix(RGB(198, 224, 245), RGB(0, 114, 178), u);
	return sign > 0 ? mix(RGB(255, 205, 205), RGB(230, 25, 25), u) :
	    mix(RGB(205, 210, 255), RGB(30, 60, 230), u);
}

struct dv {
	double b, a, d;
	int sig;
};

static void
nodedelta(const struct fg_colorcfg *cfg, const struct fg_tree *t,
    const struct fg_node *n, struct dv *v)
{
	double tb = t->n[0].tot[0], ta = t->n[0].tot[1];

	v->b = cfg->selfdelta ? n->self[0] : n->tot[0];
	v->a = cfg->selfdelta ? n->self[1] : n->tot[1];
	if (cfg->negate) {
		double x = v->b;

		v->b = v->a;
		v->a = x;
		x = tb;
		tb = ta;
		ta = x;
	}
	v->d = tb > 0 ? v->a - v->b * (ta / tb) : v->a;
	/* the noise test's verdict (fg_color_prepare ran it) */
	v->sig = cfg->zcrit <= 0 ? v->d != 0 : cfg->sig[n - t->n];
	/* and large enough to matter: points of each side's total */
	if (v->sig && cfg->minchg > 0 && tb > 0 && ta > 0 &&
	    fabs(v->a / ta - v->b / tb) * 100 < cfg->minchg)
		v->sig = 0;
}

static double
period(const struct fg_tree *t, int side)
{
	struct fg_period p;
	fg_count c;
	size_t i;

	memset(&p, 0, sizeof(p));
	for (i = 1; i < t->nn; i++)
		if (t->n[i].self[side] > 0 &&
		    fg_count_from_dbl(t->n[i].self[side], &c) == 0)
			fg_period_add(&p, c);
	return fg_period_get(&p);
}

/*
 * The noise test, as fg-top(1) makes it: counts weighted by a sampling
 * period (detected as their common divisor) are turned back into samples;
 * each frame's change is a two-proportion z-test; Holm's procedure over
 * all the frames keeps the chance of any false colour at the level --zcrit
 * names for one test (0.001 for 3.29). Run-to-run variation beyond
 * sampling noise is left to the --min-change floor (see nodedelta).
 */
static void
noisetest(struct fg_colorcfg *cfg, const struct fg_tree *t)
{
	double *z, p0, p1, ta, tb, x0, x1;
	size_t i, n = t->nn;

	p0 = cfg->period[0] = period(t, 0);
	p1 = cfg->period[1] = period(t, 1);
	tb = t->n[0].tot[0] / p0;
	ta = t->n[0].tot[1] / p1;
	z = fg_reallocarray(NULL, n, sizeof(*z));
	z[0] = 0;
	for (i = 1; i < n; i++) {
		x0 = (cfg->selfdelta ? t->n[i].self[0] : t->n[i].tot[0]) / p0;
		x1 = (cfg->selfdelta ? t->n[i].self[1] : t->n[i].tot[1]) / p1;
		z[i] = fg_ztest(x0, tb, x1, ta);
	}
	free(cfg->sig);
	cfg->sig = fg_malloc(n);
	fg_holm(z, n, fg_pvalue(cfg->zcrit), cfg->sig);
	free(z);
}

void
fg_color_prepare(struct fg_colorcfg *cfg, const struct fg_tree *t)
{
	struct dv v;
	size_t i;

	cfg->dmax = 0;
	if (t->ncols == 1)
		return;
	if (cfg->zcrit > 0)
		noisetest(cfg, t);
	for (i = 1; i < t->nn; i++) {
		nodedelta(cfg, t, &t->n[i], &v);
		if (v.b > 0 && fabs(v.d) > cfg->dmax)
			cfg->dmax = fabs(v.d);
	}
}

uint32_t
fg_color_node(struct fg_colorcfg *cfg, const struct fg_tree *t,
    const struct fg_node *n)
{
	struct dv v;

	if (t->ncols == 1)
		return fg_color_name(cfg, n->name, n->nlen);
	if (n->nlen == 2 && memcmp(n->name, "--", 2) == 0)
		return RGB(160, 160, 160);
	if (n->nlen == 1 && n->name[0] == '-')
		return RGB(200, 200, 200);
	nodedelta(cfg, t, n, &v);
	/* new, unless one or two samples that sampling noise explains */
	if (n->tot[cfg->negate ? 1 : 0] == 0 && n->tot[cfg->negate ? 0 : 1] > 0)
		return v.sig ? fg_color_new(cfg) : fg_color_neutral(cfg);
	if (!v.sig || v.d == 0 || cfg->dmax == 0)
		return fg_color_neutral(cfg);
	return fg_color_scale(cfg, fabs(v.d) / cfg->dmax, v.d > 0 ? 1 : -1);
}

void
fg_color_tree(struct fg_colorcfg *cfg, struct fg_tree *t)
{
	size_t i;

	fg_color_prepare(cfg, t);
	for (i = 0; i < t->nn; i++)
		t->n[i].color = fg_color_node(cfg, t, &t->n[i]);
}

/* ---- annotations ---- */

void
fg_annot_init(struct fg_annot *a)
{
	memset(a, 0, sizeof(*a));
	a->def = FG_NOCOLOR;
}

void
fg_annot_free(struct fg_annot *a)
{
	if (a->names != NULL)
		fg_stab_free(a->names);
	if (a->paths != NULL)
		fg_stab_free(a->paths);
	fg_annot_init(a);
}

int
fg_annot_line(struct fg_annot *a, const char *line, size_t len)
{
	static const char pd[] = "# color-default ", pn[] = "# color-name ",
	    pp[] = "# color-path ";
	struct fg_stab **tab;
	size_t n = len, b, s;
	uint32_t c;

	if (len > sizeof(pd) - 1 && memcmp(line, pd, sizeof(pd) - 1) == 0)
		s = sizeof(pd) - 1, tab = NULL;
	else if (len > sizeof(pn) - 1 && memcmp(line, pn, sizeof(pn) - 1) == 0)
		s = sizeof(pn) - 1, tab = &a->names;
	else if (len > sizeof(pp) - 1 && memcmp(line, pp, sizeof(pp) - 1) == 0)
		s = sizeof(pp) - 1, tab = &a->paths;
	else
		return 0;
	while (n > s && (line[n - 1] == ' ' || line[n - 1] == '\t'))
		n--;
	b = n;
	while (b > s && line[b - 1] != ' ' && line[b - 1] != '\t')
		b--;
	if ((c = fg_color_parse(line + b, n - b)) == FG_NOCOLOR)
		return 0;
	n = b;
	while (n > s && (line[n - 1] == ' ' || line[n - 1] == '\t'))
		n--;
	if (tab == NULL) {
		if (n != s)
			return 0;
		a->def = c;
	} else {
		if (n == s)
			return 0;
		if (*tab == NULL)
			*tab = fg_stab_new(1);
		fg_stab_get(*tab, line + s, n - s)->aux = c;
	}
	a->any = 1;
	return 1;
}

void
fg_annot_apply(const struct fg_annot *a, struct fg_tree *t)
{
	struct fg_ent *e;
	size_t i;
	uint32_t id;

	if (!a->any)
		return;
	for (i = 1; i < t->nn; i++) {
		if (a->names != NULL && (e = fg_stab_find(a->names,
		    t->n[i].name, t->n[i].nlen)) != NULL)
			t->n[i].color = e->aux;
		else if (a->def != FG_NOCOLOR)
			t->n[i].color = a->def;
	}
	if (a->paths == NULL)
		return;
	for (e = fg_stab_first(a->paths); e != NULL; e = e->next)
		if ((id = fg_tree_find(t, fg_ent_key(a->paths, e), e->len)) !=
		    FG_NONE)
			t->n[id].color = e->aux;
}
