/* SPDX-License-Identifier: ISC */
/* addr2line.h: perf's --inline and --context through addr2line(1). */
#ifndef ADDR2LINE_H
#define ADDR2LINE_H

#include <stddef.h>

struct a2l;
/* context: frames as "func:file:line" (--context). */
struct a2l *a2l_new(int context);
void a2l_free(struct a2l *t);
const char *a2l_frames(struct a2l *t, const char *mod, size_t modlen,
    const char *pc, size_t pclen, size_t *len);

#endif
