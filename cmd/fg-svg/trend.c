/* SPDX-License-Identifier: ISC */
/*
 * trend.c: fg-trend's stream (fg-trend(1), STREAM) in fg-svg. Its lines
 * read and checked as they come (a header, the inputs in series order, a
 * line per function and measure: the verdict fg-trend's tests and Holm's
 * procedure gave, and every share), then the last profile's stacks, drawn
 * as a profile; each function's verdict as its frames' colour (red rising,
 * blue falling, grey where fg-trend found nothing real, on the diff's
 * scales); its series as text in a frame's title, as a small chart (a
 * symbol the table and the script's tip show) and for the script; the
 * headline and the table of the largest trends. Nothing recurses.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fg.h"
#include "color.h"
#include "wout.h"

enum { TM_SELF = 1, TM_TOTAL = 2, TM_BOTH = 3 };
enum { TC_RISING, TC_FALLING, TC_STEPPED, TC_NOISE, TC_UNTESTED, TC_N };
static const char *const tcname[TC_N] = {
	"rising", "falling", "stepped", "noise", "untested"
};

/* One line of the stream: a function's series for a measure. */
struct trow {
	const char *name;	/* the table's key */
	size_t nlen;
	int meas;		/* TM_* */
	int cls;		/* TC_* */
	double change, slope, p, step;	/* points; p NaN: untested */
	long onset;		/* first profile of the new level, or -1 */
	double *x;		/* shares in points, n of them */
};

struct svg_trend {
	int on;			/* a trend stream was read */
	const char *file;	/* its name, for errors */
	int nfiles;
	uint64_t line;		/* lines seen: the number of the last */
	uint64_t nstack;	/* stacks seen */
	size_t n;		/* profiles */
	size_t nin;		/* inputs read */
	char **in;		/* their names */
	size_t expect;		/* rows the header announces */
	struct trow *r;
	size_t nr, cap;		/* rows read, room for them (and in fn) */
	int by;			/* measures in the stream, TM_* */
	int want;		/* the measure that colours (TM_SELF or
				 * TM_TOTAL) */
	double total;		/* the last profile's total, or -1 */
	char *model, *mode, *alpha;
	struct fg_stab *fns;	/* name -> aux: 1 + index into fn */
	long (*fn)[2];		/* a name's self and total rows, or -1 */
	size_t nfn;
	double maxchg;		/* the largest real change colouring */
	int *sym;		/* colouring row -> symbol, or -1 */
	size_t nsym;
};

struct svg_trend *
svg_trend_new(char **files, int nfiles)
{
	struct svg_trend *t = fg_calloc(1, sizeof(*t));

	t->file = nfiles > 0 && strcmp(files[0], "-") != 0 ? files[0] :
	    "<stdin>";
	t->nfiles = nfiles;
	t->total = -1;
	return t;
}

int
svg_trend_on(const struct svg_trend *t)
{
	return t != NULL && t->on;
}

void
svg_trend_free(struct svg_trend *t)
{
	size_t i;

	if (t == NULL)
		return;
	for (i = 0; i < t->nin; i++)
		free(t->in[i]);
	free(t->in);
	for (i = 0; i < t->nr; i++)
		free(t->r[i].x);
	free(t->r);
	free(t->model);
	free(t->mode);
	free(t->alpha);
	free(t->fn);
	free(t->sym);
	if (t->fns != NULL)
		fg_stab_free(t->fns);
	free(t);
}

static _Noreturn void
bad(const struct svg_trend *t, const char *what)
{
	fg_errx(FG_EXIT_ERR, "%s: line %llu: %s", t->file,
	    (unsigned long long)t->line, what);
}

/*
 * A line of the stream after the stacks, whose number the summing path
 * (which may hold a stack back) does not say exactly: the file alone.
 */
static _Noreturn void
late(const struct svg_trend *t, const char *what)
{
	fg_errx(FG_EXIT_ERR, "%s: %s: fg-trend writes them first", t->file,
	    what);
}

