/* SPDX-License-Identifier: ISC */
/*
 * sum.h: the summing library: folded inputs summed by stack, merged or
 * interned, and written out in bytewise order (fg-merge, fg-diff, fg-top,
 * fg-elide, fg-svg). On the core, fg.h.
 *
 * intern.c   the stack table filled by two threads, split, sorted and
 *            emitted in order
 * kmerge.c   the k-way merge of sorted inputs, on one or two threads: the
 *            cut of sorted inputs at a pivot key, a byte range read on its
 *            own (span), and the scan for whether an input is sorted
 *            (orderscan)
 * sum.c      the tools' entry: inputs opened, the path chosen (merge, run,
 *            intern); inputs read in order (run); headers' values carried
 *            into the output's (carry)
 * fcode.c    stacks kept as lists of frame numbers in intern's tables
 * fnfold.c   the summed stacks folded into their functions, every call
 *            site merged, and the functions ranked (fnfold)
 */
#ifndef FG_SUM_H
#define FG_SUM_H

#include <stddef.h>
#include <stdint.h>

#include "fg.h"

/*
 * emit: where merged or summed stacks go, one at a time, in order: the
 * contract between the paths that produce them (kmerge.c, intern.c, sum.c)
 * and the tools that print them (through sum.c).
 */
typedef void (*fg_emit_fn)(const char *key, size_t len, const fg_count *c,
    int ncols, void *arg);
/*
 * emit() with its argument; on two threads (fg_kmerge_par, fg_intern_emit)
 * emit() runs on both, so it must write only through fg_out_* and read only
 * shared state.
 */
struct fg_emitter {
	fg_emit_fn emit;
	void *arg;
	/*
	 * Optional state of emit() per thread: fork(arg) makes the second
	 * thread's arg, join(arg, child) folds it back in once that thread
	 * is done (set both or neither; NULL: both threads share arg).
	 */
	void *(*fork)(void *arg);
	void (*join)(void *arg, void *child);
};

/*
 * intern: summing records into the stack table on two threads (intern.c).
 * The calling thread, which reads and parses, hands the records in
 * batches to a second thread, which hashes and adds them into one of two
 * tables (one per half of the hash space; split so that both threads can
 * prepare the sort at the end). Each key lives in exactly one table, so
 * memory is what one table would take.
 */
struct fg_intern;
struct fg_intern *fg_intern_new(int ncols);
/*
 * Adds c[0..n) into columns col0.. of key's entry, maybe later, on the
 * other thread. The caller keeps the column totals and uses fg_intern_get
 * instead for any record that could make a total overflow: a sum that
 * cannot overflow its column's total never overflows, so no sum added
 * here can fail.
 */
void fg_intern_add(struct fg_intern *p, const char *key, size_t len,
    int col0, const fg_count *c, int n);
/*
 * key's entry, found or made on the calling thread (the other thread
 * first catches up, and every later record is added on this thread, in
 * order, so that overflows are reported where they happen).
 */
struct fg_ent *fg_intern_get(struct fg_intern *p, const char *key,
    size_t len);
/*
 * Ends the input and calls em->emit() for every entry, in bytewise order
 * of output: on the calling thread (the second thread sorts part of them
 * meanwhile), or with two set on both (the upper keys on the second
 * thread with em->fork's state, their output captured into memory and
 * written after the lower keys'; em->join at the end), as fg_kmerge_par
 * does for each pair of its pieces.
 */
void fg_intern_emit(struct fg_intern *p, const struct fg_emitter *em,
    int two);
void fg_intern_free(struct fg_intern *p);

/*
 * fcode: stacks kept as lists of frame numbers (fcode.c), for intern's
 * tables when that keeps fewer bytes.
 */
struct fg_fcode;
struct fg_fcode *fg_fcode_new(void);
void fg_fcode_free(struct fg_fcode *f);
/*
 * key as its tokens' numbers (*elen bytes, 4 a token), in f's memory until
 * the next call.
 */
const char *fg_fcode_encode(struct fg_fcode *f, const char *key, size_t len,
    size_t *elen);
/*
 * Encodes a sample key: adds to *bytes what its bytes would take (less
 * skip, a prefix not kept) and to *coded its numbers' bytes.
 */
void fg_fcode_sample(struct fg_fcode *f, const char *key, size_t len,
    size_t skip, size_t *bytes, size_t *coded);
/* What the tokens take, in bytes. */
size_t fg_fcode_cost(const struct fg_fcode *f);
/*
 * Once every key is in: the tokens ranked and every key of the tables
 * t[0..nt) rewritten as its tokens' ranks (the tables' hash no longer
 * finds them), so that their bytewise order is the stacks'.
 */
void fg_fcode_rank(struct fg_fcode *f, struct fg_stab **t, int nt);
/* A ranked key's stack in *kb (*kc bytes, grown), its length returned. */
size_t fg_fcode_decode(const struct fg_fcode *f, const char *key,
    size_t len, char **kb, size_t *kc);

/*
 * run: an input read in bytewise order, kept in that order (sum.c): no
 * hash and no sort while its keys keep rising; the first key out of order
 * hands everything kept so far to the stack table (intern).
 */
