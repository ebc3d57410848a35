/* SPDX-License-Identifier: ISC */
/*
 * perf-rev.c: the growing of the buffer a perf sample's frames are
 * written into leftwards (perf-rev.h), when a frame does not fit in front.
 */
#include <stdlib.h>
#include <string.h>

#include "perf-rev.h"

/* Grows the frames' buffer to take n more bytes in front. */
void
perf_rev_grow(struct worker *w, size_t n)
{
	size_t used = w->rcap - w->rpos, ncap;
	char *nr;

	ncap = w->rcap ? w->rcap : 4096;
	while (ncap - used < n)
		ncap *= 2;
	nr = fg_malloc(ncap);
	if (used > 0)
		memcpy(nr + ncap - used, w->rev + w->rpos, used);
	free(w->rev);
	w->rev = nr;
	w->rcap = ncap;
	w->rpos = ncap - used;
}
