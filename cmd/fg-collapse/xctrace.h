/* SPDX-License-Identifier: ISC */
/*
 * xctrace.h: Instruments' xctrace export inside fg-collapse: the
 * backtraces, frames, threads and samples xctrace.c reads, of which
 * xctrace-stack.c makes the stacks and their unit.
 */
#ifndef XCTRACE_H
#define XCTRACE_H

#include "collapse.h"
#include "fg.h"
#include "xctrace-xml.h"

#define NONE UINT32_MAX

enum { T_OTHER, T_ROW, T_BACKTRACE, T_FRAME, T_WEIGHT, T_THREAD,
	T_PROCESS };

struct xbt {
	size_t off, n;		/* frame indices at fv[off..off+n) */
	int bad;		/* refers to an unknown frame */
};

/* Samples of one backtrace on one thread (NONE: threads not asked for). */
struct xsample {
	uint32_t thread, bt;
	uint64_t count;
};

struct xthread {
	char *name;		/* its fmt= text */
	uint32_t proc;		/* index in pname, or NONE */
};

struct xp {
	struct fg_in *in;
	const struct copts *o;
	struct xml x;		/* the scanner: the whole input */
	struct fg_stab *ids;	/* "bN", "fN", "wN" -> index + 1 */
	char **fname;		/* frame index -> name */
	size_t nf, capf;
	uint32_t *fv;		/* backtraces' frames */
	size_t nfv, capfv;
	struct xbt *bt;
	size_t nbt, capbt;
	uint64_t *wv;		/* weight index -> value */
	size_t nw, capw;
	int *stk;		/* open elements' kinds */
	size_t nstk, capstk;
	uint32_t rowbt, curbt;	/* the row's backtrace; the one being read */
	struct fg_stab *pairs;	/* (thread, backtrace) -> sample index + 1 */
	struct xsample *sv;
	size_t nsv, capsv;
	struct xthread *tv;	/* threads, by the ids stab's 't' entries */
	size_t ntv, captv;
	char **pname;		/* processes, by 'p' entries */
	size_t npn, cappn;
	uint32_t rowthread, curthread;
	uint64_t rowweight;
	int rowhasweight;
	uint64_t nrows, wmin, wmax;	/* rows counted, their weights */
	const char *wtext;	/* start of an open <weight>'s text */
	uint32_t wdef;		/* index an open <weight id=> defines */
	struct fg_buf tmp;
};

/* xctrace-stack.c: the stacks of the backtraces rows used, root first. */
void xctrace_emit(struct xp *X, struct fg_stab *tab);
/* xctrace-stack.c: what the counts are, for the header. */
void xctrace_unit(const struct xp *X);

#endif
