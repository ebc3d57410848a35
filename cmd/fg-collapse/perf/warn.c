/* SPDX-License-Identifier: ISC */
/*
 * warn.c: a perf worker's warnings: the first MAXKEEP kept as they
 * happen, with their line numbers, since a worker may run on a thread of
 * its own; reported later in the input's order, the rest counted.
 */
#include <stdio.h>
#include <string.h>

#include "perf.h"

/* A warning about w's current line: what, and the line (n bytes of s). */
void
perf_warn(struct worker *w, const char *what, const char *s, size_t n)
{
	struct warnrec *r;
	size_t i, k, m;

	if (w->nwarn++ >= MAXKEEP)
		return;
	r = &w->warns[w->nwarn - 1];
	r->line = w->lineno;
	k = (size_t)snprintf(r->msg, sizeof(r->msg), "%s", what);
	if (s == NULL || k + 4 >= sizeof(r->msg))
		return;
	m = sizeof(r->msg) - k - 4;
	r->msg[k++] = ':';
	r->msg[k++] = ' ';
	for (i = 0; i < n && i < m; i++) {
		unsigned char c = (unsigned char)s[i];

		r->msg[k++] = c >= 0x20 && c < 0x7f ? (char)c : '?';
	}
	if (i < n && k >= 3)
		memcpy(r->msg + k - 3, "...", 3);
	r->msg[k] = '\0';
}

void
perf_report(const struct warnrec *warns, uint64_t nwarn, struct fg_in *in,
    uint64_t base)
{
	uint64_t i;

	for (i = 0; i < nwarn && i < MAXKEEP; i++) {
		in->lineno = base + warns[i].line;
		fg_in_warn(in, "%s", warns[i].msg);
	}
	if (nwarn > MAXKEEP) {
		in->nbad += nwarn - MAXKEEP;
		in->nwarn += (unsigned)(nwarn - MAXKEEP);
		fg_status = fg_status > FG_EXIT_DATA ? fg_status :
		    FG_EXIT_DATA;
	}
}
