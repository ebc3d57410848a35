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
 *	burn  8672   721.726661:    1001001 cpu-clock:
 *		    116b leaf+0x22 (/tmp/cap/burn)
 *		    11e4 top+0x1a (/tmp/cap/burn)
 *		    1213 main+0x21 (/tmp/cap/burn)
 *	(a blank line; the same sample again)
 * becomes
 *	burn;main;top;leaf 2002002
 *
 * This file is the format: its probe, and its run, which reads the input
 * and runs sample.c's workers over it, a block of whole lines at a time.
 * A large regular file is split at a blank line into two halves parsed
 * by two threads into two tables, merged; a pipe is pipe.c's. For
 * --since, --until and --window the first and last sample times are
 * found first (a pipe that needs its last one is spooled to a temporary
 * file). The parts of the reader are listed in perf.h.
 */
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "perf.h"

#define SPLIT_MIN (32u << 20)	/* smallest file worth two threads */
#define RBLOCK (256u << 10)	/* bytes read at a time from a file (L2-sized) */

/* Reads and parses [from, to) of a regular file with pread. */
static void *
run_region(void *arg)
{
	struct worker *w = arg;
	struct buf b = { NULL, 0, 0 };
	off_t off = w->from;
	ssize_t r;
	size_t keep = 0, n, i;

	buf_need(&b, RBLOCK + 1);
	for (;;) {
		size_t room = b.cap - keep - 1, want;

		want = (off_t)room > w->to - off ? (size_t)(w->to - off) : room;
		r = want > 0 ? pread(w->fd, b.p + keep, want, off) : 0;
		if (r < 0) {
			if (errno == EINTR)
				continue;
			fg_err(FG_EXIT_ERR, "%s: read error", w->in->name);
		}
		off += r;
		n = keep + (size_t)r;
		if (r == 0) {
			if (n > 0)
				perf_parse_block(w, b.p, n);
			break;
		}
		for (i = n; i > 0 && b.p[i - 1] != '\n'; i--)
			;
		if (i == 0) {
			/* no newline in the whole buffer: grow it */
			keep = n;
			b.len = n;
			buf_need(&b, b.cap);
			continue;
		}
		perf_parse_block(w, b.p, i);
		memmove(b.p, b.p + i, n - i);
		keep = n - i;
	}
	perf_end_sample(w);
	perf_stack_flush(w);
	free(b.p);
	return NULL;
}

/*
 * Finds the event of the first sample in [0, lim) of the file, so that
 * the second half is filtered as one pass would have filtered it. It is
 * mostly on the first line: 64 KiB are read at a time (a block was 256
 * page faults), more for a longer line, up to BLOCK.
 */
static int
first_event(struct worker *w, int fd, off_t start, off_t lim)
{
	size_t cap = 64u << 10, i;
	char *b = fg_malloc(cap);
	off_t off = start;
	ssize_t r;
	int found = 0;

	while (off < lim && !found) {
		if ((r = pread(fd, b, cap, off)) <= 0)
			break;
		for (i = (size_t)r; i > 0 && b[i - 1] != '\n'; i--)
			;
		if (i == 0 && (size_t)r == cap && cap < BLOCK) {
			free(b);
			b = fg_malloc(cap *= 2);
			continue;	/* a long line */
		}
		if (i == 0)
			break;	/* an enormous line: give up on threads */
		found = perf_first_event(b, i, &w->filter);
		off += (off_t)i;
	}
	free(b);
	if (found)
		w->has_filter = w->defaulted = 1;
	return found;
}

/* Offset just after the first blank line at or after off, or -1. */
static off_t
blank_after(int fd, off_t off, off_t end)
{
	char b[65536];
	ssize_t r;
	size_t i;
	int nl = 0;

	while (off < end) {
		r = pread(fd, b, sizeof(b), off);
		if (r <= 0)
			return -1;
		for (i = 0; i < (size_t)r; i++) {
			if (b[i] == '\n') {
				if (nl)
					return off + (off_t)i + 1;
				nl = 1;
			} else if (!(b[i] == '\r' && nl))
				nl = 0;
		}
		off += r;
	}
	return -1;
}

static int
ncpus(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n < 1 ? 1 : n > 2 ? 2 : (int)n;
}

/*
 * Bytes [start, size) of the regular file fd, in two threads when large;
 * the input in is used up.
 */
static void
run_fd(struct worker *w1, struct fg_in *in, const struct copts *o,
    struct fg_stab *tab, int fd, off_t start, off_t size)
{
	struct worker w2;
	off_t mid;
	pthread_t th;

