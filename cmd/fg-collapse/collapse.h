/* SPDX-License-Identifier: ISC */
/*
 * collapse.h: fg-collapse's format modules. Each input file is probed by
 * every module in turn (unless -f names one); the first that claims it
 * collapses it into the shared stack table through collapse_add().
 *
 * The tool's files: main.c (options, inputs, the run); formats.c (the
 * list of formats, the choice among them); one file per input format
 * (bpftrace.c, callgrind.c, chrome.c, cpuprofile.c, dtrace.c,
 * folded-input.c, gecko.c, macos-sample.c, pprof.c, speedscope.c,
 * xctrace.c; perf/, a folder of its own: perf/perf.h); the decoders they
 * share (json.c, pb.c, xml.c, v8prof.c; inraw.c, an input as bytes);
 * what the formats share (add.c, frame.c, probe.c, text.c); and what
 * follows the formats (transform.c, window.c, write.c).
 */
#ifndef COLLAPSE_H
#define COLLAPSE_H

#include <stdarg.h>

#include "fg.h"
#include "text.h"
#include "inraw.h"
#include "window.h"

struct copts {
	/* perf script (stackcollapse-perf.pl's options) */
	int pid, tid, kernel, jit, all, addrs;
	const char *event_filter;
	int srcline;		/* --srcline: perf script -F +srcline */
	int inline_, context;	/* --inline, --context: addr2line(1) */
	int nothreads;		/* -j1: no worker thread */
	/* .cpuprofile */
	int cpuprof_time;	/* weight by timeDeltas instead of samples */
	int no_url;		/* --no-url: frames without " url:line" */
	/* chrome, gecko: --process, --thread selectors (names or ids) */
	const char **procs, **threads;
	int nprocs, nthreads;
	/* dtrace, bpftrace */
	int includeoffset;	/* keep +0x.. offsets (not on the leaf) */
	/* sample */
	int no_modules;		/* leave out "module`" */
	/* pprof */
	const char *sample_type;	/* NAME or INDEX, NULL = default */
	const char **tags;	/* KEY=VALUE filters, ntags of them */
	int ntags;
	const char **tag_roots;	/* label keys whose values become roots */
	int ntag_roots;
	int lines;		/* add file:line to frames */
	/* all formats */
	uint64_t max_output;	/* --max-output; 0: COLLAPSE_MAX_OUTPUT */
	const char **skips;	/* --skip-after names, nskips of them */
	size_t nskips;
	const char *root;	/* --root NAME (transform.c) */
	int noroot;		/* --no-root */
	int recursive;		/* --collapse-recursive */
	/* callgrind */
	const char *cg_event;	/* --event NAME; NULL: the first (Ir) */
	/* xctrace */
	int xctrace_weight;	/* count <weight> instead of 1 per row */
	int xctrace_threads;	/* process and thread as root frames */
	struct cwin *win;	/* --since, --until, --window: window.h */
	int header;		/* --header 1, --no-header 0, else -1 */
	struct cunit *unit;	/* what a count is, as the formats say */
	struct ckept *kept;	/* tables whose keys it borrows */
};

/*
 * Tables whose keys the output's table borrows (perf's second thread's
 * stacks, merged without copying their keys: perf/stack.c): held for the
 * caller, which frees them after that table (collapse_kept_free, add.c).
 */
struct ckept {
	struct fg_stab **tabs;
	size_t n;
};
void collapse_kept_free(struct ckept *k);

/*
 * What the counts are, for the "# fg-collapse kind=profile unit=U
 * period=P samples=N" header (fg-folded(5); write.c). A format calls
 * collapse_unit() with what its input says a count is (ns, us, bytes,
 * Ir, samples...), collapse_period() with the count units per sample
 * when every sample weighs the same, collapse_samples() with the number
 * of samples behind its counts (COLLAPSE_UNKNOWN when some are not
 * samples); main.c calls collapse_unit_end() after each input. A value
 * two inputs disagree on, or one input leaves out, is not written. With
 * neither --header nor --no-header, the header is written when the unit
 * is known and is not samples and no input was marked by collapse_plain(),
 * and always when a stack ends in a number (fg_stack_numtail): its line
 * would read as differential without the header's kind=profile (write.c).
 */
