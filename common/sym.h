/* SPDX-License-Identifier: ISC */
/*
 * sym.h: tests on symbol text that fg-collapse's decoders and the palettes
 * (palette.c: fg-color, fg-svg) share. fg-collapse's own text helpers are
 * in cmd/fg-collapse/text.h.
 */
#ifndef FG_SYM_H
#define FG_SYM_H

#include <stddef.h>
#include <string.h>

/* White space as isspace(3) in the C locale, whatever the locale. */
static inline int
fg_isws(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' ||
	    c == '\v';
}

/* A hexadecimal digit. */
static inline int
fg_ishex(char c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') ||
	    (c >= 'A' && c <= 'F');
}

/*
 * Whether s (n bytes) starts with, ends with, contains the string pat.
 * fg_hasprefix is inline: for a literal pat the compiler knows its length
 * (no call, no strlen on the perf parser's hot path).
 */
static inline int
fg_hasprefix(const char *s, size_t n, const char *pat)
{
	size_t m = strlen(pat);

	return n >= m && memcmp(s, pat, m) == 0;
}
int fg_hassuffix(const char *s, size_t n, const char *pat);
int fg_contains(const char *s, size_t n, const char *pat);
/* First occurrence of needle (nn bytes) in hay (hn bytes), or NULL. */
const char *fg_memmem(const char *hay, size_t hn, const char *needle,
    size_t nn);

#endif
