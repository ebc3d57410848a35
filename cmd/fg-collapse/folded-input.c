/* SPDX-License-Identifier: ISC */
/*
 * folded-input.c: input that is already folded (this toolkit's output, inferno,
 * async-profiler collapsed, py-spy raw): validated, normalised, summed.
 */
#include <string.h>

#include "collapse.h"

/*
 * Folded input is what the run reads: the whole lines of the head are
 * parsed as profile lines and are folded when at least half parse (a few
 * bad lines near the top, such as a stack without its count or a "//"
 * comment, are the run's warnings).
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

	while (p < e) {
		nl = memchr(p, '\n', (size_t)(e - p));
		if (nl == NULL) {
			if (good + bad > 0)
				break;	/* a partial last line */
			nl = e;
		}
		len = (size_t)(nl - p);
		if (len > 0 && p[len - 1] == '\r')
			len--;
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

static void
run(struct fg_in *in, struct fg_stab *tab, const struct copts *o)
{
	char *line;
	size_t len;
	struct fg_rec r;
	const char *msg;

	(void)o;
	while ((line = fg_in_line(in, &len)) != NULL) {
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
