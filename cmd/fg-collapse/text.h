/* SPDX-License-Identifier: ISC */
/*
 * text.h: fg-collapse's helpers for the symbol text its decoders build
 * (text.c); the tests on text it shares with the palettes are in sym.h.
 */
#ifndef TEXT_H
#define TEXT_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "fg.h"

/* A growing byte buffer; zero-initialise it, free(p) when done. */
struct buf {
	char *p;
	size_t len, cap;
};
/* Makes room for more bytes after len, and a NUL after them. */
void buf_grow(struct buf *b, size_t more);
static inline void
buf_need(struct buf *b, size_t more)
{
	if (b->cap - b->len < more + 1)
		buf_grow(b, more);
}
/*
 * Appends n bytes (keeps room for a NUL after them); s NULL appends n
 * bytes left as they are, to be written through b->p.
 */
static inline void
buf_put(struct buf *b, const char *s, size_t n)
{
	buf_need(b, n);
	if (n > 0 && s != NULL)
		memcpy(b->p + b->len, s, n);
	b->len += n;
}
/* Appends n bytes with every ';' made ':' (a frame may not hold one). */
void buf_putframe(struct buf *b, const char *s, size_t n);

/* Strips ASCII white space from both ends; *n is updated. */
const char *trim(const char *s, size_t *n);

/*
 * Rust symbols that a tool demangled only partly ("std::fs::File::open::
 * h0123456789abcdef", "_$LT$T$u20$as$u20$core..fmt..Debug$GT$::fmt::h..."):
 * when s (n bytes) ends in a Rust hash, writes the readable name (hash
 * removed, $LT$ and the like and ".." decoded) to out, which must hold n
 * bytes, and returns its length. Returns (size_t)-1 when s is not such a
 * symbol (it is then left as it is).
 */
size_t rust_fixsym(const char *s, size_t n, char *out);

#endif
