/* SPDX-License-Identifier: ISC */
/*
 * perf.c: Linux "perf script" output, collapsed as FlameGraph's
 * stackcollapse-perf.pl collapses it (same options, same output), with
 * its known faults fixed: the last sample at end of input is kept, C++
 * and Rust names keep their templates and operator(), thread names may
 * hold spaces and digits, tracepoint events with arguments are filtered
 * like any other event, versioned vmlinux, kernel module and jitdump DSOs
 * are annotated, "perf script -F +srcline" lines are understood.
 *
 * A sample's frames arrive leaf first; each is written in front of the
 * previous ones in a buffer that grows leftwards, so the folded stack is
 * ready when the sample ends. Reading is perf-read.c's, the syntax of a
 * line perf-line.c's.
 */
#include <stdlib.h>
#include <string.h>

#include "addr2line.h"
#include "perf.h"

static void
wwarn(struct worker *w, const char *what, const char *s, size_t n)
{
	struct warnrec *r;
	size_t i, k, m;

	if (w->nwarn++ >= MAXKEEP)
		return;
	r = &w->warns[w->nwarn - 1];
	r->line = w->lineno;
	k = (size_t)snprintf(r->msg, sizeof(r->msg), "%s", what);
	if (s == NULL || k + 4 >= sizeof(r->msg))
		return;
	m = sizeof(r->msg) - k - 4;
	r->msg[k++] = ':';
	r->msg[k++] = ' ';
	for (i = 0; i < n && i < m; i++) {
		unsigned char c = (unsigned char)s[i];

		r->msg[k++] = c >= 0x20 && c < 0x7f ? (char)c : '?';
	}
	if (i < n && k >= 3)
		memcpy(r->msg + k - 3, "...", 3);
	r->msg[k] = '\0';
}

static void
rev_reset(struct worker *w)
{
	w->rpos = w->rcap;
	w->nframes = 0;
	w->lastframe = 0;
	w->pend = 0;
}

/* Grows the frames' buffer to take n more bytes in front. */
static void
rev_grow(struct worker *w, size_t n)
{
	size_t used = w->rcap - w->rpos, ncap;
	char *nr;

	ncap = w->rcap ? w->rcap : 4096;
	while (ncap - used < n)
		ncap *= 2;
	nr = fg_malloc(ncap);
	if (used > 0)
		memcpy(nr + ncap - used, w->rev + w->rpos, used);
	free(w->rev);
	w->rev = nr;
	w->rcap = ncap;
	w->rpos = ncap - used;
}

/* Makes room for n more bytes in front of the frames (inline: per line). */
static inline void
rev_need(struct worker *w, size_t n)
{
	if (w->rpos < n)
		rev_grow(w, n);
}

/* Puts a frame (or the root, last) in front of the frames so far. */
static inline void
rev_prepend(struct worker *w, const char *s, size_t n)
{
	rev_need(w, n + 1);
	if (w->nframes > 0)
		w->rev[--w->rpos] = ';';
	w->rpos -= n;
	if (n > 0)
		memcpy(w->rev + w->rpos, s, n);
	w->nframes++;
}

/*
 * rev_prepend for a name kept in perf-memo.c, after the 16 bytes of its
 * entry and the PM_KEY or more of its line: a name of up to 32 bytes is
 * copied as the 32 bytes that end with it, a fixed-size copy in place of
 * a call to memcpy (what it writes before the name is free space).
 */
_Static_assert(sizeof(struct pment) + PM_KEY >= 32,
    "rev_prepend_kept reads 32 bytes back from a kept name");
static inline void
rev_prepend_kept(struct worker *w, const char *s, size_t n)
{
	if (n > 32 || w->rpos < n + 34) {
		rev_prepend(w, s, n);
		return;
	}
	if (w->nframes > 0)
		w->rev[--w->rpos] = ';';
	memcpy(w->rev + w->rpos - 32, s + n - 32, 32);
	w->rpos -= n;
	w->nframes++;
}

/*
 * "[unknown]" as stackcollapse-perf.pl names it: the module's base name
 * in brackets, or "[unknown]" (*unknown set), with " <addr>" for --addrs.
 * Appended to b when nothing in it needs tidying (returns NULL); else
 * written to tmp (*n bytes) or, when longer, to malloc'd memory.
 */
