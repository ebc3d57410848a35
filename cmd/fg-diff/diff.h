/* SPDX-License-Identifier: ISC */
/*
 * diff.h: fg-diff's state while fg_sum (sum.h) reads the two profiles, and
 * the hooks it calls: keys.c on the inputs' side, norm.c on the output's
 * (the counts and figures worked out), which write.c writes.
 */
#ifndef DIFF_H
#define DIFF_H

#include "sum.h"
#include "overlap.h"

struct emitarg {
	int norm, frac, strip, header;
	struct fg_carry carry;	/* the inputs' unit, period and samples */
	struct overlap ov;
	const struct fg_optstate *st;
	fg_count t1, t2;
	fg_count tot[2];	/* t1, t2 as read (-n may not apply) */
	char *buf;		/* -s: the key with hex stripped */
	size_t cap;
};

/* -s: key with every 0x... hex address stripped (keys.c). */
const char *diff_rekey(void *arg, int i, const char *key, size_t len,
    size_t *outlen);
/* An input's header: a differential stream is refused; unit and period. */
void diff_onheader(void *arg, int i, const char *name, const char *header);
/* norm.c: the totals are known: the header line, and -n settled. */
void diff_start(void *arg, enum fg_kind kind, int ncols,
    const fg_count *total);
/* norm.c: one stack and its two counts, the base's scaled with -n. */
void diff_emit(const char *key, size_t len, const fg_count *cnt, int ncols,
    void *arg);
/* norm.c: the second thread's emitter state, its figures joined back. */
void *diff_fork(void *arg);
void diff_join(void *arg, void *child);
/* write.c: the header, base the base's total as read. */
void diff_write_header(const struct emitarg *a, fg_count base);
/* write.c: one output line. */
void diff_write_rec(const char *key, size_t len, fg_count before,
    fg_count after);

#endif
