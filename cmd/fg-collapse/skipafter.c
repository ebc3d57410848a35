/* SPDX-License-Identifier: ISC */
/*
 * skipafter.c: --skip-after NAME (inferno-collapse-perf's): a stack with a
 * frame named NAME keeps only that frame and what it called, dropping its
 * callers and the process frame; the deepest such frame counts. Applied
 * once to the unique stacks, not per sample, so every format gets it.
 */
#include "collapse.h"

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
