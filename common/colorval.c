/* SPDX-License-Identifier: ISC */
/*
 * colorval.c: colour values read from text, "#rrggbb" and "rgb(r,g,b)"
 * (colorval.h), for palette maps, options and the annotation lines;
 * colorval-fmt.c writes them.
 */
#include <stdint.h>
#include <string.h>

#include "colorval.h"

uint32_t
fg_color_parse(const char *s, size_t n)
{
	unsigned v[3] = { 0, 0, 0 };
	size_t i;
	int k;

	if (n == 7 && s[0] == '#') {
		uint32_t c = 0;

		for (i = 1; i < 7; i++) {
			int h = s[i];

			if (h >= '0' && h <= '9')
				h -= '0';
			else if (h >= 'a' && h <= 'f')
				h -= 'a' - 10;
			else if (h >= 'A' && h <= 'F')
				h -= 'A' - 10;
			else
				return FG_NOCOLOR;
			c = c << 4 | (uint32_t)h;
		}
		return c;
	}
	if (n < 10 || memcmp(s, "rgb(", 4) != 0 || s[n - 1] != ')')
		return FG_NOCOLOR;
	i = 4;
	for (k = 0; k < 3; k++) {
		size_t st = i;

		while (i < n - 1 && s[i] >= '0' && s[i] <= '9' && i - st < 3)
			v[k] = v[k] * 10 + (unsigned)(s[i++] - '0');
		if (i == st || v[k] > 255)
			return FG_NOCOLOR;
		if (k < 2 && s[i++] != ',')
			return FG_NOCOLOR;
	}
	if (i != n - 1)
		return FG_NOCOLOR;
	return FG_RGB(v[0], v[1], v[2]);
}
