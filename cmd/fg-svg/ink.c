/* SPDX-License-Identifier: ISC */
/* ink.c: the label colour for a fill (svg.h). */
#include <math.h>

#include "svg.h"

static double
lin(uint32_t c8)
{
	double c = c8 / 255.0;

	return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4);
}

/*
 * The label colour for a fill: black, or white when white contrasts more
 * (WCAG relative luminance), so labels keep AA contrast on every fill.
 */
uint32_t
fg_color_ink(uint32_t fill)
{
	double l = 0.2126 * lin((fill >> 16) & 255) +
	    0.7152 * lin((fill >> 8) & 255) + 0.0722 * lin(fill & 255);

	return (l + 0.05) / 0.05 >= 1.05 / (l + 0.05) ? 0 : 0xffffff;
}
