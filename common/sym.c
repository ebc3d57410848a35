/* SPDX-License-Identifier: ISC */
/* sym.c: symbol text helpers (see sym.h). */
#include <stdint.h>
#include <string.h>

#include "fg.h"
#include "sym.h"

const char *
fg_memmem(const char *hay, size_t hn, const char *needle, size_t nn)
{
	const char *p, *e;

	if (nn == 0)
		return hay;
	if (hn < nn)
		return NULL;
	e = hay + (hn - nn);
	for (p = hay; p <= e; p++) {
		p = memchr(p, needle[0], (size_t)(e - p) + 1);
		if (p == NULL)
			return NULL;
		if (memcmp(p, needle, nn) == 0)
			return p;
	}
	return NULL;
}

int
fg_hassuffix(const char *s, size_t n, const char *pat)
{
	size_t m = strlen(pat);

	return n >= m && memcmp(s + n - m, pat, m) == 0;
}

int
fg_contains(const char *s, size_t n, const char *pat)
{
	return fg_memmem(s, n, pat, strlen(pat)) != NULL;
}
