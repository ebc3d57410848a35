/* SPDX-License-Identifier: ISC */
/*
 * alloc.h: checked allocation: running out of memory is fatal (alloc.c).
 */
#ifndef FG_ALLOC_H
#define FG_ALLOC_H

#include <stddef.h>

void *fg_malloc(size_t n);
void *fg_calloc(size_t n, size_t sz);
void *fg_realloc(void *p, size_t n);
void *fg_reallocarray(void *p, size_t n, size_t sz);
char *fg_strdup(const char *s);
#endif
