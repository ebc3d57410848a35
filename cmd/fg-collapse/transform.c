/* SPDX-License-Identifier: ISC */
/*
 * transform.c: the stack transforms every format gets, in one place:
 * --root NAME / --no-root (set or drop the root frame, so that profiles of
 * version-suffixed processes match), --collapse-recursive (a;a;a;b
 * becomes a;b) and --skip-after NAME. main.c collapses an input into a
 * table of its own when a transform is asked for, and transform_merge()
 * then adds each of its unique stacks, transformed, into the output
 * table: the formats need not know, and the cost is one pass over the
 * unique stacks, not the samples.
 *
 * --skip-after NAME (inferno-collapse-perf's): a stack with a frame named
 * NAME keeps only that frame and what it called, dropping its callers
 * and the process frame; the deepest such frame counts. Applied once to
 * the unique stacks, not per sample, so every format gets it.
 */
#include <stdlib.h>
#include <string.h>

#include "collapse.h"
#include "fg.h"

/* What a stack that was only its root frame becomes under --no-root. */
#define NOROOT_EMPTY "[unknown]"

int
transform_wanted(const struct copts *o)
{
	return o->root != NULL || o->noroot || o->recursive;
}

void
transform_check_root(const char *name)
{
	const char *p;

	if (*name == '\0')
		fg_errx(FG_EXIT_ERR, "--root: empty frame name");
	for (p = name; *p != '\0'; p++)
		if (*p == ';' || *p == '\n' || *p == '\r')
			fg_errx(FG_EXIT_ERR, "--root: a frame name may not "
			    "hold ';' or a line break: %s", name);
}

/* Appends frame s (n bytes) to b unless it repeats the last one (*last). */
static void
putframe(struct buf *b, const char *s, size_t n, size_t *last,
    int fold)
{
	size_t at = b->len + (b->len > 0);

	if (fold && *last != (size_t)-1 && b->len - *last == n &&
	    memcmp(b->p + *last, s, n) == 0)
		return;
	if (b->len > 0)
		buf_put(b, ";", 1);
	buf_put(b, s, n);
	*last = at;
}

/*
 * The transformed stack of key (len bytes) into b; nroot is how many
 * root frames the format writes (process, thread).
 */
static void
transform_one(struct buf *b, const char *key, size_t len, int nroot,
    const struct copts *o)
{
	const char *p = key, *e = key + len, *sc;
	size_t last = (size_t)-1;
	int skip = o->noroot ? nroot : o->root != NULL && nroot > 0;

	b->len = 0;
	while (skip-- > 0 && p < e) {
		/* skip the format's root frames */
		sc = memchr(p, ';', (size_t)(e - p));
		p = sc != NULL ? sc + 1 : e;
	}
	if (o->root != NULL)	/* a process, not a call: never folded */
		buf_put(b, o->root, strlen(o->root));
	while (p < e || (p == e && p > key && p[-1] == ';')) {
		sc = memchr(p, ';', (size_t)(e - p));
		if (sc == NULL)
			sc = e;
		putframe(b, p, (size_t)(sc - p), &last, o->recursive);
		p = sc + 1;
	}
	/* nothing left but blanks: inferno trims them to no stack at all */
	for (last = 0; last < b->len && (b->p[last] == ' ' ||
	    b->p[last] == '\t'); last++)
		;
	if (last == b->len) {
		b->len = 0;
		buf_put(b, NOROOT_EMPTY, sizeof(NOROOT_EMPTY) - 1);
	}
}

void
transform_merge(struct fg_stab *dst, struct fg_stab *src, unsigned flags,
    const struct copts *o, const char *name)
{
	struct buf b = { 0 };
	struct fg_ent *e, *d;
	int nroot = (flags & CFMT_ROOT_PAIR) ? 2 : (flags & CFMT_ROOT_FIRST) != 0;

	for (e = fg_stab_first(src); e != NULL; e = e->next) {
		transform_one(&b, fg_ent_key(src, e), e->len, nroot, o);
		d = fg_stab_get(dst, b.p, b.len);
		if (fg_count_add(&d->c[0], e->c[0]) < 0)
			fg_sum_overflow(name, 0);
	}
	free(b.p);
}

struct fg_stab *
skip_after(struct fg_stab *tab, const char *const *names, size_t n)
{
	struct fg_stab *out;
	struct fg_ent *e, *d;
	const char *key;
	long off;

	if (n == 0)
		return tab;
	out = fg_stab_new(1);
	for (e = fg_stab_first(tab); e != NULL; e = e->next) {
		key = fg_ent_key(tab, e);
		off = fg_frame_deepest(key, e->len, names, n);
		if (off < 0)
			off = 0;
		d = fg_stab_get(out, key + off, e->len - (size_t)off);
		if (fg_count_add(&d->c[0], e->c[0]) < 0)
			fg_sum_overflow("--skip-after", 0);
	}
	fg_stab_free(tab);
	return out;
}
