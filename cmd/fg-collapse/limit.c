/* SPDX-License-Identifier: ISC */
/*
 * limit.c: the bound on how much folded text one input may expand to.
 *
 * Formats that store stacks as shared trees or id lists (pprof, V8
 * profiles, speedscope, Gecko, callgrind) can name a long stack in a few
 * bytes, so a small crafted file could print gigabytes. Each new unique
 * stack's text is counted against --max-output (default 256 MiB per
 * input); past it the input is refused with an error naming the option.
 */
#include <stdlib.h>
#include <string.h>

#include "collapse.h"

uint64_t
collapse_parse_size(const char *s)
{
	char *end;
	unsigned long long v;
	uint64_t mul = 1;

	v = strtoull(s, &end, 10);
	if (end == s || *s == '-')
		fg_errx(FG_EXIT_ERR, "bad size: %s", s);
	switch (*end) {
	case 'k': case 'K':
		mul = 1ull << 10;
		end++;
		break;
	case 'm': case 'M':
		mul = 1ull << 20;
		end++;
		break;
	case 'g': case 'G':
		mul = 1ull << 30;
		end++;
		break;
	}
	if (*end != '\0' || v == 0 || v > UINT64_MAX / mul)
		fg_errx(FG_EXIT_ERR, "bad size: %s (a positive number of "
		    "bytes, or with K, M or G)", s);
	return v * mul;
}

void
collapse_budget(struct fg_in *in, const struct copts *o, const char *fmt,
    uint64_t *used, size_t n)
{
	uint64_t max = o->max_output ? o->max_output : COLLAPSE_MAX_OUTPUT;

	if (n > max - *used || *used > max)
		fg_errx(FG_EXIT_ERR, "%s: %s: the folded stacks would exceed "
		    "%llu bytes (a crafted or corrupt profile?); raise the "
		    "limit with --max-output", in->name, fmt,
		    (unsigned long long)max);
	*used += n;
}
