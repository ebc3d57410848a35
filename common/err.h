/* SPDX-License-Identifier: ISC */
/*
 * err.h: program name, warnings and fatal errors with file:line (err.c),
 * checked allocation (alloc.c).
 */
#ifndef FG_ERR_H
#define FG_ERR_H

#include <stddef.h>
#include <stdint.h>

#include "base.h"

extern const char *fg_progname;
extern int fg_status;		/* becomes FG_EXIT_DATA after a data warning */
void fg_setprogname(const char *argv0);
void fg_warnx(const char *fmt, ...) FG_PRINTF(1, 2);
void fg_warn(const char *fmt, ...) FG_PRINTF(1, 2);	/* appends strerror(errno) */
/*
 * exit(code), the end of every fatal error. Fuzzing only: when
 * fg_fatal_hook is set it is called first and must not return (a fuzz
 * target longjmps back to run its next input).
 */
extern void (*fg_fatal_hook)(int code);
_Noreturn void fg_exit(int code);
_Noreturn void fg_errx(int code, const char *fmt, ...) FG_PRINTF(2, 3);
_Noreturn void fg_err(int code, const char *fmt, ...) FG_PRINTF(2, 3);
/* alloc.c */
void *fg_malloc(size_t n);
void *fg_calloc(size_t n, size_t sz);
void *fg_realloc(void *p, size_t n);
void *fg_reallocarray(void *p, size_t n, size_t sz);
char *fg_strdup(const char *s);
/* The last component of a path, as basename(3) without modifying it. */
const char *fg_basename(const char *path);
#endif
