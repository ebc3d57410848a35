/* SPDX-License-Identifier: ISC */
/*
 * inraw.h: fg-collapse's input as bytes rather than lines (inraw.c), over
 * common/core/fg.h's struct fg_in.
 */
#ifndef INRAW_H
#define INRAW_H

#include "fg.h"

/*
 * Makes at least want bytes (or all that is left) available without
 * consuming them; returns a pointer to them and their number in *have.
 */
const char *in_peek(struct fg_in *in, size_t want, size_t *have);
/*
 * Up to n bytes of what is left, into the caller's buf: what is buffered
 * first, then straight from the file, unbuffered (one read(2)); 0 at end
 * of input. For readers with buffers of their own (fg-collapse's perf
 * pipe). Read errors are fatal.
 */
size_t in_read(struct fg_in *in, char *buf, size_t n);
/*
 * Puts n bytes back in front of what is left, as if not yet read (after
 * in_read, to hand the rest of an input back to line reading).
 */
void in_unread(struct fg_in *in, const char *buf, size_t n);
/*
 * Reads the whole input into one malloc'd buffer (NUL-terminated);
 * for formats that need it (JSON, protobuf). Read errors are fatal.
 */
char *in_slurp(struct fg_in *in, size_t *len);
#endif
