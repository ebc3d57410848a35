/* SPDX-License-Identifier: ISC */
/*
 * folded-input.c: input that is already folded (this toolkit's output, inferno,
 * async-profiler collapsed, py-spy raw): validated, normalised, summed.
 */
#include <string.h>

#include "collapse.h"

static int
probe(const char *head, size_t n)
{
	const char *p = head, *e = head + n, *nl;
	struct fg_rec r;
	char line[4096];
	size_t len;
	int good = 0;

	/* the first few non-meta lines must all parse as profile lines */
	while (p < e && good < 8) {
		nl = memchr(p, '\n', (size_t)(e - p));
		if (nl == NULL) {
			if (good > 0)
				break;
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
		if (fg_is_meta(line, len))
			continue;
		if (fg_parse_rec(line, len, FG_KIND_PROFILE, &r) != NULL)
			return 0;
		good++;
	}
	return good > 0;
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
	"folded", "already folded stacks (stack count)", probe, run
};
