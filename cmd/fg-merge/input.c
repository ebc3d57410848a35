/* SPDX-License-Identifier: ISC */
/*
 * input.c: what fg-merge reads besides the stacks: --files-from's
 * list of inputs, and each input's header (its unit and period).
 */
#include <stdlib.h>
#include <string.h>

#include "merge.h"

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

void
merge_onheader(void *arg, int i, const char *name, const char *header)
{
	struct merge *m = arg;

	(void)name;
	fg_carry_add(&m->carry, i, header);
}
