/* SPDX-License-Identifier: ISC */
/*
 * perf.h: fg-collapse's perf script reader, its one header: the state of
 * a worker (struct worker, field by field: what it means, which file
 * writes it) and what each file of this folder offers the others. The
 * files, each using only those listed before it:
 *
 *	line.c		the syntax of one line (event lines, stack lines,
 *			names), as stackcollapse-perf.pl's expressions
 *	memo.c		stack lines parsed before, and what they gave
 *	warn.c		a worker's warnings, kept, then reported in order
 *	unit.c		what the counts are, for the header
 *	stack.c		the frames' buffers; finished samples into the
 *			worker's table; two tables merged
 *	addr2line.c	--inline and --context through addr2line(1)
 *	name.c		a stack line's frame named
 *	event.c		an event line: its sample taken or not
 *	sample.c	a worker: lines into samples, samples into stacks
 *	pipe.c		what is left of an input, in one pass or, from a
 *			pipe, on two threads while it is read
 *	perf.c		the format: its probe and its run (a regular file
 *			in two halves, time windows found first)
 */
#ifndef PERF_H
#define PERF_H

#include <sys/types.h>

#include <string.h>

#include "../collapse.h"
#include "fg.h"

#define BLOCK (1u << 20)	/* bytes read at a time */
#define MAXKEEP 10		/* warnings kept per worker */

/*
 * character classes, as Perl's \s and \w see bytes (line.c); hex
 * digits are sym.h's fg_ishex
 */
enum { C_WS = 1, C_WORD = 2, C_DIG = 4, C_SPEC = 8 };
extern unsigned char perf_cls[256];
#define isws(c) (perf_cls[(unsigned char)(c)] & C_WS)
#define isdig(c) (perf_cls[(unsigned char)(c)] & C_DIG)
#define isword(c) (perf_cls[(unsigned char)(c)] & C_WORD)

/* ---- event lines ---- */
struct event {
	const char *comm, *pid, *tid, *ev, *period, *frame;
	size_t commlen, pidlen, tidlen, evlen, periodlen, framelen;
};

/* ---- frame lines ---- */
struct frame {
	const char *pc, *func, *mod;
	size_t pclen, funclen, modlen;
};

/* ---- the samples a worker counted, for the header (unit.c) ---- */
struct ptally {
	uint64_t n;		/* samples counted */
	uint64_t pmin, pmax;	/* their printed periods */
	double sw, sw2;		/* the periods summed, and their squares */
	int unweighted;		/* one had no period: it counted 1 */
};

/* ---- a finished sample waiting to be counted (stack.c) ---- */
#define NPEND 8			/* samples waiting */
struct pend {
	char *rev;		/* the frames' buffer, cap bytes */
	size_t cap, pos;	/* the stack is rev[pos..cap) */
	uint64_t h;		/* its fg_hash */
	uint64_t period;
};

/* ---- a warning kept (warn.c) ---- */
struct warnrec {
	uint64_t line;
	char msg[96];
};

/*
 * ---- a worker: parses lines into its own table ----
 *
 * One per thread: perf.c makes one for an input and, for the second half
 * of a large file, another; pipe.c another for its second thread. The
 * probe's has no table. sample.c's perf_worker_init() zeroes it and sets
 * what it is given; sample.c reads the lines and calls the others.
 */
