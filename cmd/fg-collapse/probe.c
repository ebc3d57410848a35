/* SPDX-License-Identifier: ISC */
/*
 * probe.c: a probe's reason for turning an input down, the verdict of a
 * JSON format known by two keys, and where a JSON head starts (collapse.h).
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

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

int
probe_json_keys(struct cprobe *why, int hasa, int hasb, const char *a,
    const char *b)
{
	if (hasa && hasb)
		return PROBE_YES;
	if (hasa || hasb)
		return probe_why(why, 40, "\"%s\" without \"%s\" near the "
		    "start", hasa ? a : b, hasa ? b : a);
	return probe_why(why, 10, "a JSON object without \"%s\" and \"%s\"",
	    a, b);
}

size_t
collapse_json_start(const char *head, size_t n)
{
	size_t i = 0;

	if (n >= 3 && memcmp(head, "\xef\xbb\xbf", 3) == 0)
		i = 3;
	while (i < n && (head[i] == ' ' || head[i] == '\t' ||
	    head[i] == '\n' || head[i] == '\r'))
		i++;
	return i;
}
