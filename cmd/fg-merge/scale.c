/* SPDX-License-Identifier: ISC */
/*
 * scale.c: each summed stack's counts as fg-merge writes them: multiplied
 * by -S's factor (over 2^63-1 fatal), then to write.c.
 */
#include "merge.h"

void
merge_emit(const char *key, size_t len, const fg_count *cnt, int ncols,
    void *arg)
{
	const struct merge *m = arg;
	fg_count c[2];		/* ncols is 1 or 2 (fg_rec's) */
	int i;

	if (!m->scaled) {
		merge_write_rec(key, len, cnt, ncols);
		return;
	}
	for (i = 0; i < ncols; i++) {
		c[i] = cnt[i];
		if (fg_count_scale(&c[i], m->scale) < 0)
			fg_errx(FG_EXIT_ERR, "scaled count overflows 2^63-1");
	}
	merge_write_rec(key, len, c, ncols);
}