struct cstate {
	char name[32];		/* "" until a format names it */
	int nounit;		/* unnamed, or two units */
	uint64_t period;	/* 0 until a format gives it */
	int noperiod;		/* not given, or two periods */
	uint64_t samples;	/* summed */
	int hassamples, nosamples;	/* given; some not known */
	int origin;		/* 0 unsaid, 1 + FG_ORIGIN_*, -1 two */
	double sw, sw2;		/* the samples' weights and their squares */
	int hasw, now;		/* weights given; some input gave none */
	int mixed;		/* inputs named different units */
};
struct cunit {
	struct cstate in;	/* the input being read */
	struct cstate all;	/* agreed by the inputs read before */
	int ninputs;
	int plain;	/* an input whose reference collapser has no header */
	int numtail;	/* a stack ends in a number: the header says kind */
};
#define COLLAPSE_UNKNOWN UINT64_MAX
void collapse_unit(const struct copts *o, const char *unit, size_t len);
void collapse_period(const struct copts *o, uint64_t period);
void collapse_samples(const struct copts *o, uint64_t n);
/* name: the input just read, for the warning about a second unit. */
void collapse_unit_end(const struct copts *o, const char *name);
/* How the counts arose (stats.h's FG_ORIGIN_*): written as origin=. */
void collapse_origin(const struct copts *o, int origin);
/*
 * The sum of the samples' weights and of their squares, when they vary:
 * the header's ess= (effective samples, (sum w)^2 / sum w^2), which the
 * noise test takes for the samples behind weighted counts.
 */
void collapse_weights(const struct copts *o, double sw, double sw2);
/*
 * Marks the output as one a reference collapser also writes
 * (stackcollapse-perf.pl, inferno-collapse-perf): byte for byte theirs
 * unless --header asks for the header.
 */
void collapse_plain(const struct copts *o);

/* Default bound on the folded text one input may expand to. */
#define COLLAPSE_MAX_OUTPUT (256ull << 20)

/*
 * Detection (main.c) takes the first format in fmts[] whose probe returns
 * PROBE_YES. A probe must be as lenient as its parser: when the parser
 * would read the input, skipping some bad lines with a warning (a comment
 * line, a line without a count near the top), the probe says yes. When no
 * probe says yes, the error names the format that came closest and why
 * it was rejected, so a probe that says no returns a score and a reason:
 *
 *	0	nothing of this format (say nothing)
 *	1..29	faint resemblance: the right syntax family (JSON, text
 *		lines), none of this format's marks
 *	30..69	this format's marks, but its structure is wrong or missing
 *		(an event line with no stack line after it)
 *	70..99	this format, but something the parser refuses (a version
 *		or a field it does not read)
 *
 * and probe_why(why, score, "line %d: no count after the stack", k)
 * records the reason: one short phrase, naming the line or field that
 * failed, without the format's name (detect() adds it). probe_why returns
 * score, so "return probe_why(why, 40, ...);" ends a probe.
 */
#define PROBE_YES 100
struct cprobe {
	int score;		/* of the reason below */
	char why[120];
};
int probe_why(struct cprobe *why, int score, const char *fmt, ...)
    FG_PRINTF(3, 4);
/*
 * The verdict of a JSON format known by two top-level keys a and b near
 * its start (hasa, hasb: whether each was seen): yes with both, 40 with
 * one, 10 with neither, each with its reason.
 */
int probe_json_keys(struct cprobe *why, int hasa, int hasb, const char *a,
    const char *b);
/* Offset of the first byte of a JSON text's head past a BOM and blanks. */
size_t collapse_json_start(const char *head, size_t n);

struct cfmt {
	const char *name;	/* as -f takes it */
	const char *desc;	/* one line for --help */
	/*
	 * Looks at the head of an input (up to 64 KiB, fewer at end of
	 * file; a partial last line is normal) and returns PROBE_YES when
	 * this format's parser would accept the input, else how close it
	 * came (see struct cprobe).
	 */
	int (*probe)(const char *head, size_t n, struct cprobe *why);
	/* Collapses the whole input into the table. */
	void (*run)(struct fg_in *in, struct fg_stab *tab,
	    const struct copts *o);
	unsigned flags;		/* CFMT_* */
};
#define CFMT_TIMED 1	/* honours --since, --until, --window (window.h) */
/*
 * The first frame of every stack names the process or thread (perf's
 * comm): --root NAME replaces it and --no-root drops it. Without the flag
 * stacks start with a function: --root NAME adds a first frame, --no-root
 * changes nothing (transform.c; fg-collapse(1), STACK TRANSFORMS).
 */
#define CFMT_ROOT_FIRST 2
/*
 * The first two frames name the process and the thread (Chrome, Gecko):
 * --no-root drops both, --root NAME replaces the process frame.
 */
#define CFMT_ROOT_PAIR 4

/* add.c: adds count to stack in tab; an overflowing sum is fatal. */
void collapse_add(struct fg_stab *tab, const char *stack, size_t len,
    fg_count c, struct fg_in *in);
void collapse_add_u64(struct fg_stab *tab, const char *stack, size_t len,
    uint64_t n, struct fg_in *in);

