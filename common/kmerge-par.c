/* SPDX-License-Identifier: ISC */
/*
 * kmerge-par.c: the k-way merge (kmerge.c) on two cores. The key space is
 * cut at a pivot (kmerge-cut.c), and the upper half is merged on a second
 * thread into memory while the lower half goes to standard output; the
 * upper half follows it. Only for large, clean inputs (no malformed line:
 * no warning is ever reordered).
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "big.h"
#include "fg.h"

struct half {
	struct fg_fold **in;
	int n, ncols;
	const int *colbase;
	fg_emit_fn emit;
	void *arg;
	struct fg_outbuf out;
};

static void *
runhalf(void *p)
{
	struct half *h = p;

	fg_out_capture(&h->out);
	fg_kmerge(h->in, h->n, h->ncols, h->colbase, h->emit, h->arg);
	fg_out_capture(NULL);
	return NULL;
}


/*
 * Merges lo here and hi on a second thread into memory (about as large as
 * its input: allocated once), written after lo's output.
 */
static void
mergehalves(struct fg_fold **lop, struct fg_fold **hip,
    const struct fg_scan *sc, int n, int ncols, const int *colbase,
    const struct fg_emitter *em)
{
	struct half h;
	pthread_t th;
	int i;

	memset(&h, 0, sizeof(h));
	for (i = 0; i < n; i++)
		h.out.cap += (size_t)(sc[i].size - hip[i]->in.roff);
	h.out.cap += (size_t)1 << 20;
	h.out.p = fg_big_alloc(h.out.cap, 0);
	h.in = hip;
	h.n = n;
	h.ncols = ncols;
	h.colbase = colbase;
	h.emit = em->emit;
	h.arg = em->fork != NULL ? em->fork(em->arg) : em->arg;
	if (pthread_create(&th, NULL, runhalf, &h) != 0) {
		runhalf(&h);
		fg_kmerge(lop, n, ncols, colbase, em->emit, em->arg);
	} else {
		fg_kmerge(lop, n, ncols, colbase, em->emit, em->arg);
		if (pthread_join(th, NULL) != 0)
			fg_errx(FG_EXIT_ERR, "pthread_join failed");
	}
	if (em->fork != NULL)
		em->join(em->arg, h.arg);
	fg_out_write(h.out.p, h.out.n);
	free(h.out.p);
}

void
fg_kmerge_par(struct fg_fold **in, const struct fg_scan *sc, int n, int ncols,
    const int *colbase, const struct fg_emitter *em)
{
	struct fg_fold *lo, *hi, **lop, **hip;
	char *pk;
	size_t pl;
	int i;

	if (!fg_kmerge_pivot(in, sc, n, &pk, &pl)) {
		fg_kmerge(in, n, ncols, colbase, em->emit, em->arg);
		return;
	}
	lo = fg_calloc((size_t)n, sizeof(*lo));
	hi = fg_calloc((size_t)n, sizeof(*hi));
	lop = fg_calloc((size_t)n, sizeof(*lop));
	hip = fg_calloc((size_t)n, sizeof(*hip));
	fg_kmerge_cut(in, sc, n, pk, pl, lo, hi);
	free(pk);
	for (i = 0; i < n; i++) {
		lop[i] = &lo[i];
		hip[i] = &hi[i];
	}
	mergehalves(lop, hip, sc, n, ncols, colbase, em);
	for (i = 0; i < n; i++) {
		fg_fold_close(&lo[i]);
		fg_fold_close(&hi[i]);
	}
	free(hip);
	free(lop);
	free(hi);
	free(lo);
}
