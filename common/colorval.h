/* SPDX-License-Identifier: ISC */
/*
 * colorval.h: colour values (0xrrggbb) as text, read (colorval.c) and
 * written (colorval-fmt.c).
 */
#ifndef FG_COLORVAL_H
#define FG_COLORVAL_H

#include <stddef.h>
#include <stdint.h>

#define FG_NOCOLOR UINT32_MAX
#define FG_RGB(r, g, b) (((uint32_t)(r) << 16) | ((uint32_t)(g) << 8) | \
    (uint32_t)(b))

/* Parses "#rrggbb" or "rgb(r,g,b)"; FG_NOCOLOR if neither. */
uint32_t fg_color_parse(const char *s, size_t n);
/* Writes "#rrggbb" into buf (8 bytes). */
void fg_color_fmt(char *buf, uint32_t rgb);
#endif
