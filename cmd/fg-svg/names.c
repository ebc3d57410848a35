/* SPDX-License-Identifier: ISC */
/*
 * names.c: what fg-svg calls the graph and its counts, decided from the
 * kind of input, its header and its counts' period (input.h): the default
 * title and subtitle, and the unit.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fg.h"
#include "input.h"

/* The default title and subtitle, from the kind of input and its header. */
void
svg_titles(struct svg_opts *o, const char *header, int isdiff)
{
	char *tool = NULL, *base = NULL, *curr = NULL;
	int elided = 0;

	if (header != NULL) {
		const char *p = header + 2, *e = strchr(p, ' ');

		tool = e ? fg_strdup(p) : NULL;
		if (tool != NULL)
			tool[e - p] = '\0';
		elided = tool != NULL && strcmp(tool, "fg-elide") == 0;
		o->cc.gone = elided && o->cc.pal == FG_PAL_HOT;
		base = fg_header_get(header, "base");
		curr = fg_header_get(header, "current");
	}
	if (o->title == NULL) {
		if (elided)
			o->title = "Elided Flame Graph: paths gone from the "
			    "current profile";
		else if (isdiff)
			o->title = o->inverted ? "Differential Icicle Graph" :
			    "Differential Flame Graph";
		else if (o->flamechart)
			o->title = "Flame Chart";
		else
			o->title = o->inverted ? "Icicle Graph" : "Flame Graph";
	}
	if (o->subtitle == NULL && base != NULL && curr != NULL) {
		int neg = o->cc.negate && !elided;
		/* --negate: the baseline seen from the current profile */
		const char *l = fg_basename(neg ? curr : base);
		const char *r = fg_basename(neg ? base : curr);
		size_t n = strlen(l) + strlen(r) + 32;

		o->ownsub = fg_malloc(n);
		snprintf(o->ownsub, n, elided ? "in %s, absent from %s" :
		    "%s \xe2\x86\x92 %s", l, r);
		o->subtitle = o->ownsub;
	}
	free(tool);
	free(base);
	free(curr);
}

/*
 * Whether p count units per sample is the period perf's cpu-clock and
 * task-clock events weight samples by at some frequency F Hz: 10^9 / F ns,
 * rounded down (1001001 at 999 Hz, 250000 at 4000 Hz).
 */
static int
clockperiod(double p)
{
	double f;

	if (!(p >= 1000 && p <= 1e9) || p != floor(p))
		return 0;
	f = floor(1e9 / p);
	return floor(1e9 / f) == p || floor(1e9 / (f + 1)) == p;
}

/*
 * The unit of the counts, which titles, hover, headline and legend name,
 * unless --countname or --factor say: the header's unit= (ns and us shown
 * as ms), else nanoseconds shown as ms when the counts are weighted by a
 * perf clock's period (--period, the header's period=, else detected in
 * the counts, as fg-top detects it), else samples.
 */
void
svg_units(struct svg_opts *o, const struct svg_input *in)
{
	char *u = NULL, *ps = NULL;
	double p = o->cc.nz.period;

	if (o->cnset || o->factorset)
		return;
	if (in->header != NULL) {
		u = fg_header_get(in->header, "unit");
		ps = fg_header_get(in->header, "period");
	}
	if (p == 0 && ps != NULL)
		p = strtod(ps, NULL);
	if (p == 0 && (p = fg_period_get(&in->per)) <= 1)
		p = fg_period_side(&in->per, 1);
	if (u != NULL && (strcmp(u, "ns") == 0 || strcmp(u, "us") == 0)) {
		o->factor = strcmp(u, "ns") == 0 ? 1e-6 : 1e-3;
		o->countname = "ms";
	} else if (u != NULL && *u != '\0') {
		o->countname = o->ownunit = u;
		u = NULL;
	} else if (u == NULL && clockperiod(p)) {
		o->factor = 1e-6;
		o->countname = "ms";
	}
	free(u);
	free(ps);
}