/* A whole number in [min, max] from the header or a line, else fatal. */
static size_t
whole(const struct svg_trend *t, const char *v, size_t min, size_t max,
    const char *what)
{
	char *e;
	unsigned long long x;

	if (*v < '0' || *v > '9')
		bad(t, what);
	x = strtoull(v, &e, 10);
	if (*e != '\0' || x < min || x > max)
		bad(t, what);
	return (size_t)x;
}

/* The header: kind=trend, profiles=, rows=, and what they were. */
static void
header(struct svg_trend *t, const char *line, size_t len)
{
	char *h = fg_malloc(len + 1), *v;

	memcpy(h, line, len);
	h[len] = '\0';
	if (t->on)
		bad(t, "a second fg-trend header: one series a stream");
	if (t->nfiles > 1)
		bad(t, "a trend stream is drawn alone, not with other inputs");
	if (t->nstack > 0)
		late(t, "the fg-trend header after the stacks");
	t->on = 1;
	if ((v = fg_header_get(h, "profiles")) == NULL)
		bad(t, "the fg-trend header names no profiles=");
	t->n = whole(t, v, 2, 1000000, "profiles=: a count, 2 or more");
	free(v);
	if ((v = fg_header_get(h, "rows")) == NULL)
		bad(t, "the fg-trend header names no rows=");
	t->expect = whole(t, v, 0, 100000000, "rows=: not a count");
	free(v);
	t->by = TM_BOTH;
	if ((v = fg_header_get(h, "by")) != NULL) {
		t->by = strcmp(v, "self") == 0 ? TM_SELF :
		    strcmp(v, "total") == 0 ? TM_TOTAL : TM_BOTH;
		free(v);
	}
	if ((v = fg_header_get(h, "total")) != NULL) {
		t->total = strtod(v, NULL);
		free(v);
	}
	t->model = fg_header_get(h, "model");
	t->mode = fg_header_get(h, "mode");
	t->alpha = fg_header_get(h, "alpha");
	t->in = fg_calloc(t->n, sizeof(*t->in));
	t->fns = fg_stab_new(0);
	free(h);
}

/* "# trend-input I NAME": the inputs in series order. */
static void
input(struct svg_trend *t, const char *p, const char *end)
{
	const char *sp = memchr(p, ' ', (size_t)(end - p));
	char num[24];
	size_t i;

	if (sp == NULL || sp == p || sp - p >= (long)sizeof(num) ||
	    sp + 1 >= end)
		bad(t, "a trend-input line is `# trend-input INDEX NAME'");
	memcpy(num, p, (size_t)(sp - p));
	num[sp - p] = '\0';
	i = whole(t, num, 0, t->n - 1, "trend-input lines out of order or "
	    "beyond profiles=");
	if (i != t->nin)
		bad(t, "trend-input lines out of order or beyond profiles=");
	t->in[t->nin] = fg_malloc((size_t)(end - sp));
	memcpy(t->in[t->nin], sp + 1, (size_t)(end - sp - 1));
	t->in[t->nin][end - sp - 1] = '\0';
	t->nin++;
}

/* The next blank-separated field of [*p, end) as a number ("-": NaN). */
static double
field(struct svg_trend *t, const char **p, const char *end, const char *what)
{
	char buf[64], *e;
	const char *q = *p;
	size_t n;
	double v;

	while (q < end && *q != ' ')
		q++;
	n = (size_t)(q - *p);
	if (n == 0 || n >= sizeof(buf) || q >= end) {
		snprintf(buf, sizeof(buf), "a trend line ends before its %s",
		    what);
		bad(t, buf);
	}
	memcpy(buf, *p, n);
	buf[n] = '\0';
	*p = q + 1;
	if (strcmp(buf, "-") == 0)
		return NAN;
	v = strtod(buf, &e);
	if (*e != '\0' || !isfinite(v)) {
		char msg[128];

		snprintf(msg, sizeof(msg), "%s: not a number: %s", what, buf);
		bad(t, msg);
	}
	return v;
}

