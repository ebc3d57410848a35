/* SPDX-License-Identifier: ISC */
/*
 * base.h: what every fg header needs: the version, exit status, printf
 * format checking.
 */
#ifndef FG_BASE_H
#define FG_BASE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define FG_VERSION "0.1.0"

#if defined(__GNUC__) || defined(__clang__)
#define FG_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define FG_PRINTF(f, a)
#endif

/* Exit status shared by every tool (see fg-folded(5)). */
enum {
	FG_EXIT_OK = 0,		/* success */
	FG_EXIT_DATA = 1,	/* done, but malformed input lines were skipped */
	FG_EXIT_ERR = 2		/* fatal error: usage, I/O, overflow, memory */
};

#endif
