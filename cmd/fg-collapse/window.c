/* SPDX-License-Identifier: ISC */
/*
 * window.c: time windows: the values of --since, --until, --window and
 * -o, read and checked into o->win, and computed with.
 * --since and --until keep the samples at times since <= t < until, each
 * bound absolute (seconds as the profiler prints them) or relative to the
 * capture ("+30s": after its first sample, "-5m": before its last).
 * --window DUR cuts the (kept part of the) capture into consecutive
 * windows of DUR from its start (from --since when given), each sample
 * filed under its window's number (write.c writes one folded file per
 * window, named by -o).
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "collapse.h"

/* "[+-]NUMBER[UNIT]" with UNIT ms, s (default), m or h; -1 when bad. */
static int
parse_dur(const char *s, int *sign, double *v)
{
	static const struct { const char *u; double f; } units[] = {
		{ "ms", 1e-3 }, { "s", 1 }, { "m", 60 }, { "h", 3600 },
		{ "", 1 }
	};
	char *end;
	size_t i;

	*sign = 0;
	if (*s == '+' || *s == '-')
		*sign = *s++;
	if (!(*s >= '0' && *s <= '9') && *s != '.')
		return -1;
	errno = 0;
	*v = strtod(s, &end);
	if (end == s || errno != 0 || !isfinite(*v) || *v < 0)
		return -1;
	for (i = 0; i < sizeof(units) / sizeof(units[0]); i++)
		if (strcmp(end, units[i].u) == 0) {
			*v *= units[i].f;
			return isfinite(*v) ? 0 : -1;
		}
	return -1;
}

static struct cwin *
win_of(struct copts *o)
{
	if (o->win == NULL)
		o->win = fg_calloc(1, sizeof(*o->win));
	return o->win;
}

void
window_opt(struct copts *o, int which, const char *arg)
{
	struct cwin *w = win_of(o);
	struct wbound *b;
	int sign;
	double v;

	switch (which) {
	case 's':
	case 'u':
		b = which == 's' ? &w->since : &w->until;
		if (parse_dur(arg, &sign, &v) < 0)
			fg_errx(FG_EXIT_ERR, "--%s: bad time: %s (seconds as "
			    "the capture prints them, or -DURATION before its "
			    "end, +DURATION after its start; units ms, s, m, "
			    "h)", which == 's' ? "since" : "until", arg);
		b->set = 1;
		b->rel = sign;
		b->v = v;
		break;
	case 'w':
		if (parse_dur(arg, &sign, &v) < 0 || sign != 0 || v <= 0)
			fg_errx(FG_EXIT_ERR, "--window: bad duration: %s (a "
			    "positive number with unit ms, s, m or h)", arg);
		w->every = v;
		break;
	default:
		w->pattern = arg;
		break;
	}
}

static void check_pattern(const char *);

void
window_check(const struct copts *o)
{
	const struct cwin *w = o->win;

	if (w == NULL)
		return;
	if (w->pattern != NULL && w->every == 0)
		fg_errx(FG_EXIT_ERR, "-o names the files of --window: give "
		    "--window too");
	if (w->every > 0 && w->pattern == NULL)
		fg_errx(FG_EXIT_ERR, "--window writes one file per window: "
		    "name them with -o DIR or -o PATTERN");
	if (w->pattern != NULL)
		check_pattern(w->pattern);
}

/*
 * A -o PATTERN names each window apart: its conversions are %n, %s, %t
 * and %%, one of the first three at least (else every window would get
 * the same name and only the last would be left).
 */
static void
check_pattern(const char *pat)
{
	const char *p;
	int apart = 0;

	if (strchr(pat, '%') == NULL)
		return;		/* a directory */
	for (p = pat; (p = strchr(p, '%')) != NULL; p += 2) {
		if (p[1] == 'n' || p[1] == 's' || p[1] == 't')
			apart = 1;
		else if (p[1] != '%')
			fg_errx(FG_EXIT_ERR, "-o %s: %%%.1s is not a conversion "
			    "(%%n window number, %%s start time, %%t offset, "
			    "%%%% a %%)", pat, p[1] != '\0' ? p + 1 : "");
	}
	if (!apart)
		fg_errx(FG_EXIT_ERR, "-o %s: the pattern names every window "
		    "the same: put %%n, %%s or %%t in it", pat);
}