	w1->fd = fd;
	w1->from = start;
	w1->to = size;
	in->pos = in->end;
	in->eof = 1;
	if (o->nothreads || o->inline_ || ncpus() < 2 ||
	    size - start < (off_t)SPLIT_MIN ||
	    (mid = blank_after(fd, start + (size - start) / 2, size)) < 0 ||
	    mid >= size ||
	    (!w1->has_filter && !first_event(w1, fd, start, mid))) {
		/* one thread */
		run_region(w1);
		perf_report(w1->warns, w1->nwarn, in, 0);
		in->lineno = w1->lineno;
		return;
	}
	perf_worker_init(&w2, o, fg_stab_new(1), in);
	buf_put(&w2.filter, w1->filter.p, w1->filter.len);
	w2.has_filter = 1;
	w2.defaulted = w1->defaulted;
	w2.fd = fd;
	w1->from = start;
	w1->to = mid;
	w2.from = mid;
	w2.to = size;
	if (pthread_create(&th, NULL, run_region, &w2) != 0) {
		fg_stab_free(w2.tab);
		perf_worker_free(&w2);
		w1->to = size;
		run_region(w1);
		perf_report(w1->warns, w1->nwarn, in, 0);
		in->lineno = w1->lineno;
		return;
	}
	run_region(w1);
	if ((errno = pthread_join(th, NULL)) != 0)
		fg_err(FG_EXIT_ERR, "pthread_join");
	perf_worker_free(&w2);	/* (its counts and warnings stay) */
	perf_stack_merge(tab, w2.tab, in->name, o->kept);
	perf_report(w1->warns, w1->nwarn, in, 0);
	perf_report(w2.warns, w2.nwarn, in, w1->lineno);
	in->lineno = w1->lineno + w2.lineno;
	w1->otherevents |= w2.otherevents;
	perf_tally_join(&w1->tally, &w2.tally);
}

/*
 * A pipe (or any input not a regular file) of more than half a block,
 * read and parsed on two threads (pipe.c); 0 when it is left to one
 * pass.
 */
static int
threaded_pipe(struct worker *w, struct fg_in *in, const struct copts *o)
{
	size_t have;

	if (o->nothreads || o->inline_ || ncpus() < 2)
		return 0;
	/*
	 * (half a block: what fg_in's first buffer holds; a pipe already
	 * holds a whole block, 1 MiB, as fg_in_open asked in common/core/in.c)
	 */
	(void)in_peek(in, BLOCK / 2, &have);
	return have >= BLOCK / 2 && perf_run_pipe(w, in);
}

/* The start of what is left of in when it is a regular file, or -1. */
static off_t
file_start(struct fg_in *in, off_t *size)
{
	struct stat sb;
	off_t cur, start;

	if (fstat(in->fd, &sb) < 0 || !S_ISREG(sb.st_mode) ||
	    (cur = lseek(in->fd, 0, SEEK_CUR)) < 0)
		return -1;
	start = cur - (off_t)(in->end - in->pos);
	if (start < 0 || start > sb.st_size)
		return -1;
	*size = sb.st_size;
	return start;
}


/* ---- time windows ---- */

/* The first sample time in [from, to) of fd; NAN when there is none. */
static double
fd_first_time(int fd, off_t from, off_t to)
{
	char *b = fg_malloc(BLOCK);
	const char *nl;
	double t = NAN, x;
	off_t off = from;
	ssize_t r;
	size_t n, s, e;
	int skip = 0;		/* inside a line longer than BLOCK */

	while (off < to && isnan(t)) {
		n = to - off < (off_t)BLOCK ? (size_t)(to - off) : BLOCK;
		if ((r = pread(fd, b, n, off)) <= 0)
			break;
		n = (size_t)r;
		for (s = 0; s < n && isnan(t); s = e + 1) {
			nl = memchr(b + s, '\n', n - s);
			if (nl == NULL && off + (off_t)n < to) {
				if (s == 0) {
					skip = 1;
					s = n;
				}
				break;	/* read the rest of the line again */
			}
			e = nl != NULL ? (size_t)(nl - b) : n;
			if (!skip && perf_line_time(b + s, e - s, &x))
				t = x;
			skip = 0;
		}
		off += (off_t)s;
	}
	free(b);
	return t;
}

/*
 * The last sample time in [from, to) of fd, read backwards from the end a
 * block at a time; NAN when there is none.
 */
