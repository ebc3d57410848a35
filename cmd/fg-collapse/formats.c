/* SPDX-License-Identifier: ISC */
/*
 * formats.c: fg-collapse's formats and the choice among them: by -f's
 * name, or by probing the head of each input (collapse.h's struct cfmt).
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
	&fmt_bpftrace,
	&fmt_dtrace,
	&fmt_folded,
	NULL
};
/* The list, for tests/fuzz/fuzz-collapse.c. */
const struct cfmt *const *const collapse_fmts = fmts;

#define PROBE_BYTES (64u << 10)

/* The formats' names on standard error, each after a blank. */
static void
listformats(void)
{
	int i;

	for (i = 0; fmts[i] != NULL; i++)
		fprintf(stderr, " %s", fmts[i]->name);
}

const struct cfmt *
collapse_byname(const char *name)
{
	int i;

	for (i = 0; fmts[i] != NULL; i++)
		if (strcmp(fmts[i]->name, name) == 0)
			return fmts[i];
	fg_warnx("unknown format: %s", name);
	fprintf(stderr, "formats:");
	listformats();
	fputc('\n', stderr);
	exit(FG_EXIT_ERR);
}

/*
 * The first format whose probe accepts the head; when none does, the
 * error names the closest one and its reason.
 */
const struct cfmt *
collapse_detect(struct fg_in *in)
{
	struct cprobe why, best;
	const struct cfmt *near = NULL;
	const char *head;
	size_t n;
	int i, sc, top = 0;

	head = fg_in_peek(in, PROBE_BYTES, &n);
	if (n == 0)
		return NULL;	/* empty input: nothing to do */
	if (n > PROBE_BYTES)
		n = PROBE_BYTES;
	for (i = 0; fmts[i] != NULL; i++) {
		memset(&why, 0, sizeof(why));
		if ((sc = fmts[i]->probe(head, n, &why)) >= PROBE_YES)
			return fmts[i];
		if (sc > top && why.why[0] != '\0') {
			top = sc;
			best = why;
			near = fmts[i];
		}
	}
	fprintf(stderr, "%s: %s: input format not recognised (tried:",
	    fg_progname, in->name);
	listformats();
	fprintf(stderr, ")");
	if (near != NULL)
		fprintf(stderr, "; closest: %s (%s)", near->name, best.why);
	fprintf(stderr, "; use -f to name one\n");
	exit(FG_EXIT_ERR);
}
