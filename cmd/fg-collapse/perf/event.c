/* SPDX-License-Identifier: ISC */
/*
 * event.c: a perf sample's event line taken or not: the event filter
 * (the user's, or the first event seen), the period, --since, --until and
 * --window, and the process name that is the stack's root.
 */
#include <stdint.h>
#include <string.h>

#include "perf.h"

/* --since, --until, --window: whether the sample is kept, and where. */
static int
in_window(struct worker *w, const char *s, size_t n)
{
	double t;

	if (!perf_line_time(s, n, &t)) {
		perf_warn(w, "sample without a timestamp, outside every time "
		    "window", s, n);
		w->inside = 0;
		rev_reset(w);
		return 0;
	}
	if ((w->slot = window_slot(w->o, t)) < 0) {
		w->inside = 0;
		rev_reset(w);
		return 0;
	}
	return 1;
}

void
perf_on_event(struct worker *w, const char *s, size_t n, const struct event *ev,
    int named)
{
	uint64_t period = 0;
	size_t i;

	if (named) {
		if (!w->has_filter) {
			w->filter.len = 0;
			buf_put(&w->filter, ev->ev, ev->evlen);
			w->has_filter = 1;
			w->defaulted = 1;
		} else if (ev->evlen != w->filter.len ||
		    memcmp(ev->ev, w->filter.p, ev->evlen) != 0) {
			w->otherevents = 1;
			return;
		}
	}
	for (i = 0; i < ev->periodlen; i++) {
		unsigned d = (unsigned)(ev->period[i] - '0');

		if (i >= 18 && period > (uint64_t)(INT64_MAX - d) / 10) {
			perf_warn(w, "period out of range", s, n);
			w->inside = 0;
			rev_reset(w);
			return;
		}
		period = period * 10 + d;
	}
	if (window_on(w->o) && !in_window(w, s, n))
		return;
	/* Perl: a period of "0" (false) or none counts 1 */
	w->weighted = 1;
	if (ev->periodlen == 0 ||
	    (ev->periodlen == 1 && ev->period[0] == '0')) {
		period = 1;
		w->weighted = 0;
	}
	w->period = period;
	w->inside = 1;
	w->pname.len = 0;
	buf_put(&w->pname, ev->comm, ev->commlen);
	w->java = fg_hasprefix(ev->comm, ev->commlen, "java");
	if (w->o->tid || w->o->pid) {
		const char *pid = ev->pid, *tid = ev->tid;
		size_t pl = ev->pidlen, tl = ev->tidlen;

		/* Perl: no tid (or "0") means the number is the tid */
		if (tl == 0 || (tl == 1 && tid[0] == '0')) {
			tid = pid;
			tl = pl;
			pid = "?";
			pl = 1;
		}
		buf_put(&w->pname, "-", 1);
		buf_put(&w->pname, pid, pl);
		if (w->o->tid) {
			buf_put(&w->pname, "/", 1);
			buf_put(&w->pname, tid, tl);
		}
	}
	/* spaces as stackcollapse-perf.pl; ';' as in every frame (fg-folded(5)) */
	for (i = 0; i < w->pname.len; i++)
		if (w->pname.p[i] == ' ')
			w->pname.p[i] = '_';
		else if (w->pname.p[i] == ';')
			w->pname.p[i] = ':';
	w->lastframe = 0;
}
