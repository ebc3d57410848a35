/* SPDX-License-Identifier: ISC */
/* sym.c: symbol text helpers (see sym). */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "fg.h"
#include "color.h"

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

/*
 * utf8: one character of a frame name as UTF-8, for XML (fg-svg) and
 * for the palettes' hashes (fg-color and fg-svg): anything that is not
 * well-formed UTF-8, or a character XML 1.0 forbids, reads as U+FFFD.
 */
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

size_t
fg_utf8_put(char *u, uint32_t c)
{

	if (c < 0x80) {
		u[0] = (char)c;
		return 1;
	}
	if (c < 0x800) {
		u[0] = (char)(0xc0 | c >> 6);
		u[1] = (char)(0x80 | (c & 0x3f));
		return 2;
	}
	if (c < 0x10000) {
		u[0] = (char)(0xe0 | c >> 12);
		u[1] = (char)(0x80 | (c >> 6 & 0x3f));
		u[2] = (char)(0x80 | (c & 0x3f));
		return 3;
	}
	u[0] = (char)(0xf0 | c >> 18);
	u[1] = (char)(0x80 | (c >> 12 & 0x3f));
	u[2] = (char)(0x80 | (c >> 6 & 0x3f));
	u[3] = (char)(0x80 | (c & 0x3f));
	return 4;
}
