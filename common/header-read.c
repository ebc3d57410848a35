/* SPDX-License-Identifier: ISC */
/*
 * header-read.c: a value of a "# fg-TOOL key=value ..." header line of
 * fg-folded(5), percent-decoded (header-write.c encodes them).
 */
#include <stdlib.h>
#include <string.h>

#include "fg.h"

static int
hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

char *
fg_header_get(const char *h, const char *key)
{
	size_t kl = strlen(key);
	const char *p = h, *e;
	char *v, *q;

	while ((p = strchr(p, ' ')) != NULL) {
		p++;
		if (strncmp(p, key, kl) != 0 || p[kl] != '=')
			continue;
		p += kl + 1;
		e = strchr(p, ' ');
		if (e == NULL)
			e = p + strlen(p);
		v = q = fg_malloc((size_t)(e - p) + 1);
		for (; p < e; p++) {
			if (*p == '%' && e - p >= 3 && hexval(p[1]) >= 0 &&
			    hexval(p[2]) >= 0) {
				*q++ = (char)(hexval(p[1]) * 16 + hexval(p[2]));
				p += 2;
			} else
				*q++ = *p;
		}
		*q = '\0';
		return v;
	}
	return NULL;
}