/* The next word of [*p, end) into buf, which holds n bytes. */
static void
word(struct svg_trend *t, const char **p, const char *end, char *buf,
    size_t n)
{
	const char *q = *p;

	while (q < end && *q != ' ')
		q++;
	if (q == *p || q >= end || (size_t)(q - *p) >= n)
		bad(t, "a trend line is `# trend MEASURE CLASS CHANGE SLOPE P "
		    "ONSET STEP SHARE... NAME'");
	memcpy(buf, *p, (size_t)(q - *p));
	buf[q - *p] = '\0';
	*p = q + 1;
}

/* "# trend MEASURE CLASS CHANGE SLOPE P ONSET STEP SHARE... NAME" */
static void
row(struct svg_trend *t, const char *p, const char *end)
{
	struct trow *r;
	struct fg_ent *e;
	char w[16];
	double on;
	size_t i;
	int k;

	if (t->nin < t->n)
		bad(t, "a trend line before every trend-input line");
	if (t->nr == t->expect)
		bad(t, "more trend lines than the header's rows=");
	if (t->nr == t->cap) {	/* as read: no header sizes memory */
		t->cap = t->cap ? t->cap * 2 : 64;
		t->r = fg_reallocarray(t->r, t->cap, sizeof(*t->r));
		t->fn = fg_reallocarray(t->fn, t->cap, sizeof(*t->fn));
	}
	r = &t->r[t->nr];
	memset(r, 0, sizeof(*r));
	word(t, &p, end, w, sizeof(w));
	r->meas = strcmp(w, "self") == 0 ? TM_SELF : strcmp(w, "total") == 0 ?
	    TM_TOTAL : strcmp(w, "both") == 0 ? TM_BOTH : 0;
	if (r->meas == 0)
		bad(t, "a trend line's measure is self, total or both");
	word(t, &p, end, w, sizeof(w));
	for (r->cls = 0; r->cls < TC_N && strcmp(w, tcname[r->cls]) != 0;
	    r->cls++)
		;
	if (r->cls == TC_N)
		bad(t, "a trend line's class is rising, falling, stepped, "
		    "noise or untested");
	r->change = field(t, &p, end, "change");
	r->slope = field(t, &p, end, "slope");
	r->p = field(t, &p, end, "p");
	on = field(t, &p, end, "onset");
	r->step = field(t, &p, end, "step");
	if (isnan(r->change) || isnan(r->slope) || isnan(r->step))
		bad(t, "a trend line's change, slope and step are numbers");
	if (!isnan(on) && !(on >= 1 && on < (double)t->n && on == floor(on)))
		bad(t, "a trend line's onset is not a profile after the first");
	if (r->cls == TC_STEPPED && isnan(on))
		bad(t, "a stepped trend line without its onset");
	r->onset = isnan(on) ? -1 : (long)on;
	r->x = fg_reallocarray(NULL, t->n, sizeof(double));
	t->nr++;		/* freed with the rest from here on */
	for (i = 0; i < t->n; i++) {
		r->x[i] = field(t, &p, end, "share");
		if (!(r->x[i] >= 0))
			bad(t, "a share is a number of points, 0 or more");
	}
	if (p >= end)
		bad(t, "a trend line without its function's name");
	e = fg_stab_get(t->fns, p, (size_t)(end - p));
	if (e->aux == 0) {
		t->fn[t->nfn][0] = t->fn[t->nfn][1] = -1;
		e->aux = (uint32_t)++t->nfn;
	}
	r->name = fg_ent_key(t->fns, e);
	r->nlen = e->len;
	for (k = 0; k < 2; k++) {
		if (!(r->meas & (1 << k)))
			continue;
		if (t->fn[e->aux - 1][k] >= 0)
			bad(t, "a function's measure on two trend lines");
		t->fn[e->aux - 1][k] = (long)(t->nr - 1);
	}
}

