/* SPDX-License-Identifier: ISC */
/*
 * formats.c: fg-collapse's formats and the choice among them: by -f's
 * name, or by the probes' verdicts on the head of an input (collapse.h's
 * struct cfmt); and the errors of that choice, an unknown -f name and an
 * input no format recognises, which list the formats and end the run.
 * The head is read by the caller (main.c).
 */
#include <stdio.h>
#include <stdlib.h>
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
	&fmt_instruments,
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

/* The formats' names on standard error, each after a blank. */
static void
listformats(void)
{
	int i;

	for (i = 0; collapse_fmts[i] != NULL; i++)
		fprintf(stderr, " %s", collapse_fmts[i]->name);
}

_Noreturn void
collapse_unknown(const char *name)
{
	fg_warnx("unknown format: %s", name);
	fprintf(stderr, "formats:");
	listformats();
	fputc('\n', stderr);
	exit(FG_EXIT_ERR);
}

_Noreturn void
collapse_unrecognised(const char *name, const struct cnear *nr)
{
	fprintf(stderr, "%s: %s: input format not recognised (tried:",
	    fg_progname, name);
	listformats();
	fprintf(stderr, ")");
	if (nr->f != NULL)
		fprintf(stderr, "; closest: %s (%s)", nr->f->name,
		    nr->why.why);
	fprintf(stderr, "; use -f to name one\n");
	exit(FG_EXIT_ERR);
}
