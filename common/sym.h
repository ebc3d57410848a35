/* SPDX-License-Identifier: ISC */
/*
 * sym.h: helpers for symbol text that several collapsers share.
 */
#ifndef FG_SYM_H
#define FG_SYM_H

#include <stddef.h>

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
