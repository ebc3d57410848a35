/* SPDX-License-Identifier: ISC */
/*
 * add.c: a collapsed stack's count into the stack table, the one place
 * where the formats' sums can overflow (fatal, naming the input's line);
 * the bound on how much folded text one input may expand to; the tables
 * whose keys the output's table borrows, freed after it.
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

void
collapse_add(struct fg_stab *tab, const char *stack, size_t len, fg_count c,
    struct fg_in *in)
{
	struct fg_ent *e;

	/* a sample with no frame named (an empty name at a root): kept, as
	 * --no-root keeps a stack it empties (transform.c) */
	if (len == 0) {
		stack = "[unknown]";
		len = 9;
	}
	e = fg_stab_get(tab, stack, len);

	if (fg_count_add(&e->c[0], c) < 0)
		fg_sum_overflow(in->name, in->lineno);
}

void
collapse_add_u64(struct fg_stab *tab, const char *stack, size_t len,
    uint64_t n, struct fg_in *in)
{
	fg_count c;

	if (n > INT64_MAX)
		fg_errx(FG_EXIT_ERR, "%s:%llu: count overflows 2^63-1",
		    in->name, (unsigned long long)in->lineno);
	c.i = (int64_t)n;
	c.f = 0;
	collapse_add(tab, stack, len, c, in);
}

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

void
collapse_kept_free(struct ckept *k)
{
	size_t i;

	for (i = 0; i < k->n; i++)
		fg_stab_free(k->tabs[i]);
	free(k->tabs);
	k->tabs = NULL;
	k->n = 0;
}
