/* SPDX-License-Identifier: ISC */
/* alloc.c: checked allocation: running out of memory is fatal. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fg.h"

static _Noreturn void
nomem(void)
{
	fg_errx(FG_EXIT_ERR, "out of memory");
}

void *
fg_malloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (p == NULL)
		nomem();
	return p;
}

void *
fg_calloc(size_t n, size_t sz)
{
	void *p = calloc(n ? n : 1, sz ? sz : 1);

	if (p == NULL)
		nomem();
	return p;
}

void *
fg_realloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (p == NULL)
		nomem();
	return p;
}

void *
fg_reallocarray(void *p, size_t n, size_t sz)
{
	if (sz != 0 && n > SIZE_MAX / sz)
		nomem();
	return fg_realloc(p, n * sz);
}

char *
fg_strdup(const char *s)
{
	size_t n = strlen(s) + 1;

	return memcpy(fg_malloc(n), s, n);
}
