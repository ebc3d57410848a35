/* SPDX-License-Identifier: ISC */
/*
 * xml.c: the number of characters of a name, as xml_text (wtext.c)
 * counts them.
 */
#include <string.h>

#include "fg.h"
#include "svg.h"

size_t
fg_utf8_len(const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t cnt = 0, k;
	uint32_t cp;

	while (n > 0) {
		if (*p < 0x80)
			k = 1;
		else
			k = fg_utf8_next(p, n, &cp);
		p += k;
		n -= k;
		cnt++;
	}
	return cnt;
}