struct worker {
	/*
	 * What it works for (set by perf_worker_init). o: the options,
	 * read everywhere. tab: the table the samples are counted into
	 * (stack.c); NULL in the probe, which only counts lines. in: the
	 * input, for its name in fatal errors and warnings.
	 */
	const struct copts *o;
	struct fg_stab *tab;
	struct fg_in *in;
	/*
	 * The event filter: only samples of the event named in filter are
	 * counted, once has_filter. It is --event-filter's (perf_worker_
	 * init), else the first sample's event: event.c takes it from the
	 * first event line and sets defaulted; before a second worker
	 * starts on a later part of the input, perf.c (first_event) or
	 * pipe.c finds that event (perf_first_event) and sets both, so that
	 * every part is filtered as one pass would filter it. otherevents:
	 * event.c saw a sample of another event and skipped it; perf.c and
	 * pipe.c add a second worker's to the first's, and perf.c warns at
	 * the end when the filter was defaulted.
	 */
	struct buf filter;
	int has_filter, defaulted, otherevents;
	/*
	 * The current sample, from its event line (event.c). inside: an
	 * event line was taken, and the stack lines that follow are its
	 * frames; 0 again when the sample ends (sample.c's perf_end_sample,
	 * at a blank line), at a side-band record (sample.c), and for an
	 * event line not taken (event.c: another event, a period out of
	 * range, outside the time windows). period: what it counts (1 when
	 * none is printed). pname: its root frame, the command with
	 * "-pid/tid" for --pid and --tid; name.c looks at it for Java's
	 * names, perf_end_sample puts it in front last.
	 */
	int inside;
	int open;		/* the line has no newline: the input's cut end */
	uint64_t period;
	struct buf pname;
	/*
	 * The sample's frames, leaf first as the lines come, each written in
	 * front of those before it: the folded stack is rev[rpos..rcap)
	 * (the rev_* functions below write it; stack.c's perf_rev_grow grows
	 * it, and perf_stack_put takes it for the table, handing back a free
	 * buffer). nframes: frames in it (a ';' goes before the next).
	 */
	char *rev;
	size_t rcap, rpos;
	size_t nframes;
	/*
	 * lastframe: the line before was a stack line that named a known
	 * frame: only then may this line be a source line (sample.c). Set
	 * by name.c (0 for "[unknown]"), by the memo from what it kept
	 * (sample.c), and cleared by event.c at an event line, by
	 * rev_reset, and by sample.c after a source line or an
	 * unrecognised one.
	 *
	 * pend: line (below) holds a frame not yet in rev. name.c names a
	 * stack line's frame into line and sets pend, because a --srcline
	 * source line after it may add to it (name.c's perf_add_srcline);
	 * flush_frame() below puts it in front of the frames and clears
	 * pend, at the next line. A frame taken from the memo is held only
	 * with --srcline (sample.c).
	 */
	int lastframe;
	int pend;
	/* --window: the sample's window (event.c), its stack's key */
	int64_t slot;
	/* --inline: addr2line's processes (addr2line.c), or NULL */
	struct a2l *a2l;
	/* the frame held back (pend above): its text */
	struct buf line;
	/*
	 * Lines read (sample.c counts them, from 0 at the start of what it
	 * is given: pipe.c restarts it per block, perf.c adds a second
	 * worker's to the first's), and the warnings: the first MAXKEEP kept
	 * with their line numbers, all counted (warn.c), reported in the
	 * input's order by perf.c and pipe.c (perf_report).
	 */
	uint64_t lineno;
	uint64_t nwarn;
	struct warnrec warns[MAXKEEP];
	/*
	 * For the probe (perf.c), counted by sample.c: lines understood,
	 * frames at hex addresses, event lines, the first one's number.
	 */
	uint64_t nknown, nhex, nevents, firstevent;
	/* The part [from, to) of the regular file fd to read (perf.c). */
	int fd;
	off_t from, to;
	/*
	 * Stack lines parsed before and what they gave (memo.c), used by
	 * sample.c; NULL in the probe and with --inline.
	 */
	struct pmemo *memo;
	/*
	 * The sample's command starts "java" (event.c): its stack lines are
	 * named afresh (name.c strips Java's L by the command), never taken
	 * from the memo (sample.c).
	 */
	int java;
	/*
	 * The current sample's period is printed (event.c), and the samples
	 * counted (perf_end_sample), for the header (unit.c).
	 */
	int weighted;
	struct ptally tally;
	/* Finished samples not yet in tab: sample s in q[s % NPEND] (stack.c) */
	struct pend q[NPEND];
	uint64_t nq;
};

/* line.c: one line's syntax */
void perf_init_cls(void);
/*
 * An event line ("comm pid [cpu] time: period event:"): the offset after
 * its pid, with *pad the blanks before the command, or 0.
 */
