/* SPDX-License-Identifier: ISC */
/*
 * window.c: time windows, computed (window-opt.c reads the options).
 * --since and --until keep the samples at times since <= t < until, each
 * bound absolute (seconds as the profiler prints them) or relative to the
 * capture ("+30s": after its first sample, "-5m": before its last).
 * --window DUR cuts the (kept part of the) capture into consecutive
 * windows of DUR from its start (from --since when given), each sample
 * filed under its window's number (write.c writes one folded file per
 * window, named by -o).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "collapse.h"

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