int
svg_trend_meta(struct svg_trend *t, const char *line, size_t len)
{
	const char *end = line + len;

	t->line++;
	if (len > 11 && memcmp(line, "# fg-trend ", 11) == 0) {
		char *h = fg_malloc(len + 1), *v;

		memcpy(h, line, len);
		h[len] = '\0';
		v = fg_header_get(h, "kind");
		free(h);
		if (v != NULL && strcmp(v, "trend") == 0) {
			free(v);
			header(t, line, len);
			return 1;
		}
		free(v);
		return 0;
	}
	if (len > 14 && memcmp(line, "# trend-input ", 14) == 0) {
		if (!t->on)
			bad(t, "a trend-input line without the fg-trend "
			    "header");
		if (t->nstack > 0)
			late(t, "a trend-input line after the stacks");
		input(t, line + 14, end);
		return 1;
	}
	if (len > 8 && memcmp(line, "# trend ", 8) == 0) {
		if (!t->on)
			bad(t, "a trend line without the fg-trend header");
		if (t->nstack > 0)
			late(t, "a trend line after the stacks");
		row(t, line + 8, end);
		return 1;
	}
	/* a later stream's lines this fg-svg does not know */
	if (t->on && len > 7 && memcmp(line, "# trend", 7) == 0)
		bad(t, "a trend line this fg-svg does not know");
	return 0;
}

void
svg_trend_stack(struct svg_trend *t, int ncols)
{
	t->line++;
	t->nstack++;
	if (t->on && ncols != 1)
		bad(t, "a trend stream's stacks have one count: the last "
		    "profile's");
}

/* The row that colours a function's frames, or NULL. */
static const struct trow *
colrow(const struct svg_trend *t, const char *name, size_t len)
{
	struct fg_ent *e;
	long k;

	if (t->fns == NULL ||
	    (e = fg_stab_find(t->fns, name, len)) == NULL)
		return NULL;
	k = t->fn[e->aux - 1][t->want == TM_SELF ? 0 : 1];
	return k >= 0 ? &t->r[k] : NULL;
}

static int
real(const struct trow *r)
{
	return r->cls < TC_NOISE;
}

/* Rising, or a step up: +1; falling, or a step down: -1; else 0. */
static int
sign(const struct trow *r)
{
	if (!real(r))
		return 0;
	if (r->cls == TC_STEPPED)
		return r->change > 0 ? 1 : -1;
	return r->cls == TC_RISING ? 1 : -1;
}

void
svg_trend_end(struct svg_trend *t, const struct fg_colorcfg *cc,
    double total)
{
	char msg[160];
	size_t i;

	if (!t->on)
		return;
	if (t->nin < t->n) {
		snprintf(msg, sizeof(msg), "the trend stream ends after %zu of "
		    "its %zu trend-input lines (truncated?)", t->nin, t->n);
		bad(t, msg);
	}
	if (t->nr < t->expect) {
		snprintf(msg, sizeof(msg), "the trend stream ends after %zu of "
		    "its %zu trend lines (truncated?)", t->nr, t->expect);
		bad(t, msg);
	}
	if (t->nstack == 0)
		bad(t, "the trend stream ends before the last profile's "
		    "stacks (truncated?)");
	if (t->total >= 0 && fabs(total - t->total) > 1e-9 * t->total) {
		snprintf(msg, sizeof(msg), "the stacks sum to %.17g, the "
		    "header's total= is %.17g (truncated or altered?)", total,
		    t->total);
		bad(t, msg);
	}
	/* the measure the colours show: total, or self (--self-delta) */
	t->want = cc->selfdelta ? TM_SELF : TM_TOTAL;
	if (!(t->by & t->want))
		t->want = t->by == TM_SELF ? TM_SELF : TM_TOTAL;
	t->sym = fg_reallocarray(NULL, t->nr + 1, sizeof(int));
	for (i = 0; i < t->nr; i++) {
		t->sym[i] = -1;
		if (!(t->r[i].meas & t->want))
			continue;
		t->sym[i] = (int)t->nsym++;
		if (real(&t->r[i]) && fabs(t->r[i].change) > t->maxchg)
			t->maxchg = fabs(t->r[i].change);
	}
}

