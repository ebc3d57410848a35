/* SPDX-License-Identifier: ISC */
/*
 * utf8.c: one character of a frame name as UTF-8, for XML (fg-svg) and
 * for the palettes' hashes (fg-color and fg-svg): anything that is not
 * well-formed UTF-8, or a character XML 1.0 forbids, reads as U+FFFD.
 */
#include <stddef.h>
#include <stdint.h>

#include "flame.h"

size_t
fg_utf8_next(const unsigned char *s, size_t n, uint32_t *cp)
{
	uint32_t c = s[0], min;
	size_t k, i;

	if (c < 0x80) {
		*cp = (c < 0x20 && c != '\t' && c != '\n' && c != '\r') ?
		    0xfffd : c;
		return 1;
	}
	if (c >= 0xc2 && c <= 0xdf) {
		k = 2;
		c &= 0x1f;
		min = 0x80;
	} else if (c >= 0xe0 && c <= 0xef) {
		k = 3;
		c &= 0x0f;
		min = 0x800;
	} else if (c >= 0xf0 && c <= 0xf4) {
		k = 4;
		c &= 0x07;
		min = 0x10000;
	} else {
		*cp = 0xfffd;
		return 1;
	}
	if (n < k) {
		*cp = 0xfffd;
		return 1;
	}
	for (i = 1; i < k; i++) {
		if ((s[i] & 0xc0) != 0x80) {
			*cp = 0xfffd;
			return 1;
		}
		c = c << 6 | (s[i] & 0x3f);
	}
	if (c < min || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff) ||
	    c == 0xfffe || c == 0xffff) {
		*cp = 0xfffd;
		return 1;
	}
	*cp = c;
	return k;
}
