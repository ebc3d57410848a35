/* SPDX-License-Identifier: ISC */
/*
 * dtrace.h: DTrace aggregations of stacks. dtrace.c reads the lines,
 * dtrace-stack.c cleans each frame and joins them into a stack.
 */
#ifndef DTRACE_H
#define DTRACE_H

#include <stddef.h>

#include "text.h"

/*
 * One frame line of n bytes, cleaned, appended to fr (inline parts joined
 * by ';'); incoff: --includeoffset. t and scratch are work buffers.
 */
void dtrace_frame(const char *line, size_t n, int incoff, struct buf *fr,
    struct buf *t, struct buf *scratch);
/*
 * The stack of the noff frames in fr (frame k from off[k]; leaf first, as
 * DTrace prints them) into st, root first; with incoff (--includeoffset)
 * the leaf's offset dropped, as stackcollapse.pl does.
 */
void dtrace_stack(struct buf *st, const struct buf *fr,
    const size_t *off, size_t noff, int incoff);

#endif
