/* SPDX-License-Identifier: ISC */
/*
 * flame.h: what fg-color and fg-svg share.
 *
 * flame.c   the frames a sorted stack shares with the one before it
 *           (fg-color's frame tree, cmd/fg-color/tree.c, and fg-svg's
 *           one-pass layout, cmd/fg-svg/flow.c)
 * color.h   colours (palette.c, pmap.c, coloropt.c, color.c): included here
 * annot.h   the colour annotation lines and fg-color's header, written
 *           (annot-write.c, fg-color) and read back (annot-read.c, fg-svg)
 * inorder.h folded inputs read as one stream in input order (inorder.c:
 *           fg-color's input, fg-svg's flame chart)
 * utf8.c    one UTF-8 character, repaired (fg-svg's xml.c escapes names)
 */
#ifndef FG_FLAME_H
#define FG_FLAME_H

#include <stddef.h>
#include <stdint.h>

#include "fg.h"

#include "color.h"

/* ---- flame.c ---- */
/*
 * How many frames, the root included (so at least 1), stack[0..len)
 * shares with the stack before it, prev[0..prevlen), whose frame d >= 1
 * ends at byte pathend[d] (pathlen frames in all, the root's end unused).
 */
size_t fg_path_shared(const char *stack, size_t len, const char *prev,
    size_t prevlen, const size_t *pathend, size_t pathlen);
/*
 * Where the frames after the d shared ones start in a stack of len bytes
 * (len when there are none): past the ';' that ends shared frame d - 1.
 */
size_t fg_path_rest(size_t d, const size_t *pathend, size_t len);

/* ---- utf8.c ---- */
/*
 * Length in bytes of the next character at s (n > 0 bytes left); *cp gets
 * its code point, or 0xFFFD if invalid or not allowed in XML.
 */
size_t fg_utf8_next(const unsigned char *s, size_t n, uint32_t *cp);

#endif