uint32_t
svg_trend_color(const struct svg_trend *t, const struct fg_colorcfg *cc,
    const char *name, size_t len, int root)
{
	const struct trow *r = root ? NULL : colrow(t, name, len);
	int s = r != NULL ? sign(r) : 0;

	if (s == 0)
		return fg_color_neutral(cc);
	return fg_color_scale(cc, t->maxchg > 0 ? fabs(r->change) /
	    t->maxchg : 1, s);
}

/* The title and subtitle, unless given. */
void
svg_trend_titles(const struct svg_trend *t, struct svg_opts *o)
{
	size_t n;

	if (!t->on)
		return;
	if (o->title == NULL)
		o->title = o->inverted ? "Trend Icicle Graph" :
		    "Trend Flame Graph";
	if (o->subtitle != NULL || t->nin == 0)
		return;
	n = strlen(t->in[0]) + strlen(t->in[t->n - 1]) + 96;
	o->ownsub = fg_malloc(n);
	snprintf(o->ownsub, n, "%zu profiles, %s \xe2\x86\x92 %s: the last, "
	    "coloured by each function's trend", t->n, t->in[0],
	    t->in[t->n - 1]);
	o->subtitle = o->ownsub;
}

/* "stepped +13.75 points at w10.folded" and the like, into buf. */
static void
verdict(const struct svg_trend *t, const struct trow *r, char *buf,
    size_t n)
{
	char p[32];

	if (isnan(r->p))
		snprintf(p, sizeof(p), "untested");
	else
		snprintf(p, sizeof(p), "p %.2g", r->p);
	if (r->cls == TC_STEPPED)
		snprintf(buf, n, "stepped %+.2f points at %s, %s", r->change,
		    t->in[r->onset], p);
	else
		snprintf(buf, n, "%s %+.2f points across %zu profiles, %+.3f "
		    "a step, %s%s%s", real(r) ? tcname[r->cls] : "within noise",
		    r->change, t->n, r->slope, p, r->onset >= 0 ?
		    ", a step at " : "", r->onset >= 0 ? t->in[r->onset] : "");
}

/* A frame's title: its function's verdict and series, as text. */
#define TITLEMAX 30

void
svg_trend_title(const struct svg_trend *t, const char *name, size_t len)
{
	const struct trow *r = colrow(t, name, len);
	char buf[512];
	double lo = HUGE_VAL, hi = -HUGE_VAL;
	size_t i;

	if (r == NULL) {
		fg_out_printf("; trend: its %s share does not move",
		    t->want == TM_SELF ? "self" : "total");
		return;
	}
	verdict(t, r, buf, sizeof(buf));
	fg_out_printf("; trend of its %s share: ", t->want == TM_SELF ?
	    "self" : "total");
	xml_text(buf, strlen(buf), SIZE_MAX);
	/* every share, but in a long series (each frame repeats them) the
	 * first, least, most and last: the chart has them all */
	if (t->n <= TITLEMAX) {
		fg_out_str("; shares");
		for (i = 0; i < t->n; i++)
			fg_out_printf("%s%.2f%%", i ? ", " : " ", r->x[i]);
		return;
	}
	for (i = 0; i < t->n; i++) {
		lo = r->x[i] < lo ? r->x[i] : lo;
		hi = r->x[i] > hi ? r->x[i] : hi;
	}
	fg_out_printf("; shares: first %.2f%%, least %.2f%%, most %.2f%%, "
	    "last %.2f%%", r->x[0], lo, hi, r->x[t->n - 1]);
}

/*
 * The series as small charts, one symbol each (id tsK), drawn in a
 * 100 x 24 box: the shares from their least to their largest, a dashed
 * line at a step's onset.
 */
#define SPARKW 100
#define SPARKH 24

