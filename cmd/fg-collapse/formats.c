/* SPDX-License-Identifier: ISC */
/*
 * formats.c: fg-collapse's formats and the choice among them: by -f's
 * name, or by the probes' verdicts on the head of an input (collapse.h's
 * struct cfmt). Pure: the head is read and a refusal printed by the
 * caller (main.c, formats-msg.c).
 */
#include <string.h>

#include "collapse.h"

/* Probe order matters: the most specific formats first, folded last. */
static const struct cfmt *const fmts[] = {
	&fmt_pprof,
	&fmt_callgrind,
	&fmt_xctrace,
	&fmt_perf,
	&fmt_chrome,
	&fmt_speedscope,
	&fmt_gecko,
	&fmt_cpuprofile,
	&fmt_sample,
	&fmt_bpftrace,
	&fmt_dtrace,
	&fmt_folded,
	NULL
};
/* The list, for tests/fuzz/fuzz-collapse.c. */
const struct cfmt *const *const collapse_fmts = fmts;

const struct cfmt *
collapse_find(const char *name)
{
	int i;

	for (i = 0; fmts[i] != NULL; i++)
		if (strcmp(fmts[i]->name, name) == 0)
			return fmts[i];
	return NULL;
}

const struct cfmt *
collapse_choose(const char *head, size_t n, struct cnear *nr)
{
	struct cprobe why;
	int i, sc, top = 0;

	nr->f = NULL;
	if (n > COLLAPSE_PROBE_BYTES)
		n = COLLAPSE_PROBE_BYTES;
	for (i = 0; fmts[i] != NULL; i++) {
		memset(&why, 0, sizeof(why));
		if ((sc = fmts[i]->probe(head, n, &why)) >= PROBE_YES)
			return fmts[i];
		if (sc > top && why.why[0] != '\0') {
			top = sc;
			nr->why = why;
			nr->f = fmts[i];
		}
	}
	return NULL;
}
