/* SPDX-License-Identifier: ISC */
/*
 * perf.h: the parts of fg-collapse's perf script reader. perf-line.c
 * knows the syntax of one line (event lines, frame lines, names),
 * perf.c turns lines into samples and samples into stacks (a worker),
 * perf-name.c names a stack line's frame, perf-event.c takes an event
 * line or not, perf-rev.h writes the frames leftwards, perf-memo.c keeps
 * the stack lines parsed, perf-stack.c counts the stacks into the
 * worker's table, perf-warn.c keeps and reports a worker's warnings,
 * perf-read.c reads the input and runs workers over it, on two threads
 * when it is large (perf-pipe.c a pipe).
 */
#ifndef PERF_H
#define PERF_H

#include <sys/types.h>

#include "collapse.h"
#include "fg.h"

#define BLOCK (1u << 20)	/* bytes read at a time */
#define MAXKEEP 10		/* warnings kept per worker */

/*
 * character classes, as Perl's \s and \w see bytes (perf-line.c); hex
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

/* ---- the samples a worker counted, for the header (perf-unit.c) ---- */
struct ptally {
	uint64_t n;		/* samples counted */
	uint64_t pmin, pmax;	/* their printed periods */
	int unweighted;		/* one had no period: it counted 1 */
};

/* ---- a worker: parses lines into its own table ---- */
#define NPEND 8			/* samples waiting (perf-stack.c) */
struct pend {
	char *rev;		/* the frames' buffer, cap bytes */
	size_t cap, pos;	/* the stack is rev[pos..cap) */
	uint64_t h;		/* its fg_hash */
	uint64_t period;
};

struct warnrec {
	uint64_t line;
	char msg[96];
};

struct worker {
	const struct copts *o;
	struct fg_stab *tab;
	struct fg_in *in;	/* for names in fatal errors */
	/* event filter: the user's, or the first event seen */
	struct fg_buf filter;
	int has_filter, defaulted, otherevents;
	/* the current sample */
	int inside;		/* an accepted event line was seen */
	uint64_t period;
	struct fg_buf pname;
	char *rev;		/* frames, written leftwards */
	size_t rcap, rpos;	/* content is rev[rpos..rcap) */
	size_t nframes;
	int lastframe;		/* previous line was a known frame */
	int pend;		/* line holds a frame not yet in rev */
	int64_t slot;		/* --window: the sample's window */
	struct a2l *a2l;	/* --inline */
	struct fg_buf line;	/* one frame's text */
	/* position and warnings */
	uint64_t lineno;
	uint64_t nwarn;
	struct warnrec warns[MAXKEEP];
	/* for the probe: lines understood, frames at addresses, events */
	uint64_t nknown, nhex, nevents, firstevent;
	/* the part of a regular file to read */
	int fd;
	off_t from, to;
	struct pmemo *memo;	/* stack lines parsed before, or NULL */
	int java;		/* the sample's command starts "java" */
	/* what the counts are, for the header (perf-unit.c) */
	int weighted;		/* the current sample's period is printed */
	struct ptally tally;
	/* finished samples not yet in tab: sample s in q[s % NPEND] */
	struct pend q[NPEND];
	uint64_t nq;
};

/* perf-memo.c: what stack lines gave when last parsed */
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

/* perf-line.c: one line's syntax */
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

/* perf-name.c: a stack line's frame, named into w->line and held there */
void perf_on_frame(struct worker *w, const struct frame *f);
/* --inline: addr2line's frames in front; 0 when it knows none. */
int perf_inline_frame(struct worker *w, const struct frame *f);
/* --srcline: the held frame gets ":file.c:12" (n bytes of s) appended. */
void perf_add_srcline(struct worker *w, const char *s, size_t n);

/*
 * perf-event.c: an event line (n bytes of s, parsed into ev; named: it
 * names its event) starts a sample, or one not taken (another event,
 * outside the time windows).
 */
void perf_on_event(struct worker *w, const char *s, size_t n,
    const struct event *ev, int named);

/* perf-warn.c: a warning about w's current line (n bytes of s, or NULL) */
void perf_warn(struct worker *w, const char *what, const char *s, size_t n);
/* A worker's warnings, its line numbers after base lines of the input. */
void perf_report(const struct warnrec *warns, uint64_t nwarn,
    struct fg_in *in, uint64_t base);

/* perf.c: lines into samples, samples into the worker's table */
void perf_worker_init(struct worker *w, const struct copts *o,
    struct fg_stab *tab, struct fg_in *in);
void perf_worker_free(struct worker *w);
/* Parses b[0..n): whole lines, the last one possibly unterminated. */
void perf_parse_block(struct worker *w, const char *b, size_t n);
/*
 * The event the first sample in b[0..n) is of, as a worker takes it for
 * the default --event-filter, into name; 0 when no line names one.
 */
int perf_first_event(const char *b, size_t n, struct fg_buf *name);
/* Ends the sample being read (a blank line, or the end of input). */
void perf_end_sample(struct worker *w);

/*
 * perf-stack.c: the finished sample in w->rev[w->rpos..w->rcap) into the
 * table, NPEND samples late (w->rev is then another buffer); all of them
 * now (before the table is read).
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

/* perf-unit.c: the samples counted and what their counts are */
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
	}
	t->n++;
}
void perf_tally_join(struct ptally *t, const struct ptally *u);
/* The unit, period and samples of event ev's counts, for the header. */
void perf_unit(const struct copts *o, const struct ptally *t,
    const char *ev, size_t evlen);

/* perf-read.c: the format's run */
void perf_run(struct fg_in *in, struct fg_stab *tab, const struct copts *o);
/* What is left of in, in one pass (its warnings not yet reported). */
void perf_run_stream(struct worker *w, struct fg_in *in);

/*
 * perf-pipe.c: what is left of in on two threads, w's table the input's;
 * 0 (nothing read) when a thread cannot be started.
 */
int perf_run_pipe(struct worker *w, struct fg_in *in);

#endif
