/* SPDX-License-Identifier: ISC */
/*
 * err.h: program name, warnings and fatal errors with file:line, the
 * warnings about an input's lines (err.c).
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
/* The last component of a path, as basename(3) without modifying it. */
const char *fg_basename(const char *path);
/* -q, --quiet: no warnings about malformed lines (the status still says). */
extern int fg_quiet;
/*
 * Warns about in's current line: "prog: file:line: msg". Caps repeats
 * (in.h's struct fg_in counts them).
 */
struct fg_in;
void fg_in_warn(struct fg_in *in, const char *fmt, ...) FG_PRINTF(2, 3);
/* At the end of an input: summary of suppressed warnings, if any. */
void fg_in_warnsummary(struct fg_in *in);
#endif