struct fg_run;
struct fg_run *fg_run_new(int ncols);
/*
 * key's counts, made (zero) when key is above the last key, or the last
 * key's when equal; NULL, and nothing kept, when key is below it.
 */
fg_count *fg_run_get(struct fg_run *r, const char *key, size_t len);
/* Adds every kept key to tab, in order, freeing r as it goes; frees r. */
void fg_run_replay(struct fg_run *r, struct fg_intern *tab);
/* Calls emit() for every kept key, in order. */
void fg_run_emit(const struct fg_run *r, fg_emit_fn emit, void *arg);
void fg_run_free(struct fg_run *r);

/*
 * span: a byte range of one input, read on its own (kmerge.c): a file's
 * bytes through pread(2), so that several threads read one file at once,
 * or the caller's memory. kmerge.c scans halves of an input this way,
 * kmerge.c binary-searches sorted files.
 */
struct fg_span {
	const char *name;	/* the input's, for messages */
	const char *map;	/* the caller's memory, or NULL: the file */
	int fd;			/* the file's, read with pread(2) */
	uint64_t start, end;	/* the range: [start, end) */
};
/*
 * A quiet folded reader of s's bytes, parsing records of kind (fractions
 * truncated when truncfrac, stacks cut at bases when not NULL).
 */
void fg_span_fold(const struct fg_span *s, struct fg_fold *f,
    enum fg_kind kind, int truncfrac, const struct fg_bases *bases);
/*
 * The first line start past off: the byte after the first '\n' at or
 * after off (s->end bounds memory, a file is read to its end); 0 when
 * there is none.
 */
uint64_t fg_span_linestart(const struct fg_span *s, uint64_t off);

/*
 * orderscan: whether a folded input is sorted, and its totals, checked
 * on one or two threads before the real pass (kmerge.c).
 */
/*
 * Pre-pass over an input opened but not yet read (a regular file, read
 * with pread(2), or the caller's memory), on two threads:
 * finds the kind and header the real pass will find, totals the counts per
 * column (fractions truncated when f->truncfrac), and returns 1 when the
 * stacks are in bytewise order (repeats allowed) and no total overflows.
 * Quiet, and f is left as it was: the real pass detects and reports the
 * same way whether or not a scan ran. res->header is malloc'd or NULL.
 */
struct fg_scan {
	enum fg_kind kind;
	char *header;
	fg_count total[2];
	uint64_t start;		/* offset of the first record */
	uint64_t size;		/* of the input */
	uint64_t bad;		/* malformed lines */
	int fd;			/* the file's, for fg_kmerge_par; -1: memory */
};
int fg_fold_scan(struct fg_fold *f, struct fg_scan *res);

/*
 * kmerge: the k-way merge of sorted inputs, on one thread (kmerge.c) or
 * two (kmerge.c, cutting the inputs where kmerge.c says).
 */
/*
 * Merges sorted inputs in one pass: for every stack, in order, emit() gets
 * ncols summed counts, input i's column j adding into column colbase[i] +
 * j. An overflowing sum is fatal.
 */
void fg_kmerge(struct fg_fold **in, int n, int ncols, const int *colbase,
    fg_emit_fn emit, void *arg);
/*
 * fg_kmerge on two cores for large regular files with clean scans sc[i]
 * (else it is fg_kmerge): same output. emit() runs on both threads (see
 * struct fg_emitter).
 */
void fg_kmerge_par(struct fg_fold **in, const struct fg_scan *sc, int n,
    int ncols, const int *colbase, const struct fg_emitter *em);
/*
 * For fg_kmerge_par: the first pivot key, in *pk (malloc'd), when the
 * inputs are worth two threads (else 0).
 */
int fg_kmerge_pivot(struct fg_fold **in, const struct fg_scan *sc, int n,
    char **pk, size_t *pl);

/*
 * carry: which values of the inputs' headers a tool that sums or
 * compares streams may carry into its own header (sum.c): what a count
 * is and its period, when every input says the same, and each input's
 * number of samples.
 */
struct fg_carry {
	char *unit, *period;	/* agreed by every input so far, or NULL */
	int nounit, noperiod;	/* an input lacked it or disagreed */
	char *origin;		/* agreed origin= (absent: sampled) */
	int noorigin;
	char *samples[2];	/* inputs 0 and 1's samples=, or NULL */
	char *ess[2];		/* inputs 0 and 1's ess=, or NULL */
	char *firstunit;	/* the first unit= an input named */
	char *otherunit;	/* a different unit= a later input named */
	int other;		/* the index of that input */
};

/* Input i's first "# fg-" header line, or NULL when it has none. */
void fg_carry_add(struct fg_carry *c, int i, const char *header);
/*
 * Whether two inputs name different units (unit= of input 0 or an
 * earlier one, and of input c->other): counts that do not add up.
 */
int fg_carry_mixed(const struct fg_carry *c);
/* The agreed origin= when it is not sampled, else NULL. */
const char *fg_carry_origin(const struct fg_carry *c);
/* The agreed unit= and period= (NULL when not every input agreed). */
const char *fg_carry_unit(const struct fg_carry *c);
const char *fg_carry_period(const struct fg_carry *c);
void fg_carry_free(struct fg_carry *c);

