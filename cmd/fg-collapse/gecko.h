/* SPDX-License-Identifier: ISC */
/*
 * gecko.h: the Firefox Profiler formats inside fg-collapse: the tables
 * gecko-read.c reads from the JSON, which gecko.c turns into stacks.
 */
#ifndef GECKO_H
#define GECKO_H

#include "collapse.h"
#include "json.h"

/* One column of a table: numbers, NAN for null or anything else. */
struct col {
	const char *name;
	double *v;
	size_t n, cap;
};

enum { C_STACK, C_WEIGHT, C_TIME, C_TDELTA, C_NSAMP };
enum { C_FRAME, C_PREFIX, C_NSTACK };
enum { C_FUNC, C_LINE, C_LOCATION, C_NFRAME };
enum { C_NAME, C_FILE, C_FLINE, C_NFUNC };

struct strs {
	struct buf b;
	size_t *off, *len;
	size_t n, cap;
};

/* The tables of one thread (or of profile.shared). */
struct tabs {
	struct col samp[C_NSAMP], stack[C_NSTACK], frame[C_NFRAME];
	struct col func[C_NFUNC];
	int hassamp, hasstack, hasframe, hasfunc, hasstrs;
	struct strs s;
	char wtype[16];		/* samples.weightType */
};

struct gk {
	struct fg_in *in;
	const struct copts *o;
	struct fg_stab *tab;
	struct tabs shared;	/* profile.shared */
	struct json threads;	/* the processed format's, read last */
	int hasthreads;
	uint64_t used;
	const char *tname;	/* the thread being read, for warnings */
};
void gkwarn(struct gk *G, const char *fmt, ...) FG_PRINTF(2, 3);
/* One thread's samples, under the root frames in root (gecko.c). */
void gecko_thread(struct gk *G, struct tabs *T, const struct buf *root);

#endif
