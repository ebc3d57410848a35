/* SPDX-License-Identifier: ISC */
/*
 * kmerge-cut.c: where the two-thread merge (kmerge-par.c) cuts its sorted
 * input files: the pivot, the stack in the middle of the largest input,
 * and each input's first record not below it, found by a binary search
 * over the file with pread(2) (span.c), as look(1) does.
 */
#include <stdlib.h>
#include <string.h>

#include "fg.h"
#include "span.h"

#define PAR_MIN ((uint64_t)16 << 20)	/* less input: one thread */

/*
 * The first record at or after off (at a line start: the line off is
 * inside of is skipped): its offset and a copy of its stack.
 */
static int
recat(const struct fg_scan *sc, const struct fg_fold *src, uint64_t off,
    uint64_t *roff, char **key, size_t *klen, size_t *kcap)
{
	struct fg_span sp = { src->in.name, NULL, sc->fd, off, sc->size };
	struct fg_fold f;
	struct fg_rec r;
	int found;

	if (off > sc->start &&
	    (sp.start = fg_span_linestart(&sp, off - 1)) == 0)
		return 0;	/* skipped the end of a line: nothing left */
	fg_span_fold(&sp, &f, sc->kind, 0, src->bases);
	f.in.buf = fg_realloc(f.in.buf, (size_t)1 << 16);
	f.in.cap = (size_t)1 << 16;
	if ((found = fg_fold_next(&f, &r))) {
		*roff = fg_in_offset(&f.in, r.stack);
		if (r.len + 1 > *kcap) {
			*kcap = r.len * 2 + 64;
			free(*key);
			*key = fg_malloc(*kcap);
		}
		memcpy(*key, r.stack, r.len);
		*klen = r.len;
	}
	fg_fold_close(&f);
	return found;
}

static uint64_t
splitat(const struct fg_scan *sc, const struct fg_fold *src, const char *pk,
    size_t pl)
{
	uint64_t lo = sc->start, hi = sc->size, mid, roff = 0;
	char *k = NULL;
	size_t kl = 0, kc = 0;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (!recat(sc, src, mid, &roff, &k, &kl, &kc))
			hi = mid;
		else if (fg_keycmp(k, kl, pk, pl) < 0)
			lo = roff + 1;
		else
			hi = mid;
	}
	if (!recat(sc, src, lo, &roff, &k, &kl, &kc))
		roff = sc->size;
	free(k);
	return roff;
}

/*
 * The pivot for fg_kmerge_par: the first key at or after the middle of the
 * largest input, in *pk (malloc'd), when the inputs are worth two threads
 * (regular files, clean scans, PAR_MIN bytes); 0 otherwise.
 */
int
fg_kmerge_pivot(struct fg_fold **in, const struct fg_scan *sc, int n, char **pk,
    size_t *pl)
{
	uint64_t total = 0, roff;
	size_t pc = 0;
	int i, big = -1;

	*pk = NULL;
	*pl = 0;
	for (i = 0; i < n; i++) {
		if (sc[i].fd < 0 || sc[i].bad != 0 || in[i]->in.callermem ||
		    in[i]->in.end != 0)
			return 0;
		total += sc[i].size;
		if (sc[i].start < sc[i].size && (big < 0 ||
		    sc[i].size - sc[i].start > sc[big].size - sc[big].start))
			big = i;
	}
	if (total >= PAR_MIN && big >= 0 && recat(&sc[big], in[big],
	    sc[big].start + (sc[big].size - sc[big].start) / 2, &roff, pk, pl,
	    &pc))
		return 1;
	free(*pk);
	*pk = NULL;
	return 0;
}


/* Cuts every input at the pivot: lo[i] the keys before it, hi[i] the rest. */
void
fg_kmerge_cut(struct fg_fold **in, const struct fg_scan *sc, int n,
    const char *pk, size_t pl, struct fg_fold *lo, struct fg_fold *hi)
{
	struct fg_span sp;
	uint64_t split;
	int i;

	for (i = 0; i < n; i++) {
		split = sc[i].start < sc[i].size ?
		    splitat(&sc[i], in[i], pk, pl) : sc[i].size;
		sp = (struct fg_span){ in[i]->in.name, NULL, sc[i].fd,
		    sc[i].start, split };
		fg_span_fold(&sp, &lo[i], sc[i].kind, in[i]->truncfrac,
		    in[i]->bases);
		sp.start = split;
		sp.end = sc[i].size;
		fg_span_fold(&sp, &hi[i], sc[i].kind, in[i]->truncfrac,
		    in[i]->bases);
	}
}
