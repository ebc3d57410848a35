/* SPDX-License-Identifier: ISC */
/* sym.c: symbol text helpers (see sym.h). */
#include <stdint.h>
#include <string.h>

#include "fg.h"
#include "sym.h"

void
fg_buf_grow(struct fg_buf *b, size_t more)
{
	size_t cap = b->cap ? b->cap : 256;

	if (more > SIZE_MAX - 1 - b->len)
		fg_errx(FG_EXIT_ERR, "out of memory");
	while (cap - b->len < more + 1) {
		if (cap > SIZE_MAX / 2)
			fg_errx(FG_EXIT_ERR, "out of memory");
		cap *= 2;
	}
	b->p = fg_realloc(b->p, cap);
	b->cap = cap;
}

void
fg_buf_putframe(struct fg_buf *b, const char *s, size_t n)
{
	size_t i = b->len;

	fg_buf_put(b, s, n);
	for (; i < b->len; i++)
		if (b->p[i] == ';')
			b->p[i] = ':';
}

static int
isws(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' ||
	    c == '\v';
}

const char *
fg_trim(const char *s, size_t *n)
{
	while (*n > 0 && isws(*s)) {
		s++;
		(*n)--;
	}
	while (*n > 0 && isws(s[*n - 1]))
		(*n)--;
	return s;
}

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

#define RUST_HASH_LEN 17	/* 'h' and 16 hex digits */

static int
ishex(char c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') ||
	    (c >= 'A' && c <= 'F');
}

static const struct {
	const char *esc, *txt;
} rust_esc[] = {
	{ "$SP$", "@" }, { "$BP$", "*" }, { "$RF$", "&" }, { "$LT$", "<" },
	{ "$GT$", ">" }, { "$LP$", "(" }, { "$RP$", ")" }, { "$C$", "," },
	{ "$u7e$", "~" }, { "$u20$", " " }, { "$u27$", "'" }, { "$u3d$", "=" },
	{ "$u5b$", "[" }, { "$u5d$", "]" }, { "$u7b$", "{" }, { "$u7d$", "}" },
	{ "$u3b$", ";" }, { "$u2b$", "+" }, { "$u21$", "!" }, { "$u22$", "\"" },
};

size_t
fg_rust_fixsym(const char *s, size_t n, char *out)
{
	const char *h, *e;
	size_t i, k, o = 0, el;

	if (n < RUST_HASH_LEN)
		return (size_t)-1;
	h = s + n - RUST_HASH_LEN;
	if (h[0] != 'h')
		return (size_t)-1;
	for (i = 1; i < RUST_HASH_LEN; i++)
		if (!ishex(h[i]))
			return (size_t)-1;
	e = h;
	if (e - s >= 2 && e[-1] == ':' && e[-2] == ':')
		e -= 2;
	if (e - s >= 2 && s[0] == '_' && s[1] == '$')
		s++;
	while (s < e) {
		if (*s == '.') {
			if (e - s >= 2 && s[1] == '.') {
				out[o++] = ':';
				out[o++] = ':';
				s += 2;
			} else
				out[o++] = *s++;
		} else if (*s == '$') {
			for (k = 0; k < sizeof(rust_esc) / sizeof(rust_esc[0]);
			    k++) {
				el = strlen(rust_esc[k].esc);
				if ((size_t)(e - s) >= el &&
				    memcmp(s, rust_esc[k].esc, el) == 0)
					break;
			}
			if (k == sizeof(rust_esc) / sizeof(rust_esc[0])) {
				/* unknown escape: the rest as it is */
				memcpy(out + o, s, (size_t)(e - s));
				o += (size_t)(e - s);
				break;
			}
			out[o++] = rust_esc[k].txt[0];
			s += el;
		} else
			out[o++] = *s++;
	}
	return o;
}

int
fg_hasprefix(const char *s, size_t n, const char *pat)
{
	size_t m = strlen(pat);

	return n >= m && memcmp(s, pat, m) == 0;
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
