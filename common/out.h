/* SPDX-License-Identifier: ISC */
/*
 * out.h: checked, buffered output (a full disk is fatal; a closed pipe ends quietly) (out.c).
 */
#ifndef FG_OUT_H
#define FG_OUT_H

#include <stddef.h>
#include <stdint.h>

#include "base.h"

/* Buffered standard output; every write checked, errors fatal. */
void fg_out_init(void);
void fg_out_write(const void *p, size_t n);
void fg_out_str(const char *s);
void fg_out_char(int c);
void fg_out_u64(uint64_t v);
void fg_out_printf(const char *fmt, ...) FG_PRINTF(1, 2);
void fg_out_flush(void);
/*
 * Makes this thread's fg_out_* calls append to b instead of standard
 * output (NULL: back to standard output); for output made on a second
 * thread and written after the first's.
 */
struct fg_outbuf {
	char *p;
	size_t n, cap;
};
void fg_out_capture(struct fg_outbuf *b);
/* Flushes, closes stdout and checks it; exits FG_EXIT_ERR on failure. */
void fg_out_close(void);
#endif