size_t perf_event_line(const char *s, size_t n, struct event *ev,
    size_t *pad);
/* Its event name and period (and a frame on the line); 1 when named. */
int perf_event_name(const char *s, size_t n, size_t from, struct event *ev);
/* A side-band record (PERF_RECORD_MMAP2 and the like). */
int perf_is_record(const char *s, size_t n, size_t from);
/* The sample time of an event line; 0 when it has none. */
int perf_line_time(const char *s, size_t n, double *t);
/* A stack line "addr func+off (module)"; 0 when it is not one. */
int perf_parse_frame(const char *s, size_t n, struct frame *f);
/* A stack line "addr func+off" without a module (an inlined frame). */
int perf_parse_bare_frame(const char *s, size_t n, struct frame *f);
/* The line ends in " (inlined)". */
int perf_srcline_inlined(const char *s, size_t n);
/* The frame is at a hex address (for the probe). */
int perf_hexpc(const struct frame *f);
/* Module kinds, for --kernel and --jit. */
int perf_is_kernel(const char *m, size_t n);
int perf_is_jit(const char *m, size_t n);
int perf_is_kernel_pc(const char *pc, size_t n);
/* Where a name's argument list is cut off. */
size_t perf_cut_args(const char *s, size_t n);
/* The next "->" of Java inlining in [s, e), or e. */
const char *perf_next_arrow(const char *base, const char *s, const char *e);
/* A "perf script -F +srcline" line. */
int perf_srcline_like(const char *s, size_t n);
/* The start of a frame line: blanks, an address, a blank. */
int perf_tail_frame(const char *p, size_t n);

/* memo.c: what stack lines gave when last parsed */
struct pment {
	uint32_t hash;
	uint16_t len;		/* bytes of the line (after this) */
	uint16_t nlen;		/* bytes of its frame name (after them) */
	unsigned char name;	/* it gave a frame (else it is skipped) */
	unsigned char lastframe;	/* what it left w->lastframe */
	uint32_t next;		/* the entry of the line after it, + 1 */
	uint32_t next2;		/* the one after it the time before, + 1 */
};
struct pmemo;
struct pmemo *pmemo_new(void);
void pmemo_free(struct pmemo *m);
#define PM_KEY 24		/* bytes hashed: a line kept has as many */
/* The hash of a line of at least PM_KEY bytes, from its first ones. */
uint32_t pmemo_hash(const char *s);
/*
 * The entry of the n bytes at s (of hash h), or NULL. Each entry found
 * or added is remembered as the one after the entry before it.
 */
const struct pment *pmemo_find(struct pmemo *m, const char *s, size_t n,
    uint32_t h);
/*
 * The entry of the line at s, which ends at a newline before e, or NULL:
 * first the one that came after the previous line's last time.
 */
const struct pment *pmemo_at(struct pmemo *m, const char *s, const char *e);
/*
 * Asks for the entry the line at s (of PM_KEY bytes at least) would be
 * found at by its hash, so that it is in cache when the line is read.
 */
void pmemo_prefetch(const struct pmemo *m, const char *s);
/* Keeps what the line gave (what's name, lastframe, nlen; name's bytes). */
void pmemo_add(struct pmemo *m, const char *s, size_t n, uint32_t h,
    const struct pment *what, const char *name);
static inline const char *
pment_name(const struct pment *e)
{
	return (const char *)(e + 1) + e->len;
}

/* warn.c: a warning about w's current line (n bytes of s, or NULL) */
void perf_warn(struct worker *w, const char *what, const char *s, size_t n);
/* A worker's warnings, its line numbers after base lines of the input. */
void perf_report(const struct warnrec *warns, uint64_t nwarn,
    struct fg_in *in, uint64_t base);

