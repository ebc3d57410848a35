/* SPDX-License-Identifier: ISC */
/*
 * countfmt.c: writing counts: the shortest exact decimal of a count (no
 * trailing zeros in the fraction) and folded records, through out.c's
 * checked buffer (count.h).
 */
#include <string.h>

#include "fg.h"

size_t
fg_count_fmt(char *buf, fg_count c)
{
	char tmp[24], *p = tmp + sizeof(tmp);
	uint64_t v = (uint64_t)c.i;
	size_t n;

	do {
		*--p = (char)('0' + v % 10);
		v /= 10;
	} while (v != 0);
	n = (size_t)(tmp + sizeof(tmp) - p);
	memcpy(buf, p, n);
	if (c.f != 0) {
		uint32_t f = c.f;
		int k, last = 0;

		buf[n++] = '.';
		for (k = FG_FRAC_DIGITS - 1; k >= 0; k--) {
			buf[n + (size_t)k] = (char)('0' + f % 10);
			if (f % 10 != 0 && last == 0)
				last = k + 1;
			f /= 10;
		}
		n += (size_t)last;
	}
	buf[n] = '\0';
	return n;
}

void
fg_out_count(fg_count c)
{
	char b[40];

	if (c.f == 0)
		fg_out_u64((uint64_t)c.i);
	else
		fg_out_write(b, fg_count_fmt(b, c));
}

void
fg_out_rec(const char *key, size_t len, const fg_count *c, int ncols)
{
	int k;

	fg_out_write(key, len);
	for (k = 0; k < ncols; k++) {
		fg_out_char(' ');
		fg_out_count(c[k]);
	}
	fg_out_char('\n');
}
