/* SPDX-License-Identifier: ISC */
/*
 * cpuprofile.h: V8 .cpuprofile files. cpuprofile-read.c reads the JSON,
 * cpuprofile.c settles the times and collapses (through v8prof.c).
 */
#ifndef CPUPROFILE_H
#define CPUPROFILE_H

#include <stddef.h>
#include <stdint.h>

#include "v8prof.h"

/* The profile's startTime and endTime as read. */
struct cpu_top {
	int head;		/* the older tree form */
	int hasstart, hasend;
	int64_t start, end;	/* as integers */
	double startd, endd;	/* as written */
};

/*
 * Reads a .cpuprofile's text (len bytes) into P and T, warning about
 * what is not a profile; what was read before a JSON error is kept.
 */
void cpuprofile_read(struct v8prof *P, struct cpu_top *T, const char *text,
    size_t len);

#endif
