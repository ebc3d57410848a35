/* SPDX-License-Identifier: ISC */
/* grow.c: the decoders' growing arrays (chrome, V8 profiles, xctrace). */
#include <stddef.h>

#include "collapse.h"

void *
collapse_grow(void *v, size_t *cap, size_t need, size_t sz)
{
	if (need <= *cap)
		return v;
	*cap = *cap ? *cap * 2 : 16;
	while (*cap < need)
		*cap *= 2;
	return fg_reallocarray(v, *cap, sz);
}
