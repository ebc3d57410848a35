/* SPDX-License-Identifier: ISC */
/*
 * text.c: symbol text as fg-collapse's decoders build it (see text.h): a
 * growing buffer for stacks and frames, growing arrays, trimming, Rust
 * symbols that a profiler demangled only partly, code points the
 * decoders unescape as UTF-8.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fg.h"
#include "text.h"
#include "collapse.h"

void
buf_grow(struct buf *b, size_t more)
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
buf_putframe(struct buf *b, const char *s, size_t n)
{
	size_t i = b->len;

	buf_put(b, s, n);
	for (; i < b->len; i++)
		if (b->p[i] == ';')
			b->p[i] = ':';
}

const char *
trim(const char *s, size_t *n)
{
	while (*n > 0 && fg_isws(*s)) {
		s++;
		(*n)--;
	}
	while (*n > 0 && fg_isws(s[*n - 1]))
		(*n)--;
	return s;
}

#define RUST_HASH_LEN 17	/* 'h' and 16 hex digits */

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
rust_fixsym(const char *s, size_t n, char *out)
{
	const char *h, *e;
	size_t i, k, o = 0, el;

	if (n < RUST_HASH_LEN)
		return (size_t)-1;
	h = s + n - RUST_HASH_LEN;
	if (h[0] != 'h')
		return (size_t)-1;
	for (i = 1; i < RUST_HASH_LEN; i++)
		if (!fg_ishex(h[i]))
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

void *
collapse_grow(void *v, size_t *cap, size_t need, size_t sz)
{
	if (need <= *cap)
		return v;
	*cap = *cap ? *cap * 2 : 16;
	while (*cap < need)
		*cap *= 2;
	return fg_reallocarray(v, *cap, sz);
}
