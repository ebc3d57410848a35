/* SPDX-License-Identifier: ISC */
/*
 * bases.c: --base cutting: a stack kept only when a frame of it has one of
 * the --base names, cut to start at the deepest such frame (bases.h).
 */

#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "err.h"
#include "bases.h"

void
fg_bases_add(struct fg_bases *b, const char *name)
{
	b->names = fg_reallocarray(b->names, b->n + 1, sizeof(*b->names));
	b->names[b->n++] = name;
}

void
fg_bases_free(struct fg_bases *b)
{
	free(b->names);
	b->names = NULL;
	b->n = 0;
}

/* Whether frame f (n bytes) is name, bare or with a _[k]-style suffix. */
static int
framenamed(const char *f, size_t n, const char *name)
{
	size_t k = strlen(name);

	if (n == k + 4 && f[k] == '_' && f[k + 1] == '[' && f[k + 3] == ']')
		n = k;
	return n == k && memcmp(f, name, k) == 0;
}

long
fg_frame_deepest(const char *s, size_t len, const char *const *names,
    size_t n)
{
	const char *e = s + len, *b;
	size_t i;

	while (e > s) {
		for (b = e; b > s && b[-1] != ';'; b--)
			;
		for (i = 0; i < n; i++)
			if (framenamed(b, (size_t)(e - b), names[i]))
				return (long)(b - s);
		e = b > s ? b - 1 : s;
	}
	return -1;
}

/*
 * inferno's --base; it keeps a stack whose root is the name too, as
 * inferno does not.
 */
int
fg_bases_cut(const struct fg_bases *b, const char **s, size_t *len)
{
	long off;

	if (b == NULL || b->n == 0)
		return 1;
	if ((off = fg_frame_deepest(*s, *len, b->names, b->n)) < 0)
		return 0;
	*s += off;
	*len -= (size_t)off;
	return 1;
}