/*
 * write.c: the folded profile on standard output, sorted bytewise, after
 * the header when o asks for one.
 */
void collapse_write(struct fg_stab *tab, const struct copts *o);
/*
 * The header line, when o asks for one; with samples= when withsamples
 * (not in --window's files, which hold fewer).
 */
void collapse_header(const struct copts *o, int withsamples);
/*
 * tab's stacks sorted bytewise, handed to out() in order, in one
 * or (a large table, unless nothreads) two runs; tab cannot be searched
 * afterwards.
 */
void collapse_sort(struct fg_stab *tab, int nothreads,
    void (*out)(const struct fg_sortitem *it, size_t n));

/*
 * transform.c: --skip-after names: a table of tab's stacks, each cut to start at its
 * deepest frame of one of the names (unchanged without one); frees tab.
 */
struct fg_stab *skip_after(struct fg_stab *tab, const char *const *names,
    size_t n);
/*
 * frame.c: appends n bytes of a name to b as folded frame text: ';' becomes ':',
 * newline, carriage return and NUL become blanks.
 */
void collapse_frame(struct buf *b, const char *s, size_t n);
/*
 * Appends a root frame for a process or thread to the stack in b: its
 * name, with "-id" when withid; "what id" when it has no name.
 */
void collapse_rootframe(struct buf *b, const char *name,
    const char *what, const char *id, int withid);
/*
 * A data warning about input in, without a line number (JSON has no
 * useful one), after label when not NULL; the first ten are printed.
 */
void collapse_vwarn(struct fg_in *in, const char *label, const char *fmt,
    va_list ap) FG_PRINTF(3, 0);
/* The same, without a label. */
void collapse_warn(struct fg_in *in, const char *fmt, ...) FG_PRINTF(2, 3);
/* Whether name or id is one of the n selectors (--process, --thread). */
int collapse_selected(const char *const *sel, int n, const char *name,
    const char *id);

/* add.c: "256M" and the like; fatal when not a positive size. */
uint64_t collapse_parse_size(const char *s);
/*
 * Counts n more bytes of new stack text against the input's bound (*used
 * so far); fatal, naming --max-output, past it.
 */
void collapse_budget(struct fg_in *in, const struct copts *o,
    const char *fmt, uint64_t *used, size_t n);

/* transform.c: --root, --no-root, --collapse-recursive. */
int transform_wanted(const struct copts *o);
/* Exits with a message when name cannot be a frame. */
void transform_check_root(const char *name);
/*
 * Adds src's stacks, transformed, to dst; flags are the format's (CFMT_*:
 * its root frames), name is the input's.
 */
void transform_merge(struct fg_stab *dst, struct fg_stab *src, unsigned flags,
    const struct copts *o, const char *name);

/*
 * text.c: v, an array of *cap elements of sz bytes, grown (doubling) to
 * hold at least need of them; returns it, perhaps moved.
 */
void *collapse_grow(void *v, size_t *cap, size_t need, size_t sz);

/* formats.c's list of formats, in probe order, NULL-terminated. */
extern const struct cfmt *const *const collapse_fmts;
/* The format called name, or NULL. */
const struct cfmt *collapse_find(const char *name);
/* The bytes of an input's head the probes look at (fewer at its end). */
#define COLLAPSE_PROBE_BYTES (64u << 10)
/* The format that came closest to an input none accepted, and why not. */
struct cnear {
	const struct cfmt *f;	/* NULL: none gave a reason */
	struct cprobe why;
};
/*
 * The first format whose probe accepts head (n bytes, those past
 * COLLAPSE_PROBE_BYTES unread), or NULL with the closest in *nr.
 */
const struct cfmt *collapse_choose(const char *head, size_t n,
    struct cnear *nr);
/*
 * An unknown -f name, an input no format recognises
 * (name: the input's; nr: what collapse_choose found): fatal, listing
 * the formats.
 */
_Noreturn void collapse_unknown(const char *name);
_Noreturn void collapse_unrecognised(const char *name,
    const struct cnear *nr);

extern const struct cfmt fmt_perf;
extern const struct cfmt fmt_folded;
extern const struct cfmt fmt_cpuprofile;
extern const struct cfmt fmt_chrome;
extern const struct cfmt fmt_speedscope;
extern const struct cfmt fmt_gecko;
extern const struct cfmt fmt_dtrace;
extern const struct cfmt fmt_bpftrace;
extern const struct cfmt fmt_sample;
extern const struct cfmt fmt_instruments;
extern const struct cfmt fmt_pprof;
extern const struct cfmt fmt_callgrind;
extern const struct cfmt fmt_xctrace;

#endif