/* unit.c: the samples counted and what their counts are */
static inline void
perf_tally(struct ptally *t, uint64_t period, int weighted)
{
	if (!weighted)
		t->unweighted = 1;
	else {
		if (t->pmax == 0 || period < t->pmin)
			t->pmin = period;
		if (period > t->pmax)
			t->pmax = period;
		t->sw += (double)period;
		t->sw2 += (double)period * (double)period;
	}
	t->n++;
}
void perf_tally_join(struct ptally *t, const struct ptally *u);
/* The unit, period and samples of event ev's counts, for the header. */
void perf_unit(const struct copts *o, const struct ptally *t,
    const char *ev, size_t evlen);

/*
 * stack.c: the buffer of a sample's frames grown to take n more bytes in
 * front (rev_need below).
 */
void perf_rev_grow(struct worker *w, size_t n);
/*
 * The finished sample in w->rev[w->rpos..w->rcap) into the table, NPEND
 * samples late (w->rev is then another buffer); all of them now (before
 * the table is read).
 */
void perf_stack_put(struct worker *w, uint64_t period);
void perf_stack_flush(struct worker *w);
void perf_stack_free(struct worker *w);
/*
 * Adds src's stacks to dst (name: the input, for an overflow); dst may
 * borrow src's keys, so src is taken into kept (freed after dst, not
 * searchable).
 */
void perf_stack_merge(struct fg_stab *dst, struct fg_stab *src,
    const char *name, struct ckept *kept);

/*
 * A sample's frames, written leftwards: they arrive leaf first, and each
 * is put in front of those before it, so the folded stack is ready when
 * the sample ends. Inline, as they are called for every stack line.
 */
static inline void
rev_reset(struct worker *w)
{
	w->rpos = w->rcap;
	w->nframes = 0;
	w->lastframe = 0;
	w->pend = 0;
}

/* Makes room for n more bytes in front of the frames (inline: per line). */
static inline void
rev_need(struct worker *w, size_t n)
{
	if (w->rpos < n)
		perf_rev_grow(w, n);
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
 * rev_prepend for a name kept in memo.c, after the 16 bytes of its
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

/* Puts the frame held back for its source line in front. */
static inline void
flush_frame(struct worker *w)
{
	if (w->pend) {
		rev_prepend(w, w->line.p, w->line.len);
		w->pend = 0;
	}
}

/* addr2line.c: perf's --inline and --context through addr2line(1) */
struct a2l;
/* context: frames as "func:file:line" (--context). */
struct a2l *a2l_new(int context);
void a2l_free(struct a2l *t);
const char *a2l_frames(struct a2l *t, const char *mod, size_t modlen,
    const char *pc, size_t pclen, size_t *len);

/* name.c: a stack line's frame, named into w->line and held there */
void perf_on_frame(struct worker *w, const struct frame *f);
/* --inline: addr2line's frames in front; 0 when it knows none. */
int perf_inline_frame(struct worker *w, const struct frame *f);
/* --srcline: the held frame gets ":file.c:12" (n bytes of s) appended. */
void perf_add_srcline(struct worker *w, const char *s, size_t n);

/*
 * event.c: an event line (n bytes of s, parsed into ev; named: it
 * names its event) starts a sample, or one not taken (another event,
 * outside the time windows).
 */
void perf_on_event(struct worker *w, const char *s, size_t n,
    const struct event *ev, int named);

/* sample.c: lines into samples, samples into the worker's table */
void perf_worker_init(struct worker *w, const struct copts *o,
    struct fg_stab *tab, struct fg_in *in);
void perf_worker_free(struct worker *w);
/* Parses b[0..n): whole lines, the last one possibly unterminated. */
void perf_parse_block(struct worker *w, const char *b, size_t n);
/*
 * The event the first sample in b[0..n) is of, as a worker takes it for
 * the default --event-filter, into name; 0 when no line names one.
 */
int perf_first_event(const char *b, size_t n, struct buf *name);
/* Ends the sample being read (a blank line, or the end of input). */
void perf_end_sample(struct worker *w);

/* pipe.c: what is left of in, in one pass (its warnings not yet reported) */
void perf_run_stream(struct worker *w, struct fg_in *in);
/*
 * What is left of in on two threads, w's table the input's; 0 (nothing
 * read) when a thread cannot be started.
 */
int perf_run_pipe(struct worker *w, struct fg_in *in);

#endif
