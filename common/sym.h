/* SPDX-License-Identifier: ISC */
/*
 * sym.h: helpers for symbol text that several collapsers share.
 */
#ifndef FG_SYM_H
#define FG_SYM_H

#include <stddef.h>
#include <string.h>

/* A growing byte buffer; zero-initialise it, free(p) when done. */
struct fg_buf {
	char *p;
	size_t len, cap;
};
/* Makes room for more bytes after len, and a NUL after them. */
void fg_buf_grow(struct fg_buf *b, size_t more);
static inline void
fg_buf_need(struct fg_buf *b, size_t more)
{
	if (b->cap - b->len < more + 1)
		fg_buf_grow(b, more);
}
/*
 * Appends n bytes (keeps room for a NUL after them); s NULL appends n
 * bytes left as they are, to be written through b->p.
 */
static inline void
fg_buf_put(struct fg_buf *b, const char *s, size_t n)
{
	fg_buf_need(b, n);
	if (n > 0 && s != NULL)
		memcpy(b->p + b->len, s, n);
	b->len += n;
}
/* Appends n bytes with every ';' made ':' (a frame may not hold one). */
void fg_buf_putframe(struct fg_buf *b, const char *s, size_t n);

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

/* Strips ASCII white space from both ends; *n is updated. */
const char *fg_trim(const char *s, size_t *n);

/* Whether s (n bytes) starts with, ends with, contains the string pat. */
int fg_hasprefix(const char *s, size_t n, const char *pat);
int fg_hassuffix(const char *s, size_t n, const char *pat);
int fg_contains(const char *s, size_t n, const char *pat);
/* First occurrence of needle (nn bytes) in hay (hn bytes), or NULL. */
const char *fg_memmem(const char *hay, size_t hn, const char *needle,
    size_t nn);
/*
 * Rust symbols that a tool demangled only partly ("std::fs::File::open::
 * h0123456789abcdef", "_$LT$T$u20$as$u20$core..fmt..Debug$GT$::fmt::h..."):
 * when s (n bytes) ends in a Rust hash, writes the readable name (hash
 * removed, $LT$ and the like and ".." decoded) to out, which must hold n
 * bytes, and returns its length. Returns (size_t)-1 when s is not such a
 * symbol (it is then left as it is).
 */
size_t fg_rust_fixsym(const char *s, size_t n, char *out);

#endif