/*
 * sum: one path for summing folded inputs. Sorted inputs (what every
 * collapser prints) stream through a k-way merge; anything else goes
 * through the stack table and one sort. Either way the caller's emit()
 * gets every unique stack once, in bytewise (LC_ALL=C sort) order, with
 * its summed counts, and the output is the same whichever path ran.
 */
struct fg_sumopt {
	/* every input's kind; FG_KIND_UNKNOWN: each settles its own, alike */
	enum fg_kind kind;
	int bycol;		/* input i's one count goes to column i */
	int truncfrac;		/* drop fractional parts (with a warning) */
	int needtotal;		/* an overflowing column total is fatal */
	const struct fg_bases *bases;	/* --base names, or NULL */
	/*
	 * With needtotal: the error names the line where the total went over,
	 * as fg_sum_overflow words it (fg-top, whose sums are all below the
	 * totals). Inputs whose totals overflow together are read through the
	 * table to find that line.
	 */
	int totalatline;
	/*
	 * Optional: a new key for input i's stack (a root frame added, hex
	 * stripped); returns it and sets *outlen. Its memory stays the
	 * hook's, valid until the next call. Rules out the merge path.
	 */
	const char *(*rekey)(void *arg, int i, const char *key, size_t len,
	    size_t *outlen);
	/*
	 * Optional: set to the first "# fg-" header line of all the inputs
	 * (malloc'd: the caller frees it), left NULL when none has one.
	 */
	char **header;
	/* Optional: input i's first "# fg-" header line (or NULL). */
	void (*onheader)(void *arg, int i, const char *name,
	    const char *header);
	/* Optional: every metadata line, as fg_fold's onmeta. */
	void (*onmeta)(void *arg, const char *line, size_t len);
	/*
	 * Optional: called once before the first emit() (also when there is
	 * no data), with the inputs' kind, the columns and their totals.
	 */
	void (*start)(void *arg, enum fg_kind kind, int ncols,
	    const fg_count *total);
	/*
	 * Every unique stack in bytewise order. The key is valid during the
	 * call only. emit() may run on two threads at once (a later part of
	 * the key space into memory): it must write only through fg_out_*,
	 * and keep any state of its own per thread with fork and join, each
	 * fork joined, in key order, before the next.
	 */
	fg_emit_fn emit;
	void *arg;
	/* Optional: emit()'s state per thread (see struct fg_emitter). */
	void *(*fork)(void *arg);
	void (*join)(void *arg, void *child);
};

/*
 * Sums the named inputs ("-" is standard input). Malformed lines are
 * warned about and skipped, overflowing sums are fatal. Returns the
 * number of count columns (0 when no input had a data line).
 */
int fg_sum(char **files, int nfiles, const struct fg_sumopt *o);

/*
 * fnfold: a profile's stacks folded into its functions, every call site
 * merged (fnfold.c; fg-top's tables, fg-svg's cost map). A function's
 * self is the count of the stacks it ends (that it begins, with
 * FG_FN_LEAFFIRST: stacks reversed, the leaf first), its total the count
 * of the stacks it is on, once a stack however often it recurses there.
 * The functions are tab's entries, keyed by name, in the order first
 * seen, each with FG_FN_NCOL counts: input column k's (0, or 1 for a
 * diff's after) self at FG_FN_SELF(k) and total at FG_FN_TOTAL(k). Their
 * aux is the fold's.
 */
#define FG_FN_SELF(k)	(2 * (k))
#define FG_FN_TOTAL(k)	(2 * (k) + 1)
#define FG_FN_NCOL	4
enum {
	FG_FN_LEAFFIRST = 1,	/* a stack's first frame is its leaf */
	FG_FN_NOEMPTY = 2	/* an empty name is no function (fg-svg) */
};
struct fg_fnfold {
	struct fg_stab *tab;	/* the functions */
	uint32_t gen;		/* the stack being added: its mark in aux */
	int flags;		/* FG_FN_* */
};
void fg_fnfold_init(struct fg_fnfold *f, int flags);
/*
 * Adds one stack's counts c[0..ncols) (ncols 1 or 2) to its functions.
 * Returns -1 when a sum overflows (what was added before stays).
 */
int fg_fnfold_add(struct fg_fnfold *f, const char *key, size_t len,
    const fg_count *c, int ncols);
/*
 * Adds g's functions into f, those new to f after f's in g's order, and
 * frees g's table (fg_sum's join). Returns -1 when a sum overflows.
 */
int fg_fnfold_join(struct fg_fnfold *f, struct fg_fnfold *g);
/*
 * The functions ranked, by their column `by` descending, then `then`
 * descending, then by name bytewise (LC_ALL=C sort): a malloc'd array of
 * *n entries (free() it).
 */
struct fg_ent **fg_fnfold_rank(const struct fg_fnfold *f, int by, int then,
    size_t *n);
void fg_fnfold_free(struct fg_fnfold *f);

#endif
