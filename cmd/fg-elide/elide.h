/* SPDX-License-Identifier: ISC */
/*
 * elide.h: fg-elide's parts. main.c: the options, the stacks read through
 * fg_sum (sum.h) into a table in bytewise order, the elided ones printed.
 * elide.c: which of them are elided.
 */
#ifndef ELIDE_H
#define ELIDE_H

#include <stddef.h>

#include "fg.h"

/*
 * The entries of tab (before, after counts; in bytewise order) that are
 * elided, in that order; *n of them. free() the array.
 */
struct fg_ent **elide(struct fg_stab *tab, size_t *n);

#endif
