/* SPDX-License-Identifier: ISC */
/*
 * speedscope.h: speedscope's format inside fg-collapse: what
 * speedscope.c reads, and the stacks speedscope-stack.c makes of it.
 */
#ifndef SPEEDSCOPE_H
#define SPEEDSCOPE_H

#include "collapse.h"
#include "json.h"

struct ss {
	struct fg_in *in;
	const struct copts *o;
	struct fg_stab *tab;
	struct buf names;	/* frame names */
	size_t *fname, *flen;	/* per frame, in names */
	size_t nf, fcap;
	size_t nprof;		/* profiles in the file */
	uint64_t used;
	const char *pname;	/* the profile being read, for warnings */
	size_t pidx;
};

/* One profile's members. */
struct prof {
	char type[16];
	char *name;
	double scale;		/* a weight in the unit given, in output units */
	int time;		/* the unit is one of time */
	int bytes;		/* the unit is bytes */
	struct json samples, weights, events;	/* .s NULL when absent */
};

/* An evented profile's open frames: the stack text's length before each. */
struct open {
	size_t *len;
	double *fr;
	size_t n, cap;
};

void sswarn(struct ss *S, const char *fmt, ...) FG_PRINTF(2, 3);
/* speedscope-stack.c */
int ss_push(struct ss *S, struct buf *b, double k);
int ss_add(struct ss *S, const struct buf *b, double w, int time);
void ss_weightunit(const struct ss *S, const struct prof *p);
void ss_apply(struct ss *S, struct prof *p, struct open *o,
    struct buf *b, size_t i, char type, double fr, double at,
    double *last);

#endif