static char *
unknown_name(const struct copts *o, const struct frame *f, struct fg_buf *b,
    char *tmp, size_t tmpsz, size_t *n, int *unknown)
{
	const char *m = f->mod;
	size_t i, k = f->modlen;
	char *t;

	if (f->modlen == 9 && memcmp(f->mod, "[unknown]", 9) == 0) {
		m = "unknown";
		k = 7;
		*unknown = 1;
	} else {
		/* the base name: from the end, as paths are long */
		for (i = f->modlen; i > 0 && f->mod[i - 1] != '/'; i--)
			;
		m = f->mod + i;
		k = f->modlen - i;
	}
	*n = k + 2 + (o->addrs ? f->pclen + 3 : 0);
	for (i = 0; i < k && !(perf_cls[(unsigned char)m[i]] & C_SPEC); i++)
		;
	if (i == k) {
		/* "[libc.so.6]": nothing in it to tidy */
		fg_buf_need(b, *n + 8);
		b->p[b->len++] = '[';
		memcpy(b->p + b->len, m, k);
		b->len += k;
		if (o->addrs) {
			fg_buf_put(b, " <", 2);
			fg_buf_put(b, f->pc, f->pclen);
			b->p[b->len++] = '>';
		}
		b->p[b->len++] = ']';
		return NULL;
	}
	t = *n <= tmpsz ? tmp : fg_malloc(*n);
	t[0] = '[';
	memcpy(t + 1, m, k);
	if (o->addrs) {
		memcpy(t + 1 + k, " <", 2);
		memcpy(t + 3 + k, f->pc, f->pclen);
		t[*n - 2] = '>';
	}
	t[*n - 1] = ']';
	return t;
}

/*
 * The name appended at b->p + start made as stackcollapse-perf.pl makes
 * it: Java's Lorg/foo/Bar; loses its L, and _[i], _[k] or _[j] follows
 * an inlined, kernel or JIT frame when asked for.
 */
static void
annotate(struct worker *w, const struct frame *f, size_t start, int inlined)
{
	const struct copts *o = w->o;
	struct fg_buf *b = &w->line;
	int ann = 0;

	if (w->pname.len >= 4 && memcmp(w->pname.p, "java", 4) == 0 &&
	    b->len > start && b->p[start] == 'L' &&
	    memchr(b->p + start, '/', b->len - start) != NULL) {
		memmove(b->p + start, b->p + start + 1, b->len - start - 1);
		b->len--;
	}
	if (inlined)
		ann = 'i';
	else if (o->kernel && (perf_is_kernel(f->mod, f->modlen) ||
	    (f->modlen == 7 && memcmp(f->mod, "inlined", 7) == 0 &&
	    perf_is_kernel_pc(f->pc, f->pclen))))
		ann = 'k';
	else if (o->jit && perf_is_jit(f->mod, f->modlen))
		ann = 'j';
	if (ann != 0) {
		char a[5] = { '_', '[', (char)ann, ']', '\0' };

		if (ann == 'k' || !fg_contains(b->p + start, b->len - start, a))
			fg_buf_put(b, a, 4);
	}
}

/* Appends one frame's name, tidied and annotated, to w->line. */
static void
add_piece(struct worker *w, const struct frame *f, const char *s, size_t n,
    int inlined, int plain, int *unknown)
{
	struct fg_buf *b = &w->line;
	char tmp[64], *t = NULL;
	size_t start = b->len, cut, i;

	if (plain)
		fg_buf_put(b, s, n);
	else if (n == 9 && memcmp(s, "[unknown]", 9) == 0 &&
	    (t = unknown_name(w->o, f, b, tmp, sizeof(tmp), &n,
	    unknown)) == NULL)
		;	/* appended as it is */
	else {
		if (t != NULL)
			s = t;
		cut = perf_cut_args(s, n);
		fg_buf_need(b, cut + 8);
		for (i = 0; i < cut; i++) {
			char c = s[i];

			if (c == '"' || c == '\'')
				continue;
			b->p[b->len++] = c == ';' ? ':' : c;
		}
		if (t != NULL && t != tmp)
			free(t);
	}
	annotate(w, f, start, inlined);
}

/* Puts the frame held back for its source line in front. */
static void
flush_frame(struct worker *w)
{
	if (w->pend) {
		rev_prepend(w, w->line.p, w->line.len);
		w->pend = 0;
	}
}

