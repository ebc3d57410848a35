/* SPDX-License-Identifier: ISC */
/*
 * sample.c: a perf worker (perf.h): each line to what it is (an event
 * line, a stack line, a source line, a blank line ending the sample), the
 * samples into stacks in the worker's table. A stack line seen before is
 * taken from memo.c, else its frame is named by name.c; an event line is
 * taken or not by event.c; the frames go in front of one another
 * (perf.h's rev_prepend) and the finished sample into the table
 * (stack.c). The syntax of a line is line.c's.
 */
#include <stdlib.h>
#include <string.h>

#include "perf.h"

void
perf_end_sample(struct worker *w)
{
	flush_frame(w);
	if (!w->inside)
		goto out;
	if (w->tab == NULL)
		goto out;	/* probing */
	rev_prepend(w, w->pname.p, w->pname.len);
	if (window_on(w->o)) {
		rev_need(w, WINDOW_KEYLEN);
		w->rpos -= window_key(w->o, w->slot, w->rev + w->rpos -
		    WINDOW_KEYLEN) ? WINDOW_KEYLEN : 0;
	}
	perf_tally(&w->tally, w->period, w->weighted);
	perf_stack_put(w, w->period);
out:
	w->inside = 0;
	rev_reset(w);
}

/* Takes what a stack line gave when it was parsed before. */
static void
memo_take(struct worker *w, const struct pment *e)
{
	flush_frame(w);
	if (e->name) {
		if (w->o->srcline) {
			/* held for a source line, as perf_on_frame holds it */
			w->line.len = 0;
			buf_put(&w->line, pment_name(e), e->nlen);
			w->pend = 1;
		} else
			rev_prepend_kept(w, pment_name(e), e->nlen);
		w->lastframe = e->lastframe;
	}
	w->nknown++;
}

/*
 * A stack line "\t addr func+off (module)" of a sample being read, by
 * memo.c when it was parsed before, else parsed and kept there; 0
 * when it is left to on_line (not a stack line that parses, a Java
 * command's, or no memo).
 */
static int
memo_line(struct worker *w, const char *s, size_t n)
{
	const struct pment *e;
	struct pment what;
	struct frame f;
	uint32_t h;

	if (w->memo == NULL || !w->inside || w->java || s[0] != '\t' ||
	    n < PM_KEY || s[n - 1] != ')')
		return 0;
	h = pmemo_hash(s);
	if ((e = pmemo_find(w->memo, s, n, h)) != NULL) {
		memo_take(w, e);
		return 1;
	}
	if (!perf_parse_frame(s, n, &f))
		return 0;
	perf_on_frame(w, &f);
	what.name = (unsigned char)w->pend;
	what.lastframe = (unsigned char)w->lastframe;
	what.nlen = (uint16_t)(w->pend ? w->line.len : 0);
	if (!w->pend || w->line.len <= 0xffff)
		pmemo_add(w->memo, s, n, h, &what, w->pend ? w->line.p : "");
	w->nknown++;
	return 1;
}

/* One line (without its newline). */
static void
on_line(struct worker *w, const char *s, size_t n)
{
	struct event ev;
	struct frame f;
	size_t h, pad;

	if (n > 0 && s[n - 1] == '\r')
		n--;
	if (n == 0) {
		perf_end_sample(w);
		return;
	}
	if (memo_line(w, s, n))
		return;
	if (s[0] == '#')
		return;
	if ((h = perf_event_line(s, n, &ev, &pad)) != 0) {
		int named;

		w->nknown++;
		named = perf_event_name(s + pad, n - pad, h, &ev);
		if (named ? fg_hasprefix(ev.ev, ev.evlen, "PERF_RECORD_") :
		    perf_is_record(s + pad, n - pad, h)) {
			/* --show-mmap-events, --show-task-events: no sample */
			flush_frame(w);
			w->inside = 0;
			rev_reset(w);
			return;
		}
		if (w->nevents++ == 0)
			w->firstevent = w->lineno;
		if (w->tab == NULL && ev.frame != NULL &&
		    perf_parse_frame(ev.frame, ev.framelen, &f))
			w->nhex += perf_hexpc(&f);	/* probing */
		flush_frame(w);
		perf_on_event(w, s + pad, n - pad, &ev, named);
		if (w->inside && ev.frame != NULL &&
		    perf_parse_frame(ev.frame, ev.framelen, &f)) {
			/* a sample on one line (no call graph) */
			perf_on_frame(w, &f);
			perf_end_sample(w);
		}
		return;
	}
	if (isws((unsigned char)s[0]) && w->lastframe && perf_srcline_like(s, n) &&
	    (perf_srcline_inlined(s, n) || !perf_parse_frame(s, n, &f))) {
		if (w->o->srcline && w->pend)
			perf_add_srcline(w, s, n);
		flush_frame(w);
		w->lastframe = 0;
		w->nknown++;
		return;
	}
	if (perf_parse_frame(s, n, &f)) {
		if (w->inside && !(w->a2l != NULL && perf_inline_frame(w, &f)))
			perf_on_frame(w, &f);
		w->nknown++;
		if (w->tab == NULL)
			w->nhex += perf_hexpc(&f);	/* probing */
		return;
	}
	if (w->inside && !w->open && perf_parse_bare_frame(s, n, &f)) {
		if (!(w->a2l != NULL && perf_inline_frame(w, &f)))
			perf_on_frame(w, &f);
		w->nknown++;
		return;
	}
	flush_frame(w);
	w->lastframe = 0;
	perf_warn(w, "unrecognised line", s, n);
}