int
window_needs(const struct copts *o)
{
	const struct cwin *w = o->win;
	int need = 0;

	if (w == NULL)
		return 0;
	if (w->since.rel == '+' || w->until.rel == '+' ||
	    (w->every > 0 && !w->since.set))
		need |= WIN_FIRST;
	if (w->since.rel == '-' || w->until.rel == '-')
		need |= WIN_LAST;
	return need;
}

static double
bound(const struct wbound *b, double first, double last, double none)
{
	if (!b->set)
		return none;
	if (b->rel == '+')
		return first + b->v;
	if (b->rel == '-')
		return last - b->v;
	return b->v;
}

void
window_resolve(const struct copts *o, struct fg_in *in, double first,
    double last)
{
	struct cwin *w = o->win;
	int need = window_needs(o);

	if ((need & WIN_FIRST && isnan(first)) ||
	    (need & WIN_LAST && isnan(last)))
		fg_errx(FG_EXIT_ERR, "%s: no sample with a timestamp: the "
		    "time window cannot be placed", in->name);
	w->lo = bound(&w->since, first, last, -INFINITY);
	w->hi = bound(&w->until, first, last, INFINITY);
	/* windows count from the first input's start, for all inputs */
	if (!w->resolved)
		w->origin = w->since.set ? w->lo : first;
	if (w->lo >= w->hi)
		fg_errx(FG_EXIT_ERR, "%s: --since (%.6f) is not before --until "
		    "(%.6f): the time window is empty", in->name, w->lo, w->hi);
	w->resolved = 1;
}

int64_t
window_slot(const struct copts *o, double t)
{
	const struct cwin *w = o->win;
	double k;

	if (!(t >= w->lo && t < w->hi))
		return -1;	/* NaN too */
	if (w->every == 0)
		return 0;
	k = floor((t - w->origin) / w->every);
	if (k < 0)
		return 0;	/* before the first sample of an unordered file */
	if (k >= WINDOW_MAX)
		fg_errx(FG_EXIT_ERR, "--window %g s: more than %d windows; "
		    "give a longer window or a shorter span (--since, "
		    "--until)", w->every, WINDOW_MAX);
	return (int64_t)k;
}

size_t
window_key(const struct copts *o, int64_t slot, char *p)
{
	int i;

	if (o->win == NULL || o->win->every == 0)
		return 0;
	for (i = WINDOW_KEYLEN - 1; i >= 0; i--, slot >>= 8)
		p[i] = (char)(slot & 0xff);
	return WINDOW_KEYLEN;
}

int
window_parse_time(const char *s, size_t n, double *t)
{
	char b[64], *end;
	size_t i;

	if (n == 0 || n >= sizeof(b))
		return -1;
	for (i = 0; i < n; i++)
		if (!((s[i] >= '0' && s[i] <= '9') || s[i] == '.'))
			return -1;
	memcpy(b, s, n);
	b[n] = '\0';
	*t = strtod(b, &end);
	return end == b + n ? 0 : -1;
}

void
collapse_add_at(struct fg_stab *tab, const char *stack, size_t len,
    fg_count c, struct fg_in *in, const struct copts *o, double t)
{
	char *k;
	size_t kl;
	int64_t slot;

	if (o->win == NULL) {
		collapse_add(tab, stack, len, c, in);
		return;
	}
	if ((slot = window_slot(o, t)) < 0)
		return;
	if (o->win->every == 0) {
		collapse_add(tab, stack, len, c, in);
		return;
	}
	k = fg_malloc(len + WINDOW_KEYLEN);
	kl = window_key(o, slot, k);
	memcpy(k + kl, stack, len);
	collapse_add(tab, k, len + kl, c, in);
	free(k);
}
