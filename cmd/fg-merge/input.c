/* SPDX-License-Identifier: ISC */
/* input.c: fg-merge's inputs: --files-from's list, root frames, headers. */
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

/*
 * Appends the paths listed in file list (one a line, empty lines skipped)
 * to the operands; returns the new array, its length in *n. The strings
 * are the caller's to free from index *n on entry.
 */
char **
merge_filesfrom(const char *list, char **ops, int *n)
{
	struct fg_in in;
	char **v, *line;
	size_t len, cap = (size_t)*n + 64, k = (size_t)*n;

	v = fg_reallocarray(NULL, cap, sizeof(*v));
	memcpy(v, ops, (size_t)*n * sizeof(*v));
	fg_in_open(&in, list);
	while ((line = fg_in_line(&in, &len)) != NULL) {
		if (len == 0)
			continue;
		if (k == (size_t)INT32_MAX - 1)
			fg_errx(FG_EXIT_ERR, "%s: too many inputs", in.name);
		if (k == cap) {
			cap *= 2;
			v = fg_reallocarray(v, cap, sizeof(*v));
		}
		v[k++] = fg_strdup(line);
	}
	fg_in_close(&in);
	*n = (int)k;
	return v;
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

void
merge_onheader(void *arg, int i, const char *name, const char *header)
{
	struct merge *m = arg;

	(void)name;
	fg_carry_add(&m->carry, i, header);
}
