/* SPDX-License-Identifier: ISC */
/*
 * pprof.h: fg-collapse's pprof format inside: what pprof-read.c reads of
 * a Profile message (the first pass: sample types, locations, functions,
 * strings; a sample's fields in the second), and pprof.c folds.
 */
#ifndef PPROF_H
#define PPROF_H

#include "collapse.h"
#include "pb.h"

struct str {
	const unsigned char *p;
	size_t len;
};

struct line {
	uint64_t func;		/* function id */
	int64_t line;
};

struct loc {
	uint64_t id, addr;
	size_t line0, nline;	/* in lines[] */
	size_t off, len;	/* folded frames, in names */
};

struct idmap {
	uint32_t *dense;	/* id -> index + 1, when the ids are dense */
	size_t ndense;
	const void *base;	/* else bsearch in the sorted elements */
	size_t n, size;
};

struct func {
	uint64_t id;
	int64_t name, file;
};

struct label {
	int64_t key, str, num;
	int isnum;
};

struct tagf {
	const char *key, *val;
	size_t klen, vlen;
	int isnum;
	int64_t num;
};

struct prof {
	const char *file;
	const unsigned char *buf;
	size_t len;
	struct str *strs;
	size_t nstr, capstr;
	int64_t (*types)[2];	/* (type, unit) */
	size_t ntype, captype;
	int64_t deftype;
	int64_t ptype[2];	/* period_type (type, unit) */
	int64_t period;		/* in ptype's unit per sample */
	struct loc *locs;
	size_t nloc, caploc;
	struct line *lines;
	size_t nline, capline;
	struct func *funcs;
	size_t nfunc, capfunc;
	struct idmap locmap, funcmap;
	struct buf names;	/* location frames, back to back */
};

struct acc {
	struct buf key;
	uint64_t *ids;
	size_t nids, capids;
	struct label *lb;
	size_t nlb, caplb;
	int64_t *vals;
	size_t nvals, capvals;
};

/* Exits with "file: pprof: msg" (pprof-read.c). */
_Noreturn void pprof_bad(const struct prof *pr, const char *fmt, ...)
    FG_PRINTF(2, 3);

#define PUSH(pr, arr, n, cap) do {					\
	if ((n) == (cap)) {						\
		(cap) = (cap) ? 2 * (cap) : 64;				\
		(arr) = fg_reallocarray((arr), (cap), sizeof(*(arr)));	\
	}								\
} while (0)

/* The format's probe (struct cfmt). */
int pprof_probe(const char *head, size_t n, struct cprobe *why);
/* The whole input, read into one buffer (a regular file at its size). */
unsigned char *pprof_slurp(struct fg_in *in, size_t *len);
/* The first pass over pr->buf: types, locations, functions, strings. */
void pprof_first_pass(struct prof *pr);
/*
 * The second pass: the next Sample message of the Profile read by r (its
 * location ids, values and labels) into a; 0 at the end. A sample whose
 * values do not match the sample types, or a bad message, is fatal.
 */
int pprof_next_sample(const struct prof *pr, struct pb *r, struct acc *a);
/* --tag's KEY=VALUE filters (o->ntags of them); a bad one is fatal. */
struct tagf *pprof_tags(const struct copts *o);
/* String i of the table; out of range is fatal, naming what (pprof.c). */
struct str pprof_str(const struct prof *pr, int64_t i, const char *what);

#endif