/* A stack line of the current sample. */
static void
on_frame(struct worker *w, const struct frame *f)
{
	const char *s = f->func, *e = f->func + f->funclen, *p, *q, *h;
	const char *limit = NULL;
	int unknown = 0, npieces = 0;

	flush_frame(w);
	/* s/\+0x[\da-f]+$// */
	for (h = e; h > s && (isdig((unsigned char)h[-1]) ||
	    (h[-1] >= 'a' && h[-1] <= 'f')); h--)
		;
	if (h < e && h - s >= 3 && memcmp(h - 3, "+0x", 3) == 0)
		e = h - 3;
	if (s < e && s[0] == '(' &&
	    !fg_hasprefix(s, (size_t)(e - s), "(anonymous namespace)"))
		return;		/* process names */
	for (q = s; q < e && !(perf_cls[(unsigned char)*q] & C_SPEC); q++)
		;
	if (q == e) {
		/* the common case: nothing to split, cut or tidy */
		w->line.len = 0;
		add_piece(w, f, s, (size_t)(e - s), 0, 1, &unknown);
		w->pend = 1;
		w->lastframe = 1;
		return;
	}
	if (memchr(q, '-', (size_t)(e - q)) == NULL) {
		/* one piece: no "->" */
		w->line.len = 0;
		add_piece(w, f, s, (size_t)(e - s), 0, 0, &unknown);
		w->pend = 1;
		w->lastframe = !unknown;
		return;
	}
	/* split on "->" (Java inlining); trailing empty fields go */
	for (q = s;; q = p + 2) {
		p = perf_next_arrow(s, q, e);
		if (p > q)
			limit = p;
		if (p == e)
			break;
	}
	if (limit == NULL)
		return;
	w->line.len = 0;
	for (q = s;; q = p + 2) {
		p = perf_next_arrow(s, q, e);
		if (npieces > 0)
			fg_buf_put(&w->line, ";", 1);
		add_piece(w, f, q, (size_t)(p - q), npieces > 0, 0, &unknown);
		npieces++;
		if (p >= limit)
			break;
	}
	w->pend = 1;
	w->lastframe = !unknown;
}

/*
 * --inline: the frame as addr2line expands it, taken as it comes (as
 * stackcollapse-perf.pl takes it); 0 when addr2line knows nothing of it.
 */
static int
inline_frame(struct worker *w, const struct frame *f)
{
	const char *r;
	size_t n;

	if ((r = a2l_frames(w->a2l, f->mod, f->modlen, f->pc, f->pclen,
	    &n)) == NULL)
		return 0;
	flush_frame(w);
	rev_prepend(w, r, n);
	w->lastframe = 1;
	return 1;
}


/* --srcline: the held frame gets ":file.c:12" appended, as Perl does. */
static void
add_srcline(struct worker *w, const char *s, size_t n)
{
	struct fg_buf *b = &w->line;
	size_t i = 0, j, start = b->len;

	/* s/\[.*?\]//g, then trim */
	fg_buf_need(b, n + 1);
	b->p[b->len++] = ':';
	while (i < n) {
		if (s[i] == '[') {
			for (j = i + 1; j < n && s[j] != ']'; j++)
				;
			if (j < n) {
				i = j + 1;
				continue;
			}
		}
		b->p[b->len++] = s[i++];
	}
	for (i = start + 1; i < b->len && isws((unsigned char)b->p[i]); i++)
		;
	memmove(b->p + start + 1, b->p + i, b->len - i);
	b->len -= i - (start + 1);
	while (b->len > start + 1 && isws((unsigned char)b->p[b->len - 1]))
		b->len--;
	if (b->len == start + 1)
		b->len = start;
}

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

