/* SPDX-License-Identifier: ISC */
/*
 * unit.c: what perf script's counts are, for fg-collapse's header.
 * A sample counts its printed period (perf script prints it by default),
 * else 1. The period of cpu-clock and task-clock is nanoseconds (10^9/F
 * at -F F, the same for every sample); of any other event, that event's
 * occurrences (cycles: varying in frequency mode). Samples without a
 * printed period, or all of period 1 (tracepoints), count samples. The
 * sample frequency perf script --header prints changes none of this: it
 * says how often samples were taken, not what a count is.
 */
#include <string.h>

#include "perf.h"

void
perf_tally_join(struct ptally *t, const struct ptally *u)
{
	if (u->pmax > 0) {
		if (t->pmax == 0 || u->pmin < t->pmin)
			t->pmin = u->pmin;
		if (u->pmax > t->pmax)
			t->pmax = u->pmax;
	}
	t->unweighted |= u->unweighted;
	t->sw += u->sw;
	t->sw2 += u->sw2;
	t->n += u->n;
}

/*
 * The event's name without perf's modifiers (":u", ":ppp", "cycles:uk");
 * a tracepoint's "sched:sched_switch" keeps its second part, which has
 * letters no modifier has.
 */
static size_t
basename_len(const char *ev, size_t n)
{
	size_t i, c = n;

	for (i = n; i-- > 0; )
		if (ev[i] == ':') {
			c = i;
			break;
		}
	if (c == n)
		return n;
	for (i = c + 1; i < n; i++)
		if (strchr("ukhIGHpPSDWeb", ev[i]) == NULL || ev[i] == '\0')
			return n;
	return c;
}

static int
isclock(const char *ev, size_t n)
{
	return (n == 9 && memcmp(ev, "cpu-clock", 9) == 0) ||
	    (n == 10 && memcmp(ev, "task-clock", 10) == 0);
}

void
perf_unit(const struct copts *o, const struct ptally *t, const char *ev,
    size_t evlen)
{
	size_t n;

	collapse_plain(o);	/* stackcollapse-perf.pl's bytes by default */
	if (t->n == 0)
		return;		/* no sample: nothing to say */
	if (t->unweighted && t->pmax > 0) {
		collapse_unit(o, "", 0);	/* periods and ones mixed */
		collapse_samples(o, t->n);
		return;
	}
	if (t->unweighted || t->pmax == 1) {
		collapse_unit(o, "samples", 7);
		collapse_samples(o, t->n);
		return;
	}
	if (ev != NULL) {
		n = basename_len(ev, evlen);
		if (isclock(ev, n))
			collapse_unit(o, "ns", 2);
		else
			collapse_unit(o, ev, n);
	}
	if (t->pmin == t->pmax)
		collapse_period(o, t->pmin);
	else	/* frequency mode: weights vary; the effective samples */
		collapse_weights(o, t->sw, t->sw2);
	collapse_samples(o, t->n);
}
