/* SPDX-License-Identifier: ISC */
/*
 * names.c: the names of the frames flow.c keeps, each distinct name once
 * (struct svg_names). A graph of long C++ template names draws tens of
 * thousands of frames under a few thousand names: one copy of each is a
 * fraction of the memory to fault in and to read again when the frames
 * are coloured and written. Names are appended; a chained hash finds them.
 * Dropping the frames kept since a mark drops the names first met since
 * then: each chain's newest name is at its head, so the names leave their
 * chains newest first, with no search and no hashing again.
 */
#include <stdlib.h>
#include <string.h>

#include "fg.h"
#include "svg.h"

#define NONE UINT32_MAX

struct svg_nament {
	uint64_t h;
	size_t off;
	uint32_t len;
	uint32_t next;		/* the next older name of its chain */
};

/*
 * The byte buffer grows into fresh blocks as fg_big_next sizes them (from
 * 2 MiB on huge pages), its used part copied: realloc would take each
 * size in 4 KiB pages, a fault apiece.
 */
static void
room(struct svg_names *t, size_t n)
{
	size_t nc = t->cap;
	char *nb;

	if (n <= t->cap - t->len)
		return;
	while (n > nc - t->len)
		nc = fg_big_next(nc, 4096);
	nb = fg_big_alloc(nc, 0);
	if (t->len > 0)
		memcpy(nb, t->buf, t->len);
	free(t->buf);
	t->buf = nb;
	t->cap = nc;
}

/* Every chain again, for twice the heads, oldest name first. */
static void
rehash(struct svg_names *t)
{
	size_t i, b;

	free(t->head);
	t->mask = t->mask ? t->mask * 2 + 1 : 1023;
	t->head = fg_reallocarray(NULL, t->mask + 1, sizeof(*t->head));
	for (i = 0; i <= t->mask; i++)
		t->head[i] = NONE;
	for (i = 0; i < t->n; i++) {
		b = t->e[i].h & t->mask;
		t->e[i].next = t->head[b];
		t->head[b] = (uint32_t)i;
	}
}

size_t
svg_names_put(struct svg_names *t, const char *s, size_t n)
{
	uint64_t h = fg_hash(s, n);
	struct svg_nament *e;
	uint32_t i;

	if (t->head != NULL)
		for (i = t->head[h & t->mask]; i != NONE; i = t->e[i].next) {
			e = &t->e[i];
			if (e->h == h && e->len == n &&
			    memcmp(t->buf + e->off, s, n) == 0)
				return e->off;
		}
	if (t->n >= NONE - 1)
		fg_errx(FG_EXIT_ERR, "too many frame names");
	if (t->n == t->ecap) {
		t->ecap = t->ecap ? t->ecap * 2 : 256;
		t->e = fg_reallocarray(t->e, t->ecap, sizeof(*t->e));
	}
	room(t, n + 1);
	e = &t->e[t->n];
	e->h = h;
	e->off = t->len;
	e->len = (uint32_t)n;
	if (n > 0)
		memcpy(t->buf + t->len, s, n);
	t->len += n;
	t->n++;
	if (t->n > t->mask)
		rehash(t);
	else {
		e->next = t->head[h & t->mask];
		t->head[h & t->mask] = (uint32_t)(t->n - 1);
	}
	return e->off;
}

size_t
svg_names_mark(const struct svg_names *t)
{
	return t->n;
}

void
svg_names_back(struct svg_names *t, size_t mark)
{
	struct svg_nament *e;

	if (mark >= t->n)
		return;
	t->len = t->e[mark].off;
	while (t->n > mark) {
		e = &t->e[--t->n];
		t->head[e->h & t->mask] = e->next;
	}
}

void
svg_names_free(struct svg_names *t)
{
	free(t->buf);
	free(t->e);
	free(t->head);
	memset(t, 0, sizeof(*t));
}