/*
 * The event that the first sample in b[0..n) (whole lines) is of: the
 * first line that on_line() would take the default --event-filter from.
 */
int
perf_first_event(const char *b, size_t n, struct buf *name)
{
	const char *p = b, *e = b + n, *nl;
	struct event ev;
	size_t h, pad, len;

	for (; p < e; p = nl + 1) {
		if ((nl = memchr(p, '\n', (size_t)(e - p))) == NULL)
			nl = e;
		len = (size_t)(nl - p);
		if (len > 0 && p[len - 1] == '\r')
			len--;
		if (len == 0 || p[0] == '#' ||
		    (h = perf_event_line(p, len, &ev, &pad)) == 0 ||
		    !perf_event_name(p + pad, len - pad, h, &ev) ||
		    fg_hasprefix(ev.ev, ev.evlen, "PERF_RECORD_"))
			continue;
		name->len = 0;
		buf_put(name, ev.ev, ev.evlen);
		return 1;
	}
	return 0;
}

/* Parses buf[0..n): whole lines, the last one possibly unterminated. */
void
perf_parse_block(struct worker *w, const char *b, size_t n)
{
	const char *p = b, *e = b + n, *nl;
	const struct pment *m;

	while (p < e) {
		/* a stack line seen before, its end found by comparing it */
		if (*p == '\t' && w->inside && !w->java && w->memo != NULL &&
		    (m = pmemo_at(w->memo, p, e)) != NULL) {
			w->lineno++;
			memo_take(w, m);
			p += m->len + 1;
			continue;
		}
		nl = memchr(p, '\n', (size_t)(e - p));
		if (nl == NULL)
			nl = e;
		else if (*p != '\t' && w->memo != NULL &&
		    e - nl > PM_KEY + 1 && nl[1] == '\t')
			/*
			 * A sample's first stack line: its leaf, mostly not
			 * the line the one before it was last followed by, so
			 * found by its hash. The entry is asked for while the
			 * event line is parsed: those lookups were a fifth of
			 * the time, waiting on memory.
			 */
			pmemo_prefetch(w->memo, nl + 1);
		w->lineno++;
		w->open = nl == e;
		on_line(w, p, (size_t)(nl - p));
		p = nl + 1;
	}
}

void
perf_worker_init(struct worker *w, const struct copts *o, struct fg_stab *tab,
    struct fg_in *in)
{
	memset(w, 0, sizeof(*w));
	w->o = o;
	w->tab = tab;
	w->in = in;
	if (o->event_filter != NULL) {
		buf_put(&w->filter, o->event_filter, strlen(o->event_filter));
		w->has_filter = 1;
	}
	if (o->inline_ && tab != NULL)
		w->a2l = a2l_new(o->context);
	else if (tab != NULL)
		w->memo = pmemo_new();
	rev_need(w, 4096);
	rev_reset(w);
}

void
perf_worker_free(struct worker *w)
{
	a2l_free(w->a2l);
	pmemo_free(w->memo);
	perf_stack_free(w);
	free(w->filter.p);
	free(w->pname.p);
	free(w->line.p);
	free(w->rev);
}