static double
fd_last_time(int fd, off_t from, off_t to)
{
	char *b = fg_malloc(BLOCK);
	double t = NAN;
	off_t end = to, lo;
	size_t n, e, s;

	while (end > from && isnan(t)) {
		lo = end - from > (off_t)BLOCK ? end - (off_t)BLOCK : from;
		n = (size_t)(end - lo);
		if (pread(fd, b, n, lo) != (ssize_t)n)
			break;
		for (e = n; isnan(t); e = s - 1) {
			for (s = e; s > 0 && b[s - 1] != '\n'; s--)
				;
			if (s == 0 && lo > from)
				break;	/* the line starts in an earlier block */
			(void)perf_line_time(b + s, e - s, &t);
			if (s == 0)
				break;
		}
		/* a line longer than a block: its start is checked next */
		end = e == n ? lo : lo + (off_t)e;
	}
	free(b);
	return t;
}

/* A pipe's first sample time, from what can be read ahead; or NAN. */
static double
peek_first_time(struct fg_in *in)
{
	const char *b, *nl;
	size_t want = 64u << 10, have, s, e;
	double t;

	for (;;) {
		b = in_peek(in, want, &have);
		for (s = 0; s < have; s = e + 1) {
			nl = memchr(b + s, '\n', have - s);
			if (nl == NULL && have >= want)
				break;
			e = nl != NULL ? (size_t)(nl - b) : have;
			if (perf_line_time(b + s, e - s, &t))
				return t;
		}
		if (have < want || want >= (64u << 20))
			return NAN;
		want *= 4;
	}
}

/*
 * A bound before the end of a pipe needs its last sample: the rest of the
 * input is copied to an unlinked file in TMPDIR, then read from there.
 */
static int
spool(struct fg_in *in, off_t *size)
{
	const char *dir = getenv("TMPDIR"), *b;
	char *path;
	size_t have, k;
	ssize_t r;
	int fd;

	if (dir == NULL || *dir == '\0')
		dir = "/tmp";
	path = fg_malloc(strlen(dir) + 32);
	snprintf(path, strlen(dir) + 32, "%s/fg-collapse.XXXXXX", dir);
	if ((fd = mkstemp(path)) < 0)
		fg_err(FG_EXIT_ERR, "%s", path);
	(void)unlink(path);
	*size = 0;
	while (b = in_peek(in, BLOCK, &have), have > 0) {
		for (k = 0; k < have; k += (size_t)r)
			if ((r = write(fd, b + k, have - k)) < 0 &&
			    errno != EINTR)
				fg_err(FG_EXIT_ERR, "%s", path);
			else if (r < 0)
				r = 0;
		in->pos += have;
		*size += (off_t)have;
	}
	free(path);
	return fd;
}

/* Places --since, --until and --window for this input. */
static void
resolve(struct fg_in *in, const struct copts *o, int fd, off_t start,
    off_t size)
{
	int need = window_needs(o);
	double first = NAN, last = NAN;

	if (need & WIN_FIRST)
		first = start >= 0 ? fd_first_time(fd, start, size) :
		    peek_first_time(in);
	if (need & WIN_LAST)
		last = fd_last_time(fd, start, size);
	window_resolve(o, in, first, last);
}

static void
perf_run(struct fg_in *in, struct fg_stab *tab, const struct copts *o)
{
	struct worker w;
	off_t start, size = 0;
	int fd = in->fd, tmp = -1;

	perf_init_cls();
	perf_worker_init(&w, o, tab, in);
	start = file_start(in, &size);
	if (window_on(o)) {
		if (start < 0 && window_needs(o) & WIN_LAST) {
			fd = tmp = spool(in, &size);
			start = 0;
		}
		resolve(in, o, fd, start, size);
	}
	if (start >= 0)
		run_fd(&w, in, o, tab, fd, start, size);
	else if (!threaded_pipe(&w, in, o)) {
		perf_run_stream(&w, in);
		perf_report(w.warns, w.nwarn, in, 0);
		in->lineno = w.lineno;
	}
	if (tmp >= 0)
		(void)close(tmp);
	if (w.otherevents && w.defaulted)
		fg_warnx("%s: several event types; only \"%.*s\" counted "
		    "(see --event-filter)", in->name, (int)w.filter.len,
		    w.filter.p);
	perf_unit(o, &w.tally, w.has_filter ? w.filter.p : NULL, w.filter.len);
	perf_worker_free(&w);
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