/* --since, --until, --window: whether the sample is kept, and where. */
static int
in_window(struct worker *w, const char *s, size_t n)
{
	double t;

	if (!perf_line_time(s, n, &t)) {
		wwarn(w, "sample without a timestamp, outside every time "
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

static void
on_event(struct worker *w, const char *s, size_t n, const struct event *ev,
    int named)
{
	uint64_t period = 0;
	size_t i;

	if (named) {
		if (!w->has_filter) {
			w->filter.len = 0;
			fg_buf_put(&w->filter, ev->ev, ev->evlen);
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
			wwarn(w, "period out of range", s, n);
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
	fg_buf_put(&w->pname, ev->comm, ev->commlen);
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
		fg_buf_put(&w->pname, "-", 1);
		fg_buf_put(&w->pname, pid, pl);
		if (w->o->tid) {
			fg_buf_put(&w->pname, "/", 1);
			fg_buf_put(&w->pname, tid, tl);
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

/* Takes what a stack line gave when it was parsed before. */
static void
memo_take(struct worker *w, const struct pment *e)
{
	flush_frame(w);
	if (e->name) {
		if (w->o->srcline) {
			/* held for a source line, as on_frame holds it */
			w->line.len = 0;
			fg_buf_put(&w->line, pment_name(e), e->nlen);
			w->pend = 1;
		} else
			rev_prepend_kept(w, pment_name(e), e->nlen);
		w->lastframe = e->lastframe;
	}
	w->nknown++;
}

/*
 * A stack line "\t addr func+off (module)" of a sample being read, by
 * perf-memo.c when it was parsed before, else parsed and kept there; 0
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
	on_frame(w, &f);
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
		on_event(w, s + pad, n - pad, &ev, named);
		if (w->inside && ev.frame != NULL &&
		    perf_parse_frame(ev.frame, ev.framelen, &f)) {
			/* a sample on one line (no call graph) */
			on_frame(w, &f);
			perf_end_sample(w);
		}
		return;
	}
	if (isws((unsigned char)s[0]) && w->lastframe && perf_srcline_like(s, n) &&
	    !perf_parse_frame(s, n, &f)) {
		if (w->o->srcline && w->pend)
			add_srcline(w, s, n);
		flush_frame(w);
		w->lastframe = 0;
		w->nknown++;
		return;
	}
	if (perf_parse_frame(s, n, &f)) {
		if (w->inside && !(w->a2l != NULL && inline_frame(w, &f)))
			on_frame(w, &f);
		w->nknown++;
		if (w->tab == NULL)
			w->nhex += perf_hexpc(&f);	/* probing */
		return;
	}
	flush_frame(w);
	w->lastframe = 0;
	wwarn(w, "unrecognised line", s, n);
}

/*
 * The event that the first sample in b[0..n) (whole lines) is of: the
 * first line that on_line() would take the default --event-filter from.
 */
int
perf_first_event(const char *b, size_t n, struct fg_buf *name)
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
		fg_buf_put(name, ev.ev, ev.evlen);
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
		fg_buf_put(&w->filter, o->event_filter, strlen(o->event_filter));
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


/*
 * perf script output is what this parser reads: the whole lines of the
 * head are parsed as a run would parse them, and they are perf when they
 * give samples with frames at addresses, at most a third of them being
 * unrecognised (each is then a warning of the run).
 */
static int
probe(const char *head, size_t n, struct cprobe *why)
{
	static const struct copts none;
	struct fg_in in;
	struct worker w;
	const char *nl;
	size_t m;
	int score = 0;

	perf_init_cls();
	/* binary input (a gzip'd pprof profile) is not perf script text */
	nl = memchr(head, '\n', n < 512 ? n : 512);
	if (memchr(head, '\0', nl != NULL ? (size_t)(nl - head) :
	    n < 512 ? n : 512) != NULL)
		return 0;
	/* a partial last line decides nothing, unless it is all there is */
	for (m = n; m > 0 && head[m - 1] != '\n'; m--)
		;
	if (m == 0)
		m = n;
	memset(&in, 0, sizeof(in));
	in.name = "(detection)";
	perf_worker_init(&w, &none, NULL, &in);
	perf_parse_block(&w, head, m);
	if (w.nhex == 0 && w.inside && m < n && perf_tail_frame(head + m, n - m))
		w.nhex = 1;	/* a frame line longer than the head */
	if (w.nevents > 0 && w.nhex > 0 && w.nwarn * 2 <= w.nknown)
		score = PROBE_YES;
	else if (w.nevents > 0 && w.nhex > 0)
		score = probe_why(why, 60, "line %llu: %s, and %llu more of "
		    "%llu lines not understood",
		    (unsigned long long)w.warns[0].line, w.warns[0].msg,
		    (unsigned long long)w.nwarn - 1,
		    (unsigned long long)(w.nwarn + w.nknown));
	else if (w.nevents > 0)
		score = probe_why(why, 30, "line %llu: an event line without "
		    "stack lines after it",
		    (unsigned long long)w.firstevent);
	perf_worker_free(&w);
	return score;
}

const struct cfmt fmt_perf = {
	"perf", "Linux perf script output (stackcollapse-perf.pl)", probe, perf_run,
	CFMT_TIMED | CFMT_ROOT_FIRST
};
