/* SPDX-License-Identifier: ISC */
/*
 * kmerge-cut.c: where the two-thread merge (kmerge-par.c) cuts its sorted
 * input files: the pivot, the stack in the middle of the largest input,
 * and each input's first record not below it, found by a binary search
 * over the file with pread(2), as look(1) does.
 */
#include <stdlib.h>
#include <unistd.h>
#include <string.h>

#include "fg.h"

#define PAR_MIN ((uint64_t)16 << 20)	/* less input: one thread */

/* The first record at or after off: its offset and a copy of its stack. */
static int
recat(const struct fg_scan *sc, const struct fg_fold *src, uint64_t off,
    uint64_t *roff, char **key, size_t *klen, size_t *kcap)
{
	struct fg_fold f;
	struct fg_rec r;
	size_t len;
	char c;
	int found = 0;

	memset(&f, 0, sizeof(f));
	fg_in_range(&f.in, src->in.name, sc->fd, off, sc->size);
	f.in.buf = fg_realloc(f.in.buf, (size_t)1 << 16);
	f.in.cap = (size_t)1 << 16;
	f.in.quiet = 1;
	f.kind = sc->kind;
	f.bases = src->bases;
	if (off > sc->start && !(pread(sc->fd, &c, 1, (off_t)off - 1) == 1 &&
	    c == '\n') && fg_in_line(&f.in, &len) == NULL)
		goto out;	/* skipped the end of a line: nothing left */
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
out:
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
	uint64_t split;
	int i;

	for (i = 0; i < n; i++) {
		split = sc[i].start < sc[i].size ?
		    splitat(&sc[i], in[i], pk, pl) : sc[i].size;
		fg_in_range(&lo[i].in, in[i]->in.name, sc[i].fd, sc[i].start,
		    split);
		fg_in_range(&hi[i].in, in[i]->in.name, sc[i].fd, split,
		    sc[i].size);
		lo[i].kind = hi[i].kind = sc[i].kind;
		lo[i].truncfrac = hi[i].truncfrac = in[i]->truncfrac;
		lo[i].bases = hi[i].bases = in[i]->bases;
		lo[i].in.quiet = hi[i].in.quiet = 1;
	}
}
