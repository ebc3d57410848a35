/* SPDX-License-Identifier: ISC */
/*
 * roots.c: fg-merge's root frames (-r, -R): the name made from an input's
 * file name, and each stack's key with its input's root frame in front.
 */
#include <stdlib.h>
#include <string.h>

#include "merge.h"

char *
merge_rootname(const char *path)
{
	char *s, *dot;

	if (strcmp(path, "-") == 0)
		return fg_strdup("stdin");
	s = fg_strdup(fg_basename(path));
	dot = strrchr(s, '.');
	if (dot != NULL && dot != s)
		*dot = '\0';
	return s;
}

/* The key with input i's root frame in front. */
const char *
merge_rekey(void *arg, int i, const char *stack, size_t len,
    size_t *outlen)
{
	struct merge *m = arg;
	const char *root = m->names[i];
	size_t rlen = strlen(root);

	if (rlen + 1 + len > m->keycap) {
		m->keycap = (rlen + 1 + len) * 2;
		m->key = fg_realloc(m->key, m->keycap);
	}
	memcpy(m->key, root, rlen);
	m->key[rlen] = ';';
	memcpy(m->key + rlen + 1, stack, len);
	*outlen = rlen + 1 + len;
	return m->key;
}
