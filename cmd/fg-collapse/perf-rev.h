/* SPDX-License-Identifier: ISC */
/*
 * perf-rev.h: a perf sample's frames, written leftwards: they arrive leaf
 * first, and each is put in front of those before it, so the folded stack
 * is ready when the sample ends (perf-rev.c grows the buffer). Inline, as
 * they are called for every stack line.
 */
#ifndef PERF_REV_H
#define PERF_REV_H

#include <string.h>

#include "perf.h"

void perf_rev_grow(struct worker *w, size_t n);

static inline void
rev_reset(struct worker *w)
{
	w->rpos = w->rcap;
	w->nframes = 0;
	w->lastframe = 0;
	w->pend = 0;
}

/* Makes room for n more bytes in front of the frames (inline: per line). */
static inline void
rev_need(struct worker *w, size_t n)
{
	if (w->rpos < n)
		perf_rev_grow(w, n);
}

/* Puts a frame (or the root, last) in front of the frames so far. */
static inline void
rev_prepend(struct worker *w, const char *s, size_t n)
{
	rev_need(w, n + 1);
	if (w->nframes > 0)
		w->rev[--w->rpos] = ';';
	w->rpos -= n;
	if (n > 0)
		memcpy(w->rev + w->rpos, s, n);
	w->nframes++;
}

/*
 * rev_prepend for a name kept in perf-memo.c, after the 16 bytes of its
 * entry and the PM_KEY or more of its line: a name of up to 32 bytes is
 * copied as the 32 bytes that end with it, a fixed-size copy in place of
 * a call to memcpy (what it writes before the name is free space).
 */
_Static_assert(sizeof(struct pment) + PM_KEY >= 32,
    "rev_prepend_kept reads 32 bytes back from a kept name");
static inline void
rev_prepend_kept(struct worker *w, const char *s, size_t n)
{
	if (n > 32 || w->rpos < n + 34) {
		rev_prepend(w, s, n);
		return;
	}
	if (w->nframes > 0)
		w->rev[--w->rpos] = ';';
	memcpy(w->rev + w->rpos - 32, s + n - 32, 32);
	w->rpos -= n;
	w->nframes++;
}

/* Puts the frame held back for its source line in front. */
static inline void
flush_frame(struct worker *w)
{
	if (w->pend) {
		rev_prepend(w, w->line.p, w->line.len);
		w->pend = 0;
	}
}
#endif
