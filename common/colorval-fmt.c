/* SPDX-License-Identifier: ISC */
/*
 * colorval-fmt.c: a colour value written as text, "#rrggbb" (colorval.h),
 * for palette maps, the annotation lines and the SVG; colorval.c reads
 * the text back.
 */
#include <stdint.h>

#include "colorval.h"

void
fg_color_fmt(char *buf, uint32_t c)
{
	static const char hx[] = "0123456789abcdef";
	int i;

	buf[0] = '#';
	for (i = 0; i < 6; i++)
		buf[1 + i] = hx[(c >> (20 - 4 * i)) & 15];
	buf[7] = '\0';
}
