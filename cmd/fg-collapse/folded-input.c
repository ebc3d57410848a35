/* SPDX-License-Identifier: ISC */
/*
 * folded-input.c: input that is already folded (this toolkit's output,
 * inferno, async-profiler collapsed, py-spy raw): validated, normalised,
 * summed.
 *
 *	main;parse 3
 *	main 1
 *	main;parse 2
 * becomes
 *	main 1
 *	main;parse 5
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "collapse.h"

/*
 * A head that is one line, cut (no line end in a full head): a stack too
 * deep to see its count, when it is text, with frames, and no JSON or XML.
 */
static int
longstack(const char *s, size_t n)
{
	size_t i;
	int semi = 0;

	if (n < COLLAPSE_PROBE_BYTES || s[0] == '{' || s[0] == '[' ||
	    s[0] == '<')
		return 0;
	for (i = 0; i < n; i++) {
		if ((unsigned char)s[i] < 0x20 && s[i] != '\t')
			return 0;
		semi |= s[i] == ';';
	}
	return semi;
}

/* The end of the line at p: the first '\n' or '\r', or NULL. */
static const char *
eol(const char *p, const char *e)
{
	for (; p < e; p++)
		if (*p == '\n' || *p == '\r')
			return p;
	return NULL;
}

/*
 * Folded input is what the run reads: the whole lines of the head are
 * parsed as profile lines and are folded when at least half parse (a few
 * bad lines near the top, such as a stack without its count or a "//"
 * comment, are the run's warnings). A first line longer than the head is
 * judged by its text (longstack).
 */
static int
probe(const char *head, size_t n, struct cprobe *why)
{
	const char *p = head, *e = head + n, *nl;
	struct fg_rec r;
	const char *err, *first = NULL;
	char line[4096];
	size_t len;
	unsigned long k = 0, good = 0, bad = 0, at = 0;

	if (eol(head, e) == NULL && longstack(head, n))
		return PROBE_YES;
	while (p < e) {
		nl = eol(p, e);
		if (nl == NULL) {
			if (good + bad > 0)
				break;	/* a partial last line */
			nl = e;
		}
		len = (size_t)(nl - p);
		if (nl + 1 < e && nl[0] == '\r' && nl[1] == '\n')
			nl++;
		if (len >= sizeof(line)) {
			/* a long line: its tail decides */
			memcpy(line, p + len - (sizeof(line) - 1),
			    sizeof(line) - 1);
			len = sizeof(line) - 1;
		} else
			memcpy(line, p, len);
		line[len] = '\0';
		p = nl + 1;
		k++;
		if (fg_is_meta(line, len))
			continue;
		if ((err = fg_parse_rec(line, len, FG_KIND_PROFILE, &r)) ==
		    NULL) {
			good++;
			continue;
		}
		if (bad++ == 0) {
			first = err;
			at = k;
		}
	}
	if (good > 0 && good >= bad)
		return PROBE_YES;
	if (first == NULL)
		return 0;
	if (good == 0)
		return probe_why(why, 5, "line %lu: %s", at, first);
	return probe_why(why, 40, "line %lu: %s, and %lu more of %lu lines "
	    "not stack and count", at, first, bad - 1, good + bad);
}

/* A whole decimal number of a header's key, or 0. */
static uint64_t
headnum(const char *h, const char *key)
{
	char *v = fg_header_get(h, key), *end;
	unsigned long long n = 0;

	if (v != NULL && *v >= '0' && *v <= '9') {
		n = strtoull(v, &end, 10);
		if (*end != '\0' || n == ULLONG_MAX)
			n = 0;
	}
	free(v);
	return n;
}

/*
 * What the counts are, from the input's first "# fg-" header: its unit,
 * period and samples, carried into fg-collapse's own header.
 */
static void
carry(const struct copts *o, const char *line, size_t len)
{
	char *h = fg_malloc(len + 1), *u;
	uint64_t n;

	memcpy(h, line, len);	/* the caller's memory: no NUL after it */
	h[len] = '\0';
	if ((u = fg_header_get(h, "unit")) != NULL)
		collapse_unit(o, u, strlen(u));
	if ((n = headnum(h, "period")) > 0)
		collapse_period(o, n);
	if ((n = headnum(h, "samples")) > 0)
		collapse_samples(o, n);
	free(u);
	free(h);
}

static void
run(struct fg_in *in, struct fg_stab *tab, const struct copts *o)
{
	char *line;
	size_t len;
	struct fg_rec r;
	const char *msg;
	int headed = 0;

	while ((line = fg_in_line(in, &len)) != NULL) {
		if (!headed && len > 5 && memcmp(line, "# fg-", 5) == 0) {
			carry(o, line, len);
			headed = 1;
		}
		if (fg_is_meta(line, len))
			continue;
		if ((msg = fg_parse_rec(line, len, FG_KIND_PROFILE, &r)) !=
		    NULL) {
			fg_in_warn(in, "%s", msg);
			continue;
		}
		collapse_add(tab, r.stack, r.len, r.c[0], in);
	}
}

const struct cfmt fmt_folded = {
	"folded", "already folded stacks (stack count)", probe, run,
	CFMT_ROOT_FIRST
};
