/* SPDX-License-Identifier: ISC */
/* probe.c: a probe's reason for turning an input down (collapse.h). */
#include <stdarg.h>
#include <stdio.h>

#include "collapse.h"

int
probe_why(struct cprobe *why, int score, const char *fmt, ...)
{
	va_list ap;

	if (why == NULL || score < why->score)
		return score;
	why->score = score;
	va_start(ap, fmt);
	vsnprintf(why->why, sizeof(why->why), fmt, ap);
	va_end(ap);
	return score;
}