static void
sparkline(const struct svg_trend *t, const struct trow *r, int k)
{
	double lo = HUGE_VAL, hi = -HUGE_VAL, x, y;
	size_t i;

	for (i = 0; i < t->n; i++) {
		lo = r->x[i] < lo ? r->x[i] : lo;
		hi = r->x[i] > hi ? r->x[i] : hi;
	}
	fg_out_printf("<symbol id=\"ts%d\" viewBox=\"0 0 %d %d\" "
	    "preserveAspectRatio=\"none\">", k, SPARKW, SPARKH);
	if (r->onset >= 0) {
		x = (double)SPARKW * (double)r->onset / (double)(t->n - 1);
		fg_out_str("<line x1=\"");
		out_fix1(x);
		fg_out_str("\" x2=\"");
		out_fix1(x);
		fg_out_printf("\" y1=\"0\" y2=\"%d\" stroke=\"#888\" "
		    "stroke-dasharray=\"2,2\"/>", SPARKH);
	}
	fg_out_str("<polyline fill=\"none\" stroke=\"#000\" "
	    "stroke-width=\"1.5\" vector-effect=\"non-scaling-stroke\" "
	    "points=\"");
	for (i = 0; i < t->n; i++) {
		x = (double)SPARKW * (double)i / (double)(t->n - 1);
		y = hi > lo ? 2 + (SPARKH - 4) * (hi - r->x[i]) / (hi - lo) :
		    SPARKH / 2.0;
		if (i > 0)
			fg_out_char(' ');
		out_num(floor(x * 100 + 0.5) / 100);
		fg_out_char(',');
		out_num(floor(y * 100 + 0.5) / 100);
	}
	fg_out_str("\"/></symbol>\n");
}

/*
 * For the script: a line per function that has a series, "K<TAB>TEXT
 * <TAB>NAME", K its symbol, TEXT its verdict as the title gives it.
 */
static void
scriptdata(const struct svg_trend *t)
{
	char buf[512];
	size_t i;
	const struct trow *r;

	fg_out_printf("<metadata id=\"trend\" data-want=\"%s\">",
	    t->want == TM_SELF ? "self" : "total");
	for (i = 0; i < t->nr; i++) {
		r = &t->r[i];
		if (t->sym[i] < 0)
			continue;
		verdict(t, r, buf, sizeof(buf));
		fg_out_printf("\n%d\t", t->sym[i]);
		xml_text(buf, strlen(buf), SIZE_MAX);
		fg_out_char('\t');
		xml_text(r->name, r->nlen, SIZE_MAX);
	}
	fg_out_str("</metadata>\n");
}

/*
 * Rows of the table: the largest real trends of the colouring measure,
 * the largest change first (among equal ones, fg-trend's rank).
 */
#define TROWS 8

static size_t
tablerows(const struct svg_trend *t, size_t *idx)
{
	size_t i, j, n = 0;
	double c;

	for (i = 0; i < t->nr; i++) {
		if (t->sym[i] < 0 || !real(&t->r[i]))
			continue;
		c = fabs(t->r[i].change);
		for (j = n; j > 0 && fabs(t->r[idx[j - 1]].change) < c; j--)
			if (j < TROWS)
				idx[j] = idx[j - 1];
		if (j < TROWS) {
			idx[j] = i;
			n += n < TROWS;
		}
	}
	return n;
}

double
svg_trend_headh(const struct svg_trend *t, double lh)
{
	size_t idx[TROWS], n;

	if (!t->on)
		return 0;
	n = tablerows(t, idx);
	return (double)(3 + (n > 0 ? n : 1)) * lh + 8;
}

