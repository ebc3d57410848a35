/* SPDX-License-Identifier: ISC */
/*
 * read.c: fg-elide's input. The stacks of the differential stream come
 * through the one summing path (sum.h), every unique stack once with its
 * summed counts, into a table in bytewise order; the header's names of the
 * two sides and the unit are kept for the output's header.
 */
#include <stdlib.h>
#include <string.h>

#include "fg.h"
#include "sum.h"
#include "elide.h"

static void
onstack(const char *key, size_t len, const fg_count *c, int ncols, void *arg)
{
	struct elide_in *rd = arg;
	struct fg_ent *e;

	(void)ncols;
	e = fg_stab_get(rd->tab, key, len);
	e->c[0] = c[0];
	e->c[1] = c[1];
}

static void *
fork(void *arg)
{
	struct elide_in *rd;

	(void)arg;
	rd = fg_calloc(1, sizeof(*rd));
	rd->tab = fg_stab_new(2);
	return rd;
}

/* The upper half's stacks after ours: the order stays bytewise. */
static void
join(void *arg, void *child)
{
	struct elide_in *rd = child;
	struct fg_ent *e;

	for (e = fg_stab_first(rd->tab); e != NULL; e = e->next)
		onstack(fg_ent_key(rd->tab, e), e->len, e->c, 2, arg);
	fg_stab_free(rd->tab);
	free(rd);
}

void
elide_read(struct elide_in *rd, char **files, int nfiles)
{
	struct fg_sumopt so;

	memset(rd, 0, sizeof(*rd));
	rd->tab = fg_stab_new(2);
	memset(&so, 0, sizeof(so));
	so.kind = FG_KIND_DIFF;
	so.header = &rd->header;
	so.emit = onstack;
	so.fork = fork;
	so.join = join;
	so.arg = rd;
	fg_sum(files, nfiles, &so);
	if (rd->header != NULL) {
		rd->base = fg_header_get(rd->header, "base");
		rd->current = fg_header_get(rd->header, "current");
		rd->unit = fg_header_get(rd->header, "unit");
	}
}

void
elide_in_free(struct elide_in *rd)
{
	free(rd->base);
	free(rd->current);
	free(rd->unit);
	free(rd->header);
	fg_stab_free(rd->tab);
}