static void
tablerow(const struct svg_trend *t, const struct svg_opts *o,
    const struct trow *r, int k, double y)
{
	double fs = o->fontsize, cw = fs * o->fontwidth, x = SVG_XPAD;
	char buf[512], hex[8];
	long room;

	fg_color_fmt(hex, svg_trend_color(t, &o->cc, r->name, r->nlen, 0));
	fg_out_str("<g class=\"trend\" data-n=\"");
	xml_text(r->name, r->nlen, SIZE_MAX);
	fg_out_str("\"><title>");
	xml_text(r->name, r->nlen, SIZE_MAX);
	fg_out_str(": ");
	verdict(t, r, buf, sizeof(buf));
	xml_text(buf, strlen(buf), SIZE_MAX);
	out_swatch(x, y, fs, hex);
	snprintf(buf, sizeof(buf), "%+.2f", r->change);
	out_textel(NULL, "num", x + fs + 4 + 7 * cw, y, buf);
	snprintf(buf, sizeof(buf), "%.2f%% \xe2\x86\x92 %.2f%%", r->x[0],
	    r->x[t->n - 1]);
	out_textel(NULL, "num", x + fs + 4 + 25 * cw, y, buf);
	fg_out_printf("<use href=\"#ts%d\" x=\"", k);
	out_fix1(x + fs + 4 + 26 * cw);
	fg_out_str("\" y=\"");
	out_fix1(y - fs + 1);
	fg_out_str("\" width=\"");
	out_fix1(8 * cw);
	fg_out_str("\" height=\"");
	out_fix1(fs + 2);
	fg_out_str("\"/>");
	if (r->cls == TC_STEPPED)
		snprintf(buf, sizeof(buf), "step at %s", t->in[r->onset]);
	else
		snprintf(buf, sizeof(buf), "%s", tcname[r->cls]);
	out_textstart(NULL, NULL, x + fs + 4 + 35 * cw, y);
	out_midcut(buf, strlen(buf), 22);
	fg_out_str("</text>");
	room = (long)(((double)o->width - 2 * SVG_XPAD - fs - 4) / cw) - 58;
	out_textstart(NULL, NULL, x + fs + 4 + 58 * cw, y);
	out_midcut(r->name, r->nlen, room < 8 ? 8 : (size_t)room);
	fg_out_str("</text></g>\n");
}

/*
 * The head under the title: the headline (how many functions rose, fell
 * or stepped, over which profiles), a line on the test and the colours,
 * the table of the largest real trends with their charts; and the charts
 * and the script's data.
 */
void
svg_trend_head(const struct svg_trend *t, const struct svg_opts *o,
    double y, double lh)
{
	size_t idx[TROWS], n, i, cnt[TC_N] = { 0 };
	char buf[512];
	const char *meas = t->want == TM_SELF ? "self" : "total";

	if (!t->on)
		return;
	fg_out_str("<defs>\n");
	for (i = 0; i < t->nr; i++)
		if (t->sym[i] >= 0)
			sparkline(t, &t->r[i], t->sym[i]);
	fg_out_str("</defs>\n");
	scriptdata(t);
	for (i = 0; i < t->nr; i++)
		if (t->sym[i] >= 0)
			cnt[t->r[i].cls]++;
	snprintf(buf, sizeof(buf), "functions by %s share over %zu profiles: "
	    "%zu rising, %zu falling, %zu stepped, %zu within noise", meas,
	    t->n, cnt[TC_RISING], cnt[TC_FALLING], cnt[TC_STEPPED],
	    cnt[TC_NOISE] + cnt[TC_UNTESTED]);
	/* left-aligned: the script may widen the page, nothing moves */
	fg_out_str("<style type=\"text/css\">\n#trendline{font-weight:bold;"
	    "font-size:");
	out_num(o->fontsize + 2);
	fg_out_str("px}\n#trendline2{fill:#333}\n.trend{cursor:default}\n"
	    "</style>\n");
	out_textel("trendline", NULL, SVG_XPAD, y, buf);
	snprintf(buf, sizeof(buf), "red rising, blue falling, grey nothing "
	    "real; fg-trend's %s counts, %s mode, Holm at %s", t->model ?
	    t->model : "unknown", t->mode ? t->mode : "proportional",
	    t->alpha ? t->alpha : "0.001");
	out_textel("trendline2", NULL, SVG_XPAD, y + lh, buf);
	n = tablerows(t, idx);
	fg_out_str("<g id=\"trends\">\n");
	snprintf(buf, sizeof(buf), "Largest trends by %s share: points "
	    "across the series, first \xe2\x86\x92 last, chart, kind", meas);
	out_textel(NULL, "th", SVG_XPAD, y + 2 * lh, buf);
	if (n == 0)
		out_textel(NULL, NULL, SVG_XPAD, y + 3 * lh,
		    "none beyond noise");
	for (i = 0; i < n; i++)
		tablerow(t, o, &t->r[idx[i]], t->sym[idx[i]],
		    y + (double)(3 + i) * lh);
	fg_out_str("</g>\n");
}
